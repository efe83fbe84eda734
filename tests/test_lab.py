"""Properties of his Laboratory as spaces (V9, spec 1.3), through the public calls.

Generated Labs of staggered columns (neighbouring columns differ by at most one
space), drawn gains and Tech tiles, are played through ``human_used_tech``
(R-TURN-6) and R&D (R-ORBIT-6, one call of ``take_turn``). The oracle below
restates R-ORBIT-6 from the spec alone: a Tech advances exactly when a space of
the next column its space touches is empty; it enters one of those; where two
are empty, a gain he can carry out beats a blank space or a gain he cannot, then
a gain that dominates the other (R-TIE-1), else a tie-break (R-TIE) whose
options are the two spaces, top first.
"""

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import (
    Board,
    InvalidHostStateError,
    Outcome,
    human_used_tech,
    read_view,
    take_turn,
)
from lacerda_bot.decisions import ActionImpossible, CollectTile, DevelopTech
from lacerda_bot.hexmap import Hex
from lacerda_bot.lab import picture, staggered
from lacerda_bot.model import Gain, GainKind, HostId, Item, Side, TechType
from lacerda_bot.records import LabSpace, Stock
from lacerda_bot.reference import play_game
from lacerda_bot.testing import apply, small_board, tile

from .helpers import bot_with

CRYSTAL, CRYSTALS_2 = Gain(kind=GainKind.CRYSTALS), Gain(kind=GainKind.CRYSTALS, n=2)
WAREHOUSE, BOT = Gain(kind=GainKind.WAREHOUSE), Gain(kind=GainKind.BOT)
GAINS: tuple[tuple[Gain, ...], ...] = (
    (),
    (CRYSTAL,),
    (CRYSTALS_2,),
    (WAREHOUSE,),
    (BOT,),
)
"""A space's gain: blank, gains he can always carry out, and a Warehouse item,
which he can carry out only when the Warehouse holds one (R-TO-2, R-TO-3)."""

STOCKED = (Stock(item=Item.WATER, units=1),)
GAMES = 4
"""Reference games played for the whole-game test (seeds 0 to GAMES - 1)."""


@st.composite
def sizes(draw: st.DrawFn) -> list[int]:
    """2 to 6 columns of 1 to 4 spaces, neighbouring columns staggered."""
    columns = [draw(st.integers(1, 3))]
    for _ in range(draw(st.integers(1, 5))):
        low, high = max(1, columns[-1] - 1), min(4, columns[-1] + 1)
        columns.append(draw(st.integers(low, high)))
    return columns


@st.composite
def lab_fields(draw: st.DrawFn) -> dict[str, object]:
    """Board fields of a drawn Lab: its shape, each space's gain, his tiles (one or more)."""
    shape = draw(sizes())
    bare = staggered(shape)
    ids = [s.id for s in bare]
    gains = {i: draw(st.sampled_from(GAINS)) for i in ids}
    most = min(len(ids), len(TechType))
    taken = draw(st.lists(st.sampled_from(ids), unique=True, min_size=1, max_size=most))
    kinds = draw(st.permutations(list(TechType)))
    techs = dict(zip(taken, kinds, strict=False))
    return {
        "lab_spaces": staggered(shape, gains=gains, techs=techs),
        "lab_columns": len(shape),
        "warehouse": draw(st.sampled_from(((), STOCKED))),
    }


def lab_boards(side: Side = Side.COLONY) -> st.SearchStrategy[Board]:
    """A small board on *side* whose Lab is drawn (:func:`lab_fields`)."""
    return lab_fields().map(lambda fields: small_board(side=side, **fields))


# --- the oracle: R-ORBIT-6 restated ------------------------------------------------


def at(board: Board, tech: TechType) -> LabSpace:
    return next(s for s in board.lab_spaces if s.tech is tech)


def empty_touched(board: Board, tech: TechType) -> list[LabSpace]:
    """The empty spaces his *tech* tile's space touches, top first."""
    touched = set(at(board, tech).touches)
    free = [s for s in board.lab_spaces if s.id in touched and s.tech is None]
    return sorted(free, key=lambda s: s.position)


def can_advance(board: Board, tech: TechType) -> bool:
    return bool(empty_touched(board, tech))


def carried(board: Board, space: LabSpace) -> tuple[Gain, ...]:
    """The gains of *space* he could carry out (R-TO-2): a Warehouse item only if one is there."""
    stocked = any(s.units > 0 for s in board.warehouse)
    return tuple(g for g in space.gains if g != WAREHOUSE or stocked)


def dominates(more: tuple[Gain, ...], less: tuple[Gain, ...]) -> bool:
    """R-TIE-1 for one gain a space: the same kind, more of it."""
    return (
        len(more) == len(less) == 1
        and more[0].kind is less[0].kind
        and more[0].n > less[0].n
    )


def best_spaces(board: Board, free: Sequence[LabSpace]) -> list[str]:
    """The spaces R-ORBIT-6 leaves for his tile: one, or two for a tie-break."""
    if len(free) < 2:
        return [s.id for s in free]
    kept = [s for s in free if carried(board, s)] or list(free)
    if len(kept) == 2:
        a, b = (carried(board, s) for s in kept)
        if dominates(a, b):
            kept = kept[:1]
        elif dominates(b, a):
            kept = kept[1:]
    return [s.id for s in kept]


def check_development(board: Board, d: DevelopTech) -> None:
    """*d*, made on *board*, enters a best empty space its Tech's space touches."""
    assert isinstance(d.tech, TechType)
    free = empty_touched(board, d.tech)
    best = best_spaces(board, free)

    assert (d.from_level, d.to_level) == (at(board, d.tech).column, d.from_level + 1)
    assert d.space in [s.id for s in free]  # never a taken or an untouched space
    assert d.space in best
    assert [c.option for c in d.trace.candidates] == [s.id for s in free]
    ties = [t for t in d.trace.tie_breaks if t.rule == "R-ORBIT-6"]
    if len(best) == 2:
        (tie,) = ties
        assert tie.options == tuple(best)  # the top space is option 1
        assert d.space == tie.options[tie.chosen - 1]
    else:
        assert ties == []


# --- the properties -----------------------------------------------------------------


@given(lab_boards(), st.data())
def test_r_turn_6_a_used_tech_advances_exactly_when_a_touched_space_is_empty(
    board: Board, data: st.DataObject
) -> None:
    """R-TURN-6, R-ORBIT-6: the used Tech enters a best empty touched space, or stays."""
    tech = data.draw(st.sampled_from([t.tech for t in board.lacerda_techs]))
    outcome = human_used_tech(bot_with(()), board, tech)
    steps = [d for d in outcome.decisions if isinstance(d, DevelopTech)]

    if not can_advance(board, tech):
        assert outcome.decisions == ()
        return
    (step,) = steps
    assert outcome.decisions[0] is step
    assert step.tech is tech
    check_development(board, step)
    after = apply(board, (step,))
    assert at(after, tech).id == step.space


def most_developed(board: Board) -> TechType:
    """R-ORBIT-6 step 1: the highest column among the Techs that can advance; bottom first."""
    can = [t for t in board.lacerda_techs if can_advance(board, t.tech)]
    return max(can, key=lambda t: (t.level, t.position)).tech


@given(lab_boards(side=Side.ORBIT))
def test_r_orbit_6_every_step_of_r_and_d_enters_a_best_space(board: Board) -> None:
    """R-ORBIT-6: R&D is impossible exactly when nothing can advance; each step is legal and best."""
    outcome = take_turn(bot_with((4,)), board)
    movable = [t.tech for t in board.lacerda_techs if can_advance(board, t.tech)]
    impossible = [
        d
        for d in outcome.decisions
        if isinstance(d, ActionImpossible) and d.rule == "R-ORBIT-6"
    ]

    assert bool(impossible) is not bool(movable)
    first = next((d for d in outcome.decisions if isinstance(d, DevelopTech)), None)
    if first is not None:
        assert first.tech is most_developed(board)
    here, steps = walk(board, outcome)
    assert steps <= 2
    assert (steps > 0) is bool(movable)
    # the decisions applied leave every tile on a space of its own
    tiles = [s.tech for s in here.lab_spaces if s.tech is not None]
    assert len(tiles) == len(set(tiles)) == len(board.lacerda_techs)


def walk(board: Board, outcome: Outcome) -> tuple[Board, int]:
    """Apply *outcome*'s decisions one by one, checking each DevelopTech; the end, the steps."""
    here, steps = board, 0
    for decision in outcome.decisions:
        if isinstance(decision, DevelopTech):
            check_development(here, decision)
            steps += 1
        here = apply(here, (decision,))
    return here, steps


@given(lab_fields(), st.integers(1, 4))
def test_r_to_10_develop_n_steps_until_nothing_can_advance(
    fields: dict[str, object], n: int
) -> None:
    """R-TO-10: DEVELOP(n) makes n steps, each R-ORBIT-6's, unless nothing can advance first."""
    board = small_board(
        lacerda_rover=Hex(0, 1),
        # BOT: a tile he can use even when no Tech can advance (R-ROVER-2)
        map_tiles=(tile("T", 1, 1, BOT, Gain(kind=GainKind.DEVELOP, n=n)),),
        **fields,
    )
    outcome = take_turn(bot_with((11,)), board)  # card 11: his Rover collects T
    assert any(isinstance(d, CollectTile) for d in outcome.decisions)

    end, steps = walk(board, outcome)

    assert steps <= n
    if steps < n:  # he stopped early: nothing could advance
        assert not any(can_advance(end, t.tech) for t in end.lacerda_techs)


# --- whole reference games -------------------------------------------------------------


class BlockedWatch:
    """A game watcher that counts the calls made on a board where one of his Techs
    below the last column is blocked (both touched spaces taken)."""

    def __init__(self) -> None:
        self.blocked = 0

    def call(self, kind: object, bot: object, board: Board, tech: object) -> None:
        last = board.lab_columns
        if any(
            t.level < last and not can_advance(board, t.tech)
            for t in board.lacerda_techs
        ):
            self.blocked += 1

    def scoring(self, board: Board, human_total: int, goal: object) -> None:
        """Nothing to see at the end."""


def test_whole_reference_games_reach_a_blocked_tech_and_a_choice_of_spaces() -> None:
    """R-ORBIT-6 (1.3): real games block a Tech and make him choose between two free spaces."""
    watch = BlockedWatch()
    choices: list[DevelopTech] = []
    for seed in range(GAMES):
        record = play_game(seed, keep_calls=True, watch=watch)
        choices += [
            d
            for c in record.calls
            for d in c.outcome.decisions
            if isinstance(d, DevelopTech) and len(d.trace.candidates) == 2
        ]

    assert watch.blocked > 0
    assert choices
    assert all(d.space in {c.option for c in d.trace.candidates} for d in choices)


def test_a_picture_keeps_every_space_whatever_its_positions() -> None:
    """V9 allows any positions: a column at positions 5 and 99 is drawn top and bottom."""
    lab = (
        LabSpace(id=HostId("a"), column=1, position=5, touches=(HostId("c"),)),
        LabSpace(id=HostId("b"), column=1, position=99, touches=(HostId("c"),)),
        LabSpace(id=HostId("c"), column=2, position=0, tech=TechType.MINE),
    )
    board = read_view(small_board(lab_spaces=lab, lab_columns=2))

    drawn = picture(board.lab_spaces).splitlines()

    assert drawn[0].split() == ["level", "1", "level", "2"]
    assert [line.split() for line in drawn[1:]] == [["a"], ["c:", "mine"], ["b"]]


def test_a_lab_missing_a_column_is_refused_as_such() -> None:
    """V9: lab_columns 5 with spaces in columns 1 and 2 only names the missing column."""
    lab = staggered((2, 3))
    with pytest.raises(InvalidHostStateError, match="every column") as caught:
        read_view(small_board(lab_spaces=lab, lab_columns=5))
    assert caught.value.field == "lab_spaces"
