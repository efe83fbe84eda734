"""Why Lacerda did what he did: the trace every decision carries (R-TURN-10, R-TIE-8).

Traces are data (JSON-serialisable): the rule IDs applied, the candidates a
rule weighed with the values of its criteria, the candidates it removed and
why, and the record of every tie-break. :mod:`lacerda_bot.render` words them.
"""

from collections.abc import Callable
from typing import Any, Final, TypeAlias, final

import attrs

from lacerda_bot.options import TiePolicy

__all__ = [
    "LISTED_OPTIONS",
    "Candidate",
    "Explaining",
    "Explanation",
    "Removal",
    "TieBreak",
    "TieRound",
    "Trace",
    "TraceShape",
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


@final
class Explaining:
    """A trace's candidates and removals: given, or built by a function when first asked.

    :meth:`value` builds them once and lets go of the function (and of the
    board it read); two threads asking at once may both build them, which
    gives the same value (the function reads a frozen board).
    """

    __slots__ = ("_explain", "_value")

    def __init__(
        self,
        value: Explanation | None = None,
        explain: Callable[[], Explanation] | None = None,
    ) -> None:
        """*value* as given, or *explain* to build it on the first :meth:`value`."""
        self._value = value
        self._explain = explain

    @property
    def pending(self) -> bool:
        """Whether the explanation is still to be built."""
        return self._value is None

    def value(self) -> Explanation:
        """The candidates and removals, built now if they were not yet."""
        value = self._value
        if value is None:
            explain = self._explain
            assert explain is not None  # one of the two is always given
            try:
                value = explain()
            except (
                AttributeError
            ) as error:  # read through properties: hasattr() would lie
                raise RuntimeError("building a trace's explanation failed") from error
            self._value, self._explain = value, None
        return value


_WHOLE: Final = Explaining(((), ()))
"""The explanation of a trace with no candidates and no removals (shared)."""


@final
@attrs.frozen(kw_only=True, init=False, eq=False, repr=False)
class Trace:
    """Why a decision was made (R-TURN-10).

    Its values are :attr:`rules`, :attr:`candidates`, :attr:`removed`,
    :attr:`tie_breaks` and :attr:`note`: equality, hashing, printing,
    pickling and JSON see those five. The library may build the candidates
    and removals only when one of them is first read (most hosts never read
    them, :meth:`explained_later`); the trace is the same value either way.
    """

    rules: tuple[str, ...]
    """Rule IDs applied, in order, each once."""
    tie_breaks: tuple[TieBreak, ...]
    note: str
    explaining: Explaining
    """Its candidates and removals, built or to build (:attr:`candidates`)."""

    def __init__(
        self,
        *,
        rules: tuple[str, ...] = (),
        candidates: tuple[Candidate, ...] = (),
        removed: tuple[Removal, ...] = (),
        tie_breaks: tuple[TieBreak, ...] = (),
        note: str = "",
        explaining: Explaining | None = None,
    ) -> None:
        """A trace of *rules* (each kept once, in order) with what they weighed.

        *explaining*, if given, stands for *candidates* and *removed* (how
        :func:`attrs.evolve` copies a trace whose explanation is still to build).
        """
        if explaining is None:
            explaining = (
                Explaining((tuple(candidates), tuple(removed)))
                if candidates or removed
                else _WHOLE
            )
        self.__attrs_init__(
            rules=_unique_rules(rules),
            tie_breaks=tie_breaks,
            note=note,
            explaining=explaining,
        )

    @classmethod
    def explained_later(
        cls,
        rules: tuple[str, ...],
        explain: Callable[[], Explanation],
        *,
        tie_breaks: tuple[TieBreak, ...] = (),
        note: str = "",
    ) -> "Trace":
        """A trace whose candidates and removals *explain* gives when first read.

        For the library's rules: *explain* must give the same value whenever it
        is called (it reads a frozen board), so that the trace is one value.
        """
        trace = object.__new__(cls)
        trace.__attrs_init__(
            rules=_unique_rules(rules),
            tie_breaks=tie_breaks,
            note=note,
            explaining=Explaining(explain=explain),
        )
        return trace

    @property
    def candidates(self) -> tuple[Candidate, ...]:
        """Options a rule considered, with the values of its criteria."""
        return self.explaining.value()[0]

    @property
    def removed(self) -> tuple[Removal, ...]:
        """Options a rule removed, and why."""
        return self.explaining.value()[1]

    def values(self) -> tuple[Any, ...]:
        """(rules, candidates, removed, tie_breaks, note): what the trace is."""
        candidates, removed = self.explaining.value()
        return (self.rules, candidates, removed, self.tie_breaks, self.note)

    def __eq__(self, other: object) -> bool:
        """Equal when the five values are."""
        if type(other) is not Trace:
            return NotImplemented
        return self is other or self.values() == other.values()

    def __hash__(self) -> int:
        """The hash of the five values."""
        return hash((Trace, self.values()))

    def __repr__(self) -> str:
        """``Trace(rules=..., candidates=..., removed=..., tie_breaks=..., note=...)``."""
        names = ("rules", "candidates", "removed", "tie_breaks", "note")
        shown = ", ".join(
            f"{n}={v!r}" for n, v in zip(names, self.values(), strict=True)
        )
        return f"Trace({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as its five values (never the function that builds them)."""
        return (_rebuilt, self.values())


@final
@attrs.frozen(kw_only=True)
class TraceShape:
    """A :class:`Trace` as its five values: the shape its JSON and its schema have."""

    rules: tuple[str, ...] = attrs.field(default=(), converter=_unique_rules)
    """Rule IDs applied, in order, each once."""
    candidates: tuple[Candidate, ...] = ()
    removed: tuple[Removal, ...] = ()
    tie_breaks: tuple[TieBreak, ...] = ()
    note: str = ""

    @classmethod
    def of(cls, trace: Trace) -> "TraceShape":
        """The five values of *trace*."""
        rules, candidates, removed, tie_breaks, note = trace.values()
        return cls(
            rules=rules,
            candidates=candidates,
            removed=removed,
            tie_breaks=tie_breaks,
            note=note,
        )

    def trace(self) -> Trace:
        """The trace of these values."""
        return _rebuilt(
            self.rules, self.candidates, self.removed, self.tie_breaks, self.note
        )


def _rebuilt(
    rules: tuple[str, ...],
    candidates: tuple[Candidate, ...],
    removed: tuple[Removal, ...],
    tie_breaks: tuple[TieBreak, ...],
    note: str,
) -> Trace:
    """A trace from its five values (how a pickled or copied trace is rebuilt)."""
    return Trace(
        rules=rules,
        candidates=candidates,
        removed=removed,
        tie_breaks=tie_breaks,
        note=note,
    )
