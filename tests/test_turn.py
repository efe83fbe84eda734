import attrs
import pytest

import lacerda_bot
from lacerda_bot import (
    BotState,
    InvalidHostStateError,
    InvalidValueError,
    Options,
    human_used_tech,
    new_bot,
    take_turn,
)
from lacerda_bot.decisions import (
    ActionImpossible,
    AdvanceMission,
    ChooseLssReward,
    Construct,
    DevelopTech,
    GainCrystals,
    PayCrystals,
    PlaceColonist,
    RevealCard,
    SkipTurn,
    TakeBenefit,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    Action,
    BuildingType,
    Gain,
    GainKind,
    HostId,
    Item,
    LssReward,
    MissionSlot,
    Side,
    TechType,
)
from lacerda_bot.records import (
    LssOffer,
    Mission,
    Occupancy,
    Stock,
)
from lacerda_bot.testing import building, reference_board, small_board, tile

from .helpers import bot_with, kinds, lab, of_type, own_techs


def pass_two(card: int, options: Options | None = None) -> BotState:
    """A bot on pass 2 whose next card is *card*."""
    return bot_with((card,), options=options, pass_count=2)


def test_r_turn_1_order_of_a_turn() -> None:
    """R-TURN-1: reveal, Mission (pass 2), placement and action, then discard."""
    outcome = take_turn(
        pass_two(5),
        small_board(colonists_present=Occupancy(construct=1), spendable_crystals=1),
    )

    assert kinds(outcome.decisions)[:5] == [
        "RevealCard",
        "AdvanceMission",
        "GainCrystals",
        "PayCrystals",
        "PlaceColonist",
    ]
    assert kinds(outcome.decisions)[5] == "Construct"
    assert outcome.bot.discard_pile[-1] == 5
    assert outcome.bot.last_card == 5


@pytest.mark.parametrize(
    ("side", "number", "action"),
    [
        (Side.ORBIT, 1, Action.OBTAIN_BLUEPRINT),
        (Side.ORBIT, 2, Action.LEARN_TECH),
        (Side.ORBIT, 3, Action.RESEARCH_DEVELOPMENT),
        (Side.COLONY, 1, Action.CONSTRUCT),
        (Side.COLONY, 2, Action.UPGRADE),
        (Side.COLONY, 3, Action.HIRE_OR_CONTRACT),
    ],
)
def test_r_turn_1_action_table(side: Side, number: int, action: Action) -> None:
    """R-TURN-1: the card's number and his side select the action."""
    assert Action.for_card(side, number) is action


def test_r_turn_2_r_turn_3_and_r_turn_11_only_the_six_actions() -> None:
    """R-TURN-2, R-TURN-3, R-TURN-11: no Landing Pod, Resupply, Executive, Control Center, Welcome a Ship or boost."""
    names = {a.value for a in Action}

    assert names == {
        "obtain_blueprint",
        "learn_tech",
        "research_development",
        "construct",
        "upgrade",
        "hire_or_contract",
    }
    outcome = take_turn(
        bot_with((5,)),
        small_board(colonists_present=Occupancy(construct=3), spendable_crystals=5),
    )
    assert len(of_type(outcome, PlaceColonist)) == 1  # one Colonist, never a boost


def test_r_turn_4_impossible_before_unaffordable() -> None:
    """R-TURN-4: an impossible action is reported as impossible even if also unaffordable."""
    board = small_board(
        map_hexes=frozenset({Hex(0, 0)}),
        colonists_present=Occupancy(construct=5),
    )
    outcome = take_turn(bot_with((5,)), board)

    assert of_type(outcome, ActionImpossible)[0].rule == "R-COLONY-2"
    assert not of_type(outcome, PlaceColonist)


def test_r_turn_5_spec_example() -> None:
    """R-TURN-5: Colony, pass 2, card 11: Mission C pays; no Blueprint -> Rover; no tile -> skip."""
    outcome = take_turn(pass_two(11), small_board())

    assert kinds(outcome.decisions) == [
        "RevealCard",
        "AdvanceMission",
        "GainCrystals",
        "ActionImpossible",
        "SkipTurn",
    ]
    assert of_type(outcome, AdvanceMission)[0].slot is MissionSlot.C
    assert outcome.bot.last_card == 11
    assert isinstance(outcome.decisions[-1], SkipTurn)


def test_r_turn_6_human_used_his_tech() -> None:
    """R-TURN-6: the used Tech develops one free step and he takes the entered space's gain."""
    # his Mine on c2-top touches c3-top alone
    crystal = (Gain(kind=GainKind.CRYSTALS, n=1),)
    board = small_board(
        **own_techs((TechType.MINE, 2), gains={HostId("c3-top"): crystal})
    )
    outcome = human_used_tech(new_bot(1), board, TechType.MINE)

    assert kinds(outcome.decisions) == ["DevelopTech", "TakeBenefit", "GainCrystals"]
    assert of_type(outcome, DevelopTech)[0].to_level == 3
    assert of_type(outcome, DevelopTech)[0].space == "c3-top"
    assert outcome.bot == new_bot(1)
    assert outcome.trace.call == "human_used_tech"


@pytest.mark.parametrize(
    "techs",
    [
        {"c6-middle": TechType.MINE},  # the last column
        {"c2-top": TechType.MINE, "c3-top": TechType.ROVER},  # c3-top alone, taken
    ],
)
def test_r_turn_6_a_tech_that_cannot_advance_does_not(
    techs: dict[str, TechType],
) -> None:
    """R-TURN-6, R-ORBIT-6: a Tech in the last column or blocked does not advance."""
    board = small_board(**lab(techs))
    outcome = human_used_tech(new_bot(1), board, TechType.MINE)

    assert outcome.decisions == ()
    assert "cannot advance" in outcome.trace.notes[0]


def test_r_turn_6_unknown_tech_is_refused() -> None:
    """R-TURN-6: the host reports a Tech he does not have -> InvalidHostStateError."""
    with pytest.raises(InvalidHostStateError, match="tech"):
        human_used_tech(new_bot(1), small_board(), TechType.ROVER)


def test_r_turn_8_entry_points_are_exported() -> None:
    """R-TURN-8: the decision core's entry points are public names of the package."""
    for name in (
        "new_bot",
        "take_turn",
        "human_used_tech",
        "dumps",
        "loads",
        "redacted",
    ):
        assert callable(getattr(lacerda_bot, name))


def test_r_turn_9_and_r_turn_10_every_decision_is_traced() -> None:
    """R-TURN-9, R-TURN-10: decisions are ordered and each names its rules; the call trace has the card."""
    outcome = take_turn(new_bot(3), reference_board())

    assert all(d.trace.rules for d in outcome.decisions)
    reveal = outcome.decisions[0]
    assert isinstance(reveal, RevealCard)
    assert outcome.trace.card == reveal.card
    assert outcome.trace.options == Options()
    assert outcome.trace.random_events == tuple(range(1, outcome.bot.events))


def test_r_cost_1_learn_tech_places_no_colonist() -> None:
    """R-COST-1: Orbit 2 has no placement; red-Colonist actions place one."""
    assert not Action.LEARN_TECH.places_colonist
    assert all(a.places_colonist for a in Action if a is not Action.LEARN_TECH)


def test_r_cost_2_spec_example_two_colonists_two_crystals() -> None:
    """R-COST-2: one human and one Lacerda Colonist on Construct -> 2 Crystals."""
    board = small_board(colonists_present=Occupancy(construct=2), spendable_crystals=3)
    outcome = take_turn(bot_with((5,)), board)

    assert of_type(outcome, PayCrystals)[0].amount == 2


def test_r_cost_2_cost_per_colonist_option() -> None:
    """R-COST-2: placement_cost_per_colonist scales the cost (0 makes placement free)."""
    board = small_board(colonists_present=Occupancy(construct=2))
    outcome = take_turn(
        bot_with((5,), options=Options(placement_cost_per_colonist=0)), board
    )

    assert not of_type(outcome, PayCrystals)
    assert of_type(outcome, Construct)


def test_r_cost_3_unaffordable_goes_to_the_rover() -> None:
    """R-COST-3: placement above his spendable Crystals -> impossible by cost, Rover."""
    outcome = take_turn(
        bot_with((5,)), small_board(colonists_present=Occupancy(construct=1))
    )

    assert of_type(outcome, ActionImpossible)[0].rule == "R-COST-3"


def test_r_cost_4_he_pays_no_resources() -> None:
    """R-COST-4: a construction costs him nothing but placement Crystals."""
    outcome = take_turn(bot_with((5,)), small_board())

    assert kinds(outcome.decisions) == ["RevealCard", "PlaceColonist", "Construct"]


def test_r_cost_6_gained_construction_places_no_colonist() -> None:
    """R-COST-6: a CONSTRUCT gain from a tile has no placement and no cost."""
    board = small_board(
        lacerda_rover=Hex(0, 1),
        map_tiles=(tile("T", 1, 1, Gain(kind=GainKind.CONSTRUCT)),),
        colonists_present=Occupancy(construct=3),
    )
    outcome = take_turn(bot_with((11,)), board)

    assert of_type(outcome, Construct)
    assert not of_type(outcome, PlaceColonist)
    assert not of_type(outcome, PayCrystals)
    assert of_type(outcome, Construct)[0].miner


def test_r_cost_7_pay_then_place_then_act() -> None:
    """R-COST-7: PayCrystals, PlaceColonist, then the action's decisions."""
    board = small_board(colonists_present=Occupancy(construct=1), spendable_crystals=1)
    names = kinds(take_turn(bot_with((5,)), board).decisions)

    assert (
        names.index("PayCrystals")
        < names.index("PlaceColonist")
        < names.index("Construct")
    )


def test_r_mission_1_second_pass_moves_the_cards_mission() -> None:
    """R-MISSION-1: from pass 2 the card's Mission advances and pays, even on an X card."""
    outcome = take_turn(pass_two(3), small_board(side=Side.ORBIT))  # card 3: A, 2, X
    first = take_turn(bot_with((3,)), small_board(side=Side.ORBIT))

    assert of_type(outcome, AdvanceMission)[0].slot is MissionSlot.A
    assert of_type(outcome, GainCrystals)[0].source.value == "mission"
    assert not of_type(first, AdvanceMission)


def test_r_mission_2_completed_mission_is_skipped() -> None:
    """R-MISSION-2: a completed Mission moves nothing and pays nothing; the trace notes it."""
    missions = tuple(
        Mission(slot=s, id=HostId(s.value), completed=True, crystals=2)
        for s in MissionSlot
    )
    outcome = take_turn(pass_two(11), small_board(missions=missions))

    assert not of_type(outcome, AdvanceMission)
    assert not of_type(outcome, GainCrystals)
    assert any(n.startswith("R-MISSION-2") for n in outcome.trace.notes)


def test_r_mission_3_own_contributions_are_left_to_the_host() -> None:
    """R-MISSION-3: on pass 1 his own actions emit no Mission credit (the host credits them)."""
    outcome = take_turn(bot_with((5,)), small_board())

    assert not [
        g for g in of_type(outcome, GainCrystals) if g.source.value == "mission"
    ]


def test_r_mission_4_mission_crystals_are_host_data() -> None:
    """R-MISSION-4: the Crystals per contribution come from the view."""
    missions = tuple(
        Mission(slot=s, id=HostId(s.value), crystals=3) for s in MissionSlot
    )
    outcome = take_turn(pass_two(11), small_board(missions=missions))

    assert of_type(outcome, GainCrystals)[0].requested == 3


def test_mission_slot_missing_is_a_host_error() -> None:
    """R-MISSION-4: pass 2 needs the card's Mission in the view."""
    with pytest.raises(InvalidHostStateError, match="missions"):
        take_turn(pass_two(11), small_board(missions=()))


def test_r_crystal_1_spendable_comes_from_the_host() -> None:
    """R-CRYSTAL-1: affordability reads the host's spendable Crystals, not his Depot."""
    board = small_board(
        colonists_present=Occupancy(construct=1),
        free_depot_spaces=0,
        spendable_crystals=1,
    )

    assert of_type(take_turn(bot_with((5,)), board), Construct)


def test_r_crystal_2_spec_example_depot_cap_in_emission_order() -> None:
    """R-CRYSTAL-2, R-SETUP-5: 2 free spaces; the Mission gives 2 (kept 2); a tile's Crystal keeps 0.

    The spec's example names a Warehouse Crystal, which R-TO-3 (1.3) no longer
    takes into a full Depot; a tile's Crystal is capped the same way.
    """
    missions = tuple(
        Mission(slot=s, id=HostId(s.value), crystals=2) for s in MissionSlot
    )
    board = small_board(
        missions=missions,
        free_depot_spaces=2,
        lacerda_rover=Hex(0, 1),
        map_tiles=(tile("W", 1, 1, Gain(kind=GainKind.CRYSTALS)),),
    )
    outcome = take_turn(pass_two(11), board)
    kept = [(g.requested, g.kept) for g in of_type(outcome, GainCrystals)]

    assert kept == [(2, 2), (1, 0)]


def test_r_crystal_3_same_call_gains_are_not_spendable_by_default() -> None:
    """R-CRYSTAL-3: a Mission Crystal cannot pay this turn's placement unless the option says so."""
    board = small_board(colonists_present=Occupancy(construct=1), spendable_crystals=0)
    strict = take_turn(pass_two(5), board)
    loose = take_turn(
        pass_two(5, options=Options(same_call_gains_spendable=True)), board
    )

    assert of_type(strict, ActionImpossible)[0].rule == "R-COST-3"
    assert of_type(loose, Construct)


def test_r_crystal_4_resources_go_back_to_the_supply() -> None:
    """R-CRYSTAL-4, R-TO-3: a Resource from the Warehouse goes to the supply, a RESOURCES gain is lost."""
    board = small_board(
        lacerda_rover=Hex(0, 1),
        map_tiles=(
            tile(
                "W", 1, 1, Gain(kind=GainKind.WAREHOUSE), Gain(kind=GainKind.RESOURCES)
            ),
        ),
        warehouse=(
            Stock(item=Item.CRYSTAL, units=1),
            Stock(item=Item.BATTERY, units=2),
        ),
    )
    names = kinds(take_turn(bot_with((11,)), board).decisions)

    assert names[-4:] == [
        "TakeBenefit",
        "TakeWarehouseItem",
        "TakeBenefit",
        "LoseBenefit",
    ]


def test_r_crystal_5_exhausted_components_cannot_be_gained() -> None:
    """R-CRYSTAL-5: no Ship left, no Crystal in the supply -> the gain is lost (R-TO-2)."""
    board = small_board(
        lacerda_rover=Hex(0, 1),
        map_tiles=(
            tile(
                "S", 1, 1, Gain(kind=GainKind.SHIP), Gain(kind=GainKind.CRYSTALS, n=2)
            ),
        ),
        ships_left=0,
        supply_crystals=0,
    )
    names = kinds(take_turn(bot_with((11,)), board).decisions)

    assert names[-4:] == ["TakeBenefit", "LoseBenefit", "TakeBenefit", "LoseBenefit"]


def test_r_lss_1_retrieves_his_colonist_first() -> None:
    """R-LSS-1: with his Colonist on the Hire slot the LSS reward retrieves it; otherwise a Crystal."""
    board = small_board(colonist_on_hire_slot=True)
    outcome = take_turn(bot_with((5,), pointer=BuildingType.GENERATOR), board)

    assert of_type(outcome, ChooseLssReward)[0].reward is LssReward.RETRIEVE_COLONIST
    assert not of_type(outcome, GainCrystals)


def test_r_lss_1_mines_give_no_lss_reward() -> None:
    """R-LSS-1: a Mine is not an LSS building."""
    assert not of_type(take_turn(bot_with((5,)), small_board()), ChooseLssReward)


def test_r_lss_2_unoffered_reward_takes_the_other_or_none() -> None:
    """R-LSS-2: an unoffered reward falls back to the other; neither offered -> none."""
    gen = BuildingType.GENERATOR
    only_colonist = small_board(
        lss_rewards=(LssOffer(building=gen, rewards=(LssReward.RETRIEVE_COLONIST,)),)
    )
    neither = small_board(lss_rewards=(LssOffer(building=gen, rewards=()),))
    bot = bot_with((5,), pointer=gen)

    assert (
        of_type(take_turn(bot, only_colonist), ChooseLssReward)[0].reward
        is LssReward.RETRIEVE_COLONIST
    )
    assert of_type(take_turn(bot, neither), ChooseLssReward)[0].reward is None


def test_r_lss_3_colonist_stays_without_an_lss_build() -> None:
    """R-LSS-3: only an LSS reward brings his Colonist back; a Mine leaves it on the slot."""
    from lacerda_bot.testing import apply

    board = small_board(colonist_on_hire_slot=True)
    after = apply(board, take_turn(bot_with((5,)), board).decisions)

    assert after.colonist_on_hire_slot is True


def test_r_setup_1_bot_state_holds_only_private_state() -> None:
    """R-SETUP-1: the bot state is deck, discard, passes, seed, counter, pointer, cards, options."""
    names = {f.name for f in attrs.fields(BotState)}

    assert names == {
        "seed",
        "events",
        "draw_pile",
        "discard_pile",
        "pass_count",
        "pointer",
        "last_card",
        "current_card",
        "options",
    }


def test_r_setup_2_and_r_setup_3_the_view_is_not_changed() -> None:
    """R-SETUP-2, R-SETUP-3: the host's board is read, never changed; equal inputs give equal outputs."""
    board = reference_board()
    bot = new_bot(11)
    copy = attrs.evolve(board)

    assert take_turn(bot, board) == take_turn(bot, copy)
    assert board == copy


def test_r_setup_4_host_data_drives_decisions() -> None:
    """R-SETUP-4: Lab gains are host data: change the view's gain and the decision follows."""

    def board_with(gain: Gain) -> lacerda_bot.Board:
        return small_board(
            side=Side.ORBIT,
            **lab({"c1-top": TechType.MINE}, sizes=(2, 3), gains={"c2-top": (gain,)}),
        )

    a = take_turn(bot_with((4,)), board_with(Gain(kind=GainKind.CRYSTALS, n=1)))
    b = take_turn(bot_with((4,)), board_with(Gain(kind=GainKind.BOT)))

    assert of_type(a, TakeBenefit)[0].gain.kind is GainKind.CRYSTALS
    assert of_type(b, TakeBenefit)[0].gain.kind is GainKind.BOT


def test_r_setup_5_working_copy_sees_his_own_builds() -> None:
    """R-SETUP-5: a tile's CONSTRUCT builds after the action's build, on the updated board."""
    board = small_board(
        buildings=(building(0, 0, BuildingType.MINE),),
        lacerda_rover=Hex(0, 1),
        map_tiles=(tile("T", 1, 1, Gain(kind=GainKind.CONSTRUCT)),),
    )
    outcome = take_turn(bot_with((11,)), board)
    built = of_type(outcome, Construct)

    assert built[0].pointer_before is BuildingType.MINE


def test_bot_with_card_in_progress_is_refused() -> None:
    """R-DECK-3: between calls no card is in progress."""
    bot = attrs.evolve(new_bot(0), draw_pile=new_bot(0).draw_pile[1:], current_card=7)

    with pytest.raises(InvalidValueError, match="current_card"):
        take_turn(bot, small_board())


def test_take_turn_refuses_a_non_bot() -> None:
    """Misuse: the first argument must be a BotState."""
    with pytest.raises(InvalidValueError, match="bot"):
        take_turn("bot", small_board())  # type: ignore[arg-type]
