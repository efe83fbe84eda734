"""Distances on a board: Rover targets and paths, free hexes and Discovery sites.

Rover targets and paths (R-ROVER-2..7), the nearest free hexes (R-BUILD-4)
and the Discovery sites (R-SHUTTLE-6). How a board answers the facts about places; the engine decides the move
(:mod:`lacerda_bot._rules.rover`).
"""

import enum
from collections.abc import Callable, Collection, Iterable
from typing import Final, Protocol, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot.hexmap import (
    Hex,
    RankedMap,
    canonical,
    dist,
    map_index,
    ring,
    steps_from,
)
from lacerda_bot.host import MapView, TechView, TileView
from lacerda_bot.model import BuildingType, Gain, GainKind
from lacerda_bot.options import Options
from lacerda_bot.records import MapTile, Tile
from lacerda_bot.trace import Removal

__all__ = [
    "DiscoverySites",
    "DiscoveryView",
    "PathOption",
    "RoverView",
    "Target",
    "discovery_sites",
    "dominates",
    "eligible_tiles",
    "free_hexes_nearest",
    "gives_something",
    "ineligible_tiles",
    "nearest_tiles",
    "other_figure_hexes",
    "path_options",
    "rover_start",
    "sole_path_option",
]


class RoverView(MapView, TileView, TechView, Protocol):
    """What Rover planning reads: the map, the tiles and the Rover Techs."""


def rover_start(view: MapView) -> Hex:
    """Where his Rover counts as standing: its hex, or the initial-Mine hex if off-map (§0)."""
    return view.initial_mine_hex if view.lacerda_rover is None else view.lacerda_rover


def other_figure_hexes(view: MapView) -> frozenset[Hex]:
    """Hexes holding a figure other than his Rover (spec §0)."""
    hexes = {f.hex for f in view.figures}
    if view.human_rover is not None:
        hexes.add(view.human_rover)
    return frozenset(hexes)


def gives_something(tile: Tile) -> bool:
    """False when every gain of the tile's reward is ``RESOURCES`` (R-ROVER-2)."""
    resources = GainKind.RESOURCES
    for gain in tile.reward:  # noqa: SIM110 - a loop: no generator for 1 or 2 gains
        if gain.kind is not resources:
            return True
    return False


@final
@attrs.frozen(kw_only=True)
class Target:
    """An eligible tile and its ``steps`` from his Rover."""

    tile: MapTile
    steps: int


def eligible_tiles(view: RoverView, spendable: int) -> tuple[Target, ...]:
    """R-ROVER-2: the tiles his Rover may head for, with their ``steps``.

    Eligible: gives him something, requirement met, Crystal cost within
    *spendable*, no other figure on its hex, and reachable over map hexes.
    :func:`ineligible_tiles` says why each other tile is not.
    """
    steps = _steps_to(view)
    figures = other_figure_hexes(view)
    targets: list[Target] = []
    for placed in view.map_tiles:
        away = steps(placed.hex)
        if _ineligible(placed.tile, placed.hex, spendable, figures, away) is None:
            assert away is not None  # reached: it would be ineligible otherwise
            targets.append(Target(tile=placed, steps=away))
    return tuple(targets)


def ineligible_tiles(view: RoverView, spendable: int) -> tuple[Removal, ...]:
    """R-ROVER-2's removals: each tile :func:`eligible_tiles` leaves out, and why.

    Only a trace reads them, so they are found apart (and only when read).
    """
    steps = _steps_to(view)
    figures = other_figure_hexes(view)
    removed: list[Removal] = []
    for placed in view.map_tiles:
        tile = placed.tile
        why = _ineligible(tile, placed.hex, spendable, figures, steps(placed.hex))
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

    NOTHING = enum.auto()
    REQUIREMENT = enum.auto()
    COST = enum.auto()
    FIGURE = enum.auto()
    UNREACHED = enum.auto()


_WHY_INELIGIBLE: Final = {
    _Ineligible.NOTHING: "its reward gives him nothing (Resources only)",
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
) -> _Ineligible | None:
    """R-ROVER-2: the first reason *tile* is not eligible, or None when it is."""
    if not gives_something(tile):
        return _Ineligible.NOTHING
    if not tile.requirement_met:
        return _Ineligible.REQUIREMENT
    if tile.crystal_cost > spendable:
        return _Ineligible.COST
    if where in figures:
        return _Ineligible.FIGURE
    if steps is None:
        return _Ineligible.UNREACHED
    return None


_GainKey = tuple[GainKind, BuildingType | None, str]


def _amounts(gains: Iterable[Gain]) -> dict[_GainKey, int]:
    """How much of each gain, by kind and target, counted by n; Resources count for nothing.

    A plain dict that holds no zero amount (a gain of 0 adds nothing), so two
    compare equal exactly when they give the same (a ``Counter`` compares in
    Python).
    """
    amounts: dict[_GainKey, int] = {}
    for gain in gains:
        if gain.kind is GainKind.RESOURCES or not gain.n:  # nothing for him (T6)
            continue
        # an unknown gain's target is the host's description of it
        words = gain.description if gain.kind is GainKind.OTHER else ""
        key = (gain.kind, gain.building, words)
        amounts[key] = amounts.get(key, 0) + gain.n
    return amounts


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

    >>> from lacerda_bot.model import HostId, TileKind
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
        a.crystal_cost, _amounts(a.reward), b.crystal_cost, _amounts(b.reward)
    )


def _dominates(
    cost: int, more: dict[_GainKey, int], other_cost: int, less: dict[_GainKey, int]
) -> bool:
    """:func:`dominates` on the tiles' costs and gain amounts (:func:`_amounts`)."""
    if cost > other_cost:
        return False
    if any(more.get(key, 0) < n for key, n in less.items()):
        return False
    return cost < other_cost or more != less


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
        (t.tile.tile, t.tile.tile.crystal_cost, _amounts(t.tile.tile.reward))
        for t in near
    ]
    kept: list[Target] = []
    removed: list[Removal] = []
    for target, (tile, cost, amounts) in zip(near, weighed, strict=True):
        better = next(
            (o for o, c, more in weighed if _dominates(c, more, cost, amounts)), None
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


@final
@attrs.frozen(kw_only=True)
class PathOption:
    """One distinct outcome of moving toward the target (R-ROVER-6, R-ROVER-7)."""

    path: tuple[Hex, ...]
    """Hexes entered, in order (empty: he stays)."""
    crystal_hexes: tuple[Hex, ...]
    """Entered hexes holding a Crystal, in path order."""


_State = tuple[Hex, Hex | None, frozenset[Hex], frozenset[Hex]]


def path_options(
    map_hexes: frozenset[Hex],
    start: Hex,
    target: Hex,
    *,
    length: int,
    figures: frozenset[Hex],
    crystals: frozenset[Hex],
) -> tuple[PathOption, ...]:
    """Distinct outcomes of the shortest paths from *start* to *target*, cut at *length*.

    Along each path he stops on the farthest hex within *length* that holds no
    other figure (R-ROVER-6). Two paths with the same stop hex and the same
    Crystal hexes entered are one outcome, represented by the first path in
    canonical (lexicographic) order (R-TIE-1). Outcomes come in that path order.
    A layered search over the shortest-path graph keeps, per state, only the
    first path reaching it, so paths are never listed one by one.
    """
    ranked = map_index(map_hexes).ranked() if type(map_hexes) is frozenset else None
    if ranked is None:
        return _path_options(map_hexes, start, target, length, figures, crystals)
    rank = ranked.rank
    here, there = rank.get((start.q, start.r)), rank.get((target.q, target.r))
    if here is None or there is None:  # off the map: on Hex values
        return _path_options(map_hexes, start, target, length, figures, crystals)
    total = ranked.steps_from(there)[here]
    if total is None or length == 0:
        return (PathOption(path=(), crystal_hexes=()),)
    figure_ranks, crystal_ranks = _ranks(rank, figures), _ranks(rank, crystals)
    layer = _ranked_layers(
        ranked, (here, there, total, length), figure_ranks, crystal_ranks
    )
    order = map_index(map_hexes).order
    return tuple(
        PathOption(
            path=tuple(order[i] for i in entered),
            crystal_hexes=tuple(order[i] for i in entered if i in kept),
        )
        for entered, kept in _outcomes(layer)
    )


def sole_path_option(
    map_hexes: frozenset[Hex],
    start: Hex,
    target: Hex,
    *,
    length: int,
    figures: frozenset[Hex],
    crystals: frozenset[Hex],
) -> PathOption | None:
    """:func:`path_options`' one outcome when no search is needed; None otherwise.

    When he reaches the target (*length* is its ``steps``), no other figure
    stands on it and no Crystal lies on any shortest path within reach, every
    path stops on the target having entered no Crystal: one outcome (R-ROVER-6,
    R-ROVER-7), represented by the first shortest path in canonical order
    (R-TIE-1). That path is built step by step, each step the first hex one
    step nearer. Most Rover moves are such; the others (and a map that is not
    a ``frozenset``, or a start off it) are left to :func:`path_options`.
    """
    if type(map_hexes) is not frozenset or target in figures:
        return None
    ranked = map_index(map_hexes).ranked()
    rank = ranked.rank
    here, there = rank.get((start.q, start.r)), rank.get((target.q, target.r))
    if here is None or there is None:
        return None
    from_target = ranked.steps_from(there)
    total = from_target[here]
    if not total or length != total:  # unreached, he stands on it, or stops short
        return None
    from_start = ranked.steps_from(here)
    for crystal in _ranks(rank, crystals):
        away, left = from_start[crystal], from_target[crystal]
        if away and left is not None and away + left == total:
            return None  # a shortest path enters it, at step away (<= total)
    neighbours, path = ranked.neighbours, []
    for wanted in range(total - 1, -1, -1):
        here = min(n for n in neighbours[here] if from_target[n] == wanted)
        path.append(here)
    order = map_index(map_hexes).order
    return PathOption(path=tuple(order[i] for i in path), crystal_hexes=())


def _ranks(rank: dict[tuple[int, int], int], hexes: Iterable[Hex]) -> frozenset[int]:
    """The ranks of those of *hexes* on the map."""
    pairs = [(h.q, h.r) for h in hexes]
    return frozenset(rank[p] for p in pairs if p in rank)


_Ranked = tuple[int, int | None, frozenset[int], frozenset[int]]
_EMPTY: frozenset[int] = frozenset()


def _ranked_layers(
    ranked: RankedMap,
    trip: tuple[int, int, int, int],
    figures: frozenset[int],
    crystals: frozenset[int],
) -> dict[_Ranked, tuple[int, ...]]:
    """:func:`path_options`' layered search on ranks: its last layer.

    *trip* is the start's rank, the target's, the ``steps`` between them and the
    length. A tuple of ranks compares as the tuple of its hexes in canonical
    order, so the first path to a state is the same path (R-TIE-1).
    """
    start, target, total, length = trip
    from_target = ranked.steps_from(target)
    neighbours = ranked.neighbours
    # state: (hex, stop hex or None, Crystals entered up to the stop, Crystals after it)
    layer: dict[_Ranked, tuple[int, ...]] = {(start, None, _EMPTY, _EMPTY): (start,)}
    for i in range(1, length + 1):
        wanted = total - i
        nxt: dict[_Ranked, tuple[int, ...]] = {}
        for (here, stop, kept, pending), path in layer.items():
            for step in neighbours[here]:
                if from_target[step] != wanted:
                    continue
                found = frozenset((step,)) if step in crystals else _EMPTY
                state: _Ranked
                if step in figures:
                    state = (step, stop, kept, pending | found)
                else:
                    state = (step, step, kept | pending | found, _EMPTY)
                candidate = (*path, step)
                known = nxt.get(state)
                if known is None or candidate < known:
                    nxt[state] = candidate
        layer = nxt
    return layer


def _outcomes(
    layer: dict[_Ranked, tuple[int, ...]],
) -> list[tuple[tuple[int, ...], frozenset[int]]]:
    """The hexes entered and the Crystals kept of each outcome, in path order (R-TIE-1)."""
    outcomes: dict[tuple[int | None, frozenset[int]], tuple[int, ...]] = {}
    for (_, stop, kept, _), path in layer.items():
        key = (stop, kept)
        known = outcomes.get(key)
        if known is None or path < known:
            outcomes[key] = path
    return [
        (path[1 : path.index(stop) + 1] if stop is not None else (), kept)
        for (stop, kept), path in sorted(outcomes.items(), key=lambda item: item[1])
    ]


def _path_options(
    map_hexes: Collection[Hex],
    start: Hex,
    target: Hex,
    length: int,
    figures: frozenset[Hex],
    crystals: frozenset[Hex],
) -> tuple[PathOption, ...]:
    """:func:`path_options` on ``Hex`` values: any map, and starts or targets off it."""
    from_target = steps_from(map_hexes, target)
    total = from_target.get(start)
    if total is None or length == 0:
        return (PathOption(path=(), crystal_hexes=()),)
    # state: (hex, stop hex or None, Crystals entered up to the stop, Crystals after it)
    layer: dict[_State, tuple[Hex, ...]] = {
        (start, None, frozenset(), frozenset()): (start,)
    }
    for i in range(1, length + 1):
        nxt: dict[_State, tuple[Hex, ...]] = {}
        for (here, stop, kept, pending), path in layer.items():
            for step in here.neighbours():
                if from_target.get(step) != total - i:
                    continue
                found = frozenset({step}) if step in crystals else frozenset()
                state: _State
                if step in figures:
                    state = (step, stop, kept, pending | found)
                else:
                    state = (step, step, kept | pending | found, frozenset())
                candidate = (*path, step)
                if state not in nxt or candidate < nxt[state]:
                    nxt[state] = candidate
        layer = nxt
    outcomes: dict[tuple[Hex | None, frozenset[Hex]], tuple[Hex, ...]] = {}
    for (_, stop, kept, _), path in layer.items():
        key = (stop, kept)
        if key not in outcomes or path < outcomes[key]:
            outcomes[key] = path
    options = []
    for (stop, kept), path in sorted(outcomes.items(), key=lambda item: item[1]):
        entered = path[1 : path.index(stop) + 1] if stop is not None else ()
        options.append(
            PathOption(
                path=entered, crystal_hexes=tuple(h for h in entered if h in kept)
            )
        )
    return tuple(options)


def free_hexes_nearest(view: MapView, start: Hex) -> tuple[Hex, ...]:
    """Map hexes with no building and no figure nearest *start* by ``steps`` (R-BUILD-4).

    Returned in canonical order; empty when no such hex is reachable.
    """
    taken = {b.hex for b in view.buildings} | {f.hex for f in view.figures}
    taken |= {h for h in (view.lacerda_rover, view.human_rover) if h is not None}
    map_hexes = frozenset(view.map_hexes)
    index = map_index(map_hexes)
    here = index.ranked().rank.get((start.q, start.r))
    if here is not None:  # on ranks: in canonical order already
        busy = {(h.q, h.r) for h in taken}
        ranked = [
            (d, h)
            for (h, pair), d in zip(
                index.keyed_order, index.ranked().steps_from(here), strict=True
            )
            if d is not None and pair not in busy
        ]
        if not ranked:
            return ()
        nearest = min(d for d, _ in ranked)
        return tuple(h for d, h in ranked if d == nearest)
    by_steps = steps_from(map_hexes, start)
    free = [(d, h) for h, d in by_steps.items() if h not in taken and h in map_hexes]
    if not free:
        return ()
    best = min(d for d, _ in free)
    return tuple(canonical(h for d, h in free if d == best))


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
