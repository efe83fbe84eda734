r"""Axial hex coordinates and the distances the rules use (spec §0).

A hex is ``(q, r)``. The six neighbours are listed in a fixed clockwise order,
starting east::

           (0,-1)  (+1,-1)
              \   /
    (-1,0) -- (q,r) -- (+1,0)
              /   \
        (-1,+1)  (0,+1)

Hexes sort in the spec's canonical order: ascending ``r``, then ascending ``q``.
"""

import functools
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Final, Self, final

import attrs

__all__ = [
    "NEIGHBOUR_OFFSETS",
    "Hex",
    "canonical",
    "dist",
    "hex_key",
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
    result is keyed by the map's own Hex values.
    """
    by_pair = {(h.q, h.r): h for h in map_hexes}
    origin = (start.q, start.r)
    seen: dict[tuple[int, int], int] = {origin: 0}
    queue: deque[tuple[int, int]] = deque((origin,))
    offsets = NEIGHBOUR_OFFSETS
    while queue:
        q, r = here = queue.popleft()
        d = seen[here] + 1
        for dq, dr in offsets:
            nxt = (q + dq, r + dr)
            if nxt in by_pair and nxt not in seen:
                seen[nxt] = d
                queue.append(nxt)
    out = {by_pair.get(pair, start): d for pair, d in seen.items()}
    out[start] = 0
    return out
