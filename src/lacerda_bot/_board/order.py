"""Canonical orders: how reading a view sorts a collection, as a value that words itself.

An :class:`Order` is its terms, most significant first: each an attribute path of the
item (``"hex.r"``), compared by value, or by its place in a *ranking* (the order of a
display's rows, of the building types). From the terms come both the sort key that
:func:`~lacerda_bot._board.board.read_view` sorts with and the words the JSON Schema
says it in (:attr:`Order.words`), so the two cannot disagree.

>>> order = by("hex.r", "hex.q", "id")
>>> order.words
'by `hex.r`, then `hex.q`, then `id`'
>>> from lacerda_bot.model import BlueprintRow
>>> ranked("row", (BlueprintRow.BOTTOM, BlueprintRow.TOP)).words
'by `row` (bottom, then top)'
"""

import enum
import operator
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final, final

import attrs

__all__ = ["HEX_ORDER", "Order", "Term", "by", "ranked"]

Key = Callable[[Any], Any]


@final
@attrs.frozen
class Term:
    """One term of an order: an attribute path, compared by value or by *ranking*."""

    path: str
    """Dotted attributes of the item (``"hex.r"``; ``"value"`` for an enum's value)."""
    ranking: tuple[Hashable, ...] = ()
    """The values in their order, when that is not their natural order."""

    @property
    def words(self) -> str:
        """The path as JSON has it, then its ranking in brackets if it has one.

        An enum is its value in JSON, so ``kind.value`` is worded `kind`, and an
        item that is an enum (``value``) sorts by value.
        """
        bare = self.path.removesuffix(".value")
        shown = "value" if bare == "value" else f"`{bare}`"
        if not self.ranking:
            return shown
        named = [v.value if isinstance(v, enum.Enum) else v for v in self.ranking]
        return f"{shown} ({', then '.join(map(str, named))})"


@final
@attrs.frozen
class Order:
    """A canonical order of a collection: by each term in turn. Build with :func:`by`."""

    terms: tuple[Term, ...]
    key: Key = attrs.field(eq=False, repr=False)
    """The sort key of an item (read in C for terms of plain values)."""

    @property
    def words(self) -> str:
        """The order in words: ``by `hex.r`, then `hex.q` ``."""
        return "by " + ", then ".join(term.words for term in self.terms)


def _key(terms: Sequence[Term]) -> Key:
    """The sort key of *terms*: an ``attrgetter`` when no term is ranked."""
    if not any(term.ranking for term in terms):
        return operator.attrgetter(*(term.path for term in terms))
    parts = [
        (operator.attrgetter(term.path), {v: i for i, v in enumerate(term.ranking)})
        for term in terms
    ]
    if len(parts) == 1:
        [(read, rank)] = parts
        return lambda item: rank[read(item)]
    return lambda item: tuple(
        rank[read(item)] if rank else read(item) for read, rank in parts
    )


def order_of(*terms: Term) -> Order:
    """The order by *terms* in turn."""
    return Order(terms=terms, key=_key(terms))


def by(*paths: str) -> Order:
    """The order by the values of *paths* in turn."""
    return order_of(*(Term(path) for path in paths))


def ranked(path: str, ranking: Sequence[Hashable], *then: str) -> Order:
    """The order by where *path*'s value stands in *ranking*, then by *then*."""
    return order_of(Term(path, tuple(ranking)), *(Term(p) for p in then))


HEX_ORDER: Final = by("r", "q")
"""The canonical order of hexes (spec §0; :func:`lacerda_bot.hexmap.canonical`)."""
