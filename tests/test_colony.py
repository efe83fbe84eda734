from lacerda_bot import Board, Options, take_turn
from lacerda_bot._board.displays import (
    best_scientists,
    rank_blueprints,
)
from lacerda_bot._board.sites import eligible_buildings
from lacerda_bot.decisions import (
    ActionImpossible,
    ChooseLssReward,
    GiveOxygen,
    HireScientist,
    MoveRover,
    PayCrystals,
    RefillContractDisplay,
    TakeContract,
    Upgrade,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    BuildingType,
    ContractKind,
    Gain,
    GainKind,
    HostId,
    LssReward,
    Owner,
    Scientist,
    TechType,
    TechUsed,
)
from lacerda_bot.options import NoScientistFallback
from lacerda_bot.records import (
    Blueprint,
    ContractSlot,
    HeldBlueprint,
    Occupancy,
    ScientistSlot,
)
from lacerda_bot.testing import apply, building, hex_map, small_board, tile

from .helpers import bot_with, kinds, of_type

GH, MINE = BuildingType.GREENHOUSE, BuildingType.MINE


def held(
    card: str, kind: BuildingType, level: int, used: bool = False
) -> HeldBlueprint:
    return HeldBlueprint(
        blueprint=Blueprint(id=HostId(card), building=kind, level=level), used=used
    )


def greenhouse_board(**fields: object) -> Board:
    """A Greenhouse Complex of size 3 and a lone Mine."""
    base: dict[str, object] = {
        "buildings": (
            building(0, 0, MINE),
            building(1, 0, GH),
            building(2, 0, GH),
            building(3, -1, GH),
        ),
    }
    base.update(fields)
    return small_board(**base)


def test_r_colony_1_builds_anywhere_on_the_map() -> None:
    """R-COLONY-1: no building zone limits him: a site at the map's edge is legal."""
    board = small_board(
        map_hexes=hex_map(6),
        buildings=(building(5, 0, MINE),),
        initial_mine_hex=Hex(5, 0),
    )
    outcome = take_turn(bot_with((5,)), board)

    assert not of_type(outcome, ActionImpossible)


def test_r_colony_2_impossible_without_a_site() -> None:
    """R-COLONY-2, R-TURN-4: no qualifying type with a legal site -> Rover (here a skip)."""
    board = small_board(map_hexes=frozenset({Hex(0, 0)}))
    outcome = take_turn(bot_with((5,)), board)

    assert of_type(outcome, ActionImpossible)[0].rule == "R-COLONY-2"


def test_r_build_12_upgrade_eligibility() -> None:
    """R-BUILD-12: same type, not upgraded; Level 3 needs a Complex of 3+; Shelters only his."""
    board = greenhouse_board(
        buildings=(
            building(1, 0, GH),
            building(2, 0, GH),
            building(3, -1, GH, upgraded_by=Owner.HUMAN),
            building(-2, 0, GH),
            building(0, -2, BuildingType.SHELTER, owner=Owner.HUMAN),
            building(0, 2, BuildingType.SHELTER, owner=Owner.LACERDA),
        )
    )

    assert [b.hex for b in eligible_buildings(board, held("l3", GH, 3))] == [
        Hex(1, 0),
        Hex(2, 0),
    ]
    assert len(eligible_buildings(board, held("l1", GH, 1))) == 3
    assert eligible_buildings(board, held("used", GH, 1, used=True)) == ()
    shelters = eligible_buildings(board, held("s", BuildingType.SHELTER, 1))
    assert [b.owner for b in shelters] == [Owner.LACERDA]


def test_r_colony_3_and_r_colony_4_spec_example() -> None:
    """R-COLONY-3, R-COLONY-4: GH L3 + Mine L1 with the Hydrologist -> GH L3 on one of 3 by R-TIE (n = 3)."""
    board = greenhouse_board(
        lacerda_blueprints=(held("gh3", GH, 3), held("m1", MINE, 1)),
        lacerda_scientists=(Scientist.HYDROLOGIST,),
    )
    outcome = take_turn(bot_with((2,)), board)
    (upgrade,) = of_type(outcome, Upgrade)

    assert upgrade.blueprint == "gh3"
    assert upgrade.hex in {Hex(1, 0), Hex(2, 0), Hex(3, -1)}
    tie = upgrade.trace.tie_breaks[0]
    assert tie.rule == "R-COLONY-4"
    assert len(tie.options) == 3


def test_r_colony_3_level_3_before_level_1_without_scientists() -> None:
    """R-COLONY-3: no Scientist preference applies -> the higher level."""
    board = greenhouse_board(lacerda_blueprints=(held("a", MINE, 1), held("b", GH, 3)))

    assert [b.blueprint.id for b in rank_blueprints(board).best] == ["b"]


def test_r_colony_3_equal_blueprints_merge() -> None:
    """R-COLONY-3, R-TIE-1: two Blueprints of one type and level are one option."""
    board = greenhouse_board(
        lacerda_blueprints=(held("a", GH, 1), held("b", GH, 1), held("c", MINE, 1))
    )
    rank = rank_blueprints(board)

    assert [b.blueprint.id for b in rank.best] == ["a", "c"]
    assert [b.blueprint.id for b in rank.merged] == ["b"]


def test_r_colony_3_no_candidate_is_impossible() -> None:
    """R-COLONY-3: no unused Blueprint with an eligible building -> impossible (R-TURN-4)."""
    outcome = take_turn(
        bot_with((2,)),
        greenhouse_board(lacerda_blueprints=(held("a", GH, 1, used=True),)),
    )

    assert of_type(outcome, ActionImpossible)[0].rule == "R-COLONY-3"


def test_r_colony_4_second_upgrade_uses_the_humans_tech() -> None:
    """R-COLONY-4: only the human's Upgrade Tech allows 2 -> the 2nd upgrade uses it; Oxygen follows."""
    board = greenhouse_board(
        lacerda_blueprints=(held("a", GH, 1), held("b", MINE, 1)),
        human_upgrade_capacity=2,
    )
    outcome = take_turn(bot_with((2,)), board)
    upgrades = of_type(outcome, Upgrade)
    names = kinds(outcome.decisions)

    assert [u.tech_used for u in upgrades] == [TechUsed.NONE, TechUsed.HUMAN]
    assert names[-1] == "GiveOxygen"
    assert of_type(outcome, GiveOxygen)[0].tech is TechType.UPGRADE


def test_r_colony_4_own_tech_when_both_allow_the_most() -> None:
    """R-COLONY-4, R-BUILD-10: both capacities suffice -> his own, no Oxygen."""
    board = greenhouse_board(
        lacerda_blueprints=(held("a", GH, 1), held("b", MINE, 1)),
        own_upgrade_capacity=2,
        human_upgrade_capacity=3,
    )
    outcome = take_turn(bot_with((2,)), board)

    assert [u.tech_used for u in of_type(outcome, Upgrade)] == [
        TechUsed.NONE,
        TechUsed.OWN,
    ]
    assert not of_type(outcome, GiveOxygen)


def test_r_colony_5_and_r_colony_6_hire_the_highest_potential() -> None:
    """R-COLONY-5, R-COLONY-6: fewer than 2 Scientists -> hire; 2 GH + 1 OC Blueprints -> Hydrologist (6)."""
    board = small_board(
        scientist_display=tuple(
            ScientistSlot(slot=i, scientist=s) for i, s in enumerate(Scientist)
        ),
        lacerda_blueprints=(held("g", GH, 1),),
        human_blueprints=(GH, BuildingType.OXYGEN_CONDENSER),
    )
    outcome = take_turn(bot_with((4,)), board)
    (hire,) = of_type(outcome, HireScientist)

    assert [s.scientist for s in best_scientists(board)] == [Scientist.HYDROLOGIST]
    assert hire.scientist is Scientist.HYDROLOGIST
    assert kinds(outcome.decisions)[-2:] == ["HireScientist", "RefillContractDisplay"]
    assert of_type(outcome, RefillContractDisplay)[0].slot == hire.slot


def test_r_colony_6_no_scientist_falls_back_to_a_contract_or_the_rover() -> None:
    """R-COLONY-6: no Scientist on display -> a Contract by default, the Rover with `rover`."""
    board = small_board(
        contract_display=(
            ContractSlot(slot=0, id=HostId("c"), kind=ContractKind.DELIVERY),
        )
    )
    contract = take_turn(bot_with((4,)), board)
    rover = take_turn(
        bot_with(
            (4,), options=Options(no_scientist_fallback=NoScientistFallback.ROVER)
        ),
        board,
    )

    assert of_type(contract, TakeContract)
    assert of_type(rover, ActionImpossible)[0].rule == "R-COLONY-6"


def test_r_colony_7_upgrade_contract_first_and_paid() -> None:
    """R-COLONY-7, R-COST-3: with 2 Scientists he takes the Upgrade Contract (12) and pays its cost."""
    board = small_board(
        lacerda_scientists=(Scientist.GEOLOGIST, Scientist.BIOCHEMIST),
        contract_display=(
            ContractSlot(slot=0, id=HostId("d"), kind=ContractKind.DELIVERY),
            ContractSlot(slot=1, id=HostId("u"), kind=ContractKind.UPGRADE),
        ),
        contract_crystal_cost=1,
        spendable_crystals=2,
        colonists_present=Occupancy(hire_or_contract=1),
    )
    outcome = take_turn(bot_with((4,)), board)
    pays = of_type(outcome, PayCrystals)

    assert of_type(outcome, TakeContract)[0].contract == "u"
    assert [(p.amount, p.purpose.value) for p in pays] == [
        (1, "placement"),
        (1, "contract"),
    ]
    assert kinds(outcome.decisions)[-1] == "RefillContractDisplay"


def test_r_colony_7_unaffordable_contract_goes_to_the_rover() -> None:
    """R-COST-3 example: placement 1 + Contract 1 = 2, 1 spendable -> Rover."""
    board = small_board(
        lacerda_scientists=(Scientist.GEOLOGIST, Scientist.BIOCHEMIST),
        contract_display=(
            ContractSlot(slot=0, id=HostId("d"), kind=ContractKind.DELIVERY),
        ),
        contract_crystal_cost=1,
        spendable_crystals=1,
        colonists_present=Occupancy(hire_or_contract=1),
    )
    outcome = take_turn(bot_with((4,)), board)

    assert of_type(outcome, ActionImpossible)[0].rule == "R-COST-3"
    assert not of_type(outcome, PayCrystals)


def test_r_colony_7_no_contract_is_impossible() -> None:
    """R-COLONY-7: two Scientists and no Contract on display -> impossible."""
    board = small_board(lacerda_scientists=(Scientist.GEOLOGIST, Scientist.BIOCHEMIST))
    outcome = take_turn(bot_with((4,)), board)

    assert of_type(outcome, ActionImpossible)[0].rule == "R-COLONY-7"


def test_r_colony_8_refill_after_a_contract() -> None:
    """R-COLONY-8: taking a Contract is followed by refilling its slot."""
    board = small_board(
        lacerda_scientists=(Scientist.GEOLOGIST, Scientist.BIOCHEMIST),
        contract_display=(
            ContractSlot(slot=3, id=HostId("d"), kind=ContractKind.DELIVERY),
        ),
    )
    outcome = take_turn(bot_with((4,)), board)

    assert of_type(outcome, RefillContractDisplay)[0].slot == 3


def test_r_cost_5_colonist_on_hire_slot_blocks_colony_3() -> None:
    """R-COST-5: Colony 3 is impossible while his Colonist is on his Hire slot."""
    board = small_board(
        colonist_on_hire_slot=True,
        scientist_display=(ScientistSlot(slot=0, scientist=Scientist.GEOLOGIST),),
    )
    outcome = take_turn(bot_with((4,)), board)

    assert of_type(outcome, ActionImpossible)[0].rule == "R-COST-5"


def contract_board() -> Board:
    """Two Scientists hired, two Contracts on display, a tile for his Rover."""
    return small_board(
        lacerda_scientists=(Scientist.GEOLOGIST, Scientist.BIOCHEMIST),
        contract_display=(
            ContractSlot(slot=0, id=HostId("d"), kind=ContractKind.DELIVERY),
            ContractSlot(slot=1, id=HostId("u"), kind=ContractKind.UPGRADE),
        ),
        spendable_crystals=5,
        map_tiles=(tile("T", 1, 1, Gain(kind=GainKind.CRYSTALS)),),
    )


def test_r_cost_5_a_contract_leaves_his_colonist_on_the_colony_3_slot() -> None:
    """R-COST-5: after a Contract his next Colony 3 is impossible: he moves his Rover."""
    board = contract_board()
    first = take_turn(bot_with((4, 12)), board)
    after = apply(board, first.decisions)
    second = take_turn(first.bot, after)

    assert of_type(first, TakeContract)
    assert after.colonist_on_hire_slot is True
    assert of_type(second, ActionImpossible)[0].rule == "R-COST-5"
    assert of_type(second, MoveRover)
    assert not of_type(second, TakeContract)
    assert not of_type(second, PayCrystals)


def test_r_lss_1_retrieves_his_colonist_after_a_contract() -> None:
    """R-COST-5, R-LSS-1: the LSS reward after a Contract takes his Colonist back."""
    board = contract_board()
    first = take_turn(bot_with((4,)), board)
    after = apply(board, first.decisions)
    build = take_turn(bot_with((5,), pointer=BuildingType.GENERATOR), after)
    (reward,) = of_type(build, ChooseLssReward)

    assert reward.reward is LssReward.RETRIEVE_COLONIST
    assert apply(after, build.decisions).colonist_on_hire_slot is False


def test_empty_displays_have_no_best() -> None:
    """R-COLONY-6, R-COLONY-7: nothing on display -> no candidate."""
    from lacerda_bot._board.displays import best_contracts

    assert best_scientists(small_board()) == ()
    assert best_contracts(small_board()) == ()
