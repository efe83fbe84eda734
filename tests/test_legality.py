"""why_illegal names every field that contradicts the board, and testing.apply refuses it.

For each decision type a legal decision on a small board, then one case per field
(or board fact) that can contradict it: why_illegal names it, and testing.apply
raises IllegalDecisionError carrying the decision's index, type and that reason,
leaving the board given as it was. Contradictions that once went unnoticed or crashed apply are regression tests.
"""

import re
from typing import Any, cast

import attrs
import pytest
from hypothesis import given

from lacerda_bot import (
    Board,
    BotState,
    Decision,
    IllegalDecisionError,
    InvalidValueError,
    LacerdaBotError,
    Options,
    errors,
)
from lacerda_bot.decisions import (
    AdvanceProgressBot,
    Criterion,
    Described,
    LearnTech,
    LoseBenefit,
    ObtainBlueprint,
    PlaceDiscoveryTile,
    RevealCard,
    SkipTurn,
    Stay,
    TakeBenefit,
    TakeContract,
    TakeWarehouseItem,
    Travel,
)
from lacerda_bot.hexmap import Hex, dist
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    ContractKind,
    FigureKind,
    HostId,
    Item,
    Owner,
    Side,
    TechType,
    TileKind,
)
from lacerda_bot.options import StandaloneRule
from lacerda_bot.records import (
    Figure,
    Tile,
)
from lacerda_bot.testing import (
    apply,
    hex_map,
    small_board,
    why_illegal,
)

from .helpers_legality import (
    BOT,
    CASES,
    DEPARTS,
    EXPLORE,
    LEGAL,
    REF,
    ROVER,
    SITES,
    STAFF,
    STOCKS,
    WAY,
    Case,
    M,
    alone,
    construct,
    hire,
    learn,
    lss,
    move,
    take,
)
from .helpers_strategies import bot_states, host_states


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_why_illegal_names_each_contradiction(case: Case) -> None:
    """Each field that contradicts its board is named (the case's rule, spec §6)."""
    assert case.reason in why_illegal(case.board, case.decision, case.options)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_apply_refuses_each_contradiction(case: Case) -> None:
    """testing.apply raises IllegalDecisionError with why_illegal's reason, after a legal prefix."""
    before = case.board
    prefix = (RevealCard(card=1, pass_count=1, reshuffled=False),)

    with pytest.raises(IllegalDecisionError) as info:
        apply(before, (*prefix, case.decision), options=case.options)

    error = info.value
    assert (error.index, error.decision, error.decision_type) == (
        1,
        case.decision,
        type(case.decision).__name__,
    )
    assert error.reason == why_illegal(before, case.decision, case.options)
    assert str(error) == f"decisions[1] ({error.decision_type}): {error.reason}"
    assert case.board is before


@pytest.mark.parametrize(
    ("name", "board", "decision", "options"), LEGAL, ids=[n for n, *_ in LEGAL]
)
def test_the_legal_decision_of_each_case_passes(
    name: str, board: Board, decision: Decision, options: Options | None
) -> None:
    """The decision each case changes is legal: a case fails on its one change only."""
    assert why_illegal(board, decision, options) == ""
    apply(board, (decision,), options=options)


def test_every_decision_type_has_a_case() -> None:
    """Each decision type that can contradict a board has at least one case."""
    always_legal = {
        RevealCard,
        AdvanceProgressBot,
        Stay,
        TakeBenefit,
        LoseBenefit,
        SkipTurn,
    }
    from lacerda_bot.decisions import DECISION_TYPES

    assert {type(c.decision) for c in CASES} == set(DECISION_TYPES) - always_legal


@given(host_states(), bot_states())
def test_statements_and_bot_state_decisions_are_always_legal(
    board: Board, bot: BotState
) -> None:
    """RevealCard, AdvanceProgressBot, Stay, TakeBenefit, LoseBenefit, SkipTurn fit any board."""
    decisions: list[Decision] = [
        RevealCard(card=7, pass_count=2, reshuffled=True),
        AdvanceProgressBot(steps=2, before=M, after=BuildingType.WATER_EXTRACTOR),
        Stay(reason="x"),
        TakeBenefit(gain=BOT, source="x"),
        LoseBenefit(gain=BOT, reason="x"),
        SkipTurn(reason="x"),
    ]
    for decision in decisions:
        assert why_illegal(board, decision, bot.options) == ""


# --- options -------------------------------------------------------------------------------------


def test_options_unknown_accept_what_any_option_set_allows() -> None:
    """A site legal only under some option set passes with options=None, not under others."""
    far = construct(Hex(-3, 3))
    on_crystal = PlaceDiscoveryTile(tile=HostId("D1"), hex=Hex(-2, -1))

    assert why_illegal(SITES, far, None) == ""
    assert why_illegal(SITES, far, Options(standalone_rule=StandaloneRule.ANY)) == ""
    assert "not a legal mine site" in why_illegal(SITES, far, Options())
    assert why_illegal(EXPLORE, on_crystal, None) == ""
    assert apply(SITES, (far,)).buildings != SITES.buildings
    with pytest.raises(IllegalDecisionError, match="not a legal mine site"):
        apply(SITES, (far,), options=Options())


# --- malformed decisions -----------------------------------------------------------------------------


def malformed(base: object, **changes: object) -> object:
    """*base* with fields of the wrong type (attrs does not check them)."""
    return attrs.evolve(cast(Any, base), **changes)


MALFORMED: list[tuple[object, str]] = [
    (
        malformed(move, path=list(WAY)),
        "MoveRover.path: expected a tuple of Hex, got [",
    ),
    (malformed(alone, hex=(3, -1)), "Construct.hex: expected a Hex, got (3, -1)"),
    (malformed(hire, slot="0"), "HireScientist.slot: expected an int, got '0'"),
    (malformed(hire, slot=True), "HireScientist.slot: expected an int, got True"),
    (
        malformed(learn, grid_tile=Described(criterion=Criterion.TECH_TILE)),
        "LearnTech.grid_tile: expected a HostId (str), got Described(",
    ),
    (malformed(take, item="crystal"), "TakeWarehouseItem.item: expected an Item"),
    (malformed(lss, reward="crystal"), "expected a LssReward or None"),
    (None, "NoneType is not a decision"),
    ({"type": "GainShip"}, "dict is not a decision"),
]


@pytest.mark.parametrize(("decision", "reason"), MALFORMED)
def test_a_malformed_decision_gets_a_reason_not_an_exception(
    decision: object, reason: str
) -> None:
    """A field of the wrong type, or no decision at all: a reason naming it; apply refuses it."""
    board = small_board()

    assert reason in why_illegal(board, cast(Decision, decision), Options())
    with pytest.raises(IllegalDecisionError, match="decisions\\[0\\]"):
        apply(board, (cast(Decision, decision),))


def test_apply_refuses_decisions_that_are_not_a_collection() -> None:
    """apply(board, 5) raises InvalidValueError naming decisions."""
    with pytest.raises(InvalidValueError, match="decisions: expected an iterable"):
        apply(small_board(), cast(Any, 5))


# --- regressions: apply never raises StopIteration, KeyError or AttributeError ---------------


def test_a_blueprint_not_on_display_is_refused_not_stopiteration() -> None:
    """ObtainBlueprint of a card not on display is refused, not a StopIteration in apply."""
    decision = ObtainBlueprint(blueprint=HostId("B9"), row=BlueprintRow.TOP, slot=0)

    with pytest.raises(IllegalDecisionError, match="B9 is not on display"):
        apply(REF, (decision,))


def test_an_empty_warehouse_stock_is_refused_not_stopiteration() -> None:
    """TakeWarehouseItem of an empty stock is refused, not a StopIteration in apply."""
    decision = TakeWarehouseItem(item=Item.WATER, to_supply=True)

    with pytest.raises(IllegalDecisionError, match="no water in the Warehouse"):
        apply(STOCKS, (decision,))


def test_the_issue_s_silent_contradictions_are_refused() -> None:
    """Each refused with its reason: a Rover tile as a Mine Tech, another Contract kind, a Crystal off the path, a Colony space."""
    silent: list[tuple[Board, Decision, str]] = [
        (
            REF,
            LearnTech(
                grid_tile=HostId("T0"), tech=TechType.MINE, lab_space=HostId("c1-top")
            ),
            "tile T0 is a rover Tech, not mine",
        ),
        (
            STAFF,
            TakeContract(contract=HostId("C1"), slot=0, kind=ContractKind.DELIVERY),
            "Contract C1 is of kind upgrade, not delivery",
        ),
        (
            ROVER,
            attrs.evolve(move, crystal_hexes=(*move.crystal_hexes, Hex(-4, 2))),
            "Crystal hex (-4,2) is not on the path",
        ),
        (
            DEPARTS,
            Travel(side=Side.ORBIT, space=HostId("S5")),
            "space S5 is on the colony side, not orbit",
        ),
    ]
    for board, decision, reason in silent:
        assert why_illegal(board, decision, Options()) == reason
        with pytest.raises(IllegalDecisionError, match=re.escape(reason)):
            apply(board, (decision,))


def test_illegal_decision_error_is_documented() -> None:
    """IllegalDecisionError is a LacerdaBotError and a ValueError, in errors.__all__."""
    assert issubclass(IllegalDecisionError, LacerdaBotError)
    assert issubclass(IllegalDecisionError, ValueError)
    assert "IllegalDecisionError" in errors.__all__
    assert "IllegalDecisionError" in (errors.__doc__ or "")


def test_without_options_nothing_placed_is_legal_when_only_a_crystal_s_hex_is_a_site() -> (
    None
):
    """R-SHUTTLE-6: without the options, a Crystal's hex may be no site; nothing placed is legal."""
    ring = [h for h in hex_map(3) if dist(h, Hex(0, 0)) == 3]
    only = Hex(0, -3)
    board = small_board(
        map_hexes=hex_map(3),
        buildings=(),
        human_rover=Hex(0, 0),
        exploration_tiles=(
            Tile(id=HostId("D1"), kind=TileKind.DISCOVERY, reward=(BOT,)),
        ),
        figures=tuple(
            Figure(hex=h, kind=FigureKind.BOT, owner=Owner.HUMAN)
            for h in ring
            if h != only
        ),
        crystal_hexes=frozenset({only}),
    )
    nothing = PlaceDiscoveryTile(tile=HostId("D1"), hex=None)
    placed = PlaceDiscoveryTile(tile=HostId("D1"), hex=only)

    assert why_illegal(board, nothing, None) == ""
    assert why_illegal(board, placed, None) == ""
    assert why_illegal(board, nothing, Options()) == ""
    assert "nothing is placed" in why_illegal(
        board, nothing, Options(discovery_site_allows_crystal=True)
    )
