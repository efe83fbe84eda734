"""Plain-English lines for decisions: what Lacerda does, and which rules say so.

Rendering is optional (traces are data, R-TURN-10); examples and the table
companion use these words.
"""

from collections.abc import Callable
from typing import Any, Final

from lacerda_bot.decisions import (
    ActionImpossible,
    AdvanceMission,
    AdvanceProgressBot,
    BuildShelter,
    ChooseLssReward,
    CollectTile,
    Construct,
    Decision,
    DevelopTech,
    GainBot,
    GainCrystals,
    GainShip,
    GiveOxygen,
    HireScientist,
    LearnTech,
    LoseBenefit,
    MoveRover,
    ObtainBlueprint,
    PayCrystals,
    PlaceColonist,
    PlaceDiscoveryTile,
    RefillContractDisplay,
    RelocateRover,
    RevealCard,
    SkipTurn,
    StartingSpace,
    Stay,
    TakeBenefit,
    TakeContract,
    TakeWarehouseItem,
    Travel,
    Upgrade,
)

__all__ = ["describe", "describe_with_rules"]


def _name(value: Any) -> str:
    return str(getattr(value, "value", value)).replace("_", " ")


def _path(d: MoveRover) -> str:
    if not d.path:
        return f"stays where he is (heading for tile {d.target})"
    end = "reaches" if d.reached else "heads for"
    return f"moves his Rover {len(d.path)} hex(es) to {d.path[-1]} and {end} tile {d.target}"


_TEXT: Final[dict[type, Callable[[Any], str]]] = {
    StartingSpace: lambda d: f"starts on Turn Order space {d.space} ({_name(d.side)})",
    RevealCard: lambda d: (
        f"reveals card {d.card} (pass {d.pass_count}"
        + (", deck reshuffled)" if d.reshuffled else ")")
    ),
    AdvanceMission: lambda d: f"advances Mission {_name(d.slot).upper()} ({d.mission})",
    GainCrystals: lambda d: (
        f"gains {d.kept} of {d.requested} Crystal(s) from {_name(d.source)}"
    ),
    PayCrystals: lambda d: f"pays {d.amount} Crystal(s) for {_name(d.purpose)}",
    PlaceColonist: lambda d: f"places a Colonist on {_name(d.action)}",
    ActionImpossible: lambda d: f"cannot {_name(d.action)}: {d.reason}",
    ObtainBlueprint: lambda d: (
        f"obtains Blueprint {d.blueprint} ({_name(d.row)} row, slot {d.slot})"
    ),
    LearnTech: lambda d: (
        f"learns the {_name(d.tech)} Tech (tile {d.grid_tile}) into Lab row {d.lab_row}"
    ),
    DevelopTech: lambda d: (
        f"develops {_name(d.tech)} from {d.from_level} to {d.to_level}"
    ),
    Construct: lambda d: (
        f"constructs a {_name(d.building)} on {d.hex} (Complex of {d.resulting_size}"
        + (f", {_name(d.tech_used)} Tech" if d.tech_used.value != "none" else "")
        + f"); Bot moves to {_name(d.pointer_after)}"
    ),
    Upgrade: lambda d: f"upgrades the building on {d.hex} with Blueprint {d.blueprint}",
    HireScientist: lambda d: f"hires the {_name(d.scientist)} (slot {d.slot})",
    TakeContract: lambda d: (
        f"takes {_name(d.kind)} Contract {d.contract} (slot {d.slot})"
    ),
    RefillContractDisplay: lambda d: (
        f"leaves slot {d.slot} to be refilled from the shuffled Contract deck"
    ),
    MoveRover: _path,
    CollectTile: lambda d: f"collects tile {d.tile}",
    RelocateRover: lambda d: f"moves his Rover off {d.from_hex} to {d.to_hex}",
    AdvanceProgressBot: lambda d: (
        f"advances his Progress Bot {d.steps} to {_name(d.after)}"
    ),
    Travel: lambda d: f"travels to {_name(d.side)} (space {d.space})",
    Stay: lambda d: f"stays: {d.reason}",
    TakeBenefit: lambda d: f"takes the benefit {d.gain} of {d.source}",
    TakeWarehouseItem: lambda d: (
        f"takes a {_name(d.item)} from the Warehouse"
        + (" (back to the supply)" if d.to_supply else "")
    ),
    PlaceDiscoveryTile: lambda d: (
        f"places Discovery tile {d.tile} on {d.hex}"
        if d.hex is not None
        else f"places no Discovery tile: {d.reason}"
    ),
    BuildShelter: lambda d: (
        f"builds a Shelter on {d.hex} (Complex of {d.resulting_size})"
    ),
    GainShip: lambda d: "gains a Ship",
    GainBot: lambda d: "gains a Bot",
    ChooseLssReward: lambda d: (
        f"takes the LSS reward: {_name(d.reward) if d.reward else 'none offered'}"
    ),
    GiveOxygen: lambda d: f"used your {_name(d.tech)} Tech: you gain 1 Oxygen",
    LoseBenefit: lambda d: f"loses the benefit {d.gain}: {d.reason}",
    SkipTurn: lambda d: f"skips his turn: {d.reason}",
}


def describe(decision: Decision) -> str:
    """One line saying what Lacerda does.

    >>> from lacerda_bot.decisions import PayCrystals, PaymentPurpose
    >>> describe(PayCrystals(amount=2, purpose=PaymentPurpose.PLACEMENT))
    'Lacerda pays 2 Crystal(s) for placement'
    """
    return "Lacerda " + _TEXT[type(decision)](decision)


def describe_with_rules(decision: Decision) -> str:
    """:func:`describe` followed by the rule IDs of the decision's trace."""
    rules = ", ".join(decision.trace.rules)
    return f"{describe(decision)}  [{rules}]" if rules else describe(decision)
