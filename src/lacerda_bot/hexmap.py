r"""Axial hex coordinates and the distances the rules use (spec §0).

A hex is ``(q, r)``. The six neighbours are listed in a fixed clockwise order,
starting east::

           (0,-1)  (+1,-1)
              \   /
    (-1,0) -- (q,r) -- (+1,0)
              /   \
        (-1,+1)  (0,+1)

Hexes sort in the spec's canonical order: ascending ``r``, then ascending ``q``.

The memos here (:func:`map_index`, the neighbours and ring offsets) are keyed
by value: a ``frozenset`` of frozen hexes, or ints. They cannot go stale: an
equal map finds the same index whatever object holds it, and a changed map is
another key.
"""

import functools
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Final, Self, TypeVar, final

import attrs

__all__ = [
    "Hex",
    "canonical",
    "dist",
    "ring",
    "steps_from",
]


@final
@attrs.frozen(order=False, cache_hash=True)
class Hex:
    """One hex of the map in axial coordinates."""

    q: int
    """The column axis."""
    r: int
    """The row axis; canonical order sorts by it first."""

    def __lt__(self, other: Self) -> bool:
        """Canonical hex order: ascending ``r``, then ascending ``q``."""
        return (self.r, self.q) < (other.r, other.q)

    def __le__(self, other: Self) -> bool:
        """Canonical hex order, or equal."""
        return (self.r, self.q) <= (other.r, other.q)

    def neighbours(self) -> tuple["Hex", ...]:
        """The six adjacent hexes, clockwise from east (they may be off the map)."""
        return _neighbours(self.q, self.r)

    def __str__(self) -> str:
        """Return ``(q,r)``."""
        return f"({self.q},{self.r})"


NEIGHBOUR_OFFSETS: Final[tuple[tuple[int, int], ...]] = (
    (1, 0),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (1, -1),
)
"""Axial offsets of the six neighbours, clockwise from east."""


def hex_key(h: Hex) -> tuple[int, int]:
    """The canonical sort key of a hex: ``(r, q)`` (spec §0)."""
    return (h.r, h.q)


def canonical(hexes: Iterable[Hex]) -> list[Hex]:
    """*hexes* in canonical order (ascending ``r``, then ``q``)."""
    return sorted(hexes, key=hex_key)


@functools.lru_cache(maxsize=1 << 16)
def _neighbours(q: int, r: int) -> tuple[Hex, ...]:
    """Memoised: neighbours are asked for on every search step, and a Hex is immutable."""
    return tuple(Hex(q + dq, r + dr) for dq, dr in NEIGHBOUR_OFFSETS)


def dist(a: Hex, b: Hex) -> int:
    """Hex-grid distance ``(|dq| + |dr| + |dq + dr|) / 2`` (spec §0).

    >>> dist(Hex(0, 0), Hex(2, -1))
    2
    """
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> tuple[Hex, ...]:
    """All hexes at exactly *radius* from *center*, in canonical order."""
    return tuple(Hex(center.q + dq, center.r + dr) for dq, dr in _ring_offsets(radius))


@functools.lru_cache(maxsize=64)
def _ring_offsets(radius: int) -> tuple[tuple[int, int], ...]:
    """Offsets of a ring, in canonical order (memoised per radius)."""
    if radius == 0:
        return ((0, 0),)
    offsets = [
        (dq, dr)
        for dr in range(-radius, radius + 1)
        for dq in range(-radius, radius + 1)
        if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 == radius
    ]
    return tuple(sorted(offsets, key=lambda o: (o[1], o[0])))


def steps_from(
    map_hexes: Iterable[Hex] | frozenset[Hex], start: Hex
) -> Mapping[Hex, int]:
    """Breadth-first ``steps`` from *start* to every map hex it reaches.

    ``steps`` moves between adjacent map hexes only (spec §0). *start* is
    counted even when it is not a map hex, so an off-map start still spreads.
    The search runs on ``(q, r)`` pairs, which hash and compare in C; the
    result is keyed by the map's own Hex values. For a ``frozenset`` map the
    result is shared (:func:`map_index`): do not change it.
    """
    if type(map_hexes) is frozenset:
        return map_index(map_hexes).steps_from(start)
    return _search(_Neighbours({(h.q, h.r): h for h in map_hexes}), start)


_Pair = tuple[int, int]


class _Neighbours(dict[_Pair, tuple[_Pair, ...]]):
    """The map's ``(q, r)`` pairs, each with its neighbours on the map (computed once)."""

    __slots__ = ("by_pair",)

    def __init__(self, by_pair: dict[_Pair, Hex]) -> None:
        super().__init__()
        self.by_pair = by_pair

    def __missing__(self, pair: _Pair) -> tuple[_Pair, ...]:
        q, r = pair
        by_pair = self.by_pair
        found = tuple(
            n
            for n in [(q + dq, r + dr) for dq, dr in NEIGHBOUR_OFFSETS]
            if n in by_pair
        )
        if pair in by_pair:  # an off-map start is not kept
            self[pair] = found
        return found


def _search(graph: _Neighbours, start: Hex) -> dict[Hex, int]:
    origin = (start.q, start.r)
    seen: dict[_Pair, int] = {origin: 0}
    queue: deque[_Pair] = deque((origin,))
    pop, push = queue.popleft, queue.append
    while queue:
        here = pop()
        d = seen[here] + 1
        for nxt in graph[here]:
            if nxt not in seen:
                seen[nxt] = d
                push(nxt)
    by_pair = graph.by_pair
    out = {by_pair.get(pair, start): d for pair, d in seen.items()}
    out[start] = 0
    return out


STEPS_PER_MAP: Final = 32
"""How many breadth-first searches :class:`MapIndex` keeps per map (oldest dropped first)."""


@final
class MapIndex:
    """What the searches of one map share across calls: computed once, kept while used.

    Its canonical order, each hex's neighbours on the map, and the last
    :data:`STEPS_PER_MAP` breadth-first searches by start. Get it with
    :func:`map_index`; its results are shared, so never change them.
    """

    __slots__ = ("_graph", "_ranked", "_steps", "hexes", "keyed_order", "order")

    def __init__(self, hexes: frozenset[Hex]) -> None:
        """Index *hexes* (their neighbours are found as searches reach them)."""
        self.hexes = hexes
        self.order: tuple[Hex, ...] = tuple(canonical(hexes))
        """The map's hexes in canonical order."""
        self.keyed_order: tuple[tuple[Hex, tuple[int, int]], ...] = tuple(
            (h, (h.q, h.r)) for h in self.order
        )
        """The same, each with its ``(q, r)`` pair (for searches on pairs)."""
        self._graph = _Neighbours({(h.q, h.r): h for h in hexes})
        self._steps: dict[Hex, dict[Hex, int]] = {}
        self._ranked: RankedMap | None = None

    def ranked(self) -> "RankedMap":
        """The map as ranks (a hex's place in :attr:`order`), built at the first call."""
        if self._ranked is None:
            self._ranked = RankedMap(self.order)
        return self._ranked

    def steps_from(self, start: Hex) -> Mapping[Hex, int]:
        """:func:`steps_from` on this map, searched once per start (while kept)."""
        found = self._steps.get(start)
        if found is None:
            found = _search(self._graph, start)
            _keep(self._steps, start, found)
        return found


K = TypeVar("K")
V = TypeVar("V")


def _keep(searches: dict[K, V], start: K, found: V) -> None:
    """Keep *found* for *start*, the oldest search going past :data:`STEPS_PER_MAP`."""
    if len(searches) >= STEPS_PER_MAP:
        try:  # another thread may be evicting too
            del searches[next(iter(searches))]
        except (KeyError, RuntimeError, StopIteration):
            searches.clear()
    searches[start] = found


class RankedMap:
    """A map's hexes as their ranks in canonical order: ints that hash and compare in C.

    Comparing tuples of ranks is comparing the hexes' tuples in canonical order.
    Searches from a start are kept as for :class:`MapIndex` (the last
    :data:`STEPS_PER_MAP`); results are shared, so never change them.
    """

    __slots__ = ("_steps", "neighbours", "rank")

    def __init__(self, order: tuple[Hex, ...]) -> None:
        """Rank the hexes of *order* (canonical) and list each one's neighbours."""
        rank = {(h.q, h.r): i for i, h in enumerate(order)}
        self.rank: dict[tuple[int, int], int] = rank
        """Each map hex's ``(q, r)`` pair and its rank."""
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                rank[n]
                for n in [(h.q + dq, h.r + dr) for dq, dr in NEIGHBOUR_OFFSETS]
                if n in rank
            )
            for h in order
        )
        """By rank: the ranks of its neighbours on the map, clockwise from east."""
        self._steps: dict[int, list[int | None]] = {}

    def steps_from(self, start: int) -> list[int | None]:
        """By rank: ``steps`` from the hex of rank *start*, None where it does not reach."""
        found = self._steps.get(start)
        if found is None:
            seen = [-1] * len(self.neighbours)
            seen[start] = 0
            neighbours = self.neighbours
            queue = [start]
            for here in queue:  # grows as it goes: breadth-first
                d = seen[here] + 1
                for nxt in neighbours[here]:
                    if seen[nxt] < 0:
                        seen[nxt] = d
                        queue.append(nxt)
            found = [None if d < 0 else d for d in seen]
            _keep(self._steps, start, found)
        return found


@functools.lru_cache(maxsize=4)
def map_index(hexes: frozenset[Hex]) -> MapIndex:
    """The shared :class:`MapIndex` of *hexes*: the last four maps are kept.

    Keyed by the map's content: any equal ``frozenset`` gets the same index
    (the same object is only found faster, with no comparison of hexes).
    """
    return MapIndex(hexes)
