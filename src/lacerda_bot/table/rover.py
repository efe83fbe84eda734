"""Lacerda's Rover at the table (R-ROVER-2..10): target, allowance, path, arrival.

The allowance and whose Rover Tech is used come from the library's own
:func:`lacerda_bot.rover.best_rover_tech`; the player reports the counts.
"""

from typing import Final

from lacerda_bot.model import TechUsed
from lacerda_bot.rover import best_rover_tech
from lacerda_bot.table.benefits import ask_gain
from lacerda_bot.table.dialogue import Proc, ask_count, ask_yes, say
from lacerda_bot.table.state import (
    HEX_ORDER,
    MOST_ON_MAP,
    SPENDABLE_HINT,
    GainResolver,
    TableState,
    plural,
)
from lacerda_bot.table.ties import tie

__all__ = ["rover_move"]


_TILE_HINT: Final = (
    "Eligible: a Research or Discovery tile on the map that gives him something "
    "besides Resources, whose other requirement he meets, whose Crystal cost he can "
    "pay, with no other figure on its hex, and reachable over map hexes."
)


def rover_move(
    state: TableState, base: int, key: str, resolve: GainResolver
) -> Proc[TableState | None]:
    """R-ROVER-2..10: move toward the nearest eligible tile; ``None`` if there is none."""
    key = f"{key}.rover"
    eligible = yield from ask_yes(
        f"{key}.eligible_tile", "Is there a tile his Rover could collect?", _TILE_HINT
    )
    if not eligible:
        return None
    n = yield from ask_count(
        f"{key}.tied_tiles",
        "How many of those tiles are nearest to his Rover (fewest steps)?",
        1,
        MOST_ON_MAP,
        "Count steps hex by hex over the map from his Rover (from the initial Mine "
        "if his Rover is not on the map).",
    )
    state, _ = yield from tie(state, n, "R-ROVER-3", "nearest tiles", HEX_ORDER)
    steps = yield from ask_count(
        f"{key}.steps", "How many steps away is that tile?", 0, MOST_ON_MAP
    )
    cost = yield from ask_count(
        f"{key}.tile_cost", "How many Crystals does collecting it cost?", 0, 9
    )
    own = human = 0
    if steps > base:
        own = yield from ask_count(
            f"{key}.own_rover_tech", "Level of his Rover Tech? (0 if none)", 0, 9
        )
        human = yield from ask_count(
            f"{key}.your_rover_tech", "Level of your Rover Tech? (0 if none)", 0, 9
        )
    spendable = 0
    if cost > 0 or steps > base + max(own, human):
        spendable = yield from ask_count(
            f"{key}.spendable",
            "How many Crystals can Lacerda spend right now?",
            0,
            99,
            SPENDABLE_HINT,
        )
    plan = best_rover_tech(
        steps=steps,
        base=base,
        own_level=own,
        human_level=human,
        tile_cost=cost,
        spendable=spendable,
        prefer_own=state.bot.options.prefer_own_tech,
    )
    state = yield from _walk(state, plan.reached, plan.pay, plan.allowance, steps, key)
    moved = plan.length
    if plan.tech is TechUsed.HUMAN and not plan.reached and moved > base:
        # he may stop short of his allowance (figures); only then can it matter
        moved = yield from ask_count(
            f"{key}.moved", "How many hexes did his Rover move?", 0, plan.allowance
        )
    if plan.tech is TechUsed.HUMAN and moved > base:
        yield from say(
            "You gain 1 Oxygen: he used your Rover Tech.", "R-TURN-7", "R-ROVER-4"
        )
    yield from say(
        "He picks up every Crystal on the hexes his Rover entered (as many as his "
        "Depot holds); they leave the map.",
        "R-ROVER-7",
        "R-CRYSTAL-2",
    )
    if not plan.reached:
        return state
    return (yield from _collect(state, cost, key, resolve))


def _walk(
    state: TableState, reached: bool, pay: int, allowance: int, steps: int, key: str
) -> Proc[TableState]:
    """R-ROVER-5, R-ROVER-6: the path, its tie-break, and the move."""
    if pay:
        yield from say(
            f"He pays {plural(pay, 'Crystal')} to move extra hexes.",
            "R-ROVER-5",
            "R-ROVER-10",
        )
    n = yield from ask_count(
        f"{key}.tied_paths",
        "Of the shortest paths picking up the most Crystals, how many end differently?",
        1,
        MOST_ON_MAP,
        "He picks up at most as many Crystals as he has free Depot spaces. Two paths "
        "end differently if he stops on different hexes or picks up Crystals from "
        "different hexes; usually there is 1.",
    )
    state, _ = yield from tie(
        state,
        n,
        "R-ROVER-6",
        "paths",
        "by their hexes in order, each compared " + HEX_ORDER,
    )
    if reached:
        yield from say(
            f"Move his Rover {plural(steps, 'hex')} along that path onto the tile.",
            "R-ROVER-5",
            "R-ROVER-6",
        )
    else:
        yield from say(
            f"Move his Rover along that path toward the tile, at most {plural(allowance, 'hex')}: "
            "he stops on the farthest hex within reach that holds no other figure (he "
            "stays if there is none).",
            "R-ROVER-5",
            "R-ROVER-6",
        )
    return state


def _collect(
    state: TableState, cost: int, key: str, resolve: GainResolver
) -> Proc[TableState]:
    """R-ROVER-9: pay, collect, and take the reward's gains in order."""
    if cost:
        yield from say(
            f"He pays {plural(cost, 'Crystal')} for the tile.",
            "R-ROVER-9",
            "R-ROVER-10",
        )
    yield from say("He collects the tile.", "R-ROVER-9")
    for i in range(1, 5):
        gain = yield from ask_gain(
            f"{key}.reward{i}",
            "What does the tile give him?" if i == 1 else "What else does it give him?",
        )
        if gain is None:
            break
        state = yield from resolve(state, gain, f"{key}.reward{i}")
    return state
