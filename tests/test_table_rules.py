"""The table companion's procedures: each rule asked, not read (issue 5).

Each test scripts the player's answers by question key and checks what
Lacerda is said to do, the rule IDs cited, and the bot state left behind.
"""

import attrs
import pytest

from lacerda_bot import new_bot
from lacerda_bot.goals import SOLO_GOALS
from lacerda_bot.model import BuildingType, Gain, GainKind, Side
from lacerda_bot.options import (
    ComplexTechThreshold,
    ImpossibleBenefit,
    NoScientistFallback,
    Options,
    StandaloneRule,
    TiePolicy,
)
from lacerda_bot.state import BotState
from lacerda_bot.table.dialogue import Answer, Question, QuestionKind
from lacerda_bot.table.gains import resolve_gain
from lacerda_bot.table.phases import (
    StepKind,
    describe_requirement,
    final_scoring,
    human_used_tech,
    level_up,
    next_steps,
    setup,
    shuttle_phase,
)
from lacerda_bot.table.rover import rover_move
from lacerda_bot.table.state import TableState
from lacerda_bot.table.ties import tie
from lacerda_bot.table.turn import lacerda_turn
from lacerda_bot.tiebreak import break_tie

from .table_helpers import UnscriptedError, by_key, drive, rules_of, text_of

CONSTRUCT_CARD, UPGRADE_CARD, HIRE_CARD = 1, 2, 4  # actions 1, 2, 3; all travel
X_CARD = 3  # action 2, shows an X


def on_top(bot: BotState, card: int) -> BotState:
    """*bot* with *card* moved to the top of the draw pile."""
    rest = tuple(c for c in bot.draw_pile if c != card)
    return attrs.evolve(bot, draw_pile=(card, *rest))


def table(
    side: Side = Side.COLONY, card: int | None = None, **options: object
) -> TableState:
    bot = new_bot(0, Options(**options))  # type: ignore[arg-type]
    if card is not None:
        bot = on_top(bot, card)
    return TableState(bot=bot, goal="first_colonists", side=side)


# --- set-up (R-SETUP) ------------------------------------------------------


def test_setup_draws_the_start_tile_by_a_uniform_pick() -> None:
    """R-SETUP-7, R-TIE-7: one uniform pick (random event 1) numbers the tiles."""
    state = TableState(bot=new_bot(0), goal="first_colonists")
    after, lines, _ = drive(
        setup(state),
        {"first_colonist_tiles": 6, "side": "orbit", "gain": "crystals", "n": 2},
    )
    assert after.side is Side.ORBIT
    assert after.bot.events == state.bot.events + 1
    assert {"R-SETUP-7", "R-SETUP-9", "R-TIE-7", "R-TO-6"} <= rules_of(lines)
    assert after.bot.draw_pile == state.bot.draw_pile


def test_setup_without_the_starting_benefit_asks_no_gain() -> None:
    """R-SETUP-8: with starting_space_benefit off, the space's gain is not asked."""
    state = TableState(
        bot=new_bot(0, Options(starting_space_benefit=False)), goal="first_colonists"
    )
    after, _, asked = drive(setup(state), {"first_colonist_tiles": 3, "side": "colony"})
    assert after.side is Side.COLONY
    assert [q.key for q in asked] == ["setup.first_colonist_tiles", "setup.side"]


def test_next_steps_follow_the_game() -> None:
    """Set-up first; every step after; nothing once scored."""
    fresh = TableState(bot=new_bot(0), goal="first_colonists")
    assert next_steps(fresh) == (StepKind.SETUP,)
    assert StepKind.TURN in next_steps(table())
    assert next_steps(attrs.evolve(table(), final_score=80)) == ()


# --- the turn (R-TURN, R-DECK, R-MISSION) ----------------------------------


def test_turn_reveals_the_top_card_and_discards_it() -> None:
    """R-TURN-1, R-DECK-2, R-DECK-3, R-TURN-5: reveal, fail, no tile, skip, discard."""
    state = table(card=UPGRADE_CARD)
    after, lines, _ = drive(
        lacerda_turn(state), {"usable_blueprint": False, "eligible_tile": False}
    )
    assert lines[0].card == UPGRADE_CARD
    assert after.bot.last_card == UPGRADE_CARD
    assert after.bot.discard_pile == (UPGRADE_CARD,)
    assert after.bot.current_card is None
    assert after.turns == 1
    assert {"R-DECK-2", "R-DECK-3", "R-COLONY-3", "R-TURN-4", "R-TURN-5"} <= rules_of(
        lines
    )


def test_turn_needs_setup_first() -> None:
    state = attrs.evolve(table(), side=None)
    with pytest.raises(ValueError, match="set-up"):
        drive(lacerda_turn(state), {})


def test_thirteenth_turn_reshuffles_and_runs_the_mission_step() -> None:
    """R-DECK-2, R-MISSION-1: an empty pile reshuffles (pass 2); the Mission advances."""
    bot = new_bot(0)
    bot = attrs.evolve(bot, draw_pile=(), discard_pile=bot.draw_pile, last_card=12)
    state = attrs.evolve(table(), bot=bot)
    after, lines, _ = drive(
        lacerda_turn(state),
        {
            "mission_done": False,
            "usable_blueprint": False,
            "legal_site": False,
            "below_level": False,
            "colonist_on_hire_slot": True,
            "eligible_tile": False,
        },
    )
    assert after.bot.pass_count == 2
    assert after.bot.events == bot.events + 1
    assert {"R-DECK-2", "R-MISSION-1"} <= rules_of(lines)


def test_completed_mission_moves_nothing() -> None:
    """R-MISSION-2: a completed Mission is skipped."""
    bot = attrs.evolve(on_top(new_bot(0), UPGRADE_CARD), pass_count=2)
    state = attrs.evolve(table(), bot=bot)
    _, lines, _ = drive(
        lacerda_turn(state),
        {"mission_done": True, "usable_blueprint": False, "eligible_tile": False},
    )
    assert "R-MISSION-2" in rules_of(lines)
    assert "R-MISSION-1" not in rules_of(lines)


def test_unaffordable_action_falls_back_to_the_rover() -> None:
    """R-COST-2, R-COST-3, R-TURN-4: 2 Colonists present, 1 spendable ⇒ Rover."""
    state = table(card=CONSTRUCT_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "mine.legal_site": True,
            "colonists_present": 2,
            "spendable": 1,
            "eligible_tile": False,
        },
    )
    assert {"R-COST-3", "R-TURN-4", "R-TURN-5"} <= rules_of(lines)
    assert "Construct" not in text_of(lines).split("afford")[-1]


def test_affordable_action_pays_then_places_a_colonist() -> None:
    """R-COST-2, R-COST-7: pay, place, then the action (a Mine with its miner)."""
    state = table(card=CONSTRUCT_CARD)
    after, lines, _ = drive(
        lacerda_turn(state),
        {
            "mine.legal_site": True,
            "colonists_present": 1,
            "spendable": 3,
            "largest": 1,
            "tied_sites": 1,
            "rover_on_site": False,
        },
    )
    texts = [line.text for line in lines]
    pay = texts.index("He pays 1 Crystal.")
    place = next(
        i
        for i, t in enumerate(texts)
        if t.startswith("Put one of his Colonists on the Construct")
    )
    build = next(i for i, t in enumerate(texts) if t.startswith("He builds a Mine"))
    assert pay < place < build
    assert "Put one of his Colonists on the new Mine." in texts  # R-BUILD-11
    assert after.bot.pointer is BuildingType.GENERATOR  # R-BUILD-1


def test_free_placement_asks_no_crystals() -> None:
    """R-COST-2: with no Colonist present nothing is paid and spendable is not asked."""
    state = table(card=CONSTRUCT_CARD, lacerda_places_miner=False)
    _, lines, asked = drive(
        lacerda_turn(state),
        {
            "mine.legal_site": True,
            "colonists_present": 0,
            "largest": 1,
            "tied_sites": 1,
            "rover_on_site": False,
        },
    )
    assert not any(q.key.endswith("spendable") for q in asked)
    assert "Put one of his Colonists on the new Mine." not in text_of(lines)


# --- building (R-BUILD, R-LSS) ---------------------------------------------


def test_sequence_skips_types_not_below_the_colony_level() -> None:
    """R-BUILD-1, R-BUILD-2 (rulebook example): pointer Greenhouse, GH and OC full ⇒ Mine."""
    state = table(card=CONSTRUCT_CARD)
    state = attrs.evolve(
        state, bot=attrs.evolve(state.bot, pointer=BuildingType.GREENHOUSE)
    )
    after, _lines, asked = drive(
        lacerda_turn(state),
        {
            "greenhouse.below_level": False,
            "oxygen_condenser.below_level": False,
            "mine.legal_site": True,
            "colonists_present": 0,
            "largest": 1,
            "tied_sites": 1,
            "rover_on_site": False,
        },
    )
    assert after.bot.pointer is BuildingType.GENERATOR
    assert [q.key for q in asked][:3] == [
        "turn1.greenhouse.below_level",
        "turn1.oxygen_condenser.below_level",
        "turn1.mine.legal_site",
    ]


def test_lss_type_without_a_site_is_passed_over() -> None:
    """R-BUILD-2 example: Water full, Greenhouse no site, Oxygen qualifies ⇒ Oxygen Condenser."""
    state = table(card=CONSTRUCT_CARD)
    state = attrs.evolve(
        state, bot=attrs.evolve(state.bot, pointer=BuildingType.WATER_EXTRACTOR)
    )
    after, lines, _ = drive(
        lacerda_turn(state),
        {
            "water_extractor.below_level": False,
            "greenhouse.below_level": True,
            "greenhouse.legal_site": False,
            "oxygen_condenser.below_level": True,
            "oxygen_condenser.legal_site": True,
            "colonists_present": 0,
            "largest": 1,
            "tied_sites": 1,
            "rover_on_site": False,
            "colonist_on_hire_slot": False,
            "lss_offered": True,
        },
    )
    assert after.bot.pointer is BuildingType.MINE
    assert "He builds a Oxygen Condenser" in text_of(
        lines
    ) or "Oxygen Condenser on that site" in text_of(lines)
    assert {"R-LSS-1", "R-BUILD-13"} <= rules_of(lines)
    assert "he gains 1 Crystal" in text_of(lines)


def test_no_type_with_a_site_makes_construct_impossible() -> None:
    """R-COLONY-2: five types tried, none with a site ⇒ Rover."""
    state = table(card=CONSTRUCT_CARD)
    _, lines, asked = drive(
        lacerda_turn(state),
        {"below_level": True, "legal_site": False, "eligible_tile": False},
    )
    assert "R-COLONY-2" in rules_of(lines)
    assert sum(q.key.endswith("legal_site") for q in asked) == 5


def test_join_with_the_humans_tech_gives_oxygen() -> None:
    """R-BUILD-7, R-BUILD-10, R-TURN-7: his Tech too low ⇒ the human's; +1 Oxygen."""
    state = table(card=CONSTRUCT_CARD)
    _, lines, asked = drive(
        lacerda_turn(state),
        {
            "mine.legal_site": True,
            "colonists_present": 0,
            "largest": 5,
            "tied_sites": 1,
            "own_tech_enough": False,
            "rover_on_site": False,
        },
    )
    assert "R-TURN-7" in rules_of(lines)
    question = next(q for q in asked if q.key.endswith("own_tech_enough"))
    assert "level 4 or more" in question.text  # joined size J = 4 (R-BUILD-7)


def test_resulting_threshold_asks_for_the_resulting_size() -> None:
    """R-BUILD-7 with complex_tech_threshold=resulting, and prefer_own_tech off."""
    state = table(
        card=CONSTRUCT_CARD,
        complex_tech_threshold=ComplexTechThreshold.RESULTING,
        prefer_own_tech=False,
        standalone_rule=StandaloneRule.ANY,
    )
    _, lines, asked = drive(
        lacerda_turn(state),
        {
            "mine.legal_site": True,
            "colonists_present": 0,
            "largest": 3,
            "tied_sites": 1,
            "your_tech_enough": True,
            "rover_on_site": False,
        },
    )
    question = next(q for q in asked if q.key.endswith("your_tech_enough"))
    assert "level 3 or more" in question.text
    assert "R-TURN-7" in rules_of(lines)
    legal = next(q for q in asked if q.key.endswith("legal_site"))
    assert "+ 1" in legal.hint
    assert "anywhere, even away" in legal.hint


def test_his_rover_on_the_site_is_relocated_by_tie_break() -> None:
    """R-BUILD-4: his Rover moves to the nearest free hex; ties by R-TIE."""
    state = table(card=CONSTRUCT_CARD)
    after, lines, _ = drive(
        lacerda_turn(state),
        {
            "mine.legal_site": True,
            "colonists_present": 0,
            "largest": 1,
            "tied_sites": 1,
            "rover_on_site": True,
            "tied_free_hexes": 2,
        },
    )
    assert "Move his Rover to that hex." in text_of(lines)
    assert any("Tie among 2 free hexes" in line.text for line in lines)
    assert after.bot.events > state.bot.events  # the R-TIE-4 shuffle used an event


def test_his_rover_stays_when_no_free_hex_is_reachable() -> None:
    """R-BUILD-4: no hex without a building or figure can be reached ⇒ he stays."""
    state = table(card=CONSTRUCT_CARD)
    after, lines, _ = drive(
        lacerda_turn(state),
        {
            "mine.legal_site": True,
            "colonists_present": 0,
            "largest": 1,
            "tied_sites": 1,
            "rover_on_site": True,
            "tied_free_hexes": 0,
        },
    )
    assert "his Rover stays" in text_of(lines)
    assert after.bot.events == state.bot.events


def test_lss_reward_retrieves_his_colonist_from_the_hire_slot() -> None:
    """R-LSS-1: Colonist on the Hire slot ⇒ he takes it back."""
    state = table(card=CONSTRUCT_CARD)
    state = attrs.evolve(
        state, bot=attrs.evolve(state.bot, pointer=BuildingType.GENERATOR)
    )
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "below_level": True,
            "legal_site": True,
            "colonists_present": 0,
            "largest": 1,
            "tied_sites": 1,
            "rover_on_site": False,
            "colonist_on_hire_slot": True,
            "lss_offered": True,
        },
    )
    assert "he takes his Colonist back from his Hire slot" in text_of(lines)


@pytest.mark.parametrize(
    ("on_slot", "offered", "other", "expected"),
    [
        (False, False, True, "he takes his Colonist back"),
        (True, False, True, "he gains 1 Crystal"),
        (True, False, False, "none is offered"),
    ],
)
def test_lss_reward_not_offered_takes_the_other(
    on_slot: bool, offered: bool, other: bool, expected: str
) -> None:
    """R-LSS-2: the preferred reward not offered ⇒ the other; neither ⇒ none."""
    gain = Gain(kind=GainKind.CONSTRUCT, building=BuildingType.GREENHOUSE)
    _, lines, _ = drive(
        resolve_gain(table(), gain, "g"),
        {
            "below_level": True,
            "legal_site": True,
            "largest": 1,
            "tied_sites": 1,
            "rover_on_site": False,
            "colonist_on_hire_slot": on_slot,
            "lss_offered": offered,
            "lss_other_offered": other,
        },
    )
    assert expected in text_of(lines)
    assert "R-LSS-2" in rules_of(lines)


# --- ties (R-TIE) ----------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 7])
def test_table_ties_move_the_deck_as_the_core_does(n: int) -> None:
    """R-TIE-1..5: the companion's tie-break is the library's break_tie, card for card."""
    state = table()
    (after, index), lines, _ = drive(
        tie(state, n, "R-BUILD-9", "sites", "in order"), {}
    )
    expected = break_tie(
        state.bot, [f"sites {i}" for i in range(1, n + 1)], rule="R-BUILD-9"
    )
    assert (after.bot, index) == (expected.bot, expected.index)
    assert f"picks number {index + 1}" in lines[0].text
    assert ("R-TIE-5" in lines[0].rules) is (n > 3)


def test_uniform_ties_use_one_random_event() -> None:
    """R-TIE-6: the uniform policy leaves the deck alone."""
    state = table(tie_policy=TiePolicy.UNIFORM)
    (after, _), lines, _ = drive(tie(state, 3, "R-ROVER-3", "tiles", "in order"), {})
    assert after.bot.draw_pile == state.bot.draw_pile
    assert after.bot.events == state.bot.events + 1
    assert "R-TIE-6" in lines[0].rules


def test_a_single_option_is_no_tie() -> None:
    state = table()
    (after, index), lines, _ = drive(
        tie(state, 1, "R-BUILD-9", "sites", "in order"), {}
    )
    assert (after, index, lines) == (state, 0, [])


# --- Orbit (R-ORBIT) -------------------------------------------------------


def test_obtain_blueprint_without_scientists_takes_any_card() -> None:
    """R-ORBIT-2, R-ORBIT-4: no Scientist ⇒ every card is a candidate."""
    state = table(Side.ORBIT, card=CONSTRUCT_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "free_marker": True,
            "display": True,
            "has_scientist": False,
            "colonists_present": 0,
        },
    )
    assert "He takes any Blueprint" in text_of(lines)
    assert {"R-ORBIT-2", "R-ORBIT-4"} <= rules_of(lines)


@pytest.mark.parametrize(("fallback", "possible"), [(True, True), (False, False)])
def test_scored_type_missing_follows_the_fallback_option(
    fallback: bool, possible: bool
) -> None:
    """R-ORBIT-3: with blueprint_fallback_any_type any card will do, else impossible."""
    state = table(Side.ORBIT, card=CONSTRUCT_CARD, blueprint_fallback_any_type=fallback)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "free_marker": True,
            "display": True,
            "has_scientist": True,
            "scored": False,
            "colonists_present": 0,
            "eligible_tile": False,
        },
    )
    assert ("He takes any Blueprint" in text_of(lines)) is possible
    assert ("R-TURN-4" in rules_of(lines)) is not possible


@pytest.mark.parametrize(("marker", "display"), [(False, True), (True, False)])
def test_obtain_blueprint_is_impossible_without_marker_or_cards(
    marker: bool, display: bool
) -> None:
    """R-ORBIT-1."""
    state = table(Side.ORBIT, card=CONSTRUCT_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {"free_marker": marker, "display": display, "eligible_tile": False},
    )
    assert {"R-ORBIT-1", "R-TURN-4"} <= rules_of(lines)


def test_learn_tech_places_no_colonist_and_takes_the_space_gain() -> None:
    """R-ORBIT-5, R-COST-1: no placement; the entry space's gain (a BOT) is taken."""
    state = table(Side.ORBIT, card=UPGRADE_CARD)
    after, lines, asked = drive(
        lacerda_turn(state),
        {"entry_space": True, "new_type": True, "tied_tiles": 1, "gain": "bot"},
    )
    assert not any("colonists_present" in q.key for q in asked)
    assert after.bot.pointer is BuildingType.WATER_EXTRACTOR  # Mine + 2 (R-TO-5)
    assert {"R-ORBIT-5", "R-TO-5"} <= rules_of(lines)


@pytest.mark.parametrize(("space", "tile"), [(False, True), (True, False)])
def test_learn_tech_impossible(space: bool, tile: bool) -> None:
    """R-ORBIT-5: no entry space, or no new type ⇒ impossible."""
    state = table(Side.ORBIT, card=UPGRADE_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {"entry_space": space, "new_type": tile, "eligible_tile": False},
    )
    assert {"R-ORBIT-5", "R-TURN-4"} <= rules_of(lines)


def test_research_develops_most_then_least() -> None:
    """R-ORBIT-6: two steps, each with its gain."""
    state = table(Side.ORBIT, card=HIRE_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "can_advance": True,
            "colonists_present": 0,
            "other_can_advance": True,
            "gain": "nothing",
        },
    )
    text = text_of(lines)
    assert text.index("most developed") < text.index("least developed")


def test_research_on_one_tech_develops_it_twice() -> None:
    """R-ORBIT-6 (G12): only one Tech can advance ⇒ it goes twice."""
    state = table(Side.ORBIT, card=HIRE_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "can_advance": True,
            "colonists_present": 0,
            "other_can_advance": False,
            "same_again": True,
            "gain": "nothing",
        },
    )
    assert "Develop the same Tech one more level." in text_of(lines)


def test_research_stops_when_nothing_can_advance() -> None:
    """R-ORBIT-6: after step 1, nothing can advance ⇒ he stops."""
    state = table(Side.ORBIT, card=HIRE_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "can_advance": True,
            "colonists_present": 0,
            "other_can_advance": False,
            "same_again": False,
            "gain": "nothing",
        },
    )
    assert "he stops" in text_of(lines)


# --- Colony 2 and 3 (R-COLONY) ---------------------------------------------


def test_upgrade_twice_with_the_humans_upgrade_tech() -> None:
    """R-COLONY-3, R-COLONY-4, R-TURN-7: two upgrades; only the human's Tech allows 2."""
    state = table(card=UPGRADE_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "usable_blueprint": True,
            "colonists_present": 0,
            "tied_blueprints": 1,
            "eligible_buildings": 3,
            "another": True,
            "own_upgrade_tech": 1,
            "your_upgrade_tech": 2,
        },
    )
    assert text_of(lines).count("Put one of his Advanced Building markers") == 2
    assert "He used your Upgrade Tech for the extra upgrades." in text_of(lines)
    assert "R-TURN-7" in rules_of(lines)


def test_upgrade_with_his_own_tech_stops_when_no_blueprint_is_left() -> None:
    """R-COLONY-4: his Tech allows 3; he has Blueprints for 2 ⇒ 2, his own Tech."""
    state = table(card=UPGRADE_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "usable_blueprint": True,
            "colonists_present": 0,
            "tied_blueprints": 1,
            "eligible_buildings": 1,
            "another": True,
            "own_upgrade_tech": 3,
            "your_upgrade_tech": 1,
            "another2": False,
        },
    )
    assert text_of(lines).count("Put one of his Advanced Building markers") == 2
    assert "He used his own Upgrade Tech" in text_of(lines)


def test_single_upgrade_asks_no_tech() -> None:
    state = table(card=UPGRADE_CARD)
    _, lines, asked = drive(
        lacerda_turn(state),
        {
            "usable_blueprint": True,
            "colonists_present": 0,
            "tied_blueprints": 2,
            "eligible_buildings": 1,
            "another": False,
        },
    )
    assert not any("upgrade_tech" in q.key for q in asked)
    assert "R-COLONY-3" in rules_of(lines)


def test_hire_with_fewer_than_two_scientists() -> None:
    """R-COLONY-5, R-COLONY-6, R-COLONY-8."""
    state = table(card=HIRE_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "colonist_on_hire_slot": False,
            "scientists": 1,
            "scientist_shown": True,
            "colonists_present": 0,
            "tied_scientists": 1,
        },
    )
    assert "He hires the Scientist with the highest potential" in text_of(lines)
    assert {"R-COLONY-6", "R-COLONY-8"} <= rules_of(lines)


def test_contract_cost_adds_to_placement() -> None:
    """R-COST-3 example: placement 1 + Contract 1 = 2, 1 spendable ⇒ Rover."""
    state = table(card=HIRE_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "colonist_on_hire_slot": False,
            "scientists": 2,
            "contract_shown": True,
            "contract_cost": 1,
            "colonists_present": 1,
            "spendable": 1,
            "eligible_tile": False,
        },
    )
    assert "it costs 2 Crystals and he can spend 1" in text_of(lines)


def test_contract_prefers_upgrade_contracts() -> None:
    """R-COLONY-7: Upgrade before Delivery; ties by R-TIE."""
    state = table(card=HIRE_CARD)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "colonist_on_hire_slot": False,
            "scientists": 2,
            "contract_shown": True,
            "contract_cost": 0,
            "colonists_present": 0,
            "upgrade_contract": True,
            "tied_contracts": 2,
        },
    )
    assert "He takes that Upgrade Contract" in text_of(lines)
    assert any("Tie among 2 Upgrade Contracts" in line.text for line in lines)


def test_colony_three_impossible_while_his_colonist_is_on_the_hire_slot() -> None:
    """R-COST-5."""
    state = table(card=HIRE_CARD)
    _, lines, _ = drive(
        lacerda_turn(state), {"colonist_on_hire_slot": True, "eligible_tile": False}
    )
    assert {"R-COST-5", "R-TURN-4"} <= rules_of(lines)


@pytest.mark.parametrize(
    ("fallback", "rule"),
    [
        (NoScientistFallback.CONTRACT, "R-COLONY-7"),
        (NoScientistFallback.ROVER, "R-COLONY-6"),
    ],
)
def test_no_scientist_on_display_follows_the_option(
    fallback: NoScientistFallback, rule: str
) -> None:
    """R-COLONY-6: contract ⇒ look for a Contract (none here); rover ⇒ impossible."""
    state = table(card=HIRE_CARD, no_scientist_fallback=fallback)
    _, lines, _ = drive(
        lacerda_turn(state),
        {
            "colonist_on_hire_slot": False,
            "scientists": 0,
            "scientist_shown": False,
            "contract_shown": False,
            "eligible_tile": False,
        },
    )
    assert {rule, "R-TURN-4"} <= rules_of(lines)


# --- the Rover (R-ROVER) ---------------------------------------------------


def test_rover_within_base_reaches_and_collects() -> None:
    """R-ROVER-3, R-ROVER-5, R-ROVER-9: 2 steps, base 2; the tile's reward is taken."""
    state = table()
    after, lines, asked = drive(
        rover_move(state, 2, "t", resolve_gain),
        {
            "eligible_tile": True,
            "tied_tiles": 1,
            "steps": 2,
            "tile_cost": 0,
            "tied_paths": 1,
            "reward1": "crystals",
            "n": 1,
            "reward2": "nothing",
        },
    )
    assert after is not None
    assert not any("rover_tech" in q.key for q in asked)
    assert "He collects the tile." in text_of(lines)
    assert {"R-ROVER-5", "R-ROVER-7", "R-ROVER-9"} <= rules_of(lines)


def test_rover_pays_for_extra_hexes() -> None:
    """R-ROVER-5 example: allowance 4, 5 steps, 3 spendable ⇒ pays 1 and reaches."""
    state = table()
    _, lines, _ = drive(
        rover_move(state, 2, "t", resolve_gain),
        {
            "eligible_tile": True,
            "tied_tiles": 1,
            "steps": 5,
            "tile_cost": 0,
            "own_rover_tech": 2,
            "your_rover_tech": 0,
            "spendable": 3,
            "tied_paths": 1,
            "reward1": "nothing",
        },
    )
    assert "He pays 1 Crystal to move extra hexes." in text_of(lines)
    assert "He collects the tile." in text_of(lines)


def test_rover_short_of_crystals_moves_toward_the_tile() -> None:
    """R-ROVER-5 example: 7 steps, allowance 4, 2 spendable ⇒ 4 hexes, pays 0."""
    state = table()
    _, lines, _ = drive(
        rover_move(state, 2, "t", resolve_gain),
        {
            "eligible_tile": True,
            "tied_tiles": 1,
            "steps": 7,
            "tile_cost": 0,
            "own_rover_tech": 2,
            "your_rover_tech": 0,
            "spendable": 2,
            "tied_paths": 1,
        },
    )
    assert "at most 4 hexes" in text_of(lines)
    assert "pays" not in text_of(lines)
    assert "He collects the tile." not in text_of(lines)


def test_rover_with_the_humans_tech_gives_oxygen() -> None:
    """R-ROVER-4, R-TURN-7: only the human's Tech reaches ⇒ he uses it, +1 Oxygen."""
    state = table()
    _, lines, _ = drive(
        rover_move(state, 2, "t", resolve_gain),
        {
            "eligible_tile": True,
            "tied_tiles": 1,
            "steps": 4,
            "tile_cost": 0,
            "own_rover_tech": 1,
            "your_rover_tech": 2,
            "tied_paths": 1,
            "reward1": "nothing",
        },
    )
    assert "You gain 1 Oxygen: he used your Rover Tech." in text_of(lines)


@pytest.mark.parametrize(("moved", "oxygen"), [(3, True), (2, False)])
def test_humans_rover_tech_counts_only_past_base(moved: int, oxygen: bool) -> None:
    """R-ROVER-4, R-TURN-7: short of the tile, the Tech counts if he moved past base."""
    _, lines, _ = drive(
        rover_move(table(), 2, "t", resolve_gain),
        {
            "eligible_tile": True,
            "tied_tiles": 1,
            "steps": 9,
            "tile_cost": 0,
            "own_rover_tech": 0,
            "your_rover_tech": 2,
            "spendable": 0,
            "tied_paths": 1,
            "moved": moved,
        },
    )
    assert ("You gain 1 Oxygen" in text_of(lines)) is oxygen


def test_no_eligible_tile_returns_none() -> None:
    """R-ROVER-8."""
    result, lines, _ = drive(
        rover_move(table(), 2, "t", resolve_gain), {"eligible_tile": False}
    )
    assert result is None
    assert lines == []


# --- gains (R-TO) ----------------------------------------------------------


def test_bot_gain_advances_the_pointer_with_wrap() -> None:
    """R-TO-5 example: Greenhouse + 2 ⇒ Mine."""
    state = table()
    state = attrs.evolve(
        state, bot=attrs.evolve(state.bot, pointer=BuildingType.GREENHOUSE)
    )
    after, _, _ = drive(resolve_gain(state, Gain(kind=GainKind.BOT), "g"), {})
    assert after.bot.pointer is BuildingType.MINE


def test_bot_gain_of_one_step() -> None:
    """R-TO-5 with bot_benefit_steps=1."""
    state = table(bot_benefit_steps=1)
    after, _, _ = drive(resolve_gain(state, Gain(kind=GainKind.BOT), "g"), {})
    assert after.bot.pointer is BuildingType.GENERATOR


@pytest.mark.parametrize(
    ("gain", "script", "rule"),
    [
        (Gain(kind=GainKind.WAREHOUSE), {"warehouse_empty": True}, "R-TO-3"),
        (Gain(kind=GainKind.SHIP), {"ship_left": False}, "R-CRYSTAL-5"),
        (Gain(kind=GainKind.OTHER, description="x"), {}, "R-TO-9"),
        (Gain(kind=GainKind.COLONIST), {"eligible_tile": False}, "R-ROVER-8"),
        (Gain(kind=GainKind.TECH), {"entry_space": False}, "R-ORBIT-5"),
        (
            Gain(kind=GainKind.CONSTRUCT, building=BuildingType.SHELTER),
            {"shelter_left": False},
            "R-BUILD-3",
        ),
    ],
)
def test_impossible_gains_are_lost(
    gain: Gain, script: dict[str, Answer], rule: str
) -> None:
    """R-TO-2: impossible_benefit=lose ⇒ the gain is lost, citing the failing rule."""
    _, lines, _ = drive(resolve_gain(table(), gain, "g"), script)
    assert {rule, "R-TO-2"} <= rules_of(lines)
    assert "loses" in text_of(lines)


def test_impossible_gain_becomes_a_rover_move_with_the_option() -> None:
    """R-TO-2, R-ROVER-1: impossible_benefit=rover ⇒ a Rover move instead."""
    state = table(impossible_benefit=ImpossibleBenefit.ROVER)
    _, lines, _ = drive(
        resolve_gain(state, Gain(kind=GainKind.WAREHOUSE), "g"),
        {
            "warehouse_empty": True,
            "eligible_tile": True,
            "tied_tiles": 1,
            "steps": 1,
            "tile_cost": 0,
            "tied_paths": 1,
            "reward1": "nothing",
        },
    )
    assert "he moves his Rover instead" in text_of(lines)
    assert "He collects the tile." in text_of(lines)


def test_crystals_from_an_empty_supply_become_a_rover_move() -> None:
    """R-CRYSTAL-5, R-TO-2: with impossible_benefit=rover, no Crystal left ⇒ Rover."""
    state = table(impossible_benefit=ImpossibleBenefit.ROVER)
    _, lines, _ = drive(
        resolve_gain(state, Gain(kind=GainKind.CRYSTALS, n=2), "g"),
        {"supply_has_crystals": False, "eligible_tile": False},
    )
    assert {"R-CRYSTAL-5", "R-TO-2", "R-ROVER-8"} <= rules_of(lines)


def test_rover_instead_with_no_tile_loses_the_gain() -> None:
    state = table(impossible_benefit=ImpossibleBenefit.ROVER)
    _, lines, _ = drive(
        resolve_gain(state, Gain(kind=GainKind.SHIP), "g"),
        {"ship_left": False, "eligible_tile": False},
    )
    assert {"R-ROVER-8", "R-TO-2"} <= rules_of(lines)


@pytest.mark.parametrize(
    ("gain", "script", "expected"),
    [
        (Gain(kind=GainKind.CRYSTALS, n=2), {}, "He gains 2 Crystals"),
        (Gain(kind=GainKind.RESOURCES), {}, "he takes nothing"),
        (
            Gain(kind=GainKind.WAREHOUSE),
            {"warehouse_empty": False},
            "a Crystal wins a tie",
        ),
        (Gain(kind=GainKind.SHIP), {"ship_left": True}, "He gains a Ship"),
        (
            Gain(kind=GainKind.BLUEPRINT),
            {"free_marker": True, "display": True, "has_scientist": False},
            "no placement cost",
        ),
        (
            Gain(kind=GainKind.UPGRADE),
            {
                "usable_blueprint": True,
                "tied_blueprints": 1,
                "eligible_buildings": 1,
                "another": False,
            },
            "Advanced Building markers",
        ),
        (
            Gain(kind=GainKind.CONSTRUCT, building=BuildingType.GENERATOR),
            {
                "below_level": True,
                "legal_site": True,
                "largest": 1,
                "tied_sites": 1,
                "rover_on_site": False,
                "colonist_on_hire_slot": False,
                "lss_offered": True,
            },
            "He builds a Generator",
        ),
    ],
)
def test_gains_of_t6(gain: Gain, script: dict[str, Answer], expected: str) -> None:
    """T6, R-TO-3..7."""
    _, lines, _ = drive(resolve_gain(table(), gain, "g"), script)
    assert expected in text_of(lines)


def test_construct_of_a_fixed_type_not_below_the_level_is_lost() -> None:
    """R-BUILD-3: a fixed type that does not qualify ⇒ R-TO-2."""
    gain = Gain(kind=GainKind.CONSTRUCT, building=BuildingType.GREENHOUSE)
    _, lines, asked = drive(resolve_gain(table(), gain, "g"), {"below_level": False})
    assert {"R-BUILD-3", "R-TO-2"} <= rules_of(lines)
    assert len(asked) == 1


def test_develop_n_alternates_and_stops_early() -> None:
    """R-TO-10: DEVELOP(3): most, least, then nothing can advance ⇒ stop."""
    script: dict[str, Answer] = {
        "step1.can_advance": True,
        "step2.other_can_advance": True,
        "step3.can_advance": False,
        "gain": "nothing",
    }
    _, lines, _ = drive(
        resolve_gain(table(), Gain(kind=GainKind.DEVELOP, n=3), "g"), script
    )
    text = text_of(lines)
    assert text.count("Develop his") == 2
    assert "he stops" in text


def test_shelter_gain_builds_a_shelter_without_moving_the_pointer() -> None:
    """R-BUILD-3, R-LEVEL-3: CONSTRUCT(Shelter); the pointer stays (default)."""
    gain = Gain(kind=GainKind.CONSTRUCT, building=BuildingType.SHELTER)
    state = table()
    after, lines, _ = drive(
        resolve_gain(state, gain, "g"),
        {
            "shelter_left": True,
            "shelter_site": True,
            "largest": 2,
            "tied_sites": 1,
            "rover_on_site": False,
        },
    )
    assert after.bot.pointer is state.bot.pointer
    assert "R-LEVEL-3" in rules_of(lines)


def test_gain_questions_cover_every_kind() -> None:
    """Spec §2.1: the gain pick lists every T6 kind, and 'nothing'."""
    _, _, asked = drive(
        resolve_gain(table(), Gain(kind=GainKind.DEVELOP, n=1), "g"),
        {
            "can_advance": True,
            "gain": "construct",
            "building": "any",
            "below_level": False,
            "legal_site": False,
        },
    )
    pick = next(q for q in asked if q.key.endswith("step1.gain"))
    assert pick.kind is QuestionKind.PICK
    assert set(pick.choices) == {k.value for k in GainKind} | {"nothing"}


# --- Shuttle (R-SHUTTLE) ---------------------------------------------------


@pytest.mark.parametrize(
    ("script", "reason"),
    [
        ({"departs": False}, "does not depart"),
        ({"departs": True, "from_his_side": False}, "other side"),
    ],
)
def test_he_stays_when_the_shuttle_does_not_take_him(
    script: dict[str, bool], reason: str
) -> None:
    """R-SHUTTLE-2."""
    after, lines, _ = drive(shuttle_phase(table()), script)
    assert after.side is Side.COLONY
    assert reason in text_of(lines)
    assert after.shuttle_phases == 1


def test_an_x_card_keeps_him_home() -> None:
    """R-SHUTTLE-2: the most recent card shows an X."""
    state = table()
    state = attrs.evolve(state, bot=attrs.evolve(state.bot, last_card=X_CARD))
    after, lines, _ = drive(
        shuttle_phase(state), {"departs": True, "from_his_side": True}
    )
    assert after.side is Side.COLONY
    assert "shows an X" in text_of(lines)


def test_travel_to_orbit_takes_a_random_space_and_its_gain() -> None:
    """R-SHUTTLE-3, R-SHUTTLE-4: uniform pick (one random event), no income."""
    state = table(Side.COLONY)
    after, lines, _ = drive(
        shuttle_phase(state),
        {
            "departs": True,
            "from_his_side": True,
            "free_spaces": 3,
            "gain": "crystals",
            "n": 1,
        },
    )
    assert after.side is Side.ORBIT
    assert after.bot.events == state.bot.events + 1
    assert {"R-SHUTTLE-3", "R-SHUTTLE-4"} <= rules_of(lines)


def test_travel_to_the_colony_places_a_discovery_tile_then_builds() -> None:
    """R-SHUTTLE-5, R-SHUTTLE-6: tile first, Travel and gain, then a free construction."""
    state = table(Side.ORBIT)
    after, lines, _ = drive(
        shuttle_phase(state),
        {
            "departs": True,
            "from_his_side": True,
            "discovery_tile": True,
            "discovery_sites": 4,
            "free_spaces": 2,
            "gain": "nothing",
            "mine.legal_site": True,
            "largest": 1,
            "tied_sites": 1,
            "rover_on_site": False,
        },
    )
    text = text_of(lines)
    assert after.side is Side.COLONY
    assert (
        text.index("Discovery tile")
        < text.index("He travels")
        < text.index("He builds a Mine")
    )
    assert after.bot.pointer is BuildingType.GENERATOR


def test_colony_arrival_without_a_site_loses_the_construction() -> None:
    """R-SHUTTLE-5, R-TO-2: no qualifying type has a site ⇒ lost (default)."""
    state = table(Side.ORBIT)
    _, lines, _ = drive(
        shuttle_phase(state),
        {
            "departs": True,
            "from_his_side": True,
            "discovery_tile": True,
            "discovery_sites": 0,
            "free_spaces": 1,
            "gain": "nothing",
            "below_level": False,
            "legal_site": False,
        },
    )
    assert {"R-SHUTTLE-5", "R-TO-2"} <= rules_of(lines)
    assert "No hex qualifies" in text_of(lines)


def test_discovery_hint_follows_the_crystal_option() -> None:
    state = table(Side.ORBIT, discovery_site_allows_crystal=True)
    _, _, asked = drive(
        shuttle_phase(state),
        {
            "departs": True,
            "from_his_side": True,
            "discovery_tile": False,
            "free_spaces": 1,
            "gain": "nothing",
            "below_level": False,
            "legal_site": False,
        },
    )
    assert all("no Crystal" not in q.hint for q in asked)


# --- level-up, Tech use, scoring -------------------------------------------


def test_level_up_builds_a_shelter_and_gains_a_ship_and_a_bot() -> None:
    """R-LEVEL-2, R-LEVEL-4, R-LEVEL-5, R-LEVEL-6: in that order."""
    after, lines, _ = drive(
        level_up(table()),
        {
            "shelter_left": True,
            "shelter_site": True,
            "largest": 1,
            "tied_sites": 3,
            "rover_on_site": False,
            "ship_left": True,
            "bot_left": True,
        },
    )
    text = text_of(lines)
    assert (
        text.index("Shelters on that site")
        < text.index("He gains a Ship")
        < text.index("He gains a Bot")
    )
    assert after.level_ups == 1


def test_level_up_with_nothing_left() -> None:
    _, lines, _ = drive(
        level_up(table()),
        {"shelter_left": False, "ship_left": False, "bot_left": False},
    )
    assert text_of(lines).count("No ") == 3


def test_shelter_moves_the_pointer_with_the_option() -> None:
    """R-LEVEL-3 with shelter_moves_pointer."""
    state = table(shelter_moves_pointer=True)
    after, _, _ = drive(
        level_up(state),
        {
            "shelter_left": True,
            "shelter_site": True,
            "largest": 1,
            "tied_sites": 1,
            "rover_on_site": False,
            "ship_left": False,
            "bot_left": False,
        },
    )
    assert after.bot.pointer is BuildingType.GENERATOR


@pytest.mark.parametrize("can", [True, False])
def test_human_used_his_tech(can: bool) -> None:
    """R-TURN-6: the Tech advances one step if it can, with its gain."""
    _, lines, _ = drive(
        human_used_tech(table()), {"can_advance": can, "gain": "crystals", "n": 1}
    )
    assert ("He gains 1 Crystal" in text_of(lines)) is can
    assert "R-TURN-6" in rules_of(lines)


def test_final_scoring_matches_the_spec_example() -> None:
    """R-SCORE-2 example: 97 + v, with v = 10; and R-GOAL-2 margin."""
    script: dict[str, Answer] = {
        "op_track": 40,
        "progress_cubes": 3,
        "techs": 9,
        "ships": 2,
        "built_level1": 1,
        "built_level3": 1,
        "scientist_buildings": 3,
        "upgrade_contracts": 1,
        "delivery_contracts": 1,
        "living_quarters": 10,
        "your_total": 108,
    }
    script |= {f"goal{i}": True for i in range(1, 6)}
    after, lines, _ = drive(final_scoring(table()), script)
    assert after.final_score == 107
    assert "Lacerda scores 107 OP." in text_of(lines)
    assert "margin +1; you win" in text_of(lines)


def test_a_failed_requirement_loses_the_goal() -> None:
    """R-GOAL-2: every requirement must hold."""
    script: dict[str, Answer] = {"your_total": 200, "goal1": False}
    script |= dict.fromkeys(
        (
            "op_track",
            "progress_cubes",
            "techs",
            "ships",
            "built_level1",
            "built_level3",
            "scientist_buildings",
            "upgrade_contracts",
            "delivery_contracts",
            "living_quarters",
        ),
        0,
    )
    script |= {f"goal{i}": True for i in range(2, 6)}
    _, lines, _ = drive(final_scoring(table()), script)
    assert "Lacerda wins" in text_of(lines)
    assert any(
        "not met: the Colony reached level 3" in w for line in lines for w in line.why
    )


@pytest.mark.parametrize("goal", SOLO_GOALS, ids=lambda g: g.id)
def test_every_requirement_has_words(goal: object) -> None:
    """T8: each requirement of each goal can be asked."""
    for req in goal.requirements:  # type: ignore[attr-defined]
        assert describe_requirement(req)


def test_unscripted_questions_fail_loudly() -> None:
    question = Question(key="a.b", text="?", kind=QuestionKind.YES_NO)
    with pytest.raises(UnscriptedError):
        by_key({})(question)
    assert by_key({"a.b": True})(question) is True
