"""Distances on a board: Rover targets, available hexes and Discovery sites.

Rover targets (R-ROVER-2, R-ROVER-3), the nearest available hexes
(R-BUILD-4) and the Discovery sites (R-SHUTTLE-6): how a board answers the
facts about places. The ways toward a target are :mod:`~lacerda_bot._board.ways`;
the engine decides the move (:mod:`lacerda_bot._rules.rover`).
"""

import enum
from collections.abc import Callable, Collection
from typing import Final, Protocol, final

import attrs

from lacerda_bot._dominance import amounts
from lacerda_bot._dominance import dominates as _dominates
from lacerda_bot._enum import IdentityEnum
from lacerda_bot.hexmap import (
    Hex,
    dist,
    map_index,
    ring,
    steps_from,
)
from lacerda_bot.host import MapView, TechView, TileView
from lacerda_bot.model import Gain
from lacerda_bot.options import Options
from lacerda_bot.records import MapTile, Tile
from lacerda_bot.trace import Removal

__all__ = [
    "DiscoverySites",
    "DiscoveryView",
    "RoverView",
    "Target",
    "discovery_sites",
    "dominates",
    "eligible_tiles",
    "free_hexes_nearest",
    "ineligible_tiles",
    "nearest_eligible",
    "nearest_tiles",
    "other_figure_hexes",
    "rover_start",
]


class RoverView(MapView, TileView, TechView, Protocol):
    """What Rover planning reads: the map, the tiles and the Rover Techs."""


def rover_start(view: MapView) -> Hex:
    """Where his Rover counts as standing: its hex, or the initial-Mine hex if off-map (§0)."""
    return view.initial_mine_hex if view.lacerda_rover is None else view.lacerda_rover


def other_figure_hexes(view: MapView) -> frozenset[Hex]:
    """Hexes holding a figure other than his Rover (spec §0).

    The figures the host lists, the human's Rover, and every upgraded
    building: its Advanced Building marker is a figure (1.3), whether or not
    the host also lists it, so his own Upgrade counts at once in the working
    copy.
    """
    hexes = {f.hex for f in view.figures}
    hexes.update(b.hex for b in view.buildings if b.upgraded_by is not None)
    if view.human_rover is not None:
        hexes.add(view.human_rover)
    return frozenset(hexes)


CanTake = Callable[[Gain], bool]
"""Whether he could carry out a gain now (R-ROVER-2; see :mod:`~lacerda_bot._board.usable`)."""


def can_use(tile: Tile, can_take: CanTake) -> bool:
    """R-ROVER-2: whether at least one gain of *tile*'s reward could be carried out now."""
    for gain in tile.reward:  # noqa: SIM110 - a loop: no generator for 1 or 2 gains
        if can_take(gain):
            return True
    return False


@final
@attrs.frozen(kw_only=True)
class Target:
    """An eligible tile and its ``steps`` from his Rover."""

    tile: MapTile
    steps: int


def eligible_tiles(
    view: RoverView, spendable: int, can_take: CanTake
) -> tuple[Target, ...]:
    """R-ROVER-2: the tiles his Rover may head for, with their ``steps``.

    Eligible: he can use it (*can_take* one of its gains, :func:`can_use`),
    its requirement is met, its Crystal cost is within *spendable*, no other
    figure stands on its hex, and a path over map hexes reaches it.
    :func:`ineligible_tiles` says why each other tile is not. The cheap tests
    come first here (a tile's use is tested only if it passes them), so only
    the trace's reason follows the rule's order.
    """
    return tuple(
        t for t in _within_reach(view, spendable) if can_use(t.tile.tile, can_take)
    )


def nearest_eligible(
    view: RoverView, spendable: int, can_take: CanTake
) -> tuple[Target, ...]:
    """R-ROVER-2, R-ROVER-3: the eligible tiles with the fewest steps (canonical order).

    :func:`eligible_tiles` cut to its nearest, testing a tile's use only
    until the nearest tiles he can use are found (the farther tiles' use is
    not read).
    """
    near = sorted(_within_reach(view, spendable), key=lambda t: t.steps)  # stable
    found: list[Target] = []
    for target in near:
        if found and target.steps > found[0].steps:
            break
        if can_use(target.tile.tile, can_take):
            found.append(target)
    return tuple(found)


def _within_reach(view: RoverView, spendable: int) -> list[Target]:
    """The tiles passing R-ROVER-2's tests other than his use of them, canonical order."""
    steps = _steps_to(view)
    figures = other_figure_hexes(view)
    targets: list[Target] = []
    for placed in view.map_tiles:
        tile = placed.tile
        if not tile.requirement_met or tile.crystal_cost > spendable:
            continue
        away = steps(placed.hex)
        if away is None or placed.hex in figures:
            continue
        targets.append(Target(tile=placed, steps=away))
    return targets


def ineligible_tiles(
    view: RoverView, spendable: int, can_take: CanTake
) -> tuple[Removal, ...]:
    """R-ROVER-2's removals: each tile :func:`eligible_tiles` leaves out, and why.

    Only a trace reads them, so they are found apart (and only when read).
    The reason is the first the rule names.
    """
    steps = _steps_to(view)
    figures = other_figure_hexes(view)
    removed: list[Removal] = []
    for placed in view.map_tiles:
        tile = placed.tile
        why = _ineligible(
            tile, placed.hex, spendable, figures, steps(placed.hex), can_take
        )
        if why is not None:
            reason = _WHY_INELIGIBLE[why].format(
                cost=tile.crystal_cost, spendable=spendable
            )
            removed.append(Removal(option=tile.id, rule="R-ROVER-2", reason=reason))
    return tuple(removed)


def _steps_to(view: MapView) -> Callable[[Hex], int | None]:
    """``steps`` from his Rover to a hex, None where it does not reach (R-ROVER-2).

    On a ``frozenset`` map with his Rover on it, the search runs on ranks
    (:class:`~lacerda_bot.hexmap.RankedMap`); otherwise on ``Hex`` values.
    """
    start = rover_start(view)
    hexes = view.map_hexes
    if type(hexes) is frozenset:
        ranked = map_index(hexes).ranked()
        rank = ranked.rank
        here = rank.get((start.q, start.r))
        if here is not None:
            by_rank = ranked.steps_from(here)

            def ranked_steps(h: Hex) -> int | None:
                i = rank.get((h.q, h.r))
                return None if i is None else by_rank[i]

            return ranked_steps
    return steps_from(frozenset(hexes), start).get


class _Ineligible(IdentityEnum):
    """Why a tile is not eligible (R-ROVER-2), in the order the rule checks."""

    UNUSABLE = enum.auto()
    REQUIREMENT = enum.auto()
    COST = enum.auto()
    FIGURE = enum.auto()
    UNREACHED = enum.auto()


_WHY_INELIGIBLE: Final = {
    _Ineligible.UNUSABLE: "he could take none of its benefits now",
    _Ineligible.REQUIREMENT: "he does not meet its requirement",
    _Ineligible.COST: "costs {cost} Crystals, he can spend {spendable}",
    _Ineligible.FIGURE: "another figure stands on it",
    _Ineligible.UNREACHED: "no path over the map reaches it",
}


def _ineligible(
    tile: Tile,
    where: Hex,
    spendable: int,
    figures: Collection[Hex],
    steps: int | None,
    can_take: CanTake,
) -> _Ineligible | None:
    """R-ROVER-2: the first reason *tile* is not eligible, or None when it is."""
    if not can_use(tile, can_take):
        return _Ineligible.UNUSABLE
    if not tile.requirement_met:
        return _Ineligible.REQUIREMENT
    if tile.crystal_cost > spendable:
        return _Ineligible.COST
    if where in figures:
        return _Ineligible.FIGURE
    if steps is None:
        return _Ineligible.UNREACHED
    return None


def dominates(a: Tile, b: Tile) -> bool:
    """R-TIE-1: whether *a* is clearly better than *b* (dominance over cost and gains).

    *a* dominates *b* when it costs no more Crystals, gives at least as much
    of every gain (same kind and target, counted by n), and costs less or
    gives more of some gain. Different gain kinds are never weighed against
    each other.

    Note:
        A gain *a* gives and *b* does not counts as "more" of it. ``RESOURCES``
        gains count for nothing: he never takes Resources (T6, as R-ROVER-2
        reads a Resources-only tile).

    >>> from lacerda_bot.model import GainKind, HostId, TileKind
    >>> def research(cost: int, *gains: Gain) -> Tile:
    ...     return Tile(id=HostId("t"), kind=TileKind.RESEARCH, crystal_cost=cost,
    ...                 reward=gains)
    >>> two, one = Gain(kind=GainKind.CRYSTALS, n=2), Gain(kind=GainKind.CRYSTALS)
    >>> dominates(research(0, two), research(1, one))
    True
    >>> dominates(research(0, two), research(0, Gain(kind=GainKind.TECH)))
    False
    """
    return _dominates(
        a.crystal_cost, amounts(a.reward), b.crystal_cost, amounts(b.reward)
    )


def nearest_tiles(
    targets: tuple[Target, ...],
) -> tuple[tuple[Target, ...], tuple[Removal, ...]]:
    """R-ROVER-3: the eligible tiles with the fewest steps that no other one dominates.

    Among the equally near tiles, a tile another one dominates (R-TIE-1,
    :func:`dominates`) is removed without a tie-break; the rest keep the
    canonical order of *targets*. Also returns the removals, each naming the
    first tile (in that order) that dominates it.
    """
    if not targets:
        return (), ()
    best = min(t.steps for t in targets)
    near = [t for t in targets if t.steps == best]
    if len(near) == 1:  # most moves: a tile never dominates itself
        return (near[0],), ()
    # each tile's gains counted once, not once per pair (as dominates would)
    weighed = [
        (t.tile.tile, t.tile.tile.crystal_cost, amounts(t.tile.tile.reward))
        for t in near
    ]
    kept: list[Target] = []
    removed: list[Removal] = []
    for target, (tile, cost, gives) in zip(near, weighed, strict=True):
        better = next(
            (o for o, c, more in weighed if _dominates(c, more, cost, gives)), None
        )
        if better is None:
            kept.append(target)
        else:
            reason = (
                f"tile {better.id} is as near and clearly better (R-TIE-1: costs no "
                "more Crystals, gives at least as much of every gain, better in one)"
            )
            removed.append(Removal(option=tile.id, rule="R-ROVER-3", reason=reason))
    return tuple(kept), tuple(removed)


def available_hexes(view: "DiscoveryView") -> frozenset[Hex]:
    """R-BUILD-4: the map hexes a displaced figure may go to.

    An empty hex (no building, tile, Crystal or figure) or a building with no
    figure on it (an upgraded building holds its marker, a figure, §0).
    """
    figures = other_figure_hexes(view)
    if view.lacerda_rover is not None:
        figures |= {view.lacerda_rover}
    built = {b.hex for b in view.buildings}
    cluttered = {t.hex for t in view.map_tiles} | set(view.crystal_hexes)
    return frozenset(
        h
        for h in view.map_hexes
        if h not in figures and (h in built or h not in cluttered)
    )


def free_hexes_nearest(view: "DiscoveryView", start: Hex) -> tuple[Hex, ...]:
    """The available hexes (:func:`available_hexes`) nearest *start* by ``steps`` (R-BUILD-4).

    Returned in canonical order; empty when no such hex is reachable.
    """
    available = available_hexes(view)
    map_hexes = frozenset(view.map_hexes)
    index = map_index(map_hexes)
    here = index.ranked().rank.get((start.q, start.r))
    if here is None:  # off the map: no map path leads anywhere from there
        return ()
    ranked = [
        (d, h)
        for h, d in zip(index.order, index.ranked().steps_from(here), strict=True)
        if d is not None and h in available
    ]
    if not ranked:
        return ()
    nearest = min(d for d, _ in ranked)
    return tuple(h for d, h in ranked if d == nearest)


@final
@attrs.frozen(kw_only=True)
class DiscoverySites:
    """R-SHUTTLE-6: the hexes a Discovery tile may go on, best first, and their distances."""

    sites: tuple[Hex, ...]
    """Empty hexes at dist 3 from his Rover farthest from the human's, canonical order."""
    distance: int
    """Their ``dist`` from the human's Rover (0 when there is none)."""


class DiscoveryView(MapView, TileView, Protocol):
    """What Discovery placement reads: the map and the tiles on it."""


def discovery_sites(view: DiscoveryView, options: Options) -> DiscoverySites:
    """R-SHUTTLE-6: empty hexes at ``dist`` exactly 3 from his Rover, farthest from the human's.

    Empty: no building, tile or figure (either Rover included), and no Crystal
    unless ``discovery_site_allows_crystal``. Off-map Rovers stand on the
    initial-Mine hex.
    """
    mine = view.initial_mine_hex
    his = mine if view.lacerda_rover is None else view.lacerda_rover
    human = mine if view.human_rover is None else view.human_rover
    taken = {b.hex for b in view.buildings} | {t.hex for t in view.map_tiles}
    taken |= {f.hex for f in view.figures} | {
        h for h in (view.lacerda_rover, view.human_rover) if h
    }
    if not options.discovery_site_allows_crystal:
        taken |= set(view.crystal_hexes)
    on_map = set(view.map_hexes)
    empty = [h for h in ring(his, 3) if h in on_map and h not in taken]
    if not empty:
        return DiscoverySites(sites=(), distance=0)
    far = max(dist(h, human) for h in empty)
    return DiscoverySites(
        sites=tuple(h for h in empty if dist(h, human) == far), distance=far
    )
