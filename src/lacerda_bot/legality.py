"""Legality checks: why a decision could not be carried out on a board.

A conformance checker for hosts, simulations and property tests: it checks the
board-level preconditions of each kind of decision before it is applied.
"""

from collections.abc import Callable
from typing import Any

from lacerda_bot.board import Board
from lacerda_bot.build import legal_sites
from lacerda_bot.colony import eligible_buildings
from lacerda_bot.decisions import (
    BuildShelter,
    CollectTile,
    Construct,
    Decision,
    DevelopTech,
    GainCrystals,
    HireScientist,
    LearnTech,
    MoveRover,
    ObtainBlueprint,
    PayCrystals,
    RelocateRover,
    TakeContract,
    TakeWarehouseItem,
    Upgrade,
)
from lacerda_bot.effects import free_hexes_nearest
from lacerda_bot.model import BuildingType, Owner
from lacerda_bot.options import Options

__all__ = ["why_illegal"]


def why_illegal(host: Board, decision: Decision, options: Options) -> str:
    """Why *decision* could not be carried out on *host* (the board just before it), or ``""``.

    A conformance checker for hosts, simulations and property tests: it checks
    the board-level preconditions of each decision (a legal site, a contiguous
    Rover path, a card still on display, Crystals the bot can pay...).
    """
    check = _CHECKS.get(type(decision))
    return "" if check is None else check(host, decision, options)


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


def _move_ok(host: Board, d: MoveRover, _: Options) -> str:
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


def _pay_ok(host: Board, d: PayCrystals, _: Options) -> str:
    ok = 0 <= d.amount <= host.spendable_crystals
    return "" if ok else f"pays {d.amount}, can spend {host.spendable_crystals}"


def _gain_ok(host: Board, d: GainCrystals, _: Options) -> str:
    ok = 0 <= d.kept <= min(d.requested, host.free_depot_spaces)
    return (
        ""
        if ok
        else f"keeps {d.kept} of {d.requested} with {host.free_depot_spaces} free"
    )


def _obtain_ok(host: Board, d: ObtainBlueprint, _: Options) -> str:
    shown = any(s.blueprint.id == d.blueprint for s in host.blueprint_display)
    if not shown or host.free_advanced_markers < 1:
        return f"Blueprint {d.blueprint} is not on display or no marker is free"
    return ""


def _learn_ok(host: Board, d: LearnTech, _: Options) -> str:
    on_grid = any(t.id == d.grid_tile for t in host.tech_grid)
    free = any(r.row == d.lab_row and r.entry_free for r in host.lab_rows)
    return (
        "" if on_grid and free else f"tile {d.grid_tile} or row {d.lab_row} unavailable"
    )


def _develop_ok(host: Board, d: DevelopTech, _: Options) -> str:
    tech = next((t for t in host.lacerda_techs if t.tech is d.tech), None)
    if tech is None or tech.level != d.from_level or d.to_level != d.from_level + 1:
        return f"{d.tech.value} is not at level {d.from_level}"
    top = next(r.max_level for r in host.lab_rows if r.row == tech.row)
    return "" if d.to_level <= top else f"{d.tech.value} passes its maximum {top}"


def _upgrade_ok(host: Board, d: Upgrade, _: Options) -> str:
    held = next(
        (b for b in host.lacerda_blueprints if b.blueprint.id == d.blueprint), None
    )
    if held is None or held.used:
        return f"Blueprint {d.blueprint} is not his or is used"
    ok = any(b.hex == d.hex for b in eligible_buildings(host, held))
    return "" if ok else f"the building on {d.hex} is not eligible"


def _hire_ok(host: Board, d: HireScientist, _: Options) -> str:
    ok = any(
        s.slot == d.slot and s.scientist is d.scientist for s in host.scientist_display
    )
    return "" if ok else f"{d.scientist.value} is not in slot {d.slot}"


def _contract_ok(host: Board, d: TakeContract, _: Options) -> str:
    ok = any(c.slot == d.slot and c.id == d.contract for c in host.contract_display)
    return "" if ok else f"Contract {d.contract} is not in slot {d.slot}"


def _collect_ok(host: Board, d: CollectTile, _: Options) -> str:
    here = host.initial_mine_hex if host.lacerda_rover is None else host.lacerda_rover
    ok = any(t.tile.id == d.tile and t.hex == here for t in host.map_tiles)
    return "" if ok else f"tile {d.tile} is not under his Rover"


def _warehouse_ok(host: Board, d: TakeWarehouseItem, _: Options) -> str:
    ok = any(s.item is d.item and s.units > 0 for s in host.warehouse)
    return "" if ok else f"no {d.item.value} in the Warehouse"


def _relocate_ok(host: Board, d: RelocateRover, _: Options) -> str:
    ok = d.to_hex in free_hexes_nearest(host, d.from_hex)
    return "" if ok else f"{d.to_hex} is not a nearest free hex"


_Check = Callable[[Board, Any, Options], str]
_CHECKS: dict[type, _Check] = {
    Construct: _construct_ok,
    BuildShelter: _shelter_ok,
    MoveRover: _move_ok,
    PayCrystals: _pay_ok,
    GainCrystals: _gain_ok,
    ObtainBlueprint: _obtain_ok,
    LearnTech: _learn_ok,
    DevelopTech: _develop_ok,
    Upgrade: _upgrade_ok,
    HireScientist: _hire_ok,
    TakeContract: _contract_ok,
    CollectTile: _collect_ok,
    TakeWarehouseItem: _warehouse_ok,
    RelocateRover: _relocate_ok,
}
