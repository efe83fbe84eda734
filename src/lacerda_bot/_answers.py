"""Which method of a source answers each query type: one place per query, per source.

A source of facts (the board, the table) keeps one :class:`Answers` and
registers a method per query type with its decorators; its
:meth:`~lacerda_bot._facts.Facts.answer` looks the query's type up. Mypy
checks that each method returns what its query answers.
"""

from collections.abc import Callable
from typing import Any, Generic, TypeVar, final

from lacerda_bot._facts import Explain, Name, Query

__all__ = ["Answers"]

S = TypeVar("S")
Q = TypeVar("Q")
T = TypeVar("T")
_Method = Callable[[Any, Any], Any]


@final
class Answers(Generic[S]):
    """The methods of source class ``S`` that answer facts, names and explanations."""

    __slots__ = ("explains", "facts", "names")

    def __init__(self) -> None:
        """No query answered yet."""
        self.facts: dict[type, _Method] = {}
        self.names: dict[type, _Method] = {}
        self.explains: dict[type, _Method] = {}

    @staticmethod
    def _add(table: dict[type, _Method], kind: type) -> Callable[[_Method], _Method]:
        def add(method: _Method) -> _Method:
            assert kind not in table, kind  # one place per query type
            table[kind] = method
            return method

        return add

    def fact(
        self, kind: type[Query[T]]
    ) -> Callable[[Callable[[S, Q], T]], Callable[[S, Q], T]]:
        """``@answers.fact(BuildSize)``: the method answers that fact."""
        return self._add(self.facts, kind)

    def name(
        self, kind: type[Name[T]]
    ) -> Callable[[Callable[[S, Q], T]], Callable[[S, Q], T]]:
        """``@answers.name(SiteHex)``: the method gives that name."""
        return self._add(self.names, kind)

    def explain(
        self, kind: type[Explain[T]]
    ) -> Callable[[Callable[[S, Q], T]], Callable[[S, Q], T]]:
        """``@answers.explain(SiteCandidates)``: the method gives that explanation."""
        return self._add(self.explains, kind)

    def answer(
        self, source: S, query: Query[T], otherwise: Callable[[Query[T]], T]
    ) -> T:
        """*source*'s registered answer to *query*, or *otherwise*'s (a base source's)."""
        method = self.facts.get(type(query))
        if method is None:
            return otherwise(query)
        value: T = method(source, query)
        return value

    def give_name(
        self, source: S, query: Name[T], otherwise: Callable[[Name[T]], Any]
    ) -> Any:
        """*source*'s registered name for *query*, or *otherwise*'s."""
        method = self.names.get(type(query))
        return otherwise(query) if method is None else method(source, query)
