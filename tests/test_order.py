"""Canonical orders: one value gives the sort key and its words."""

import attrs
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot._board.board import _COLLECTIONS, ORDERS
from lacerda_bot._board.order import HEX_ORDER, Term, by, ranked
from lacerda_bot.hexmap import Hex, canonical
from lacerda_bot.model import BlueprintRow, BuildingType

from .helpers_strategies import hexes


@given(st.lists(hexes(), unique=True))
def test_the_hex_order_is_the_canonical_order(items: list[Hex]) -> None:
    """The words the schemas say for hex sets are hexmap's order (spec §0)."""
    assert sorted(items, key=HEX_ORDER.key) == canonical(items)


@attrs.frozen
class Item:
    row: BlueprintRow
    slot: int


@given(st.lists(st.builds(Item, st.sampled_from(BlueprintRow), st.integers(0, 5))))
def test_a_ranked_term_sorts_by_its_ranking_then_the_next(items: list[Item]) -> None:
    order = ranked("row", (BlueprintRow.BOTTOM, BlueprintRow.TOP), "slot")
    bottom_first = {BlueprintRow.BOTTOM: 0, BlueprintRow.TOP: 1}

    expected = sorted(items, key=lambda i: (bottom_first[i.row], i.slot))
    assert sorted(items, key=order.key) == expected


def test_an_order_words_its_terms() -> None:
    assert by("hex.r", "hex.q").words == "by `hex.r`, then `hex.q`"
    assert ranked("building", tuple(BuildingType)[:2]).words == (
        "by `building` (mine, then generator)"
    )
    assert Term("slot", (2, 1)).words == "`slot` (2, then 1)"
    assert by("kind.value", "value").words == "by `kind`, then value"


def test_orders_compare_by_their_terms() -> None:
    assert by("slot") == by("slot")
    assert by("slot") != by("id")


def test_reading_sorts_every_collection_by_its_order() -> None:
    """The sort keys read_view uses are the orders' keys (the schemas word the same)."""
    for name, (kind, order) in ORDERS.items():
        key = None if order is None else order.key
        assert _COLLECTIONS[name] == (kind, key)
