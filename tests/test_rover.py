import collections
import itertools

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import Board, Options, take_turn
from lacerda_bot._board import paths
from lacerda_bot._board.paths import (
    dominates,
    eligible_tiles,
    ineligible_tiles,
    nearest_eligible,
    nearest_tiles,
)
from lacerda_bot._board.usable import usable_gains
from lacerda_bot._rules.rover import best_rover_tech
from lacerda_bot.decisions import (
    ActionImpossible,
    CollectTile,
    GainCrystals,
    GiveOxygen,
    LearnTech,
    MoveRover,
    PayCrystals,
    SkipTurn,
    TakeBenefit,
)
from lacerda_bot.hexmap import Hex, steps_from
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    FigureKind,
    Gain,
    GainKind,
    HostId,
    Item,
    Owner,
    TechType,
    TechUsed,
)
from lacerda_bot.options import UnknownGain
from lacerda_bot.records import (
    Blueprint,
    DisplayedBlueprint,
    Figure,
    GridTile,
    HeldBlueprint,
    HumanTech,
    LssMarkers,
    Stock,
)
from lacerda_bot.testing import (
    apply,
    building,
    hex_map,
    reference_board,
    small_board,
    tile,
)

from .helpers import bot_with, kinds, lab, of_type, own_techs
from .helpers_strategies import host_states

CRYSTALS = Gain(kind=GainKind.CRYSTALS, n=1)
LINE = frozenset(Hex(q, 0) for q in range(9))


def rover_board(
    target_q: int, *, cost: int = 0, spendable: int = 0, **fields: object
) -> Board:
    """A line map, his Rover at (0,0), one tile at (target_q, 0), Upgrade impossible (card 11)."""
    base: dict[str, object] = {
        "map_hexes": LINE,
        "buildings": (),
        "lacerda_rover": Hex(0, 0),
        "map_tiles": (tile("T", target_q, 0, CRYSTALS, cost=cost),),
        "spendable_crystals": spendable,
    }
    base.update(fields)
    return small_board(**base)


def move_of(board: Board, options: Options | None = None) -> MoveRover:
    outcome = take_turn(bot_with((11,), options=options), board)
    (move,) = of_type(outcome, MoveRover)
    assert isinstance(move, MoveRover)
    return move


def test_r_rover_1_failed_action_moves_the_rover() -> None:
    """R-ROVER-1, R-TURN-4: Upgrade is impossible, so he moves his Rover instead."""
    outcome = take_turn(bot_with((11,)), rover_board(2))

    assert kinds(outcome.decisions)[:3] == [
        "RevealCard",
        "ActionImpossible",
        "MoveRover",
    ]


def test_r_rover_2_eligibility() -> None:
    """R-ROVER-2: Resources-only, unmet, too dear, occupied and unreachable tiles are removed."""
    resources = Gain(kind=GainKind.RESOURCES)
    board = small_board(
        map_hexes=LINE | {Hex(0, 4)},
        buildings=(),
        lacerda_rover=Hex(0, 0),
        human_rover=Hex(4, 0),
        spendable_crystals=1,
        map_tiles=(
            tile("res", 1, 0, resources),
            attrs.evolve(
                tile("unmet", 2, 0, CRYSTALS),
                tile=attrs.evolve(
                    tile("unmet", 2, 0, CRYSTALS).tile, requirement_met=False
                ),
            ),
            tile("dear", 3, 0, CRYSTALS, cost=2),
            tile("busy", 4, 0, CRYSTALS),
            tile("far", 0, 4, CRYSTALS),
            tile("ok", 5, 0, CRYSTALS, cost=1),
        ),
    )
    can_take = usable_gains(board, Options())
    targets = eligible_tiles(board, board.spendable_crystals, can_take)
    removed = ineligible_tiles(board, board.spendable_crystals, can_take)

    assert [t.tile.tile.id for t in targets] == ["ok"]
    assert {r.option for r in removed} == {"res", "unmet", "dear", "busy", "far"}
    assert all(r.rule == "R-ROVER-2" for r in removed)


def test_r_rover_2_spec_example_only_tiles_he_can_use() -> None:
    """R-ROVER-2 (1.3) example: a Blueprint tile 2 away, the display empty; a Bot tile 3 away costing 1 -> the Bot tile."""
    board = rover_board(
        3,
        spendable=1,
        map_tiles=(
            tile("blueprint", 2, 0, Gain(kind=GainKind.BLUEPRINT)),
            tile("bot", 3, 0, Gain(kind=GainKind.BOT), cost=1),
        ),
    )
    move = move_of(board)

    assert move.target == "bot"
    assert any(
        r.option == "blueprint" and r.rule == "R-ROVER-2" and "none of its" in r.reason
        for r in move.trace.removed
    )


_HELD = HeldBlueprint(
    blueprint=Blueprint(id=HostId("held"), building=BuildingType.MINE, level=1)
)
_SHOWN = DisplayedBlueprint(
    row=BlueprintRow.TOP,
    slot=0,
    blueprint=Blueprint(id=HostId("shown"), building=BuildingType.MINE, level=1),
)


@pytest.mark.parametrize(
    ("gain", "cannot", "can"),
    [
        (Gain(kind=GainKind.RESOURCES), {}, None),
        (
            Gain(kind=GainKind.BLUEPRINT),
            {"blueprint_display": ()},
            {"blueprint_display": (_SHOWN,)},
        ),
        (
            Gain(kind=GainKind.BLUEPRINT),
            {"blueprint_display": (_SHOWN,), "free_advanced_markers": 0},
            {"blueprint_display": (_SHOWN,)},
        ),
        (
            Gain(kind=GainKind.TECH),
            {  # both entry spaces taken (R-ORBIT-5)
                **own_techs((TechType.SHELTER, 1), (TechType.UPGRADE, 1)),
                "tech_grid": (
                    GridTile(id=HostId("g"), tech=TechType.MINE, row=0, column=0),
                ),
            },
            {
                **own_techs((TechType.SHELTER, 1)),
                "tech_grid": (
                    GridTile(id=HostId("g"), tech=TechType.MINE, row=0, column=0),
                ),
            },
        ),
        (
            Gain(kind=GainKind.DEVELOP),
            # his Mine on c2-top touches c3-top alone (R-ORBIT-6); column 3 is the last
            lab({"c2-top": TechType.MINE, "c3-top": TechType.ROVER}, sizes=(2, 3, 2)),
            lab(
                {"c2-top": TechType.MINE, "c3-bottom": TechType.ROVER}, sizes=(2, 3, 2)
            ),
        ),
        (
            Gain(kind=GainKind.WAREHOUSE),
            {"warehouse": (Stock(item=Item.CRYSTAL, units=2),), "free_depot_spaces": 0},
            {
                "warehouse": (Stock(item=Item.CRYSTAL, units=2),),
                "free_depot_spaces": 1,
            },
        ),
        (
            Gain(kind=GainKind.CONSTRUCT, building=BuildingType.GENERATOR),
            {"lss_markers": LssMarkers(generator=1)},
            {},
        ),
        (
            Gain(kind=GainKind.CONSTRUCT, building=BuildingType.SHELTER),
            {"shelters_left": 0},
            {},
        ),
        (Gain(kind=GainKind.UPGRADE), {}, {"lacerda_blueprints": (_HELD,)}),
        (Gain(kind=GainKind.SHIP), {"ships_left": 0}, {}),
        (Gain(kind=GainKind.OTHER, description="promo"), {}, None),
    ],
)
def test_r_rover_2_a_tile_he_can_use_gain_by_gain(
    gain: Gain, cannot: dict[str, object], can: dict[str, object] | None
) -> None:
    """R-ROVER-2 (1.3): a tile is his target only if he could carry out one of its gains."""
    fields: dict[str, object] = {
        "map_hexes": LINE | {Hex(-q, 0) for q in range(1, 3)},
        "buildings": (building(-2, 0, BuildingType.MINE),),
        "map_tiles": (tile("t", 2, 0, gain),),
    }

    none = small_board(**{**fields, **cannot})
    assert not eligible_tiles(none, 0, usable_gains(none, Options()))
    if can is not None:
        some = small_board(**{**fields, **can})
        assert eligible_tiles(some, 0, usable_gains(some, Options()))


def test_r_rover_2_crystals_are_usable_with_a_full_depot() -> None:
    """R-ROVER-2: a full Depot still takes a Crystals tile (R-CRYSTAL-2 caps what it keeps)."""
    board = rover_board(2, free_depot_spaces=0)

    assert move_of(board).target == "T"


def test_r_rover_2_an_unknown_gain_is_usable_unless_skipped() -> None:
    """R-ROVER-2, R-TO-9: OTHER is usable unless `unknown_gain` is `skip`."""
    board = rover_board(2, map_tiles=(tile("t", 2, 0, Gain(kind=GainKind.OTHER)),))

    assert not eligible_tiles(board, 0, usable_gains(board, Options()))
    error = Options(unknown_gain=UnknownGain.ERROR)
    assert eligible_tiles(board, 0, usable_gains(board, error))


def test_r_rover_3_nearest_tile_wins() -> None:
    """R-ROVER-3: the eligible tile with the fewest steps is the target."""
    board = rover_board(
        5, map_tiles=(tile("near", 2, 0, CRYSTALS), tile("far", 6, 0, CRYSTALS))
    )

    assert move_of(board).target == "near"


def test_r_rover_3_ties_go_to_the_cards() -> None:
    """R-ROVER-3, R-TIE: two tiles at equal steps are a tie-break."""
    board = rover_board(
        2,
        map_hexes=LINE | {Hex(-1, 0), Hex(-2, 0)},
        map_tiles=(tile("w", -2, 0, CRYSTALS), tile("e", 2, 0, CRYSTALS)),
    )
    move = move_of(board)

    assert move.trace.tie_breaks[0].rule == "R-ROVER-3"
    assert move.trace.tie_breaks[0].options == ("w", "e")


def test_r_rover_3_spec_example_a_dominated_tile_draws_no_card() -> None:
    """R-ROVER-3, R-TIE-1: a free tile giving 2 Crystals beats one costing 1 giving 1."""
    board = rover_board(
        3,
        map_hexes=LINE | {Hex(-q, 0) for q in range(1, 4)},
        spendable=1,
        map_tiles=(
            tile("dear", -3, 0, CRYSTALS, cost=1),
            tile("free", 3, 0, Gain(kind=GainKind.CRYSTALS, n=2)),
        ),
    )
    move = move_of(board)

    assert move.target == "free"
    assert move.trace.tie_breaks == ()
    assert [(r.option, r.rule) for r in move.trace.removed] == [("dear", "R-ROVER-3")]


def test_r_rover_3_spec_example_tiles_not_comparable_go_to_the_cards() -> None:
    """R-ROVER-3, R-TIE-1: 2 Crystals and a Tech are never weighed: a tie of 2."""
    board = rover_board(
        3,
        map_hexes=LINE | {Hex(-q, 0) for q in range(1, 4)},
        map_tiles=(
            tile("tech", -3, 0, Gain(kind=GainKind.TECH)),
            tile("two", 3, 0, Gain(kind=GainKind.CRYSTALS, n=2)),
        ),
        **lab({}),
        tech_grid=(GridTile(id=HostId("g"), tech=TechType.MINE, row=0, column=0),),
    )
    move = move_of(board)

    assert move.trace.tie_breaks[0].rule == "R-ROVER-3"
    assert move.trace.tie_breaks[0].options == ("tech", "two")
    assert move.trace.removed == ()


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((0, (CRYSTALS,)), (0, (CRYSTALS,)), False),  # equal: neither is better
        ((0, (CRYSTALS,)), (1, (CRYSTALS,)), True),  # cheaper
        ((1, (CRYSTALS,)), (0, (CRYSTALS,)), False),  # dearer
        ((0, (CRYSTALS, CRYSTALS)), (0, (Gain(kind=GainKind.CRYSTALS, n=2),)), False),
        ((0, (CRYSTALS, Gain(kind=GainKind.TECH))), (0, (CRYSTALS,)), True),
        ((1, (Gain(kind=GainKind.CRYSTALS, n=3),)), (0, (CRYSTALS,)), False),
        ((0, (CRYSTALS, Gain(kind=GainKind.RESOURCES))), (0, (CRYSTALS,)), False),
        ((0, (CRYSTALS,)), (0, (CRYSTALS, Gain(kind=GainKind.RESOURCES))), False),
        (
            (0, (Gain(kind=GainKind.CONSTRUCT),)),
            (0, (Gain(kind=GainKind.CONSTRUCT, building=BuildingType.MINE),)),
            False,
        ),
    ],
)
def test_r_tie_1_dominance_over_cost_and_gains(
    a: tuple[int, tuple[Gain, ...]], b: tuple[int, tuple[Gain, ...]], expected: bool
) -> None:
    """R-TIE-1: no dearer, at least as much of every gain (kind and target), better in one."""
    first = tile("a", 1, 0, *a[1], cost=a[0]).tile
    second = tile("b", 2, 0, *b[1], cost=b[0]).tile

    assert dominates(first, second) is expected


@given(board=host_states(), spendable=st.integers(0, 4))
def test_r_rover_2_each_tile_is_eligible_or_removed_once(
    board: Board, spendable: int
) -> None:
    """The targets and the removals (found apart, for traces) split the map's tiles."""
    can_take = usable_gains(board, Options())
    targets = eligible_tiles(board, spendable, can_take)
    removed = ineligible_tiles(board, spendable, can_take)
    on_map = [p.tile.id for p in board.map_tiles]
    assert sorted([t.tile.tile.id for t in targets] + [r.option for r in removed]) == (
        sorted(on_map)
    )
    assert all(r.rule == "R-ROVER-2" and r.reason for r in removed)
    assert all(t.tile.tile.crystal_cost <= spendable for t in targets)


@given(board=host_states(), spendable=st.integers(0, 4))
def test_the_nearest_eligible_tiles_are_the_nearest_of_the_eligible(
    board: Board, spendable: int
) -> None:
    """R-ROVER-2, R-ROVER-3: testing a tile's use only near enough changes nothing."""
    can_take = usable_gains(board, Options())
    every = eligible_tiles(board, spendable, can_take)
    least = min((t.steps for t in every), default=None)

    assert nearest_eligible(board, spendable, can_take) == tuple(
        t for t in every if t.steps == least
    )


@given(board=host_states())
def test_no_nearest_tile_is_dominated(board: Board) -> None:
    """R-ROVER-3, R-TIE-1: the nearest tiles kept are undominated, the removed dominated."""
    targets = eligible_tiles(
        board, board.spendable_crystals, usable_gains(board, Options())
    )
    kept, removed = nearest_tiles(targets)
    gone = {r.option for r in removed}
    near = [t.tile.tile for t in targets if kept and t.steps == kept[0].steps]

    assert all(not dominates(o, t.tile.tile) for t in kept for o in near)
    assert all(any(dominates(o, t) for o in near) for t in near if t.id in gone)
    assert len(kept) + len(removed) == len(near)


def test_r_rover_4_spec_example_own_tech_when_both_reach() -> None:
    """R-ROVER-4: target 3, base 2, his Rover Tech 1 and the human's 3 both reach -> his, no Oxygen."""
    board = rover_board(
        3,
        **own_techs((TechType.ROVER, 1)),
        human_techs=(HumanTech(tech=TechType.ROVER, level=3),),
    )
    outcome = take_turn(bot_with((11,)), board)
    (move,) = of_type(outcome, MoveRover)

    assert move.allowance == 3
    assert move.tech_used is TechUsed.OWN
    assert move.reached
    assert not of_type(outcome, GiveOxygen)


def test_r_rover_3_a_tile_under_his_rover_is_collected_without_moving() -> None:
    """R-ROVER-3, R-ROVER-5: a tile under his Rover is 0 steps away, the nearest (a
    Crystal 1 step away is not entered); he reaches it within any base, with no Tech,
    and collects it."""
    board = rover_board(
        2,
        lacerda_rover=Hex(2, 0),
        map_tiles=(tile("under", 2, 0, CRYSTALS), tile("far", 4, 0, CRYSTALS)),
        crystal_hexes=frozenset({Hex(3, 0)}),
    )
    outcome = take_turn(bot_with((11,), options=Options(rover_base_movement=0)), board)
    (move,) = of_type(outcome, MoveRover)

    assert (move.target, move.path, move.reached) == ("under", (), True)
    assert move.tech_used is TechUsed.NONE
    assert of_type(outcome, CollectTile)[0].tile == "under"
    assert kinds(outcome.decisions)[2:] == [
        "MoveRover",
        "CollectTile",
        "TakeBenefit",
        "GainCrystals",
    ]


def test_r_rover_4_no_tech_needed_within_base() -> None:
    """R-ROVER-4: a target within base needs no Tech."""
    board = rover_board(2, **own_techs((TechType.ROVER, 3)))

    assert move_of(board).tech_used is TechUsed.NONE


def test_r_rover_4_human_tech_gives_oxygen() -> None:
    """R-ROVER-4, R-TURN-7: only the human's Rover Tech reaches -> used, Oxygen after the move."""
    board = rover_board(5, human_techs=(HumanTech(tech=TechType.ROVER, level=3),))
    outcome = take_turn(bot_with((11,)), board)
    names = kinds(outcome.decisions)

    assert names.index("GiveOxygen") == names.index("MoveRover") + 1
    assert of_type(outcome, GiveOxygen)[0].tech is TechType.ROVER


def test_r_rover_5_spec_example_pays_one_crystal_to_reach() -> None:
    """R-ROVER-5: allowance 4, target 5 steps, 3 spendable, cost 0 -> pays 1 and reaches."""
    board = rover_board(5, spendable=3, **own_techs((TechType.ROVER, 2)))
    outcome = take_turn(bot_with((11,)), board)
    (move,) = of_type(outcome, MoveRover)
    pay = of_type(outcome, PayCrystals)

    assert move.reached
    assert move.crystals_paid == 1
    assert pay[0].amount == 1
    assert pay[0].purpose.value == "movement"


def test_r_rover_5_spec_example_moves_toward_without_paying() -> None:
    """R-ROVER-5: target 7 steps, allowance 4, 2 spendable (needs 3) -> moves 4 hexes, pays 0."""
    board = rover_board(7, spendable=2, **own_techs((TechType.ROVER, 2)))
    outcome = take_turn(bot_with((11,)), board)
    (move,) = of_type(outcome, MoveRover)

    assert move.path == tuple(Hex(q, 0) for q in range(1, 5))
    assert not move.reached
    assert not of_type(outcome, PayCrystals)
    assert not of_type(outcome, CollectTile)


def test_r_rover_6_passes_figures_but_stops_before_them() -> None:
    """R-ROVER-6: he may cross a figure but not end on one; he stops on the farthest free hex."""
    figure = Figure(hex=Hex(2, 0), kind=FigureKind.BOT, owner=Owner.HUMAN)
    board = rover_board(6, figures=(figure,))

    assert move_of(board).path == (Hex(1, 0),)


def test_r_rover_6_stays_when_every_hex_holds_a_figure() -> None:
    """R-ROVER-6: no free hex within the allowance -> an empty path, not reached."""
    figures = tuple(
        Figure(hex=Hex(q, 0), kind=FigureKind.BOT, owner=Owner.HUMAN) for q in (1, 2)
    )
    move = move_of(rover_board(6, figures=figures))

    assert move.path == ()
    assert not move.reached


def test_r_rover_6_prefers_the_path_with_more_crystals() -> None:
    """R-ROVER-6, R-ROVER-7: among shortest paths he takes the one entering the most Crystals."""
    board = small_board(
        buildings=(),
        lacerda_rover=Hex(0, 0),
        map_tiles=(tile("T", 2, -1, CRYSTALS),),
        crystal_hexes=frozenset({Hex(1, -1)}),
    )
    outcome = take_turn(bot_with((11,)), board)
    (move,) = of_type(outcome, MoveRover)

    assert move.path == (Hex(1, -1), Hex(2, -1))
    assert move.crystal_hexes == (Hex(1, -1),)
    assert (
        len(of_type(outcome, GainCrystals)) == 2
    )  # the path Crystal and the tile's reward


def test_r_rover_6_spec_example_the_payment_frees_the_space_for_a_path_crystal() -> (
    None
):
    """R-ROVER-6 (1.3) example: Depot full, he pays 1 to reach; the path with a Crystal wins, no card."""
    board = small_board(
        buildings=(),
        lacerda_rover=Hex(0, 0),
        map_tiles=(tile("T", 2, 1, Gain(kind=GainKind.BOT)),),
        crystal_hexes=frozenset({Hex(0, 1)}),
        spendable_crystals=1,
        free_depot_spaces=0,
    )
    outcome = take_turn(bot_with((11,)), board)
    (pay,) = of_type(outcome, PayCrystals)
    (move,) = of_type(outcome, MoveRover)
    (gain,) = of_type(outcome, GainCrystals)

    assert outcome.decisions.index(pay) < outcome.decisions.index(move)
    assert (pay.amount, move.reached) == (1, True)
    assert move.crystal_hexes == (Hex(0, 1),)
    assert move.path == (Hex(0, 1), Hex(1, 1), Hex(2, 1))
    assert not move.trace.tie_breaks
    assert gain.kept == 1


def test_r_rover_6_spec_example_the_end_nearest_the_target_before_crystals() -> None:
    """R-ROVER-6 (1.3): stopping short, the path ending nearer wins over one with a Crystal."""
    board = small_board(
        buildings=(),
        lacerda_rover=Hex(0, 0),
        map_tiles=(tile("T", 2, 1, Gain(kind=GainKind.BOT)),),
        figures=(Figure(hex=Hex(1, 1), kind=FigureKind.BOT, owner=Owner.HUMAN),),
        crystal_hexes=frozenset({Hex(0, 1)}),
    )
    outcome = take_turn(bot_with((11,)), board)
    (move,) = of_type(outcome, MoveRover)

    assert not move.reached
    assert move.path == (Hex(1, 0), Hex(2, 0))  # 1 short, not 2 short with the Crystal
    assert not move.crystal_hexes


def test_r_rover_6_equal_outcomes_merge_before_the_tie() -> None:
    """R-ROVER-6, R-TIE-1: two shortest paths with no Crystal and the same end are one option."""
    board = small_board(
        buildings=(), lacerda_rover=Hex(0, 0), map_tiles=(tile("T", 2, -1, CRYSTALS),)
    )
    move = move_of(board)

    assert move.path == (Hex(1, -1), Hex(2, -1))  # the first path in canonical order
    assert not [t for t in move.trace.tie_breaks if t.rule == "R-ROVER-6"]


def test_r_rover_7_crystals_capped_by_depot() -> None:
    """R-ROVER-7, R-CRYSTAL-2: one GainCrystals per Crystal entered; kept stops at the Depot."""
    board = rover_board(
        3,
        crystal_hexes=frozenset({Hex(1, 0), Hex(2, 0)}),
        free_depot_spaces=1,
        **own_techs((TechType.ROVER, 1)),
    )
    outcome = take_turn(bot_with((11,)), board)
    gains = of_type(outcome, GainCrystals)

    assert [g.kept for g in gains][:2] == [1, 0]


def test_r_rover_8_no_tile_skips_the_turn() -> None:
    """R-ROVER-8, R-TURN-5: no eligible tile -> SkipTurn after the impossible action."""
    outcome = take_turn(bot_with((11,)), small_board())

    assert kinds(outcome.decisions) == ["RevealCard", "ActionImpossible", "SkipTurn"]
    assert of_type(outcome, SkipTurn)[0].trace.rules == ("R-TURN-5", "R-ROVER-8")


def test_r_rover_9_and_r_rover_10_arrival_order() -> None:
    """R-ROVER-9, R-ROVER-10: pay movement, move, Crystals, pay the tile, collect, then its reward."""
    board = rover_board(3, spendable=2, cost=1, crystal_hexes=frozenset({Hex(1, 0)}))
    outcome = take_turn(bot_with((11,)), board)
    names = kinds(outcome.decisions)
    pays = of_type(outcome, PayCrystals)

    assert names[2:] == [
        "PayCrystals",
        "MoveRover",
        "GainCrystals",
        "PayCrystals",
        "CollectTile",
        "TakeBenefit",
        "GainCrystals",
    ]
    assert [p.purpose.value for p in pays] == ["movement", "tile"]
    assert of_type(outcome, TakeBenefit)[0].source == "tile T"


def test_r_rover_9_tile_reward_resolves_at_once() -> None:
    """R-ROVER-9: a TECH reward is learned right after collecting the tile."""
    tech_tile = tile("T", 1, 0, Gain(kind=GainKind.TECH))
    from lacerda_bot.model import HostId
    from lacerda_bot.records import GridTile

    board = rover_board(
        1,
        map_tiles=(tech_tile,),
        **lab({}),
        tech_grid=(GridTile(id=HostId("g"), tech=TechType.MINE),),
    )
    outcome = take_turn(bot_with((11,)), board)

    assert of_type(outcome, LearnTech)
    assert of_type(outcome, ActionImpossible)


def test_best_rover_tech_reaching_beats_cheap_failure() -> None:
    """R-ROVER-4: a Tech that reaches (paying) beats one that does not (paying nothing)."""
    chosen = best_rover_tech(
        steps=7,
        base=2,
        own_level=lambda: 1,
        human_level=lambda: 3,
        tile_cost=lambda: 0,
        spendable=lambda: 3,
        prefer_own=True,
    )

    assert chosen.tech is TechUsed.HUMAN
    assert chosen.reached
    assert chosen.pay == 2


def _unread() -> int:
    raise AssertionError("read, but nothing depends on it")


@pytest.mark.parametrize("prefer_own", [True, False])
def test_best_rover_tech_reads_only_what_decides(prefer_own: bool) -> None:
    """R-ROVER-4: the preferred Tech reaching the tile for free is used unread others.

    Nor are the tile's cost and his Crystals read when he pays nothing to move
    (the table asks one question fewer).
    """
    own, human = (lambda: 2), _unread
    chosen = best_rover_tech(
        steps=4,
        base=2,
        own_level=own if prefer_own else human,
        human_level=human if prefer_own else own,
        tile_cost=_unread,
        spendable=_unread,
        prefer_own=prefer_own,
    )

    assert chosen.tech is (TechUsed.OWN if prefer_own else TechUsed.HUMAN)
    assert (chosen.reached, chosen.pay, chosen.allowance) == (True, 0, 4)


@given(st.integers(0, 6), st.integers(0, 6), st.booleans())
def test_best_rover_tech_within_base_reads_nothing(
    steps: int, extra: int, prefer_own: bool
) -> None:
    """R-ROVER-4, R-ROVER-5: within the base allowance no Tech counts, nothing is paid or read."""
    chosen = best_rover_tech(
        steps=steps,
        base=steps + extra,
        own_level=_unread,
        human_level=_unread,
        tile_cost=_unread,
        spendable=_unread,
        prefer_own=prefer_own,
    )

    assert (chosen.tech, chosen.reached, chosen.pay) == (TechUsed.NONE, True, 0)
    assert (chosen.allowance, chosen.length) == (steps + extra, steps)


@given(host_states(), st.integers(0, 3))
def test_rover_moves_are_legal(board: Board, base: int) -> None:
    """R-ROVER-5, R-ROVER-6: paths are contiguous, on the map, within allowance + paid, never end on a figure."""
    outcome = take_turn(
        bot_with((11,), options=Options(rover_base_movement=base)), board
    )
    spent = sum(p.amount for p in of_type(outcome, PayCrystals))
    here_board = board
    for decision in outcome.decisions:
        if isinstance(decision, MoveRover):
            figures = {f.hex for f in here_board.figures}
            figures |= {here_board.human_rover} if here_board.human_rover else set()
            here = here_board.lacerda_rover or here_board.initial_mine_hex
            for step in decision.path:
                assert step in here_board.map_hexes
                assert step in here.neighbours()
                here = step
            assert len(decision.path) <= decision.allowance + decision.crystals_paid
            if decision.path:
                assert decision.path[-1] not in figures
        here_board = apply(here_board, (decision,))
    assert spent <= board.spendable_crystals


def test_hex_map_radius() -> None:
    """The reference map helper gives hexagon maps."""
    assert len(hex_map(2)) == 19
    assert list(itertools.islice(sorted(hex_map(1)), 1)) == [Hex(0, -1)]


def _counted(gains: tuple[Gain, ...]) -> "collections.Counter[tuple[object, ...]]":
    """The gain amounts R-TIE-1 compares, as a Counter (missing and zero alike)."""
    amounts: collections.Counter[tuple[object, ...]] = collections.Counter()
    for g in gains:
        if g.kind is not GainKind.RESOURCES:
            amounts[g.kind, g.building, g.description] += g.n
    return amounts


_GAINS = st.one_of(
    st.builds(Gain, kind=st.just(GainKind.CRYSTALS), n=st.integers(0, 3)),
    st.builds(Gain, kind=st.just(GainKind.ROVER), n=st.integers(0, 2)),
    st.builds(Gain, kind=st.sampled_from([GainKind.TECH, GainKind.RESOURCES])),
    st.builds(
        Gain,
        kind=st.just(GainKind.CONSTRUCT),
        building=st.none() | st.sampled_from(list(BuildingType)),
    ),
)


@given(
    costs=st.tuples(st.integers(0, 3), st.integers(0, 3)),
    gains=st.tuples(st.lists(_GAINS, max_size=4), st.lists(_GAINS, max_size=4)),
)
def test_r_tie_1_dominance_counts_gains_as_a_counter_would(
    costs: tuple[int, int], gains: tuple[list[Gain], list[Gain]]
) -> None:
    """R-TIE-1 on amounts: a gain of 0, or one missing, are the same; Resources nothing."""
    first = tile("a", 1, 0, *gains[0], cost=costs[0]).tile
    second = tile("b", 2, 0, *gains[1], cost=costs[1]).tile
    more, less = _counted(first.reward), _counted(second.reward)
    expected = (
        costs[0] <= costs[1]
        and all(more[k] >= n for k, n in less.items())
        and (costs[0] < costs[1] or more != less)
    )

    assert dominates(first, second) is expected


def test_steps_to_his_rover_on_ranks_are_the_steps_on_hexes() -> None:
    """eligible_tiles' search on ranks gives steps_from's answer for every hex."""
    board = reference_board()
    on_map = sorted(board.map_hexes)
    for rover in [None, *on_map[::7]]:
        view = attrs.evolve(board, lacerda_rover=rover)
        start = board.initial_mine_hex if rover is None else rover
        expected = steps_from(frozenset(on_map), start)
        steps = paths._steps_to(view)
        for h in [*on_map, Hex(40, 40)]:
            assert steps(h) == expected.get(h)


def test_free_hexes_nearest_on_ranks_are_the_nearest_available_hexes() -> None:
    """free_hexes_nearest on ranks gives what R-BUILD-4's definition on steps_from gives."""
    board = reference_board()
    built = {b.hex for b in board.buildings}
    figures = {f.hex for f in board.figures}
    figures |= {b.hex for b in board.buildings if b.upgraded_by is not None}
    figures |= {h for h in (board.lacerda_rover, board.human_rover) if h is not None}
    cluttered = {t.hex for t in board.map_tiles} | set(board.crystal_hexes)
    for start in sorted(board.map_hexes)[::5]:
        by_steps = steps_from(board.map_hexes, start)
        free = {
            h: d
            for h, d in by_steps.items()
            if h not in figures and (h in built or h not in cluttered)
        }
        nearest = min(free.values())
        expected = tuple(sorted(h for h, d in free.items() if d == nearest))
        assert paths.free_hexes_nearest(board, start) == expected
