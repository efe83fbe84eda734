"""One place words every decision: for a host's log, and for the player at the table."""

import typing
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lacerda_bot import BotState, Described
from lacerda_bot._board.board import Board
from lacerda_bot._ties import PickedRule, TiedRule
from lacerda_bot.decisions import (
    DECISION_TYPES,
    Criterion,
    Decision,
    DevelopTech,
    LearnTech,
    MoveRover,
    PlaceDiscoveryTile,
    RevealCard,
    TakeBenefit,
    Travel,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.lab import staggered
from lacerda_bot.model import Gain, GainKind, HostId, Side, TechType, TechUsed
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.render import (
    Line,
    TableContext,
    describe,
    describe_with_rules,
    instructions,
)
from lacerda_bot.trace import TieBreak, TieRound

from .helpers_conformance import both, calls
from .helpers_strategies import bot_states, host_states

CONTEXT = TableContext(side=Side.COLONY, options=Options())


@settings(max_examples=150, deadline=None)
@given(board=host_states(), bot=bot_states(), data=st.data())
def test_every_decision_is_worded_in_both_voices(
    board: Board, bot: BotState, data: st.DataObject
) -> None:
    """Named (a host's) and Described (the table's) decisions all render, with rules."""
    _, call = data.draw(st.sampled_from(calls(board)), label="call")
    ran = both(board, bot, call)
    if ran is None:  # a board the rules refuse: nothing to word
        return
    on_board, at_table = ran
    context = TableContext(side=board.side, options=bot.options)

    for decision in (*on_board.decisions, *at_table.decisions):
        assert describe(decision).startswith("Lacerda ")
        assert describe_with_rules(decision).startswith(describe(decision))
        for line in instructions(decision, context):
            assert isinstance(line, Line)
            assert str(line.text).endswith(".")
        for tie in decision.trace.tie_breaks:
            (line,) = instructions(tie, context)
            if tie.policy is TiePolicy.CHOSEN:  # R-TIE-1: the player chooses
                assert "you choose" in str(line.text)
            else:
                assert f"number {tie.chosen}" in str(line.text)
            assert tie.rule in line.rules


def test_the_decision_union_is_closed_and_complete() -> None:
    """Every decision class is a member of the union the matches cover, and only those."""
    members = {typing.get_origin(m) or m for m in typing.get_args(Decision)}
    assert members == set(DECISION_TYPES)
    assert len(DECISION_TYPES) == 31
    assert len({cls.__name__ for cls in DECISION_TYPES}) == 31


def test_a_reveal_names_the_action_when_the_side_is_known() -> None:
    """R-TURN-1: the card, then the action it means on his side."""
    reveal = RevealCard(card=6, pass_count=1, reshuffled=True)
    lines = instructions(reveal, CONTEXT)
    unknown = instructions(reveal, TableContext(side=None, options=Options()))

    assert [str(line.text) for line in lines] == [
        "His draw pile was empty: shuffle his discard pile into a new draw pile (pass 1).",
        "His card: Mission B, action 1 (B1).",
        "Colony action 1: Construct a Building.",
    ]
    assert lines[1].card == 6
    assert len(unknown) == 2


def _text(decision: Any) -> str:
    return " ".join(str(line.text) for line in instructions(decision, CONTEXT))


def test_described_and_named_places_read_differently() -> None:
    """A host's hex is named; the table's tied option is numbered."""
    named = MoveRover(
        path=(Hex(1, 0), Hex(2, 0)),
        allowance=2,
        crystals_paid=0,
        crystal_hexes=(),
        target=HostId("R1"),
        reached=False,
        tech_used=TechUsed.NONE,
    )
    said = Described(criterion=Criterion.PATH, number=2, of=3)
    described: MoveRover[Described] = MoveRover(
        path=said,
        allowance=2,
        crystals_paid=0,
        crystal_hexes=said,
        target=said,
        reached=False,
        tech_used=named.tech_used,
    )

    assert "moves his Rover 2 hexes to (2,0) and heads for tile R1" in describe(named)
    assert "tied path 2" in _text(described)
    assert "at most 2 hexes" in _text(described)
    assert str(said) == "path 2/3"


def test_a_development_is_worded_by_its_rule_or_by_its_tech() -> None:
    level = Described(criterion=Criterion.LEVEL)
    most: DevelopTech[Described] = DevelopTech(
        tech=Described(criterion=Criterion.MOST_DEVELOPED),
        from_level=level,
        to_level=level,
        space=level,
    )
    same: DevelopTech[Described] = DevelopTech(
        tech=Described(criterion=Criterion.SAME_TECH),
        from_level=level,
        to_level=level,
        space=level,
    )
    named = DevelopTech(
        tech=TechType.ROVER, from_level=2, to_level=3, space=HostId("c3-top")
    )

    assert "most developed Tech" in _text(most)
    assert "Tech of the previous step one more level" in _text(same)
    first, where = instructions(named, CONTEXT)
    assert str(first.text) == "Develop his Rover Tech to level 3."
    assert "the empty space to its right that helps him most" in str(where.text)
    tracked = attrs.evolve(CONTEXT, lab=staggered())
    _, named_place = instructions(named, tracked)
    assert str(named_place.text) == "Move the tile onto the top space of column 3."
    assert named_place.rules == ("R-ORBIT-6",)


def test_travel_and_discovery_tiles_read_for_host_and_table() -> None:
    named = Travel(side=Side.ORBIT, space=HostId("S2"))
    said: Travel[Described] = Travel(
        side=Side.COLONY, space=Described(criterion=Criterion.FREE_SPACE)
    )
    none = PlaceDiscoveryTile(tile=None, hex=None, reason="no Discovery tile is left")
    placed = PlaceDiscoveryTile(tile=HostId("D1"), hex=Hex(0, 3))

    assert "He takes Turn Order space S2." in _text(named)
    assert "no income" in _text(named)
    assert "Put his figure on that Turn Order space." in _text(said)
    assert _text(none) == "No Discovery tile is placed: no Discovery tile is left."
    assert "on the hex (0,3)" in _text(placed)
    assert (
        describe(none) == "Lacerda places no Discovery tile: no Discovery tile is left"
    )


def test_a_develop_benefit_says_it_may_stop_early() -> None:
    """R-TO-10: DEVELOP(n) is worded with its steps and its early stop."""
    benefit = TakeBenefit(gain=Gain(kind=GainKind.DEVELOP, n=2), source="space S3")

    (line,) = instructions(benefit, CONTEXT)

    assert "2 steps" in str(line.text)
    assert "stops as soon as none can move" in str(line.text)
    assert line.rules == ("R-TO-10", "R-ORBIT-6")
    crystals = TakeBenefit(gain=Gain(kind=GainKind.CRYSTALS), source="space S3")
    assert instructions(crystals, CONTEXT) == ()


def test_a_tech_learned_at_the_table_is_put_on_its_named_space() -> None:
    """R-ORBIT-5: with his Lab tracked, the entry space is named; else described."""
    learn = LearnTech(
        grid_tile=HostId("T1"), tech=TechType.MINE, lab_space=HostId("c1-top")
    )

    (described,) = instructions(learn, CONTEXT)
    (named,) = instructions(learn, attrs.evolve(CONTEXT, lab=staggered()))

    assert "the topmost free space of his Lab's first column" in str(described.text)
    assert "put it on the top space of his Lab's first column" in str(named.text)
    assert "c1-top" not in str(named.text)


# --- tie-breaks (R-TIE-1, R-TIE-7) ----------------------------------------------


def _tie(rule: str, policy: TiePolicy = TiePolicy.CARDS) -> TieBreak:
    return TieBreak(
        rule=rule,
        options=("a", "b"),
        count=2,
        policy=policy,
        rounds=(TieRound(groups=((1, 1), (2, 2)), revealed=(3,), chosen_group=2),),
        chosen=2,
    )


@pytest.mark.parametrize("rule", list(TiedRule), ids=lambda r: r.value)
def test_every_tie_names_what_tied_and_how_to_number_it(rule: TiedRule) -> None:
    """R-TIE-1: each rule that raises a tie words its own options, not "options"."""
    (line,) = instructions(_tie(rule.value), TableContext(side=None, options=Options()))
    assert str(line.text).startswith("Tie among 2 ")
    assert "options" not in str(line.text)
    assert "number 2" in str(line.text)
    assert line.rules[:3] == (rule.value, "R-TIE-1", "R-TIE-2")


@pytest.mark.parametrize("rule", list(PickedRule), ids=lambda r: r.value)
def test_every_random_pick_says_how_to_number_the_options(rule: PickedRule) -> None:
    """R-TIE-7: a uniform pick of the rules is worded as a pick, not a tie."""
    tie = _tie(rule.value, TiePolicy.UNIFORM)
    (line,) = instructions(tie, TableContext(side=None, options=Options()))
    assert "number 2" in str(line.text)
    assert not str(line.text).startswith("Tie")
    assert line.rules == (rule.value, "R-TIE-7")


def test_a_tie_of_a_rule_the_library_never_raises_is_still_worded() -> None:
    """A record made by hand, with a rule ID of no tie: the options, as the rule names."""
    (line,) = instructions(_tie("R-X"), TableContext(side=None, options=Options()))
    assert str(line.text).startswith("Tie among 2 options: number them in the order")
