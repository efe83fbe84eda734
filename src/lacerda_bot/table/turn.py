"""Lacerda's turn at the table (R-TURN-1..5, R-MISSION-1/2, R-COST)."""

import attrs

from lacerda_bot.deck import card_by_id
from lacerda_bot.model import Action, Side
from lacerda_bot.state import discard_card, reveal_card
from lacerda_bot.table.actions import ACTION_NAMES, check_action, perform_action
from lacerda_bot.table.dialogue import Proc, ask_count, ask_yes, say
from lacerda_bot.table.gains import resolve_gain
from lacerda_bot.table.rover import rover_move
from lacerda_bot.table.state import SPENDABLE_HINT, TableState, plural, side_name

__all__ = ["lacerda_turn", "run_action"]


def lacerda_turn(state: TableState) -> Proc[TableState]:
    """R-TURN-1: reveal, Mission step, action or Rover, discard."""
    side = state.side
    if side is None:
        msg = "set-up must come before his first turn"
        raise ValueError(msg)
    bot, card_id, reshuffled = reveal_card(state.bot)
    state = attrs.evolve(state, bot=bot)
    card = card_by_id(card_id)
    key = f"turn{state.turns + 1}"
    if reshuffled:
        yield from say(
            f"His draw pile was empty: shuffle his discard pile into a new draw pile "
            f"(pass {bot.pass_count}).",
            "R-DECK-2",
        )
    travel = "" if card.travels else ", X (he will not travel)"
    yield from say(
        f"Card {card.id}: Mission {card.mission.name}, action {card.action}{travel}.",
        "R-DECK-2",
        card=card.id,
    )
    if bot.pass_count >= 2:
        yield from _mission_step(card.mission.name, key)
    state = yield from run_action(state, side, card.action, key)
    yield from say(f"Put card {card.id} on his discard pile.", "R-DECK-3")
    return attrs.evolve(state, bot=discard_card(state.bot), turns=state.turns + 1)


def _mission_step(letter: str, key: str) -> Proc[None]:
    done = yield from ask_yes(f"{key}.mission_done", f"Is Mission {letter} completed?")
    if done:
        yield from say(f"Mission {letter} is completed: nothing moves.", "R-MISSION-2")
        return
    yield from say(
        f"Advance his marker on Mission {letter}; he gains that Mission's Crystals per "
        "contribution (as many as his Depot holds).",
        "R-MISSION-1",
        "R-CRYSTAL-2",
    )


def run_action(
    state: TableState, side: Side, number: int, key: str
) -> Proc[TableState]:
    """R-TURN-1, R-TURN-4, R-COST: check, pay and place, perform; or the Rover."""
    action = Action.for_card(side, number)
    name = ACTION_NAMES[action]
    yield from say(f"{side_name(side)} action {number}: {name}.", "R-TURN-1")
    check = yield from check_action(state, action, key)
    if not check.possible:
        yield from say(f"{name} is impossible: {check.reason}.", check.rule, "R-TURN-4")
        return (yield from _fallback(state, key))
    cost = check.cost
    if action.places_colonist:
        present = yield from ask_count(
            f"{key}.colonists_present",
            f"How many Colonists are on the {name} action space now?",
            0,
            12,
            "Count every Colonist there (yours and his) before he places his.",
        )
        cost += state.bot.options.placement_cost_per_colonist * present
    if cost:
        spendable = yield from ask_count(
            f"{key}.spendable",
            "How many Crystals can Lacerda spend right now?",
            0,
            99,
            SPENDABLE_HINT,
        )
        if cost > spendable:
            yield from say(
                f"He cannot afford it: it costs {plural(cost, 'Crystal')} and he can spend {spendable}.",
                "R-COST-3",
                "R-TURN-4",
            )
            return (yield from _fallback(state, key))
        yield from say(
            f"He pays {plural(cost, 'Crystal')}.", "R-COST-2", "R-COST-3", "R-COST-7"
        )
    if action.places_colonist:
        yield from say(
            f"Put one of his Colonists on the {name} action space.",
            "R-COST-1",
            "R-COST-7",
        )
    return (yield from perform_action(state, action, check, key, resolve_gain))


def _fallback(state: TableState, key: str) -> Proc[TableState]:
    """R-TURN-4, R-TURN-5: the Rover move that replaces a failed action, or a skip."""
    moved = yield from rover_move(
        state, state.bot.options.rover_base_movement, key, resolve_gain
    )
    if moved is None:
        yield from say(
            "No tile is eligible for his Rover: he skips the rest of his turn.",
            "R-TURN-5",
            "R-ROVER-8",
        )
        return state
    return moved
