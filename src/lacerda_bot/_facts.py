"""The facts Lacerda's rules read: one interface, answered by a board or by a player.

The rules (the engine) never look at board fields. They ask a :class:`Facts`
source questions at the level the rules speak: is there a legal site for a
Generator, how large a Complex does the best site make and which sites tie,
how far is the nearest eligible tile, what does the space he entered give.
Two sources answer:

* a digital host's **board** (:func:`lacerda_bot.read_view` snapshot): the
  library computes every fact, and a host sees exactly the decisions it
  always saw;
* a **player at the table** (:mod:`lacerda_bot.table`): the companion answers
  what it already knows and asks the player the rest, one question per fact,
  only when a rule reads it and in the order the rule reads it.

A source also learns every decision as it is made (:meth:`Facts.apply`), so
later facts see Lacerda's own moves (R-SETUP-5).

Each read is a small frozen query (:mod:`lacerda_bot._queries`), of three kinds:

* a :class:`Query` is a fact that decides what he does: a boolean, a count,
  gains, or the labels of tied options (their number is the fact; R-TIE
  breaks the tie). Both sources must answer the same for the same game.
* a :class:`Name` fills a decision's "which one" fields (a hex, an id, a
  slot). A board gives its own names; the table gives a
  :class:`~lacerda_bot.decisions.Described` (what it can say instead).
* an :class:`Explain` fills the trace (candidates, removals, reasons). The
  table may leave them empty.

A source answers through three methods (:meth:`Facts.answer`,
:meth:`Facts.name`, :meth:`Facts.explain`), each query type answered in one
place per source; the design follows hypothesis's providers (strategies
written once against a few draw methods, several backends) and python-chess's
variants (one move procedure, a few overridden hooks).
"""

import enum
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot.decisions import D, Decision
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.model import Gain, GainKind
from lacerda_bot.options import UnknownGain
from lacerda_bot.trace import Explanation

__all__ = [
    "PLACED",
    "Choice",
    "DevelopChoice",
    "Display",
    "Explain",
    "Facts",
    "Name",
    "Numbered",
    "Query",
    "Read",
    "check_gains",
]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Query(Generic[T_co]):
    """A fact the rules decide on, answered as a ``T`` alike by every source.

    A small frozen value naming the fact and what it is about (a
    :class:`~lacerda_bot._queries.BuildSize` of a building type answers an
    ``int``). Its class says the rest: :attr:`key`, the stable name of the
    fact in saves and question keys; whether it is a tie; whether only the
    table reads it; whether it only names what he takes.
    """

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    key: ClassVar[str]
    """The fact's stable name, e.g. ``build_size`` (saves and question keys use it)."""
    tied: ClassVar[bool] = False
    """The answer is a tuple of tied options' labels; their number is the fact (R-TIE)."""
    table_only: ClassVar[bool] = False
    """Only the table companion reads it (his printed start, the Tech you used)."""
    names_his_piece: ClassVar[bool] = False
    """It only names what he takes or uses, for sources that track his board.

    Every source notes these reads; the rules decide nothing on them, and a
    table companion that does not track his board does not ask them.
    """

    @property
    def args(self) -> tuple[object, ...]:
        """What the fact is about, in field order (``(BuildingType.MINE,)``)."""
        return tuple(getattr(self, name) for name in self.__match_args__)


class Name(Generic[T_co]):
    """Which one a decision names: a ``T`` from a board, a ``D`` from the table.

    The rules never branch on a name; they put it in a decision's field.
    """

    __slots__ = ()


class Explain(Generic[T_co]):
    """What the trace says about a choice (candidates, removals, reasons), a ``T``.

    The table may answer an empty one.
    """

    __slots__ = ()


@final
@attrs.frozen
class Read:
    """One fact a source gave: the query, and the value (a count for tied labels)."""

    query: Query[Any]
    value: object

    @property
    def key(self) -> str:
        """The fact's stable name (:attr:`Query.key`)."""
        return self.query.key


@final
@attrs.frozen
class Choice:
    """Option *index* (0-based) of *of* tied options, in canonical order (R-TIE-1).

    *of* 0 (:data:`PLACED`): the player chose among options the table did not
    count (``tie_policy = chosen``); a board names the first.
    """

    index: int
    of: int


PLACED: Final = Choice(index=0, of=0)
"""The option the player chose among equal ones the table never counted."""


@final
class Numbered:
    """Tied options numbered 1..*count* in canonical order, each labelled when asked.

    What a source answers for a tie too large to list (R-ROVER-6's paths on a
    board with Crystals on almost every hex can tie by the trillion): the count
    is the fact, and ``label(i)`` names option *i* (0-based). A tuple of labels
    is a small :class:`Numbered` (:meth:`of`).
    """

    __slots__ = ("_label", "count")

    def __init__(self, count: int, label: Callable[[int], str]) -> None:
        """*count* options (at least 1), option *i* labelled ``label(i)``."""
        self.count = count
        self._label = label

    @classmethod
    def of(cls, labels: Sequence[str]) -> "Numbered":
        """The options *labels*, in that order."""
        return cls(len(labels), labels.__getitem__)

    def label(self, index: int) -> str:
        """The label of option *index* (0-based, below :attr:`count`)."""
        return self._label(index)

    def __repr__(self) -> str:
        """``Numbered(count=n)``."""
        return f"Numbered(count={self.count})"


@enum.unique
class Display(IdentityEnum):
    """What the Blueprint display holds, for R-ORBIT-1..3."""

    EMPTY = "empty"
    SCORED = "scored"
    """A card of a type one of his Scientists scores (T3)."""
    OTHERS = "others"
    """Cards, none of a type his Scientists score (or he has no Scientist)."""


@enum.unique
class DevelopChoice(IdentityEnum):
    """Which of his Techs a development step advances (R-ORBIT-6, R-TO-10)."""

    MOST = "most"
    """Step 1: his most developed Tech that can advance; the bottom one if equal."""
    LEAST_OTHER = "least_other"
    """Step 2: his least developed Tech that can advance, other than step 1's."""
    SAME = "same"
    """Step 2 when no other Tech can advance: step 1's Tech once more."""


class Facts(Protocol[D]):
    """What the rules read, and the working copy they update (R-SETUP-5).

    Three kinds of reads, each a small typed value (:mod:`lacerda_bot._queries`):
    :meth:`answer` a fact, :meth:`name` what a decision names, :meth:`explain`
    for the trace. "Just" in a query's words refers to the decision applied
    last of its kind (the site just built, the Blueprint just taken, the space
    just entered). Site queries given ``BuildingType.SHELTER`` mean his own
    Shelters, joined with his own Shelter Tech only (R-LEVEL-2).
    """

    def apply(self, decision: Decision[D]) -> None:
        """Learn *decision*: the facts read after it reflect it (R-SETUP-5)."""
        ...

    def later(
        self, explain: "Callable[[Facts[D]], Explanation]"
    ) -> Callable[[], Explanation] | None:
        """*explain* deferred until the trace is read, on the board as it is now.

        *explain* reads explanations only (they read the board and the
        options alone). None: the source cannot keep them (it asks them in
        order), so the rules explain at once (R-TURN-10).
        """
        ...

    def answer(self, query: Query[T]) -> T:
        """The fact *query* asks; the same from every source for the same game."""
        ...

    def name(self, query: Name[T]) -> T | D:
        """What a decision names: a board's own name, or what the table says."""
        ...

    def explain(self, query: Explain[T]) -> T:
        """What the trace says; the table may give an empty one."""
        ...


def check_gains(gains: Sequence[Gain], unknown: UnknownGain, field: str) -> None:
    """R-TO-9 with ``unknown_gain = error``: raise if a gain is ``OTHER``.

    Raises:
        InvalidHostStateError: a gain is ``OTHER``; names *field* and its index.
    """
    if unknown is UnknownGain.ERROR:
        for i, gain in enumerate(gains):
            if gain.kind is GainKind.OTHER:
                raise InvalidHostStateError(
                    f"{field}[{i}]", "a gain of a kind in T6", str(gain)
                )
