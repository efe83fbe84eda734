"""Legality of the decisions that change the map: builds, upgrades, his Rover, Discovery tiles.

Each check names the first field of the decision that contradicts the board
it is applied to (:func:`lacerda_bot._board.legality.why_illegal`). The
board's own readings (legal sites, eligible buildings, the nearest free
hexes, the Discovery sites, ``steps``) are the library's, so a check follows
the rules as the decisions are made.
"""

from collections.abc import Mapping
from typing import Final

from lacerda_bot._board.board import Board
from lacerda_bot._board.paths import (
    can_use,
    discovery_sites,
    free_hexes_nearest,
    other_figure_hexes,
    rover_start,
)
from lacerda_bot._board.sites import (
    Site,
    eligible_buildings,
    legal_sites,
    qualifies,
)
from lacerda_bot._board.usable import usable_gains
from lacerda_bot._board.ways import Trip, ways
from lacerda_bot.decisions import (
    BuildShelter,
    CollectTile,
    Construct,
    MoveRover,
    PlaceDiscoveryTile,
    RelocateRover,
    Upgrade,
)
from lacerda_bot.hexmap import Hex, dist, steps_from
from lacerda_bot.model import BuildingType, Owner, TechType, TechUsed
from lacerda_bot.options import (
    ComplexTechThreshold,
    Options,
    StandaloneRule,
    UnknownGain,
)
from lacerda_bot.records import Tile

__all__ = [
    "collect_ok",
    "construct_ok",
    "discovery_ok",
    "move_ok",
    "relocate_ok",
    "shelter_ok",
    "upgrade_ok",
]

_ANY_SITE: Final = Options(
    complex_tech_threshold=ComplexTechThreshold.JOINED,
    standalone_rule=StandaloneRule.ANY,
)
"""The options that allow the most sites: with unknown options a site legal under any is."""


# --- construction -----------------------------------------------------------------


def construct_ok(host: Board, d: Construct, options: Options | None) -> str:
    """R-BUILD-2..11: a qualifying type, on a legal site, with the Tech a join needs."""
    kind = d.building
    if kind is BuildingType.SHELTER:
        return "a Shelter is built by BuildShelter, not Construct"
    if not qualifies(host, kind):
        return (
            f"{kind.value} does not qualify: its LSS marker "
            f"{host.lss_markers.level(kind)} is not below the Colony level "
            f"{host.colony_level} (R-BUILD-2)"
        )
    site, problem = _site(host, kind, d.hex, options, owner=None)
    if site is None:
        return problem
    problem = _site_fields(site, d.resulting_size, d.joined_sizes)
    problem = problem or _tech_problem(host, kind, site, d.tech_used, options)
    if problem:
        return problem
    if d.miner and kind is not BuildingType.MINE:
        return "only a Mine receives a miner (R-BUILD-11)"
    if (
        kind is BuildingType.MINE
        and options is not None
        and d.miner is not options.lacerda_places_miner
    ):
        return (
            f"miner is {d.miner} with lacerda_places_miner "
            f"{options.lacerda_places_miner} (R-BUILD-11)"
        )
    # pointer_before and pointer_after are his bot state: no board field to contradict.
    return ""


def shelter_ok(host: Board, d: BuildShelter, options: Options | None) -> str:
    """R-LEVEL-2, R-BUILD-3: one of his Shelters left, on a legal site of his Shelters."""
    if host.shelters_left < 1:
        return "no Shelter left"
    kind = BuildingType.SHELTER
    site, problem = _site(host, kind, d.hex, options, owner=Owner.LACERDA)
    if site is None:
        return problem
    problem = _site_fields(site, d.resulting_size, d.joined_sizes)
    return problem or _tech_problem(host, kind, site, d.tech_used, options)


def _site(
    host: Board,
    kind: BuildingType,
    where: Hex,
    options: Options | None,
    *,
    owner: Owner | None,
) -> tuple[Site | None, str]:
    """The legal site of *kind* on *where*, or None and why it is not one (R-BUILD-4..8)."""
    sites = legal_sites(host, kind, options or _ANY_SITE, owner=owner)
    site = next((s for s in sites if s.hex == where), None)
    if site is not None:
        return site, ""
    why = " (R-BUILD-4..8)"
    if where not in host.map_hexes:
        why = ": it is not a map hex"
    elif any(b.hex == where for b in host.buildings):
        why = ": it holds a building"
    return None, f"{where} is not a legal {kind.value} site{why}"


def _site_fields(site: Site, size: int, joined: tuple[int, ...]) -> str:
    """R-BUILD-5: the resulting size and the joined Complexes' sizes (largest first)."""
    if site.resulting_size != size:
        return f"resulting size {size}, expected {site.resulting_size}"
    if site.joined_sizes != joined:
        return f"joined sizes {joined}, expected {site.joined_sizes}"
    return ""


def _tech_problem(
    host: Board,
    kind: BuildingType,
    site: Site,
    used: TechUsed,
    options: Options | None,
) -> str:
    """R-BUILD-7, R-BUILD-10: no Tech for a stand-alone site; a join's Tech reaches it."""
    joined = sum(site.joined_sizes)
    if not joined:
        if used is TechUsed.NONE:
            return ""
        return (
            f"a stand-alone site needs no Tech, not the {used.value} one (R-BUILD-10)"
        )
    if used is TechUsed.NONE:
        return f"joining {joined} needs a Tech (R-BUILD-7)"
    if kind is BuildingType.SHELTER and used is TechUsed.HUMAN:
        return "only his own Shelter Tech joins his Shelters (R-BUILD-7)"
    resulting = (
        options is not None
        and options.complex_tech_threshold is ComplexTechThreshold.RESULTING
    )
    need = joined + (1 if resulting else 0)
    tech = TechType.for_building(kind)
    own = used is TechUsed.OWN
    techs = host.lacerda_techs if own else host.human_techs
    level = max((t.level for t in techs if t.tech is tech), default=0)
    if level >= need:
        return ""
    whose = "his" if own else "the human's"
    return f"{whose} {tech.value} Tech level {level} does not reach {need} (R-BUILD-7)"


def upgrade_ok(host: Board, d: Upgrade) -> str:
    """R-COLONY-3, R-COLONY-4, R-BUILD-12: his unused Blueprint on an eligible building."""
    held = next(
        (b for b in host.lacerda_blueprints if b.blueprint.id == d.blueprint), None
    )
    if held is None:
        return f"Blueprint {d.blueprint} is not his"
    if held.used:
        return f"Blueprint {d.blueprint} is used"
    target = next((b for b in host.buildings if b.hex == d.hex), None)
    if target is None:
        return f"no building on {d.hex}"
    if not any(b.hex == d.hex for b in eligible_buildings(host, held)):
        card = held.blueprint
        if target.type is not card.building:
            return (
                f"the building on {d.hex} is a {target.type.value}, Blueprint "
                f"{d.blueprint} upgrades a {card.building.value}"
            )
        if target.upgraded_by is not None:
            return f"the building on {d.hex} is already upgraded"
        if target.owner not in (None, Owner.LACERDA):
            return f"the Shelter on {d.hex} is not his (R-BUILD-12)"
        return f"the building on {d.hex} is in a Complex of fewer than 3 (R-BUILD-12)"
    if d.tech_used is TechUsed.NONE:
        return ""
    capacity = (
        host.own_upgrade_capacity
        if d.tech_used is TechUsed.OWN
        else host.human_upgrade_capacity
    )
    if capacity >= 2:
        return ""
    whose = "his" if d.tech_used is TechUsed.OWN else "the human's"
    return f"{whose} Upgrade Tech allows no second upgrade (R-COLONY-4)"


def relocate_ok(host: Board, d: RelocateRover) -> str:
    """R-BUILD-4: his Rover, on the hex just built on, to a nearest free hex."""
    rover = host.lacerda_rover
    if rover is None:
        return "his Rover is off the map: nothing displaces it"
    if d.from_hex != rover:
        return f"his Rover is on {rover}, not {d.from_hex}"
    if not any(b.hex == rover for b in host.buildings):
        return f"no building on {rover} displaces his Rover (R-BUILD-4)"
    if d.to_hex not in free_hexes_nearest(host, rover):
        return f"{d.to_hex} is not a nearest free hex"
    return ""


# --- the Rover ----------------------------------------------------------------------


def move_ok(host: Board, d: MoveRover, options: Options | None = None) -> str:
    """R-ROVER-2..7: a shortest path toward a tile he may target, cut where the rules cut it.

    *host* is the board just before the move, so after its movement payment:
    the tile's cost is checked against what he can still spend, and his use of
    it (R-ROVER-2) on that board, which frees Depot spaces and so may only let
    more through; without *options*, what an option decides is let through.
    """
    if d.allowance < 0 or d.crystals_paid < 0:
        return (
            f"allowance {d.allowance} and Crystals paid {d.crystals_paid} must be >= 0"
        )
    placed = next((t for t in host.map_tiles if t.tile.id == d.target), None)
    if placed is None:
        return f"target tile {d.target} is not on the map"
    figures = other_figure_hexes(host)
    if placed.hex in figures:
        return f"another figure stands on target tile {d.target} (R-ROVER-2)"
    problem = _target_problem(host, placed.tile, options)
    if problem:
        return problem
    start = rover_start(host)
    from_target = steps_from(host.map_hexes, placed.hex)
    total = from_target.get(start)
    if total is None:
        return f"no path over the map reaches tile {d.target}"
    problem = _path_problem(host, d, start, from_target, total)
    if problem:
        return problem
    end = d.path[-1] if d.path else start
    if d.path and end in figures:
        return f"the path ends on a figure at {end}"
    reached = end == placed.hex
    if d.reached is not reached:
        where = "on" if reached else f"at {end}, not on"
        return f"reached is {d.reached}, but the path ends {where} tile {d.target}"
    problem = _paid_problem(d, reached)
    if not problem and not reached:
        reach = min(d.allowance, total) - len(d.path)
        if not _figures_ahead(end, reach, figures, from_target):
            problem = (
                f"he stops at {end}, short of the farthest hex within his allowance "
                "that holds no other figure (R-ROVER-6)"
            )
    return (
        problem
        or _crystals_problem(host, d)
        or _ways_problem(host, d, placed.hex, total)
        or _rover_tech_problem(host, d)
    )


_ANY_OPTIONS: Final = Options(
    unknown_gain=UnknownGain.ERROR, blueprint_fallback_any_type=True
)
"""The options under which a tile is usable if it is under any (R-ROVER-2)."""


def _target_problem(host: Board, tile: Tile, options: Options | None) -> str:
    """R-ROVER-2: why he could not head for *tile* ("" if he could)."""
    if not tile.requirement_met:
        return f"he does not meet the requirement of tile {tile.id} (R-ROVER-2)"
    if tile.crystal_cost > host.spendable_crystals:
        return (
            f"tile {tile.id} costs {tile.crystal_cost} Crystals, he can spend "
            f"{host.spendable_crystals} (R-ROVER-2)"
        )
    if not can_use(tile, usable_gains(host, options or _ANY_OPTIONS)):
        return f"he could take none of the benefits of tile {tile.id} (R-ROVER-2)"
    return ""


def _ways_problem(host: Board, d: MoveRover, target: Hex, total: int) -> str:
    """R-ROVER-6: the path ends as near the target, and keeps as many Crystals, as the best."""
    length = total if d.reached else min(d.allowance, total)
    trip = Trip(
        map_hexes=host.map_hexes,
        start=rover_start(host),
        target=target,
        length=length,
        figures=other_figure_hexes(host),
        crystals=host.crystal_hexes,
    )
    room = host.free_depot_spaces
    best = ways(trip, room=room)
    if len(d.path) != best.moved:
        return (
            f"the path enters {len(d.path)} hexes; a way ending nearer the target "
            f"enters {best.moved} (R-ROVER-6)"
        )
    kept = min(len(d.crystal_hexes), room)
    if kept != min(best.most, room):
        return (
            f"the path keeps {kept} Crystals; another shortest path keeps "
            f"{min(best.most, room)} (R-ROVER-6)"
        )
    return ""


def _path_problem(
    host: Board, d: MoveRover, start: Hex, from_target: Mapping[Hex, int], total: int
) -> str:
    """R-ROVER-6: each hex entered is a map hex next to the last, one step nearer the target."""
    here = start
    for i, step in enumerate(d.path):
        if step not in host.map_hexes or step not in here.neighbours():
            return f"the path leaves the map or jumps at {step}"
        away, wanted = from_target.get(step), total - i - 1
        if away != wanted:
            return (
                f"the path is not a shortest path to tile {d.target}: {step} is "
                f"{away} steps from it, not {wanted} (R-ROVER-6)"
            )
        here = step
    return ""


def _paid_problem(d: MoveRover, reached: bool) -> str:
    """R-ROVER-5: he pays only to reach the target, one Crystal per hex past the allowance."""
    moved = len(d.path)
    if moved > d.allowance + d.crystals_paid:
        return "the path is longer than the allowance plus Crystals paid"
    if not d.crystals_paid:
        return ""
    if not reached:
        return f"pays {d.crystals_paid} Crystals to move but does not reach the target (R-ROVER-5)"
    if moved != d.allowance + d.crystals_paid:
        extra = moved - d.allowance
        return f"pays {d.crystals_paid} Crystals for {extra} hexes past the allowance (R-ROVER-5)"
    return ""


def _figures_ahead(
    end: Hex, count: int, figures: frozenset[Hex], from_target: Mapping[Hex, int]
) -> bool:
    """Whether *count* hexes of figures lie on a shortest path onward from *end* (R-ROVER-6).

    Stopping short, he stops on the farthest hex within his allowance that
    holds no other figure: every hex past his stop, up to the allowance, holds one.
    """
    frontier = {end}
    for _ in range(count):
        frontier = {
            n
            for h in frontier
            for n in h.neighbours()
            if n in figures and from_target.get(n) == from_target[h] - 1
        }
        if not frontier:
            return False
    return True


def _crystals_problem(host: Board, d: MoveRover) -> str:
    """R-ROVER-7: the Crystal hexes are exactly the path's hexes holding one, in path order."""
    crystals = host.crystal_hexes
    entered = tuple(h for h in d.path if h in crystals)
    if d.crystal_hexes == entered:
        return ""
    on_path = set(d.path)
    for h in d.crystal_hexes:
        if h not in on_path:
            return f"Crystal hex {h} is not on the path"
        if h not in crystals:
            return f"no Crystal on {h}"
    missed = next((h for h in entered if h not in d.crystal_hexes), None)
    if missed is not None:
        return f"the path enters the Crystal on {missed}, which crystal_hexes leaves out (R-ROVER-7)"
    return "crystal_hexes are not the path's Crystal hexes, once each in path order"


def _rover_tech_problem(host: Board, d: MoveRover) -> str:
    """R-ROVER-4: the Rover Tech he used exists."""
    rover = TechType.ROVER
    if d.tech_used is TechUsed.OWN and not any(
        t.tech is rover for t in host.lacerda_techs
    ):
        return "he has no Rover Tech"
    if d.tech_used is TechUsed.HUMAN and not any(
        t.tech is rover and t.level > 0 for t in host.human_techs
    ):
        return "the human has no Rover Tech"
    return ""


def collect_ok(host: Board, d: CollectTile) -> str:
    """R-ROVER-9: the tile under his Rover, at its own cost, whose requirement he meets."""
    placed = next((t for t in host.map_tiles if t.tile.id == d.tile), None)
    if placed is None:
        return f"tile {d.tile} is not under his Rover: it is not on the map"
    here = rover_start(host)
    if placed.hex != here:
        return (
            f"tile {d.tile} is not under his Rover: it is on {placed.hex}, he on {here}"
        )
    tile = placed.tile
    if d.crystal_cost != tile.crystal_cost:
        return f"tile {d.tile} costs {tile.crystal_cost} Crystals, not {d.crystal_cost}"
    if not tile.requirement_met:
        return f"he does not meet the requirement of tile {d.tile} (R-ROVER-2)"
    return ""


# --- Discovery tiles ------------------------------------------------------------------


def discovery_ok(host: Board, d: PlaceDiscoveryTile, options: Options | None) -> str:
    """R-SHUTTLE-6: the leftmost Discovery tile on a Discovery site, or none if none can go."""
    tiles = host.exploration_tiles
    if d.tile is None:
        if d.hex is not None:
            return f"a hex ({d.hex}) but no Discovery tile"
        if tiles:
            return f"Discovery tile {tiles[0].id} is left, but none is placed (R-SHUTTLE-6)"
        return ""
    if not tiles:
        return f"no Discovery tile is left, not {d.tile}"
    if d.tile != tiles[0].id:
        return (
            f"Discovery tile {d.tile} is not the leftmost, {tiles[0].id} (R-SHUTTLE-6)"
        )
    variants = (
        (options,)
        if options is not None
        else tuple(Options(discovery_site_allows_crystal=b) for b in (False, True))
    )
    found = [discovery_sites(host, o).sites for o in variants]
    sites = {h for each in found for h in each}
    if d.hex is None:
        # without the options, nothing placed is refused only if every option set
        # has a site (a Crystal's hex is a site only with discovery_site_allows_crystal)
        if all(found):
            first = min(found[0], key=lambda h: (h.r, h.q))
            return f"{first} is a Discovery site, but nothing is placed (R-SHUTTLE-6)"
        return ""
    if d.hex in sites:
        return ""
    return f"{d.hex} is not a Discovery site: {_why_no_site(host, d.hex)} (R-SHUTTLE-6)"


def _why_no_site(host: Board, where: Hex) -> str:
    """Why *where* is not one of the Discovery sites, in the order of R-SHUTTLE-6."""
    if where not in host.map_hexes:
        return "it is not a map hex"
    away = dist(rover_start(host), where)
    if away != 3:
        return f"it is {away} from his Rover, not 3"
    taken = {b.hex for b in host.buildings} | {t.hex for t in host.map_tiles}
    taken |= other_figure_hexes(host)
    if where in taken or where == host.lacerda_rover:
        return "it is not empty"
    if where in host.crystal_hexes:
        return "it holds a Crystal"
    return "others are farther from the human's Rover"
