"""The ways his Rover may take toward a target: ranked, counted and numbered (R-ROVER-6).

He follows a shortest path over the map (R-ROVER-6). Of the shortest paths,
cut at the hexes he may move, he takes (1) those that end nearest the target,
then (2) those whose entered hexes hold the most Crystals, counting at most
the Depot spaces he has free (after paying for movement); paths with the same
outcome (the same end hex and the same Crystal hexes, R-TIE-1) are one *way*,
represented by its first path in canonical order, and the ways left are
numbered in that order for R-TIE.

The search is polynomial in the map. The shortest paths between two hexes may
be exponentially many, and so may the ways (on a map with a Crystal on every
hex, every path is its own way), so no path is listed: the ways are counted,
and the *k*-th is found on demand. The count walks the layered graph of the
shortest paths once (layer *i*: the hexes *i* steps along), each state a hex,
the Crystals kept so far (capped at the Depot's room) and the *shadow*: the
hexes of that layer where a path earlier in canonical order could stand,
having entered the same Crystals. A path is the first of its way exactly when
no shadow meets it again (at a Crystal it must also enter, or at its end);
so each way is counted once, at its first path, and the ways come in
canonical order. For example, with hexes ``a`` and ``b`` one step along,
``c`` two steps along, and no Crystal on any of them, ``S a c T`` and
``S b c T`` are one way: the shadow of ``S b c`` holds ``c`` (reached from
``a``, before ``b``), so that path is not counted.
"""

from collections.abc import Iterator, Sequence
from typing import Final, final

import attrs

from lacerda_bot.hexmap import Hex, map_index

__all__ = ["PathOption", "Trip", "Ways", "sole_way", "ways"]


@final
@attrs.frozen(kw_only=True)
class Trip:
    """A Rover move to search: from *start* toward *target* over *map_hexes*, *length* hexes."""

    map_hexes: frozenset[Hex]
    start: Hex
    target: Hex
    length: int
    """The most hexes he moves (the target's steps when he reaches it)."""
    figures: frozenset[Hex]
    """Hexes holding a figure other than his Rover: passed, never ended on."""
    crystals: frozenset[Hex]
    """Hexes holding a Crystal: picked up when entered."""


@final
@attrs.frozen(kw_only=True)
class PathOption:
    """One way of moving toward the target: its path and Crystal hexes (R-ROVER-6, -7)."""

    path: tuple[Hex, ...]
    """Hexes entered, in order (empty: he stays)."""
    crystal_hexes: tuple[Hex, ...]
    """Entered hexes holding a Crystal, in path order."""


_STAY: Final = PathOption(path=(), crystal_hexes=())

_State = tuple[int, frozenset[int], int]
"""A search state: a hex's rank, its shadow (ranks), the Crystals kept so far."""
_Children = list[tuple[int, _State]]


@final
class Ways:
    """The ways R-ROVER-6 leaves tied toward a target, in canonical order.

    :attr:`count` may be very large; :meth:`option` finds way *index* without
    listing the ones before it (one step per hex entered), and :meth:`merged`
    the paths merged into the ways (R-TIE-1) the same way.
    """

    __slots__ = ("_search", "count", "most", "moved", "short")

    def __init__(
        self,
        *,
        search: "_Search | None",
        moved: int,
        most: int,
        short: int,
    ) -> None:
        """The ways a finished *search* counted (``None``: he stays)."""
        self._search = search
        self.count: int = 1 if search is None else search.counts[search.start]
        """How many ways tie (at least 1)."""
        self.moved = moved
        """Hexes every tied way enters (0: he stays)."""
        self.most = most
        """The most Crystals those ways enter (before the Depot's room caps them)."""
        self.short = short
        """Steps from where those ways end to the target (0: they reach it)."""

    def option(self, index: int) -> PathOption:
        """Way *index* (0-based, below :attr:`count`), in canonical order.

        Raises:
            IndexError: *index* is not below :attr:`count` or is negative.
        """
        if not 0 <= index < self.count:
            msg = f"way {index} of {self.count}"
            raise IndexError(msg)
        search = self._search
        return _STAY if search is None else search.path(search.first(index))

    def options(self, limit: int) -> Iterator[PathOption]:
        """The first *limit* ways (all of them if fewer), in canonical order."""
        for index in range(min(self.count, limit)):
            yield self.option(index)

    def merged(self, limit: int) -> Iterator[PathOption]:
        """The first *limit* paths merged into an earlier one of their way (R-TIE-1).

        Paths he may take (ending as near the target and keeping as many
        Crystals as the ways) that are not the first of their way, in
        canonical order.
        """
        search = self._search
        if search is None:
            return
        for index in range(min(search.merged_count(), limit)):
            yield search.path(search.other(index))


def ways(trip: Trip, *, room: int) -> Ways:
    """R-ROVER-6: the ways toward the target he may take, cut at the trip's length.

    Along each shortest path he stops on the farthest hex within the length
    that holds no other figure; he takes the paths that end nearest the
    target, then those entering the most Crystals, counting at most *room*
    (his free Depot spaces after the movement payment). With no hex to stop
    on, or a length of 0, he stays: one way, the empty path.
    """
    start, target, length = trip.start, trip.target, trip.length
    index = map_index(trip.map_hexes)
    ranked = index.ranked()
    rank = ranked.rank
    here, there = rank.get((start.q, start.r)), rank.get((target.q, target.r))
    if here is None or there is None:  # no map path: nothing to follow
        return Ways(search=None, moved=0, most=0, short=0)
    from_target = ranked.steps_from(there)
    total = from_target[here]
    if total is None or length <= 0:
        return Ways(search=None, moved=0, most=0, short=total or 0)
    layers, succ = _layers(ranked.neighbours, from_target, here, min(length, total))
    order = index.order
    figure_ranks = _among(rank, order, trip.figures, succ)
    stop, ends = _stop(layers, succ, figure_ranks)
    if not stop:
        return Ways(search=None, moved=0, most=0, short=total)
    succ = _pruned(layers, succ, stop, ends)
    crystal_ranks = _among(rank, order, trip.crystals, succ)
    gain = _most_ahead(layers, succ, stop, crystal_ranks)
    most = gain[here]
    search = _Search(
        order=order,
        succ=succ,
        crystals=crystal_ranks,
        gain=gain,
        stop=stop,
        kept=min(most, max(room, 0)),
        start=here,
    )
    return Ways(search=search, moved=stop, most=most, short=total - stop)


def _ranks(rank: dict[tuple[int, int], int], hexes: frozenset[Hex]) -> frozenset[int]:
    """The ranks of those of *hexes* on the map."""
    pairs = [(h.q, h.r) for h in hexes]
    return frozenset(rank[p] for p in pairs if p in rank)


def _among(
    rank: dict[tuple[int, int], int],
    order: tuple[Hex, ...],
    hexes: frozenset[Hex],
    graph: dict[int, tuple[int, ...]],
) -> frozenset[int]:
    """The ranks of those of *hexes* in *graph* (its keys), from the smaller side."""
    if len(hexes) <= len(graph):
        return frozenset(i for i in _ranks(rank, hexes) if i in graph)
    return frozenset(i for i in graph if order[i] in hexes)


def _layers(
    neighbours: Sequence[tuple[int, ...]],
    from_target: Sequence[int | None],
    start: int,
    length: int,
) -> tuple[list[list[int]], dict[int, tuple[int, ...]]]:
    """The first *length* + 1 layers of the shortest paths from *start*, and each step.

    Layer *i* holds the hexes *i* steps along a shortest path to the target;
    a hex's steps are its neighbours one step nearer the target, in canonical
    order (rank order).
    """
    total = from_target[start]
    assert total is not None  # the caller checked the target is reached
    layers = [[start]]
    succ: dict[int, tuple[int, ...]] = {}
    for i in range(1, length + 1):
        wanted = total - i
        found: set[int] = set()
        for here in layers[-1]:
            steps = tuple(
                sorted(n for n in neighbours[here] if from_target[n] == wanted)
            )
            succ[here] = steps
            found.update(steps)
        layers.append(sorted(found))
    for here in layers[-1]:
        succ[here] = ()
    return layers, succ


def _stop(
    layers: list[list[int]],
    succ: dict[int, tuple[int, ...]],
    figures: frozenset[int],
) -> tuple[int, frozenset[int]]:
    """R-ROVER-6 (1): how far the ways he may take go, and the hexes they end on.

    A path stops on its farthest hex that holds no other figure; a hex can be
    a path's stop when only figures follow it to the path's last layer. The
    farthest layer holding such a hex is where the ways nearest the target end
    (0 if none: he stays).
    """
    last = len(layers) - 1
    through = set(layers[last])  # hexes from which figures alone reach the end
    for i in range(last, 0, -1):
        ends = frozenset(h for h in layers[i] if h in through and h not in figures)
        if ends:
            return i, ends
        through = {
            h
            for h in layers[i - 1]
            if any(s in through and s in figures for s in succ[h])
        }
    return 0, frozenset()


def _pruned(
    layers: list[list[int]],
    succ: dict[int, tuple[int, ...]],
    stop: int,
    ends: frozenset[int],
) -> dict[int, tuple[int, ...]]:
    """The steps of the paths that reach *ends* at layer *stop*, and no others."""
    alive: set[int] = set(ends)
    pruned: dict[int, tuple[int, ...]] = dict.fromkeys(ends, ())
    for i in range(stop - 1, -1, -1):
        below = alive
        alive = set()
        for here in layers[i]:
            steps = tuple(s for s in succ[here] if s in below)
            if steps:
                pruned[here] = steps
                alive.add(here)
    return pruned


def _most_ahead(
    layers: list[list[int]],
    succ: dict[int, tuple[int, ...]],
    stop: int,
    crystals: frozenset[int],
) -> dict[int, int]:
    """Per hex, the most Crystals a path entering it enters from there on (it included).

    The start's value counts only what it enters (he does not enter his own hex).
    """
    gain = {h: int(h in crystals) for h in layers[stop] if h in succ}
    for i in range(stop - 1, -1, -1):
        own = 0 if i == 0 else 1
        for here in layers[i]:
            steps = succ.get(here)
            if steps:
                gain[here] = own * (here in crystals) + max(gain[s] for s in steps)
    return gain


@final
class _Search:
    """The counted state graph of one :func:`ways` search."""

    __slots__ = (
        "_every",
        "children",
        "counts",
        "crystals",
        "gain",
        "kept",
        "order",
        "start",
        "stop",
        "succ",
    )

    def __init__(
        self,
        *,
        order: tuple[Hex, ...],
        succ: dict[int, tuple[int, ...]],
        crystals: frozenset[int],
        gain: dict[int, int],
        stop: int,
        kept: int,
        start: int,
    ) -> None:
        """Count the ways from *start*: those keeping *kept* Crystals, ending at *stop*."""
        self.order, self.succ, self.crystals = order, succ, crystals
        self.gain, self.stop, self.kept = gain, stop, kept
        self.start: _State = (start, frozenset(), 0)
        self.children: dict[_State, _Children] = {}
        self._every: dict[tuple[int, int], int] = {}
        layer = [self.start]
        layers = [layer]
        for i in range(1, stop + 1):
            layer = self._expand(layer, last=i == stop)
            layers.append(layer)
        self.counts: dict[_State, int] = dict.fromkeys(layers[-1], 1)
        for states in reversed(layers[:-1]):
            for state in states:
                self.counts[state] = sum(
                    self.counts[child] for _, child in self.children[state]
                )

    def _expand(self, layer: list[_State], *, last: bool) -> list[_State]:
        """The states one step on from *layer*; each state's children, in step order."""
        crystals, succ, gain, kept = self.crystals, self.succ, self.gain, self.kept
        found: dict[_State, None] = {}
        for state in layer:
            here, shadow, held = state
            children: _Children = []
            for step in succ[here]:
                if held + gain[step] < kept:
                    continue  # it cannot keep as many as the best ways
                crystal = step in crystals
                if last or crystal:  # an earlier path entering it is the same way
                    if any(step in succ[s] for s in shadow):
                        continue
                    after: frozenset[int] = frozenset()
                else:
                    moved = {n for s in shadow for n in succ[s] if n not in crystals}
                    if step in moved:
                        continue
                    moved.update(
                        n for n in succ[here] if n < step and n not in crystals
                    )
                    after = frozenset(moved)
                child = (step, after, min(held + crystal, kept))
                children.append((step, child))
                found[child] = None
            self.children[state] = children
        return list(found)

    def path(self, ranks: list[int]) -> PathOption:
        """The path of *ranks* (the hexes entered) and its Crystal hexes."""
        order, crystals = self.order, self.crystals
        return PathOption(
            path=tuple(order[i] for i in ranks),
            crystal_hexes=tuple(order[i] for i in ranks if i in crystals),
        )

    def first(self, index: int) -> list[int]:
        """The first path of way *index*, found step by step by the counts."""
        children, counts = self.children, self.counts
        state, left, path = self.start, index, []
        for _ in range(self.stop):
            for step, child in children[state]:
                n = counts[child]
                if left < n:
                    path.append(step)
                    state = child
                    break
                left -= n
        return path

    def _next(self, here: int, held: int) -> list[tuple[int, int]]:
        """The steps from *here* of paths he may take, with the Crystals kept after each."""
        kept, crystals, gain = self.kept, self.crystals, self.gain
        return [
            (s, min(held + (s in crystals), kept))
            for s in self.succ[here]
            if held + gain[s] >= kept
        ]

    def every(self, here: int, held: int) -> int:
        """Paths he may take from *here* on (entered, *held* Crystals kept), merged or not.

        Counted once per (hex, Crystals kept), depth first without recursion (a
        path may be as long as the map).
        """
        known = self._every
        stack = [(here, held)]
        while stack:
            key = stack[-1]
            if key in known:
                stack.pop()
                continue
            steps = self._next(*key)
            if not self.succ[key[0]]:  # an end of the ways
                known[key] = 1 if key[1] >= self.kept else 0
                stack.pop()
                continue
            missing = [s for s in steps if s not in known]
            if missing:
                stack.extend(missing)
                continue
            known[key] = sum(known[s] for s in steps)
            stack.pop()
        return known[(here, held)]

    def merged_count(self) -> int:
        """How many paths he may take are not the first of their way (R-TIE-1)."""
        return self.every(self.start[0], 0) - self.counts[self.start]

    def other(self, index: int) -> list[int]:
        """Merged path *index* in canonical order: a path, not its way's first."""
        path: list[int] = []
        state: _State | None = self.start
        here, held, left = self.start[0], 0, index
        for _ in range(self.stop):
            firsts = dict(self.children[state]) if state is not None else {}
            for step, after in self._next(here, held):
                child = firsts.get(step)
                n = self.every(step, after) - (self.counts[child] if child else 0)
                if left < n:
                    path.append(step)
                    state, here, held = child, step, after
                    break
                left -= n
        return path


def sole_way(trip: Trip) -> PathOption | None:
    """:func:`ways`' one way when no search is needed; None otherwise.

    When he reaches the target (the length is its ``steps``), no other figure
    stands on it and no Crystal lies on any shortest path, every path ends on
    the target having entered no Crystal: one way (R-ROVER-6, R-ROVER-7),
    represented by the first shortest path in canonical order (R-TIE-1). That
    path is built step by step, each step the first hex one step nearer. Most
    Rover moves are such; the others (and a start off the map) are left to
    :func:`ways`.
    """
    start, target, crystals = trip.start, trip.target, trip.crystals
    if target in trip.figures:
        return None
    index = map_index(trip.map_hexes)
    ranked = index.ranked()
    rank = ranked.rank
    here, there = rank.get((start.q, start.r)), rank.get((target.q, target.r))
    if here is None or there is None:
        return None
    from_target = ranked.steps_from(there)
    total = from_target[here]
    if not total or trip.length != total:  # unreached, on it, or stops short
        return None
    from_start = ranked.steps_from(here)
    order = index.order
    if len(crystals) * 4 <= len(order):  # few Crystals: look at each
        for crystal in _ranks(rank, crystals):
            away, left = from_start[crystal], from_target[crystal]
            if away and left is not None and away + left == total:
                return None  # a shortest path enters it, at step away (<= total)
    else:  # many: look at the hexes of the shortest paths
        for i, (away, left) in enumerate(zip(from_start, from_target, strict=True)):
            if (
                away
                and left is not None
                and away + left == total
                and order[i] in crystals
            ):
                return None
    neighbours, path = ranked.neighbours, []
    for wanted in range(total - 1, -1, -1):
        here = min(n for n in neighbours[here] if from_target[n] == wanted)
        path.append(here)
    order = index.order
    return PathOption(path=tuple(order[i] for i in path), crystal_hexes=())
