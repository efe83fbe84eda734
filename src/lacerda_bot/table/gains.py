"""What Lacerda does with a benefit at the table (T6, R-TO-2..10).

:func:`resolve_gain` is the one resolver: actions, the Rover and the phases
pass it on, so a benefit met anywhere is handled the same way.
"""

from lacerda_bot.model import Action, BuildingType, Gain, GainKind
from lacerda_bot.options import ImpossibleBenefit
from lacerda_bot.table.actions import (
    ACTION_NAMES,
    check_action,
    develop,
    perform_action,
)
from lacerda_bot.table.benefits import gain_words
from lacerda_bot.table.building import advance_bot, build_shelter
from lacerda_bot.table.dialogue import Proc, ask_yes, say
from lacerda_bot.table.rover import rover_move
from lacerda_bot.table.state import TableState, plural

__all__ = ["lose_or_rover", "resolve_gain"]


def resolve_gain(state: TableState, gain: Gain | None, key: str) -> Proc[TableState]:
    """T6, R-TO-2..10: what Lacerda does with one gain."""
    if gain is None:
        return state
    kind, options = gain.kind, state.bot.options
    if kind is GainKind.CRYSTALS:
        if options.impossible_benefit is ImpossibleBenefit.ROVER:
            left = yield from ask_yes(
                f"{key}.supply_has_crystals",
                "Is any Crystal left in the general supply?",
            )
            if not left:
                return (
                    yield from lose_or_rover(
                        state, gain, key, "R-CRYSTAL-5", "the supply has no Crystal"
                    )
                )
        yield from say(
            f"He gains {plural(gain.n, 'Crystal')} (only as many as his free Depot "
            "spaces and the supply allow).",
            "R-TO-6",
            "R-CRYSTAL-2",
        )
        return state
    if kind is GainKind.RESOURCES:
        yield from say("Resources: he takes nothing.", "R-TO-6", "R-CRYSTAL-4")
        return state
    if kind is GainKind.BOT:
        return (yield from advance_bot(state, options.bot_benefit_steps, "R-TO-5"))
    if kind is GainKind.WAREHOUSE:
        return (yield from _warehouse(state, gain, key))
    if kind is GainKind.SHIP:
        return (yield from _ship(state, gain, key, "R-TO-7"))
    if kind is GainKind.DEVELOP:
        return (yield from develop(state, gain.n, key, resolve_gain, rule="R-TO-10"))
    if kind in (GainKind.ROVER, GainKind.COLONIST):
        base = gain.n if kind is GainKind.ROVER else options.rover_base_movement
        moved = yield from rover_move(state, base, key, resolve_gain)
        if moved is None:
            return (yield from _lose(state, gain, "R-ROVER-8", "no tile is eligible"))
        return moved
    if kind is GainKind.OTHER:
        yield from say("He cannot use this benefit; he loses it.", "R-TO-9", "R-TO-2")
        return state
    return (yield from _action_gain(state, gain, key))


def _action_gain(state: TableState, gain: Gain, key: str) -> Proc[TableState]:
    """TECH, BLUEPRINT, UPGRADE and CONSTRUCT: the action, free (R-TO-4, R-COST-6)."""
    if gain.kind is GainKind.CONSTRUCT and gain.building is BuildingType.SHELTER:
        built = yield from build_shelter(state, key, rule="R-BUILD-3")
        if built is None:
            return (
                yield from lose_or_rover(
                    state, gain, key, "R-BUILD-3", "no Shelter can be built"
                )
            )
        return built
    action = {
        GainKind.TECH: Action.LEARN_TECH,
        GainKind.BLUEPRINT: Action.OBTAIN_BLUEPRINT,
        GainKind.UPGRADE: Action.UPGRADE,
        GainKind.CONSTRUCT: Action.CONSTRUCT,
    }[gain.kind]
    check = yield from check_action(state, action, key, gain.building)
    if not check.possible:
        return (yield from lose_or_rover(state, gain, key, check.rule, check.reason))
    yield from say(
        f"He takes the benefit as {ACTION_NAMES[action]}, with no placement cost.",
        "R-TO-4",
        "R-COST-6",
    )
    return (yield from perform_action(state, action, check, key, resolve_gain))


def lose_or_rover(
    state: TableState, gain: Gain, key: str, rule: str, reason: str
) -> Proc[TableState]:
    """R-TO-2: an impossible gain is lost, or replaced by a Rover move."""
    if state.bot.options.impossible_benefit is ImpossibleBenefit.ROVER:
        yield from say(
            f"He cannot take {gain_words(gain)} ({reason}); he moves his Rover instead.",
            rule,
            "R-TO-2",
        )
        moved = yield from rover_move(
            state, state.bot.options.rover_base_movement, f"{key}.instead", resolve_gain
        )
        if moved is not None:
            return moved
        rule, reason = "R-ROVER-8", "no tile is eligible for his Rover"
    return (yield from _lose(state, gain, rule, reason))


def _lose(state: TableState, gain: Gain, rule: str, reason: str) -> Proc[TableState]:
    yield from say(
        f"He loses the {gain_words(gain)} benefit: {reason}.", rule, "R-TO-2"
    )
    return state


def _warehouse(state: TableState, gain: Gain, key: str) -> Proc[TableState]:
    """R-TO-3: the Warehouse item with the most units."""
    empty = yield from ask_yes(f"{key}.warehouse_empty", "Is the Warehouse empty?")
    if empty:
        return (
            yield from lose_or_rover(
                state, gain, key, "R-TO-3", "the Warehouse is empty"
            )
        )
    yield from say(
        "He takes one unit of the Warehouse item with the most units (a Crystal wins a "
        "tie, otherwise the leftmost): a Crystal goes to his Depot if there is room, a "
        "Resource goes back to the general supply.",
        "R-TO-3",
        "R-CRYSTAL-2",
    )
    return state


def _ship(state: TableState, gain: Gain, key: str, rule: str) -> Proc[TableState]:
    """R-LEVEL-4: a Ship from his Depot to his Hangar, if one is left."""
    left = yield from ask_yes(
        f"{key}.ship_left", "Does Lacerda have a Ship left to gain?"
    )
    if not left:
        return (
            yield from lose_or_rover(state, gain, key, "R-CRYSTAL-5", "no Ship is left")
        )
    yield from say(
        "He gains a Ship: move it from his Depot to his Hangar (a Depot space frees).",
        rule,
        "R-LEVEL-4",
    )
    return state
