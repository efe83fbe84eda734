"""Sites on a board (R-BUILD-4..8, R-BUILD-12): Complexes, legal sites, eligible buildings.

How a board answers the building facts; the engine decides what to build
(:mod:`lacerda_bot._rules.building`).

Its memos are keyed by value (the map and the same-type buildings' hexes, each
a ``frozenset``, and the stand-alone rule, a ``bool``): a changed board is
another key, so they cannot go stale.
"""

import functools
import operator
from collections.abc import Iterable, Sequence
from typing import Final, Protocol, final

import attrs

from lacerda_bot._lab import level_of
from lacerda_bot.hexmap import (
    NEIGHBOUR_OFFSETS,
    Hex,
    canonical,
    ring,
)
from lacerda_bot.host import ColonyView, MapView, TechView
from lacerda_bot.model import BuildingType, Owner, TechType
from lacerda_bot.options import ComplexTechThreshold, Options, StandaloneRule
from lacerda_bot.records import Building, HeldBlueprint

__all__ = [
    "BuildView",
    "Site",
    "best_legal_sites",
    "complexes",
    "eligible_buildings",
    "legal_sites",
    "qualifies",
]


class BuildView(MapView, TechView, ColonyView, Protocol):
    """What construction reads: the map, both players' Techs and the Colony."""


@final
@attrs.frozen(kw_only=True)
class Site:
    """A legal construction site and what building there gives (R-BUILD-5..8)."""

    hex: Hex
    resulting_size: int
    """1 + the sizes of the Complexes it joins (R-BUILD-5)."""
    joined_sizes: tuple[int, ...]
    """Sizes of the distinct same-type Complexes adjacent to it, largest first."""


def complexes(
    buildings: Iterable[Building], kind: BuildingType, owner: Owner | None = None
) -> tuple[frozenset[Hex], ...]:
    """The Complexes of *kind*: maximal adjacent groups of same-type buildings (§0).

    For Shelters pass the *owner*; other types ignore it. Complexes come in
    canonical order of their first hex.
    """
    return tuple(
        frozenset(group.values()) for group in _complexes(buildings, kind, owner)
    )


_Pair = tuple[int, int]
_CANONICAL: Final = operator.itemgetter(1, 0)
"""Canonical order of a ``(q, r)`` pair: ascending ``r``, then ``q`` (spec §0)."""


def _complexes(
    buildings: Iterable[Building], kind: BuildingType, owner: Owner | None
) -> list[dict[_Pair, Hex]]:
    """:func:`complexes`, each Complex keyed by its hexes' ``(q, r)`` pairs.

    The search runs on pairs, not on ``Hex`` values: a pair hashes and compares
    in C, a ``Hex`` through attrs' generated ``__hash__`` and ``__eq__`` in Python
    (the profile of a reference game spent about a third of ``legal_sites`` there).
    """
    shelter = kind is BuildingType.SHELTER  # Shelters join only the owner's (§0)
    hexes = {
        (b.hex.q, b.hex.r): b.hex
        for b in buildings
        if b.type is kind and (not shelter or b.owner is owner)
    }
    groups: list[dict[_Pair, Hex]] = []
    seen: set[_Pair] = set()
    for start in sorted(hexes, key=_CANONICAL):
        if start in seen:
            continue
        group, frontier = {start: hexes[start]}, [start]
        while frontier:
            q, r = frontier.pop()
            for dq, dr in NEIGHBOUR_OFFSETS:
                nxt = (q + dq, r + dr)
                if nxt in hexes and nxt not in group:
                    group[nxt] = hexes[nxt]
                    frontier.append(nxt)
        seen.update(group)
        groups.append(group)
    return groups


def _tech_levels(view: TechView, kind: BuildingType) -> tuple[int, int]:
    tech = TechType.for_building(kind)
    own = level_of(view.lab_spaces, tech)
    human = max((t.level for t in view.human_techs if t.tech is tech), default=0)
    if kind is BuildingType.SHELTER:
        human = 0  # only his own Shelter Tech (R-BUILD-7)
    return own, human


def legal_sites(
    view: BuildView, kind: BuildingType, options: Options, *, owner: Owner | None = None
) -> tuple[Site, ...]:
    """Every legal site for a building of *kind*, in canonical hex order (R-BUILD-4..8).

    A site is a map hex with no building (R-BUILD-4). A join (R-BUILD-6) is
    legal when a Tech of the type reaches the joined size J, or J + 1 with
    ``complex_tech_threshold = resulting`` (R-BUILD-7). A stand-alone site is
    legal at ``dist`` 2 from a same-type building, anywhere with ``standalone_rule
    = any``, or anywhere when no same-type building exists (R-BUILD-8).
    Shelters use *owner*'s Shelters and his own Shelter Tech only.
    """
    (candidates, _), reach, built = _search(view, kind, options, owner)
    return tuple(
        site
        for pair, joined, site in candidates
        if joined <= reach and pair not in built
    )


def best_legal_sites(
    view: BuildView, kind: BuildingType, options: Options, *, owner: Owner | None = None
) -> tuple[Site, ...]:
    """R-BUILD-9: the legal sites with the largest resulting Complex, canonical order.

    Those of :func:`legal_sites` whose resulting size is the largest, found
    without listing the smaller ones: the possible sites come grouped by the
    joined size J, largest first, and the first group holding a legal site
    holds the largest resulting Complexes (1 + J).
    """
    (_, by_size), reach, built = _search(view, kind, options, owner)
    for group in by_size:
        if group[0][1] > reach:  # no Tech reaches this join
            continue
        best = tuple(site for pair, _, site in group if pair not in built)
        if best:
            return best
    return ()


def _search(
    view: BuildView, kind: BuildingType, options: Options, owner: Owner | None
) -> tuple["_Found", int, set[_Pair]]:
    """The possible sites of *kind*, the Tech reach, and the built pairs (R-BUILD-4..8)."""
    # On (q, r) pairs rather than Hex values, for speed (see _complexes). What
    # depends only on the map and the same-type buildings (the Complexes, the
    # hexes they touch and their joined sizes, the hexes at dist 2) is kept per
    # those inputs (_candidates_on); a call filters it by the built hexes and
    # the Tech reach.
    buildings = tuple(view.buildings)
    shelter = kind is BuildingType.SHELTER  # Shelters join only the owner's (§0)
    same = frozenset(
        (b.hex.q, b.hex.r)
        for b in buildings
        if b.type is kind and (not shelter or b.owner is owner)
    )
    anywhere = options.standalone_rule is StandaloneRule.ANY
    hexes = view.map_hexes
    if type(hexes) is frozenset:
        found = _candidates_on(hexes, same, anywhere)
    else:  # a host's own collection: indexed at each search
        found = _grouped(_candidates(_sites_of(hexes), same, anywhere))
    extra = 1 if options.complex_tech_threshold is ComplexTechThreshold.RESULTING else 0
    # A join needs J >= 1, so a reach below 0 joins nothing, like 0.
    reach = max(max(_tech_levels(view, kind)) - extra, 0)
    built = {(b.hex.q, b.hex.r) for b in buildings}
    return found, reach, built


_Candidate = tuple[_Pair, int, Site]
"""A possible site: its pair, the joined size J a Tech must reach (0 stand-alone), the site."""
_Found = tuple[tuple[_Candidate, ...], tuple[tuple[_Candidate, ...], ...]]
"""The possible sites in canonical order, and the same grouped by J, largest first."""


def _grouped(candidates: tuple[_Candidate, ...]) -> _Found:
    """*candidates*, and the same grouped by their joined size J, largest J first."""
    by_joined: dict[int, list[_Candidate]] = {}
    for candidate in candidates:
        by_joined.setdefault(candidate[1], []).append(candidate)
    return candidates, tuple(
        tuple(by_joined[j]) for j in sorted(by_joined, reverse=True)
    )


@functools.lru_cache(maxsize=32)
def _candidates_on(
    hexes: frozenset[Hex], same: frozenset[_Pair], anywhere: bool
) -> _Found:
    """:func:`_candidates` on a ``frozenset`` map, grouped, kept for the last 32 inputs.

    Keyed by the exact inputs it is computed from (the map, the same-type
    buildings' pairs and the stand-alone rule), all immutable values, so an
    entry can never be stale; a board whose other buildings changed still
    hits. Results are shared between calls: never change them.
    """
    return _grouped(_candidates(_lone_sites(hexes), same, anywhere))


def _candidates(
    sites: "_Sites", same: frozenset[_Pair], anywhere: bool
) -> tuple[_Candidate, ...]:
    """The possible sites next to or away from the Complexes of *same*, canonical order.

    Every map hex next to a Complex with the join :class:`Site` and its J
    (R-BUILD-5, R-BUILD-6); and the stand-alone sites (J = 0): every other map
    hex with no same-type building if *anywhere* or *same* is empty, else the
    map hexes at ``dist`` 2 from one (R-BUILD-8). Hexes that other buildings
    hold are left to the caller, which knows them.
    """
    order, lone, rings = sites
    groups = _complexes_of(same)
    near = _near(groups, same, lone)
    if anywhere or not same:
        return tuple(
            near.get(pair) or (pair, 0, site)
            for pair, site in order
            if pair not in same
        )
    at_2: set[_Pair] = set()
    at_2.update(*(rings.get(p) or _ring_2(p) for p in same))
    found = at_2.intersection(lone).union(near).difference(same)
    return tuple(
        near.get(pair) or (pair, 0, lone[pair])
        for pair in sorted(found, key=_CANONICAL)
    )


def _complexes_of(same: frozenset[_Pair]) -> list[list[_Pair]]:
    """The Complexes of the buildings at *same*: maximal adjacent groups (§0)."""
    groups: list[list[_Pair]] = []
    seen: set[_Pair] = set()
    for start in sorted(same, key=_CANONICAL):
        if start in seen:
            continue
        seen.add(start)
        group, frontier = [start], [start]
        while frontier:
            q, r = frontier.pop()
            for dq, dr in NEIGHBOUR_OFFSETS:
                nxt = (q + dq, r + dr)
                if nxt in same and nxt not in seen:
                    seen.add(nxt)
                    group.append(nxt)
                    frontier.append(nxt)
        groups.append(group)
    return groups


def _near(
    groups: Sequence[Sequence[_Pair]], same: frozenset[_Pair], lone: dict[_Pair, Site]
) -> dict[_Pair, _Candidate]:
    """The map hexes next to a Complex (none of *same*), each with its join :class:`Site` and J.

    J is the sum of the sizes of the distinct Complexes it touches (R-BUILD-5,
    R-BUILD-6); the join's ``joined_sizes`` are those sizes, largest first.
    """
    touching: dict[_Pair, list[int]] = {}
    for i, group in enumerate(groups):
        around = {(q + dq, r + dr) for q, r in group for dq, dr in NEIGHBOUR_OFFSETS}
        for n in around.difference(same).intersection(lone):
            touching.setdefault(n, []).append(i)
    near: dict[_Pair, _Candidate] = {}
    for pair, indices in touching.items():
        if len(indices) == 1:
            joined_sizes: tuple[int, ...] = (len(groups[indices[0]]),)
        else:
            joined_sizes = tuple(
                sorted((len(groups[i]) for i in indices), reverse=True)
            )
        joined = sum(joined_sizes)
        site = Site(
            hex=lone[pair].hex, resulting_size=1 + joined, joined_sizes=joined_sizes
        )
        near[pair] = (pair, joined, site)
    return near


_Sites = tuple[
    tuple[tuple[_Pair, Site], ...], dict[_Pair, Site], dict[_Pair, tuple[_Pair, ...]]
]


def _sites_of(hexes: Iterable[Hex]) -> _Sites:
    """Each hex of *hexes* as a stand-alone :class:`Site`, and its ring 2 on the map.

    The sites in canonical order and by pair; the ring by pair.
    """
    order = tuple(
        ((h.q, h.r), Site(hex=h, resulting_size=1, joined_sizes=()))
        for h in canonical(hexes)
    )
    lone = dict(order)
    rings = {p: tuple(n for n in _ring_2(p) if n in lone) for p in lone}
    return order, lone, rings


def _ring_2(pair: _Pair) -> tuple[_Pair, ...]:
    """The pairs at ``dist`` 2 from *pair* (R-BUILD-8), on the map or not."""
    q, r = pair
    return tuple((q + dq, r + dr) for dq, dr in _RING_2)


@functools.lru_cache(maxsize=4)
def _lone_sites(hexes: frozenset[Hex]) -> _Sites:
    """:func:`_sites_of` a ``frozenset`` map, kept for the last four maps.

    Stand-alone sites are most of a search's sites and the same for every
    search on the map, so they are built once per map (shared: never change
    the result). Any other collection is indexed at each search.
    """
    return _sites_of(hexes)


_RING_2: Final[tuple[_Pair, ...]] = tuple((h.q, h.r) for h in ring(Hex(0, 0), 2))
"""Offsets of the hexes at ``dist`` 2 (R-BUILD-8)."""


def eligible_buildings(view: MapView, held: HeldBlueprint) -> tuple[Building, ...]:
    """R-BUILD-12: buildings *held* may upgrade, in canonical order.

    Same type, not yet upgraded, Shelters only his own; Level 3 needs a
    Complex of size >= 3. Used Blueprints upgrade nothing.
    """
    card = held.blueprint
    if held.used:
        return ()
    owner = Owner.LACERDA if card.building is BuildingType.SHELTER else None
    sizes = {
        h: len(group)
        for group in complexes(view.buildings, card.building, owner)
        for h in group
    }
    return tuple(
        b
        for b in view.buildings
        if b.hex in sizes
        and b.upgraded_by is None
        and (card.level == 1 or sizes[b.hex] >= 3)
    )


def qualifies(view: ColonyView, kind: BuildingType) -> bool:
    """R-BUILD-2: a Mine (or a Shelter) always qualifies; an LSS type if its marker < Colony level."""
    if kind in (BuildingType.MINE, BuildingType.SHELTER):
        return True
    return view.lss_markers.level(kind) < view.colony_level
