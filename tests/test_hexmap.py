"""Hexes and breadth-first steps: the same answers however a map is passed, flat memory."""

import gc
import tracemalloc
from collections.abc import Callable

from lacerda_bot.hexmap import Hex, map_index, steps_from
from lacerda_bot.testing import hex_map


def _kept_growth(work: Callable[[int], object], rounds: int) -> int:
    """The bytes still held after *rounds* more runs of *work*, past the first *rounds*.

    Memory a cache keeps grows with what it is asked until it is full; a
    bounded one stops growing. The first runs fill it; the growth over the
    next ones is what an unbounded one would go on keeping.
    """
    gc.collect()
    tracemalloc.start()
    try:
        for i in range(rounds):
            work(i)
        gc.collect()
        filled, _ = tracemalloc.get_traced_memory()
        for i in range(rounds, 2 * rounds):
            work(i)
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return after - filled


def test_equal_maps_give_the_same_searches() -> None:
    """A map passed as a frozenset, a set or a list gives one answer, off-map starts too."""
    hexes = hex_map(3)
    for start in (Hex(0, 0), Hex(3, 0), Hex(4, 0), Hex(9, 9)):
        expected = steps_from(list(hexes), start)
        assert steps_from(hexes, start) == expected
        assert steps_from(set(hexes), start) == expected
        assert steps_from(frozenset(hexes), start)[start] == 0
        assert Hex(4, 0) not in expected or start == Hex(4, 0)
    assert map_index(hexes).steps_from(Hex(0, 0)) == steps_from(list(hexes), Hex(0, 0))


def test_searching_many_maps_keeps_memory_flat() -> None:
    """Memory stays flat: searches on ever new maps do not pile up."""

    region = sorted(hex_map(6), key=lambda h: (h.r, h.q))

    def search(i: int) -> object:
        hexes = frozenset(region) - {region[i]}  # a map not seen before
        return steps_from(hexes, Hex(0, 0))

    assert _kept_growth(search, 40) < 64 * 1024


def test_searching_from_every_hex_of_a_large_map_keeps_memory_flat() -> None:
    """Memory stays flat on a large map: searches from ever new starts do not pile up."""
    hexes = hex_map(12)
    starts = sorted(hexes, key=lambda h: (h.r, h.q))

    def search(i: int) -> object:
        found = steps_from(hexes, starts[i])
        assert found == steps_from(list(hexes), starts[i])  # a list: searched afresh
        return found

    assert _kept_growth(search, 120) < 64 * 1024
