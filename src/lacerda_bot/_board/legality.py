"""Legality checks: why a decision could not be carried out on a board.

A conformance checker for hosts, simulations and property tests: it checks the
board-level preconditions of each kind of decision before it is applied.
"""

from typing import assert_never

from lacerda_bot._board.board import Board
from lacerda_bot._board.paths import free_hexes_nearest
from lacerda_bot._board.sites import eligible_buildings, legal_sites
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
from lacerda_bot.model import BuildingType, Owner
from lacerda_bot.options import Options

__all__ = ["why_illegal"]


def why_illegal(host: Board, decision: Decision, options: Options) -> str:
    """Why *decision* could not be carried out on *host* (the board just before it), or ``""``.

    A conformance checker for hosts, simulations and property tests: it checks
    the board-level preconditions of each decision (a legal site, a contiguous
    Rover path, a card still on display, Crystals the bot can pay...).
    """
    match decision:
        case Construct():
            return _construct_ok(host, decision, options)
        case BuildShelter():
            return _shelter_ok(host, decision, options)
        case MoveRover():
            return _move_ok(host, decision)
        case PayCrystals():
            return _pay_ok(host, decision)
        case GainCrystals():
            return _gain_ok(host, decision)
        case ObtainBlueprint():
            return _obtain_ok(host, decision)
        case LearnTech():
            return _learn_ok(host, decision)
        case DevelopTech():
            return _develop_ok(host, decision)
        case Upgrade():
            return _upgrade_ok(host, decision)
        case HireScientist():
            return _hire_ok(host, decision)
        case TakeContract():
            return _contract_ok(host, decision)
        case CollectTile():
            return _collect_ok(host, decision)
        case TakeWarehouseItem():
            return _warehouse_ok(host, decision)
        case RelocateRover():
            return _relocate_ok(host, decision)
        case (
            StartingSpace()
            | RevealCard()
            | AdvanceMission()
            | PlaceColonist()
            | ActionImpossible()
            | RefillContractDisplay()
            | AdvanceProgressBot()
            | Travel()
            | Stay()
            | TakeBenefit()
            | PlaceDiscoveryTile()
            | GainShip()
            | GainBot()
            | ChooseLssReward()
            | GiveOxygen()
            | LoseBenefit()
            | SkipTurn()
        ):
            return ""
        case unreachable:
            assert_never(unreachable)


def _construct_ok(host: Board, d: Construct, options: Options) -> str:
    sites = {s.hex: s for s in legal_sites(host, d.building, options)}
    site = sites.get(d.hex)
    if site is None:
        return f"{d.hex} is not a legal {d.building.value} site"
    if site.resulting_size != d.resulting_size:
        return f"resulting size {d.resulting_size}, expected {site.resulting_size}"
    return ""


def _shelter_ok(host: Board, d: BuildShelter, options: Options) -> str:
    sites = legal_sites(host, BuildingType.SHELTER, options, owner=Owner.LACERDA)
    if host.shelters_left < 1:
        return "no Shelter left"
    return (
        ""
        if any(s.hex == d.hex for s in sites)
        else f"{d.hex} is not a legal Shelter site"
    )


def _move_ok(host: Board, d: MoveRover) -> str:
    here = host.initial_mine_hex if host.lacerda_rover is None else host.lacerda_rover
    for step in d.path:
        if step not in host.map_hexes or step not in here.neighbours():
            return f"the path leaves the map or jumps at {step}"
        here = step
    figures = {f.hex for f in host.figures} | {h for h in (host.human_rover,) if h}
    if d.path and d.path[-1] in figures:
        return f"the path ends on a figure at {d.path[-1]}"
    if len(d.path) > d.allowance + d.crystals_paid:
        return "the path is longer than the allowance plus Crystals paid"
    return ""


def _pay_ok(host: Board, d: PayCrystals) -> str:
    ok = 0 <= d.amount <= host.spendable_crystals
    return "" if ok else f"pays {d.amount}, can spend {host.spendable_crystals}"


def _gain_ok(host: Board, d: GainCrystals) -> str:
    ok = 0 <= d.kept <= min(d.requested, host.free_depot_spaces)
    return (
        ""
        if ok
        else f"keeps {d.kept} of {d.requested} with {host.free_depot_spaces} free"
    )


def _obtain_ok(host: Board, d: ObtainBlueprint) -> str:
    shown = any(s.blueprint.id == d.blueprint for s in host.blueprint_display)
    if not shown or host.free_advanced_markers < 1:
        return f"Blueprint {d.blueprint} is not on display or no marker is free"
    return ""


def _learn_ok(host: Board, d: LearnTech) -> str:
    on_grid = any(t.id == d.grid_tile for t in host.tech_grid)
    free = any(r.row == d.lab_row and r.entry_free for r in host.lab_rows)
    return (
        "" if on_grid and free else f"tile {d.grid_tile} or row {d.lab_row} unavailable"
    )


def _develop_ok(host: Board, d: DevelopTech) -> str:
    tech = next((t for t in host.lacerda_techs if t.tech is d.tech), None)
    if tech is None or tech.level != d.from_level or d.to_level != d.from_level + 1:
        return f"{d.tech.value} is not at level {d.from_level}"
    top = next(r.max_level for r in host.lab_rows if r.row == tech.row)
    return "" if d.to_level <= top else f"{d.tech.value} passes its maximum {top}"


def _upgrade_ok(host: Board, d: Upgrade) -> str:
    held = next(
        (b for b in host.lacerda_blueprints if b.blueprint.id == d.blueprint), None
    )
    if held is None or held.used:
        return f"Blueprint {d.blueprint} is not his or is used"
    ok = any(b.hex == d.hex for b in eligible_buildings(host, held))
    return "" if ok else f"the building on {d.hex} is not eligible"


def _hire_ok(host: Board, d: HireScientist) -> str:
    ok = any(
        s.slot == d.slot and s.scientist is d.scientist for s in host.scientist_display
    )
    return "" if ok else f"{d.scientist.value} is not in slot {d.slot}"


def _contract_ok(host: Board, d: TakeContract) -> str:
    ok = any(c.slot == d.slot and c.id == d.contract for c in host.contract_display)
    return "" if ok else f"Contract {d.contract} is not in slot {d.slot}"


def _collect_ok(host: Board, d: CollectTile) -> str:
    here = host.initial_mine_hex if host.lacerda_rover is None else host.lacerda_rover
    ok = any(t.tile.id == d.tile and t.hex == here for t in host.map_tiles)
    return "" if ok else f"tile {d.tile} is not under his Rover"


def _warehouse_ok(host: Board, d: TakeWarehouseItem) -> str:
    ok = any(s.item is d.item and s.units > 0 for s in host.warehouse)
    return "" if ok else f"no {d.item.value} in the Warehouse"


def _relocate_ok(host: Board, d: RelocateRover) -> str:
    ok = d.to_hex in free_hexes_nearest(host, d.from_hex)
    return "" if ok else f"{d.to_hex} is not a nearest free hex"
