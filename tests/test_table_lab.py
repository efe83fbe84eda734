"""His Laboratory at the table: spaces in staggered columns (V9, R-ORBIT-6, spec 1.3).

A Tech tile develops into an empty space of the next column that its space
touches; with both taken it cannot. Where two are empty the companion knows
what it can of their gains and asks only what the shared board decides.
"""

from typing import Any, Never

import attrs
from hypothesis import assume, event, given
from hypothesis import strategies as st

from lacerda_bot import _queries as q
from lacerda_bot._board.board import Board, evolve_board
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._facts import Facts, Read
from lacerda_bot._rules import turn
from lacerda_bot._state import BotState
from lacerda_bot._strategies import bot_states, gains, host_states
from lacerda_bot.decisions import DevelopTech
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.lab import PRINTED_COLUMNS, staggered
from lacerda_bot.model import Gain, GainKind, HostId, TechType
from lacerda_bot.options import Options
from lacerda_bot.outcome import Outcome
from lacerda_bot.reference._table import _FromLog
from lacerda_bot.table._engine.asked import AskedFacts
from lacerda_bot.table._engine.dialogue import Answer, Question
from lacerda_bot.table._engine.questions import Wording, shape_of
from lacerda_bot.table._engine.tracked import Tracked, track
from lacerda_bot.table._engine.tracking import TrackedFacts, column_sizes, shelter_start
from lacerda_bot.table._game.driver import StepKind

from .helpers_table import HIS, on, scripted, text_of

TWO = Gain(kind=GainKind.CRYSTALS, n=2)
ONE = Gain(kind=GainKind.CRYSTALS, n=1)
BLUEPRINT = Gain(kind=GainKind.BLUEPRINT)


def lab_of(
    techs: dict[str, TechType], shows: dict[str, tuple[Gain, ...]] | None = None
) -> Tracked:
    """His tracked board with the printed Lab, these tiles, these known gains."""
    spaces = staggered(
        techs={HostId(k): v for k, v in techs.items()},
        gains={HostId(k): v for k, v in (shows or {}).items()},
    )
    return attrs.evolve(
        HIS, lab_spaces=spaces, known_spaces=frozenset(HostId(k) for k in shows or {})
    )


def used(his: Tracked, tech: str, script: dict[str, Any] | None = None) -> Any:
    """The tech step (R-TURN-6): you used his *tech*; the state, lines, questions."""
    return scripted(
        on("colony", (1,), his), StepKind.TECH, {"used_tech": tech, **(script or {})}
    )


# --- examples -----------------------------------------------------------------


def test_r_orbit_6_a_tech_whose_touched_spaces_are_taken_does_not_develop() -> None:
    """R-ORBIT-6, R-TURN-6: both spaces to its right taken: no step, nothing asked."""
    his = lab_of(
        {
            "c1-top": TechType.ROVER,
            "c2-top": TechType.MINE,
            "c2-middle": TechType.GREENHOUSE,
        }
    )
    state, lines, asked = used(his, "rover")

    assert [q.key for q in asked] == ["tech0.used_tech"]
    said = text_of(lines)
    assert "Develop his Rover" not in said
    assert "His Tech tile cannot move" in said  # the player is told, not left guessing
    assert state.tracked is not None
    assert state.tracked.space(HostId("c1-top")).tech is TechType.ROVER


def test_r_orbit_6_a_tech_that_moves_is_not_said_to_stay() -> None:
    """R-TURN-6: a Tech with an empty space to its right develops; no "cannot move"."""
    his = lab_of({"c1-top": TechType.ROVER, "c2-top": TechType.MINE})
    _, lines, _ = used(his, "rover", {"developed_space_gains": "nothing"})

    said = text_of(lines)
    assert "Develop his Rover Tech to level 2." in said
    assert "cannot move" not in said


def test_r_orbit_6_the_blocked_tech_question_asks_at_a_glance() -> None:
    """R-ORBIT-6: untracked, the question names the Tech and the empty space to its right."""
    words = Wording(side=None, options=Options(), known={})
    asked: list[Question] = []

    def no(question: Question) -> Answer:
        asked.append(question)
        return False

    value = shape_of(q.CanAdvanceTech(*(TechType.WATER_EXTRACTOR,)), words).read(
        no, "t.k"
    )

    assert value is False
    (question,) = asked
    assert (
        str(question.text)
        == "Is a space to the right of his Water Extractor Tech empty?"
    )
    assert "both are taken" in str(question.hint)
    assert "last column" in str(question.hint)
    assert "Example" in str(question.hint)


def test_r_orbit_6_he_enters_the_space_whose_gain_he_can_carry_out() -> None:
    """R-ORBIT-6: known gains, 2 Crystals over a blank space: no question, the top one."""
    his = lab_of({"c1-top": TechType.ROVER}, {"c2-top": (TWO,), "c2-middle": ()})
    state, lines, asked = used(his, "rover")

    assert [q.key for q in asked] == []  # his one Tech: not asked which
    assert "Move the tile onto the top space of column 2." in text_of(lines)
    assert state.tracked is not None
    assert state.tracked.space(HostId("c2-top")).tech is TechType.ROVER
    assert state.tracked.crystals == HIS.crystals + 2


def test_r_orbit_6_r_tie_1_more_of_the_same_gain_wins_without_a_question() -> None:
    """R-ORBIT-6, R-TIE-1: 1 Crystal above, 2 below: the bottom space dominates."""
    his = lab_of({"c1-top": TechType.ROVER}, {"c2-top": (ONE,), "c2-middle": (TWO,)})
    state, _, asked = used(his, "rover")

    assert [q.key for q in asked] == []  # his one Tech: not asked which
    assert state.tracked is not None
    assert state.tracked.space(HostId("c2-middle")).tech is TechType.ROVER


def test_r_orbit_6_a_gain_the_shared_board_decides_is_asked_by_what_it_shows() -> None:
    """R-ORBIT-6: a Blueprint (the display decides) against 1 Crystal: which one?

    The two spaces are named by their places in column 2 (top and middle), the
    words a player reads on the board."""
    his = lab_of(
        {"c1-top": TechType.ROVER}, {"c2-top": (BLUEPRINT,), "c2-middle": (ONE,)}
    )
    state, _, asked = used(his, "rover", {"develop_spaces.rover": "middle"})

    assert [q.key for q in asked] == ["tech0.develop_spaces.rover"]
    question = asked[0]
    assert question.choices == ("top", "middle", "equal")
    assert "the top and the middle space of column 2" in str(question.text)
    assert "top (blueprint), middle (crystals 1)" in str(question.text)
    assert state.tracked is not None
    assert state.tracked.space(HostId("c2-middle")).tech is TechType.ROVER
    assert state.tracked.space(HostId("c1-top")).tech is None


def test_r_orbit_6_r_tie_equal_spaces_are_drawn_for_top_first() -> None:
    """R-ORBIT-6, R-TIE: 1 Crystal each: neither dominates, his cards break the tie."""
    his = lab_of({"c1-top": TechType.ROVER}, {"c2-top": (ONE,), "c2-middle": (ONE,)})
    state, lines, asked = used(his, "rover")

    assert [q.key for q in asked] == []  # his one Tech: not asked which
    assert state.tracked is not None
    entered = [s.id for s in state.tracked.lab_spaces if s.tech is TechType.ROVER]
    assert entered in (["c2-top"], ["c2-middle"])
    said = text_of(lines)
    assert "Tie among 2 empty spaces to the right of his tile: number them top" in said
    where = "top space of column 2" if entered == ["c2-top"] else "middle space"
    assert f"Move the tile onto the {where}" in said


def test_the_shelter_tech_starts_on_its_printed_space() -> None:
    """Set-up step 6: column 2 is ``c2-middle``; another column, its middle or top space."""
    sizes = column_sizes(6)

    assert sizes == PRINTED_COLUMNS
    assert column_sizes(8)[6:] == PRINTED_COLUMNS[:2]  # the alternation goes on
    assert shelter_start(2, sizes) == "c2-middle"
    assert shelter_start(1, sizes) == "c1-top"
    assert shelter_start(4, sizes) == "c4-middle"
    assert shelter_start(0, sizes) is None
    assert shelter_start(7, sizes) is None


# --- the property -------------------------------------------------------------


@st.composite
def labbed(draw: st.DrawFn) -> tuple[Board, TechType]:
    """A board whose Lab is drawn (staggered sizes, tiles, gains) and one of his Techs."""
    board = draw(host_states(max_radius=3))
    sizes: list[int] = []
    for _ in range(draw(st.integers(2, 6))):
        low = max(1, sizes[-1] - 1) if sizes else 1
        high = sizes[-1] + 1 if sizes else 3
        sizes.append(draw(st.integers(low, min(high, 3))))
    bare = staggered(sizes)
    ids = [s.id for s in bare]
    taken = draw(st.lists(st.sampled_from(ids), unique=True, min_size=1, max_size=6))
    kinds = draw(st.permutations(list(TechType)))
    shows = {i: tuple(draw(st.lists(gains(), max_size=1))) for i in ids}
    lab = staggered(sizes, gains=shows, techs=dict(zip(taken, kinds, strict=False)))
    tech = draw(st.sampled_from([s.tech for s in lab if s.tech is not None]))
    return evolve_board(board, lab_spaces=lab, lab_columns=len(sizes)), tech


def _empty_ahead(board: Board, tech: TechType) -> set[str]:
    lab = board.lab_spaces
    at = next(s for s in lab if s.tech is tech)
    empty: set[str] = {s.id for s in lab if s.tech is None}
    return empty & set(at.touches)


def _both(
    board: Board, bot: BotState, tech: TechType, *, tracked: bool
) -> tuple[Outcome[Any], Outcome[Any]] | None:
    """R-TURN-6 on the board, then at the table answered from it as reference/table does."""
    log: list[Read] = []
    try:
        board_facts: Facts[Never] = BoardFacts.read(board, bot.options, log=log)
        on_board = turn.human_used_tech(bot, board_facts, tech)
    except InvalidHostStateError:
        return None
    entered = [d.space for d in on_board.decisions if isinstance(d, DevelopTech)]
    if not tracked:
        log = [r for r in log if not r.query.names_his_piece]
    source = _FromLog(log, board, tech, entered)
    facts: AskedFacts = (
        TrackedFacts(
            source,
            step="tech1",
            side=board.side,
            options=bot.options,
            tracked=Tracked.of(board),
        )
        if tracked
        else AskedFacts(source, step="tech1", side=board.side, options=bot.options)
    )
    return on_board, turn.human_used_tech(bot, facts, tech)


@given(labbed(), bot_states(), st.booleans())
def test_a_tech_advances_exactly_when_a_touched_space_is_empty(
    drawn: tuple[Board, TechType], bot: BotState, tracked: bool
) -> None:
    """R-ORBIT-6, R-TURN-6: at the table (tracked or asked), as on the board.

    His used Tech develops exactly when a space its space touches is empty,
    and no tile ever enters a space another tile stands on.
    """
    board, tech = drawn
    ran = _both(board, bot, tech, tracked=tracked)
    assume(ran is not None)
    assert ran is not None
    on_board, at_table = ran
    free = _empty_ahead(board, tech)
    steps = [d for d in at_table.decisions if isinstance(d, DevelopTech)]
    first = [d for d in steps[:1] if d.tech is tech]
    event("blocked" if not free else f"{len(free)} empty")

    assert bool(first) == bool(free)
    assert at_table.bot == on_board.bot
    assert len(steps) == sum(isinstance(d, DevelopTech) for d in on_board.decisions)
    if not tracked:
        return
    assert first[0].space in free if first else True
    his = Tracked.of(board)
    for decision in at_table.decisions:
        if isinstance(decision, DevelopTech):
            assert isinstance(decision.tech, TechType)
            own = his.tech(decision.tech)
            assert own is not None
            target = his.space(HostId(str(decision.space)))
            assert target.tech is None  # never a taken space
            assert target.id in his.space(own.space).touches
        his = track(his, decision)
