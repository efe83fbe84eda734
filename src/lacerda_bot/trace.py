"""Why Lacerda did what he did: the trace every decision carries (R-TURN-10, R-TIE-8).

Traces are data (JSON-serialisable): the rule IDs applied, the candidates a
rule weighed with the values of its criteria, the candidates it removed and
why, and the record of every tie-break. :mod:`lacerda_bot.render` words them.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeAlias, final

import attrs

from lacerda_bot.options import TiePolicy

__all__ = [
    "LISTED_OPTIONS",
    "Candidate",
    "Explanation",
    "Removal",
    "TieBreak",
    "TieRound",
    "Trace",
    "explained_later",
]


@final
@attrs.frozen(kw_only=True)
class Candidate:
    """An option a rule considered, with the values of its criteria."""

    option: str
    criteria: tuple[tuple[str, int], ...] = ()
    """(criterion name, value) pairs, e.g. ``("resulting_size", 3)``."""


@final
@attrs.frozen(kw_only=True)
class Removal:
    """An option a rule removed, and why."""

    option: str
    rule: str
    reason: str


LISTED_OPTIONS: Final = 100
"""The most options a :class:`TieBreak` lists by label; a larger tie is counted.

Only a Rover path tie (R-ROVER-6) on a board with Crystals on almost every hex
reaches it: its options can outnumber anything a record could list.
"""


@final
@attrs.frozen(kw_only=True)
class TieRound:
    """One round of a card tie-break (R-TIE-2..5) or a uniform pick (R-TIE-6)."""

    groups: tuple[tuple[int, int], ...]
    """The groups drawn between, each as its first and last option number (1-based).

    Groups are runs of consecutive options (R-TIE-5): ``((1, 3), (4, 5), (6, 7))``
    for 7 options, ``((1, 1), (2, 2))`` for 2.
    """
    revealed: tuple[int, ...] = ()
    """Card ids revealed, in order (empty for ``uniform``)."""
    chosen_group: int
    """1-based index into *groups*."""
    reshuffled: bool = False
    """Whether an empty draw pile made the discard pile the draw pile (R-TIE-3)."""
    random_events: tuple[int, ...] = ()


@final
@attrs.frozen(kw_only=True)
class TieBreak:
    """The record of one tie-break (R-TIE-8)."""

    rule: str
    """The rule that raised the tie."""
    options: tuple[str, ...]
    """The options numbered 1..n, in canonical order (the first :data:`LISTED_OPTIONS`
    of them when more tie)."""
    count: int
    """n, the number of options tied."""
    merged: tuple[str, ...] = ()
    """Options merged into an equal one before numbering (R-TIE-1); of Rover paths,
    the first :data:`LISTED_OPTIONS`."""
    policy: TiePolicy
    rounds: tuple[TieRound, ...] = ()
    chosen: int
    """The 1-based number of the chosen option."""


def _unique_rules(rules: tuple[str, ...]) -> tuple[str, ...]:
    """*rules* in order, each once (the converter of :attr:`Trace.rules`)."""
    if type(rules) is tuple and (
        not rules or (len(rules) == 1 and type(rules[0]) is str)
    ):  # most traces: nothing to merge, and nothing the merge would refuse
        return rules
    return tuple(dict.fromkeys(rules))


Explanation: TypeAlias = tuple[tuple["Candidate", ...], tuple["Removal", ...]]
"""A trace's candidates and removals, as a rule's explanation gives them."""


class _Later:
    """The slot of an explanation not given yet (see :func:`explained_later`)."""

    __slots__ = ("_explain",)


@final
@attrs.frozen(kw_only=True)
class Trace(_Later):
    """Why a decision was made (R-TURN-10).

    The library may build a trace's :attr:`candidates` and :attr:`removed`
    only when one of them is first read (most hosts never read them); the
    trace is the same value either way, for equality, hashing, printing,
    pickling and JSON alike.
    """

    rules: tuple[str, ...] = attrs.field(default=(), converter=_unique_rules)
    """Rule IDs applied, in order, each once."""
    candidates: tuple[Candidate, ...] = ()
    removed: tuple[Removal, ...] = ()
    tie_breaks: tuple[TieBreak, ...] = ()
    note: str = ""

    if not TYPE_CHECKING:  # mypy would take any attribute name for a real one

        def __getattr__(self, name: str) -> Any:
            """Build the explanation on the first read of its fields."""
            if name not in _EXPLAINED:
                raise AttributeError(
                    f"{type(self).__name__!r} object has no attribute {name!r}"
                )
            explain = _explanation_of(self)
            if explain is None:  # built meanwhile, by another thread
                return object.__getattribute__(self, name)
            try:
                candidates, removed = explain()
            except AttributeError as error:  # not "no such attribute" to hasattr()
                raise RuntimeError("building a trace's explanation failed") from error
            _SET(self, "candidates", candidates)
            _SET(self, "removed", removed)
            _SET(self, "_explain", None)  # let go of the board it was read from
            return candidates if name == "candidates" else removed


_EXPLAINED: Final = frozenset({"candidates", "removed"})
_SET: Final = object.__setattr__
_EXPLAIN_SLOT: Final = _Later.__dict__["_explain"]


def _explanation_of(trace: Trace) -> Callable[[], Explanation] | None:
    try:
        explain: Callable[[], Explanation] | None = _EXPLAIN_SLOT.__get__(trace)
    except AttributeError:  # a trace built whole: the fields themselves are missing
        raise AttributeError("a Trace built without its fields") from None
    return explain


def explained_later(
    rules: tuple[str, ...],
    explain: Callable[[], Explanation],
    *,
    tie_breaks: tuple[TieBreak, ...] = (),
    note: str = "",
) -> Trace:
    """A :class:`Trace` whose candidates and removals *explain* gives when first read.

    For the library's rules: *explain* must give the same value whenever it is
    called (it reads a frozen board), so that the trace is one value. The trace
    is built without ``__init__``: the values must be of the types the fields
    name (*rules* is put in its normal form, each rule once).
    """
    trace: Trace = object.__new__(Trace)
    _SET(trace, "rules", _unique_rules(rules))
    _SET(trace, "tie_breaks", tie_breaks)
    _SET(trace, "note", note)
    _SET(trace, "_explain", explain)
    return trace
