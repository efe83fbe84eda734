"""Legality of the decisions on cards, the Lab, the Warehouse, Missions and LSS rewards.

Each check names the first field of the decision that contradicts the board
it is applied to (:func:`lacerda_bot._board.legality.why_illegal`): a card
not in the slot named, an id of another kind, a Tech at another level, a
stock that is empty.
"""

from lacerda_bot._board.board import Board
from lacerda_bot._board.usable import lab_entries
from lacerda_bot._lab import entry_space, level_of
from lacerda_bot.decisions import (
    AdvanceMission,
    ChooseLssReward,
    DevelopTech,
    GiveOxygen,
    HireScientist,
    LearnTech,
    ObtainBlueprint,
    RefillContractDisplay,
    TakeContract,
    TakeWarehouseItem,
)
from lacerda_bot.model import LSS_TYPES, Item, LssReward, TechType
from lacerda_bot.options import Options

__all__ = [
    "advance_mission_ok",
    "choose_lss_ok",
    "contract_ok",
    "develop_ok",
    "give_oxygen_ok",
    "hire_ok",
    "learn_ok",
    "obtain_ok",
    "refill_ok",
    "warehouse_ok",
]


def obtain_ok(host: Board, d: ObtainBlueprint) -> str:
    """R-ORBIT-1, R-ORBIT-4: a display card, in the row and slot named, and a free marker."""
    shown = next(
        (s for s in host.blueprint_display if s.blueprint.id == d.blueprint), None
    )
    if shown is None:
        return f"Blueprint {d.blueprint} is not on display"
    if (shown.row, shown.slot) != (d.row, d.slot):
        return (
            f"Blueprint {d.blueprint} is in the {shown.row.value} row, slot "
            f"{shown.slot}, not the {d.row.value} row, slot {d.slot}"
        )
    if host.free_advanced_markers < 1:
        return "no Advanced Building marker is free (R-ORBIT-1)"
    return ""


def learn_ok(host: Board, d: LearnTech) -> str:
    """R-ORBIT-5: a grid tile of that Tech, a type he lacks, onto the topmost free entry space."""
    tile = next((t for t in host.tech_grid if t.id == d.grid_tile), None)
    if tile is None:
        return f"tile {d.grid_tile} is not on the Tech grid"
    if tile.tech is not d.tech:
        return f"tile {d.grid_tile} is a {tile.tech.value} Tech, not {d.tech.value}"
    lab = host.lab_spaces
    if level_of(lab, d.tech):
        return f"he already has a {d.tech.value} Tech (R-ORBIT-5)"
    top = entry_space(lab)
    if top is None:
        return "no Lab entry space is free (R-ORBIT-5)"
    if d.lab_space == top.id:
        return ""
    space = next((s for s in lab if s.id == d.lab_space), None)
    if space is None:
        return f"his Lab has no space {d.lab_space}"
    if space.column != 1:
        return (
            f"Lab space {d.lab_space} is in column {space.column}, not the entry column"
        )
    if space.tech is not None:
        return f"Lab space {d.lab_space} is taken by his {space.tech.value} Tech"
    return f"Lab space {d.lab_space} is not the topmost free entry space, {top.id} is"


def develop_ok(host: Board, d: DevelopTech, options: Options | None) -> str:
    """R-ORBIT-6, R-TURN-6, R-TO-10: his Tech, from its level, into an empty space it touches."""
    lab = host.lab_spaces
    at = next((s for s in lab if s.tech is d.tech), None)
    if at is None:
        return f"he has no {d.tech.value} Tech"
    if at.column != d.from_level:
        return f"{d.tech.value} is not at level {d.from_level} but at {at.column}"
    if d.to_level != d.from_level + 1:
        return f"{d.tech.value} goes from {d.from_level} to {d.to_level}, not one step"
    if d.space not in at.touches:
        return (
            f"Lab space {d.space} is not one his {d.tech.value} Tech's space"
            f" {at.id} touches ({', '.join(at.touches) or 'none: the last column'})"
        )
    entered = next(s for s in lab if s.id == d.space)
    if entered.tech is not None:
        return f"Lab space {d.space} is taken by his {entered.tech.value} Tech"
    if options is None:  # what helps him most depends on the options: any free space
        return ""
    _, best, _ = lab_entries(host, options, d.tech)
    if any(s.id == d.space for s in best):
        return ""
    better = " or ".join(s.id for s in best)
    return f"Lab space {d.space} helps him less than {better} (R-ORBIT-6)"


def hire_ok(host: Board, d: HireScientist) -> str:
    """R-COLONY-5, R-COLONY-6, R-COST-5: the Scientist in that slot, his second at most."""
    shown = next((s for s in host.scientist_display if s.slot == d.slot), None)
    if shown is None:
        return f"{d.scientist.value} is not in slot {d.slot}: it holds no Scientist"
    if shown.scientist is not d.scientist:
        return (
            f"{d.scientist.value} is not in slot {d.slot}: {shown.scientist.value} is"
        )
    if len(host.lacerda_scientists) >= 2:
        return "he already has 2 Scientists (R-COLONY-5)"
    if host.colonist_on_hire_slot:
        return "his Colonist is still on his Hire slot (R-COST-5)"
    return ""


def contract_ok(host: Board, d: TakeContract) -> str:
    """R-COLONY-7, R-COST-5: the Contract in that slot, of its kind."""
    shown = next((c for c in host.contract_display if c.slot == d.slot), None)
    if shown is None:
        return f"Contract {d.contract} is not in slot {d.slot}: it holds no Contract"
    if shown.id != d.contract:
        return f"Contract {d.contract} is not in slot {d.slot}: {shown.id} is"
    if shown.kind is not d.kind:
        return (
            f"Contract {d.contract} is of kind {shown.kind.value}, not {d.kind.value}"
        )
    if host.colonist_on_hire_slot:
        return "his Colonist is still on his Hire slot (R-COST-5)"
    return ""


def refill_ok(host: Board, d: RefillContractDisplay) -> str:
    """R-COLONY-8: the slot a Scientist or a Contract just left.

    Scientists and Contracts share one display, whose slots a host may number
    in two lists (the reference board numbers each from 0): a slot still
    holding both a Scientist and a Contract is one nothing has left.
    """
    if d.slot < 0:
        return f"slot {d.slot} is negative"
    contract = next((c for c in host.contract_display if c.slot == d.slot), None)
    scientist = next((s for s in host.scientist_display if s.slot == d.slot), None)
    if contract is None or scientist is None:
        return ""
    return (
        f"slot {d.slot} still holds Contract {contract.id} and the "
        f"{scientist.scientist.value}: nothing left it (R-COLONY-8)"
    )


def warehouse_ok(host: Board, d: TakeWarehouseItem) -> str:
    """R-TO-3: a unit of the item; a Crystal is his, a Resource goes to the supply."""
    if not any(s.item is d.item and s.units > 0 for s in host.warehouse):
        return f"no {d.item.value} in the Warehouse"
    to_supply = d.item is not Item.CRYSTAL
    if d.to_supply is not to_supply:
        where = "the supply" if to_supply else "him"
        return f"a {d.item.value} goes to {where} (R-TO-3)"
    if not to_supply and host.free_depot_spaces < 1:
        return "no free Depot space for a Warehouse Crystal (R-TO-3)"
    return ""


def advance_mission_ok(host: Board, d: AdvanceMission) -> str:
    """R-MISSION-1, R-MISSION-2: the Mission in that slot, not completed."""
    mission = next((m for m in host.missions if m.slot is d.slot), None)
    if mission is None:
        return f"no Mission in slot {d.slot.value}"
    if mission.id != d.mission:
        return f"slot {d.slot.value} holds Mission {mission.id}, not {d.mission}"
    if mission.completed:
        return f"Mission {d.mission} is completed: nothing moves (R-MISSION-2)"
    return ""


def choose_lss_ok(host: Board, d: ChooseLssReward) -> str:
    """R-LSS-1, R-LSS-2: his Colonist back if it is on his Hire slot, else a Crystal, if offered.

    A type missing from the offers (V20) offers both.
    """
    if d.building not in LSS_TYPES:
        return f"a {d.building.value} raises no LSS marker (R-LSS-1)"
    offered = next(
        (o.rewards for o in host.lss_rewards if o.building is d.building),
        tuple(LssReward),
    )
    on_slot = host.colonist_on_hire_slot
    first, other = (
        (LssReward.RETRIEVE_COLONIST, LssReward.CRYSTAL)
        if on_slot
        else (LssReward.CRYSTAL, LssReward.RETRIEVE_COLONIST)
    )
    expected = first if first in offered else other if other in offered else None
    if d.reward is expected:
        return ""
    if d.reward is not None and d.reward not in offered:
        return f"{d.reward.value} is not offered for a {d.building.value} (R-LSS-2)"
    if d.reward is LssReward.RETRIEVE_COLONIST and not on_slot:
        return "his Colonist is not on his Hire slot (R-LSS-1)"
    named = "none" if expected is None else expected.value
    return f"reward {'none' if d.reward is None else d.reward.value}, expected {named} (R-LSS-1, R-LSS-2)"


def give_oxygen_ok(host: Board, d: GiveOxygen) -> str:
    """R-TURN-7: he used a Tech of the human's, so the human has it."""
    if d.tech is TechType.UPGRADE:
        ok = host.human_upgrade_capacity >= 2 or any(
            t.tech is d.tech and t.level > 0 for t in host.human_techs
        )
    else:
        ok = any(t.tech is d.tech and t.level > 0 for t in host.human_techs)
    return "" if ok else f"the human has no {d.tech.value} Tech to use (R-TURN-7)"
