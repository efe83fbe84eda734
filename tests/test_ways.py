"""The ways toward a Rover target (R-ROVER-6, R-ROVER-7, R-TIE-1): an oracle and examples."""

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot._board.ways import PathOption, Trip, Ways, sole_way, ways
from lacerda_bot.hexmap import Hex, hex_key, steps_from
from lacerda_bot.testing import hex_map

STAY = PathOption(path=(), crystal_hexes=())


def _every_way(
    hexes: frozenset[Hex],
    start: Hex,
    target: Hex,
    length: int,
    figures: frozenset[Hex],
    crystals: frozenset[Hex],
    room: int,
) -> list[PathOption]:
    """R-ROVER-6 by listing every shortest path one by one (small maps only).

    Each path stops on its farthest hex within *length* holding no figure; the
    paths ending nearest the target stay, then those keeping the most Crystals
    (at most *room*); equal outcomes (end hex, Crystal hexes) are one way, its
    first path standing for it; the ways in the order of those paths.
    """
    to_target = steps_from(hexes, target)
    total = to_target.get(start)
    if total is None or length <= 0 or start not in hexes:
        return [STAY]
    cut = min(length, total)
    paths: list[tuple[Hex, ...]] = [(start,)]
    for i in range(1, cut + 1):
        paths = [
            (*p, n)
            for p in paths
            for n in p[-1].neighbours()
            if n in hexes and to_target.get(n) == total - i
        ]
    outcomes = []
    for p in paths:
        stop = max((i for i in range(1, cut + 1) if p[i] not in figures), default=0)
        entered = p[1 : stop + 1]
        found = tuple(h for h in entered if h in crystals)
        outcomes.append((stop, min(len(found), room), entered, found, p))
    farthest = max(o[0] for o in outcomes)
    if not farthest:
        return [STAY]
    near = [o for o in outcomes if o[0] == farthest]
    most = max(o[1] for o in near)
    first: dict[tuple[Hex, tuple[Hex, ...]], tuple[Any, ...]] = {}
    for _, kept, entered, found, p in near:
        if kept != most:
            continue
        key = (entered[-1], found)
        order = tuple(hex_key(h) for h in p)  # canonical: r, then q
        if key not in first or order < first[key][0]:
            first[key] = (order, PathOption(path=entered, crystal_hexes=found))
    return [option for _, option in sorted(first.values(), key=lambda v: v[0])]


def _merged_paths(
    search: dict[str, Any], ways_found: list[PathOption]
) -> list[PathOption]:
    """The paths he may take (as entered) that are not the first of their way (R-TIE-1)."""
    hexes, start, target = search["hexes"], search["start"], search["target"]
    figures, crystals, room = search["figures"], search["crystals"], search["room"]
    if ways_found == [STAY]:
        return []
    to_target = steps_from(hexes, target)
    total = to_target[start]
    cut = min(search["length"], total)
    paths: list[tuple[Hex, ...]] = [(start,)]
    for i in range(1, cut + 1):
        paths = [
            (*p, n)
            for p in paths
            for n in p[-1].neighbours()
            if n in hexes and to_target.get(n) == total - i
        ]
    moved = len(ways_found[0].path)
    kept = min(len(ways_found[0].crystal_hexes), room)
    taken = set()
    for p in paths:
        stop = max((i for i in range(1, cut + 1) if p[i] not in figures), default=0)
        entered = p[1 : stop + 1]
        found = tuple(h for h in entered if h in crystals)
        if stop == moved and min(len(found), room) == kept:
            taken.add(PathOption(path=entered, crystal_hexes=found))
    return sorted(
        (o for o in taken if o not in ways_found),
        key=lambda o: [hex_key(h) for h in o.path],
    )


@st.composite
def searches(draw: st.DrawFn) -> dict[str, Any]:
    """A small map (holes allowed), two hexes on it, figures, Crystals, length, room."""
    full = sorted(hex_map(draw(st.integers(1, 3))), key=hex_key)
    hexes = frozenset(draw(st.sets(st.sampled_from(full), min_size=2)))
    on_map = sorted(hexes, key=hex_key)
    start = draw(st.sampled_from(on_map))
    target = draw(st.sampled_from([h for h in on_map if h != start]))
    figures = frozenset(draw(st.sets(st.sampled_from(on_map)))) - {start}
    crystals = frozenset(draw(st.sets(st.sampled_from(on_map))))
    return {
        "hexes": hexes,
        "start": start,
        "target": target,
        "length": draw(st.integers(0, 8)),
        "figures": figures,
        "crystals": crystals,
        "room": draw(st.integers(0, 4)),
    }


def _trip(search: dict[str, Any]) -> Trip:
    return Trip(
        map_hexes=search["hexes"],
        start=search["start"],
        target=search["target"],
        length=search["length"],
        figures=search["figures"],
        crystals=search["crystals"],
    )


def _ways_of(search: dict[str, Any]) -> Ways:
    return ways(_trip(search), room=search["room"])


def trip(
    hexes: frozenset[Hex],
    start: Hex,
    target: Hex,
    *,
    length: int,
    figures: frozenset[Hex] = frozenset(),
    crystals: frozenset[Hex] = frozenset(),
) -> Trip:
    return Trip(
        map_hexes=hexes,
        start=start,
        target=target,
        length=length,
        figures=figures,
        crystals=crystals,
    )


@given(searches())
def test_the_ways_are_what_listing_every_path_gives(search: dict[str, Any]) -> None:
    """R-ROVER-6, R-TIE-1 oracle: counted and numbered ways equal every path listed."""
    expected = _every_way(
        search["hexes"],
        search["start"],
        search["target"],
        search["length"],
        search["figures"],
        search["crystals"],
        search["room"],
    )
    found = _ways_of(search)

    assert found.count == len(expected)
    assert list(found.options(len(expected) + 1)) == expected
    assert found.moved == len(expected[0].path)
    merged = _merged_paths(search, expected)
    assert list(found.merged(len(merged) + 1)) == merged


@given(searches())
def test_the_sole_way_is_the_search_s_only_way(search: dict[str, Any]) -> None:
    """sole_way, when it answers, is the search's one way (R-ROVER-6, R-ROVER-7)."""
    hexes, start, target = search["hexes"], search["start"], search["target"]
    total = steps_from(hexes, start).get(target)
    search["length"] = total or 0
    sole = sole_way(_trip(search))
    if sole is not None:
        found = _ways_of(search)
        assert (found.count, found.option(0)) == (1, sole)


def test_r_rover_6_spec_example_the_end_nearest_the_target_first() -> None:
    """R-ROVER-6 example: one path stops 3 short behind a Colonist, the other 2 short: no card."""
    line = frozenset({Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(1, 1), Hex(2, 1), Hex(2, 0)})
    # from (0,0) to (2,1): 3 steps; allowance 2; shortest paths via (1,0) or (0,1)
    found = ways(
        trip(
            line | {Hex(3, 1)},
            Hex(0, 0),
            Hex(3, 1),
            length=2,
            figures=frozenset({Hex(1, 1), Hex(0, 1)}),
            crystals=frozenset(),
        ),
        room=0,
    )

    assert found.count == 1
    assert found.option(0).path == (Hex(1, 0), Hex(2, 0))
    assert found.short == 2


def test_r_rover_6_spec_example_the_payment_frees_a_depot_space() -> None:
    """R-ROVER-6 example: 0 free spaces, 1 paid, one path enters a Crystal: that one, kept 1."""
    hexes = hex_map(3)
    move = trip(hexes, Hex(0, 0), Hex(1, 1), length=2, crystals=frozenset({Hex(0, 1)}))
    before = ways(move, room=0)
    after = ways(move, room=0 + 1)

    assert before.count == 2  # nothing kept either way: the two paths tie
    assert (after.count, after.option(0).crystal_hexes) == (1, (Hex(0, 1),))


def test_r_tie_1_paths_with_the_same_outcome_are_one_way() -> None:
    """R-TIE-1: two paths with the same end and no Crystal are one way, the first standing."""
    found = ways(
        trip(
            hex_map(3),
            Hex(0, 0),
            Hex(1, 1),
            length=2,
            figures=frozenset(),
            crystals=frozenset(),
        ),
        room=3,
    )

    assert found.count == 1
    assert found.option(0).path == (Hex(1, 0), Hex(1, 1))


def test_r_rover_6_every_hex_a_crystal_counts_every_path() -> None:
    """On a radius-24 map with a Crystal on every hex, each of C(48, 24) paths is a way."""
    hexes = hex_map(24)
    found = ways(
        trip(
            hexes,
            Hex(-24, 0),
            Hex(0, 24),
            length=48,
            figures=frozenset(),
            crystals=hexes,
        ),
        room=5,
    )
    first, second, last = (
        found.option(0),
        found.option(1),
        found.option(found.count - 1),
    )

    assert found.count == math.comb(48, 24)
    assert first.path[:2] == (Hex(-23, 0), Hex(-22, 0))  # lowest r first (§0)
    assert last.path[:2] == (Hex(-24, 1), Hex(-24, 2))
    assert [hex_key(h) for h in first.path] < [hex_key(h) for h in second.path]
    assert first.crystal_hexes == first.path


def test_he_stays_when_no_hex_within_reach_is_free() -> None:
    """R-ROVER-6: every hex within the allowance holds a figure: he stays (empty path)."""
    hexes = hex_map(2)
    found = ways(
        trip(
            hexes,
            Hex(0, 0),
            Hex(2, 0),
            length=1,
            figures=frozenset({Hex(1, 0)}),
            crystals=frozenset(),
        ),
        room=0,
    )

    assert (found.count, found.option(0), found.short) == (1, STAY, 2)


def test_r_tie_1_tied_ways_are_numbered_in_canonical_order() -> None:
    """R-TIE-1, §0: two ways, each through one Crystal; the one through the lower r first."""
    found = ways(
        trip(
            hex_map(2),
            Hex(0, -1),
            Hex(1, 0),
            length=2,
            figures=frozenset(),
            crystals=frozenset({Hex(0, 0), Hex(1, -1)}),
        ),
        room=1,
    )

    assert found.count == 2
    assert [w.crystal_hexes for w in found.options(2)] == [(Hex(1, -1),), (Hex(0, 0),)]


def test_a_way_past_the_count_is_refused() -> None:
    """Ways.option numbers only the ways there are: no path for a number past them."""
    found = ways(trip(hex_map(3), Hex(0, 0), Hex(3, 0), length=3), room=0)

    assert found.count == 1
    for index in (-1, 1, 10**9):
        with pytest.raises(IndexError, match="of 1"):
            found.option(index)
