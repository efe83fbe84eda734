"""The shapes of the table's questions: a yes/no, a count, a pick, tied options, gains.

A shape asks one fact (a :class:`~lacerda_bot._facts.Query`) as one question or a
short run of them: :meth:`Shape.read` asks and returns the fact's value;
:meth:`Shape.answers` says which answers give a value (for sources that read a
board, and for checks). :class:`Wording` is what a question's words may depend
on. The questions themselves are worded in :mod:`lacerda_bot.table._engine.questions`.
"""

from collections.abc import Callable, Mapping
from typing import (
    Any,
    ClassVar,
    Final,
    Generic,
    Protocol,
    TypeVar,
    final,
    runtime_checkable,
)

import attrs

from lacerda_bot import _queries as q
from lacerda_bot._facts import Query
from lacerda_bot.language import Message, Text, msg, msg_c
from lacerda_bot.model import BuildingType, Gain, GainKind, Side
from lacerda_bot.options import Options
from lacerda_bot.table._engine.dialogue import NOTHING, Answer, Question, QuestionKind
from lacerda_bot.table._engine.tracked import Tracked

__all__ = [
    "AT_ZERO",
    "COST",
    "MOST_GAINS",
    "MOST_ON_MAP",
    "Ask",
    "Builder",
    "Count",
    "Foreseeing",
    "Gains",
    "Labels",
    "Pick",
    "PricedGains",
    "Shape",
    "Wording",
    "YesNo",
    "count",
    "priced_gains",
    "sentences",
    "typed_gains",
    "yes",
]

V = TypeVar("V")
T = TypeVar("T")
Q = TypeVar("Q", bound=Query[Any])

Ask = Callable[[Question], Answer]
"""Asks one question and returns its answer (or stops the step to ask it)."""

MOST_ON_MAP: Final = 250
"""The largest count a question about the map accepts (more than its hexes)."""

AT_ZERO: Final = "at_zero"
"""The last part of the key of :attr:`AnyCounted.at_zero`, the yes/no after a 0."""


class Shape(Protocol):
    """How one fact is asked: its questions, and the answers that give a value.

    A question may also name what the rules learn next (which Blueprint he
    takes, with whether the display is empty): its :attr:`lookahead` is that
    fact, whose value :meth:`answers` then needs too.
    """

    @property
    def lookahead(self) -> type[Query[Any]] | None:
        """The later fact this question also answers, if any."""
        ...

    def read(self, ask: Ask, key: str) -> object:
        """Ask the questions (keys start with *key*) and return the fact."""
        ...

    def answers(self, value: Any, ahead: object = None) -> tuple[Answer, ...]:
        """The answers that make :meth:`read` return *value* (and name *ahead*)."""
        ...


@runtime_checkable
class Foreseeing(Shape, Protocol):
    """A shape whose answer also says the value of its :attr:`lookahead` fact.

    The value is read from the answer once, here, where the answer is parsed:
    the companion keeps it as a typed value (which Blueprint he takes, what a
    tile gives) and answers the later fact from it, never from answer text.
    """

    def read_ahead(self, ask: Ask, key: str) -> tuple[object, object]:
        """:meth:`read`'s value, and the later fact's (None if the answer left it out)."""
        ...


def _bool(answer: Answer) -> bool:
    assert isinstance(answer, bool)  # Question.accepts checked the kind
    return answer


def _int(answer: Answer) -> int:
    assert isinstance(answer, int)
    return answer


def _str(answer: Answer) -> str:
    assert isinstance(answer, str)
    return answer


@final
@attrs.frozen(kw_only=True)
class YesNo(Generic[V]):
    """A yes/no question whose answer means *yes* or *no* (``True``/``False`` by default)."""

    text: Text
    yes: V
    no: V
    hint: Text = ""

    def read(self, ask: Ask, key: str) -> V:
        """Ask it."""
        question = Question(
            key=key, text=self.text, kind=QuestionKind.YES_NO, hint=self.hint
        )
        return self.yes if _bool(ask(question)) else self.no

    lookahead: ClassVar[type[Query[Any]] | None] = None

    def answers(self, value: V, ahead: object = None) -> tuple[Answer, ...]:
        """``True`` for *yes*, ``False`` for *no*."""
        return (value == self.yes,)


def yes(text: Text, hint: Text) -> YesNo[bool]:
    """A yes/no question whose yes means ``True``."""
    return YesNo(text=text, yes=True, no=False, hint=hint)


@final
@attrs.frozen(kw_only=True)
class Count:
    """A whole number from *low* to *high*."""

    text: Text
    low: int
    high: int
    hint: Text = ""
    expected_most: int | None = None
    """The largest answer the earlier answers allow (:attr:`Question.expected_most`)."""
    limit: Text = ""
    """Why *expected_most* is what it is."""
    zero: str = ""
    """The word that also means 0 (:attr:`Question.zero`)."""

    def read(self, ask: Ask, key: str) -> int:
        """Ask it."""
        question = Question(
            key=key,
            text=self.text,
            kind=QuestionKind.COUNT,
            low=self.low,
            high=self.high,
            hint=self.hint,
            expected_most=self.expected_most,
            limit=self.limit,
            zero=self.zero,
        )
        return _int(ask(question))

    lookahead: ClassVar[type[Query[Any]] | None] = None

    def answers(self, value: int, ahead: object = None) -> tuple[Answer, ...]:
        """The count itself."""
        return (value,)


@final
@attrs.frozen(kw_only=True)
class AnyCounted:
    """Whether there is any, asked as the count a later fact reads (*lookahead*).

    0 (or its *zero* word) means none; any other count means some, and is the
    later fact's value: how many steps away the tile is, how many Crystals the
    richest path holds. One question where a yes/no and a count would be two.
    Where some may also count 0 (a tile under his Rover is 0 steps away), a
    count of 0 is followed by the yes/no *at_zero*: yes means some, at 0.
    """

    text: Text
    hint: Text
    lookahead: type[Query[Any]] | None
    zero: str = ""
    at_zero: Text = ""
    """The yes/no asked after a count of 0 (``""``: 0 is always none)."""
    at_zero_hint: Text = ""

    def read(self, ask: Ask, key: str) -> bool:
        """Ask the count; whether there is any is the fact."""
        some, _ = self.read_ahead(ask, key)
        return some

    def read_ahead(self, ask: Ask, key: str) -> tuple[bool, int]:
        """Ask the count (then *at_zero* after a 0): whether there is any, and how many."""
        counted = Count(
            text=self.text, low=0, high=MOST_ON_MAP, hint=self.hint, zero=self.zero
        )
        n = counted.read(ask, key)
        if n == 0 and self.at_zero:
            return yes(self.at_zero, self.at_zero_hint).read(ask, f"{key}.{AT_ZERO}"), 0
        return n > 0, n

    def answers(self, value: bool, ahead: object = None) -> tuple[Answer, ...]:
        """0 for none, else the later fact's count *ahead* (1 if not given).

        With *at_zero*, 0 and its yes/no: no for none, yes for some at 0.
        """
        if not value:
            return (0, False) if self.at_zero else (0,)
        if isinstance(ahead, int) and not isinstance(ahead, bool):
            if ahead > 0:
                return (ahead,)
            if self.at_zero:
                return (0, True)
        return (1,)


@final
@attrs.frozen(kw_only=True)
class Labels:
    """How many options tie (their labels are *prefix* 1..n); with a *gate*, first whether any."""

    text: Text
    prefix: str
    low: int = 1
    high: int = MOST_ON_MAP
    hint: Text = ""
    gate: Text = ""
    """A yes/no asked first ("Is there a tile his Rover could collect?"); no means none."""
    gate_hint: Text = ""
    expected_most: int | None = None
    """The largest answer the earlier answers allow (:attr:`Question.expected_most`)."""
    limit: Text = ""
    """Why *expected_most* is what it is."""

    def read(self, ask: Ask, key: str) -> tuple[str, ...]:
        """Ask the gate, if any, then the count."""
        if self.gate:
            question = Question(
                key=f"{key}.any",
                text=self.gate,
                kind=QuestionKind.YES_NO,
                hint=self.gate_hint,
            )
            if not _bool(ask(question)):
                return ()
        count = Count(
            text=self.text,
            low=self.low,
            high=self.high,
            hint=self.hint,
            expected_most=self.expected_most,
            limit=self.limit,
        )
        n = count.read(ask, key)
        return tuple(f"{self.prefix} {i}" for i in range(1, n + 1))

    lookahead: ClassVar[type[Query[Any]] | None] = None

    def answers(
        self, value: tuple[str, ...], ahead: object = None
    ) -> tuple[Answer, ...]:
        """The gate's answer, if any, then the count."""
        n = len(value)
        if self.gate:
            return (True, n) if n else (False,)
        return (n,)


@final
@attrs.frozen(kw_only=True)
class Pick(Generic[V]):
    """A pick from a short list: each choice is a word and the value it means."""

    text: Text
    choices: tuple[tuple[str, V], ...]
    hint: Text = ""

    def read(self, ask: Ask, key: str) -> V:
        """Ask it."""
        question = Question(
            key=key,
            text=self.text,
            kind=QuestionKind.PICK,
            choices=tuple(word for word, _ in self.choices),
            hint=self.hint,
        )
        word = _str(ask(question))
        return next(value for choice, value in self.choices if choice == word)

    lookahead: ClassVar[type[Query[Any]] | None] = None

    def answers(self, value: V, ahead: object = None) -> tuple[Answer, ...]:
        """The word of *value*."""
        return (next(word for word, choice in self.choices if choice == value),)


def sentences(*parts: Text) -> Text:
    """*parts* said one after the other, each a whole sentence (or several); ``""`` left out.

    >>> str(sentences(msg("It is blank."), "", msg("Example: nothing.")))
    'It is blank. Example: nothing.'
    """
    said = [part for part in parts if part]
    if not said:
        return ""
    joined = said[-1]
    for part in reversed(said[:-1]):
        # Translators: two parts of a hint, each one or more whole sentences, one
        # after the other.
        joined = msg("{sentence} {more}", sentence=part, more=joined)
    return joined


_GAIN_WORDS: Final[Mapping[GainKind, Message]] = {
    # Translators: the benefits a player names, one word each (the first word of
    # an answer such as "crystals 2, tech"): no spaces.
    GainKind.CRYSTALS: msg_c("answer", "crystals"),
    GainKind.WAREHOUSE: msg_c("answer", "warehouse"),
    GainKind.TECH: msg_c("answer", "tech"),
    GainKind.COLONIST: msg_c("answer", "colonist"),
    GainKind.BOT: msg_c("answer", "bot"),
    GainKind.BLUEPRINT: msg_c("answer", "blueprint"),
    GainKind.RESOURCES: msg_c("answer", "resources"),
    GainKind.DEVELOP: msg_c("answer", "develop"),
    GainKind.ROVER: msg_c("answer", "rover"),
    GainKind.CONSTRUCT: msg_c("answer", "construct"),
    GainKind.UPGRADE: msg_c("answer", "upgrade"),
    GainKind.SHIP: msg_c("answer", "ship"),
    GainKind.OTHER: msg_c("answer", "other"),
}
"""The word a player types for each benefit (its English is the kind's value)."""
_GAIN_KINDS: Final[tuple[tuple[str, GainKind], ...]] = tuple(
    (k.value, k) for k in _GAIN_WORDS
)
_COUNTED: Final = frozenset({GainKind.CRYSTALS, GainKind.DEVELOP, GainKind.ROVER})
_BUILDING_WORDS: Final[Mapping[BuildingType | None, Message]] = {
    # Translators: after "construct", the building it lets him build; "any" when
    # the space lets him choose.
    None: msg_c("answer", "any"),
    # Translators: a building a player types, in lower case (a phrase is fine).
    BuildingType.MINE: msg_c("answer", "mine"),
    BuildingType.GENERATOR: msg_c("answer", "generator"),
    BuildingType.WATER_EXTRACTOR: msg_c("answer", "water extractor"),
    BuildingType.GREENHOUSE: msg_c("answer", "greenhouse"),
    BuildingType.OXYGEN_CONDENSER: msg_c("answer", "oxygen condenser"),
    BuildingType.SHELTER: msg_c("answer", "shelter"),
}
"""The words a player types for the buildings after ``construct`` (``any``: his choice)."""
_BUILDS: Final = (
    ("any", None),
    *((b.value.replace("_", " "), b) for b in BuildingType),
)
# Translators: each name in braces is a word the player types, as translated
# under the context "answer" (crystals, warehouse, ...); N stands for a number.
_GAIN_HINT: Final = msg(
    "Name what it shows: {crystals} N (N Crystals), {warehouse} (a Resupply or "
    "Warehouse bonus), {tech} (learn a Tech), {colonist}, {bot}, {blueprint}, "
    "{resources} (Resources only), {develop} N (N Tech steps), {rover} N (N Rover "
    "moves), {construct} and the building (or {any}), {upgrade}, {ship}, {other} "
    "(anything else); or {nothing}. Example: {crystals} 2, {tech}.",
    **{kind.value: word for kind, word in _GAIN_WORDS.items()},
    any=_BUILDING_WORDS[None],
    nothing=msg_c("answer", "nothing"),
)
MOST_GAINS: Final = 4
"""The most gains a tile's reward lists at the table."""


@final
@attrs.frozen(kw_only=True)
class Gains:
    """What a space or tile gives (spec §2.1): one gain, or up to four with *many*."""

    text: Text
    many: bool = False
    hint: Text = ""
    """Where the gain is shown; the list of gain words follows it behind ``?``."""

    def question(self, key: str) -> Question:
        """The one question: every benefit shown, with its number or building."""
        words = tuple(w for w, _ in _GAIN_KINDS)
        return Question(
            key=key,
            text=self.text,
            kind=QuestionKind.BENEFITS,
            choices=words,
            high=MOST_GAINS if self.many else 1,
            counted=tuple(w for w, k in _GAIN_KINDS if k in _COUNTED),
            builds=GainKind.CONSTRUCT.value,
            buildings=tuple(w for w, _ in _BUILDS),
            hint=sentences(self.hint, _GAIN_HINT),
            example="crystals 2, tech" if self.many else "crystals 2",
        )

    def read(self, ask: Ask, key: str) -> tuple[Gain, ...]:
        """Ask what it shows: ``crystals 2, tech``, or ``nothing``."""
        answer = _str(ask(self.question(key)))
        if answer == NOTHING:
            return ()
        return tuple(_gain(item.split(" ", 1)) for item in answer.split(", "))

    lookahead: ClassVar[type[Query[Any]] | None] = None

    def answers(
        self, value: tuple[Gain, ...], ahead: object = None
    ) -> tuple[Answer, ...]:
        """The list naming *value* (``nothing`` for none)."""
        if not value:
            return (NOTHING,)
        return (", ".join(_word(g) for g in value),)


COST: Final = "cost"
"""The word naming a tile's Crystal cost in a :class:`PricedGains` answer."""


@final
@attrs.frozen(kw_only=True)
class PricedGains:
    """A tile's Crystal cost and what it gives, in one answer: ``cost 1, crystals 2``.

    The cost is the fact; what it gives is read by the rules later, when he
    collects it (*lookahead*), and the companion remembers it until then.
    """

    text: Text
    hint: Text = ""
    lookahead: ClassVar[type[Query[Any]] | None] = q.CollectedTileReward

    def question(self, key: str) -> Question:
        """A benefits question that also takes ``cost N``."""
        gains = Gains(text=self.text, many=True, hint=self.hint).question(key)
        return attrs.evolve(
            gains,
            choices=(COST, *gains.choices),
            counted=(COST, *gains.counted),
            high=MOST_GAINS + 1,
            example="cost 1, crystals 2",
        )

    def read(self, ask: Ask, key: str) -> int:
        """Ask; the cost it names (0 if none)."""
        cost, _ = self.read_ahead(ask, key)
        return cost

    def read_ahead(self, ask: Ask, key: str) -> tuple[int, tuple[Gain, ...]]:
        """Ask; the cost it names (0 if none) and what the tile gives."""
        return priced_gains(_str(ask(self.question(key))))

    def answers(self, value: int, ahead: object = None) -> tuple[Answer, ...]:
        """The cost *value* (left out if 0) and the gains *ahead*."""
        items = [f"{COST} {value}"] if value else []
        gains = ahead if isinstance(ahead, tuple) else ()
        items += [_word(g) for g in gains if isinstance(g, Gain)]
        return (", ".join(items) or NOTHING,)


def priced_gains(answer: str) -> tuple[int, tuple[Gain, ...]]:
    """The cost and the gains an answer to :class:`PricedGains` names."""
    if answer == NOTHING:
        return 0, ()
    cost, gains = 0, []
    for item in answer.split(", "):
        words = item.split(" ", 1)
        if words[0] == COST:
            cost = int(words[1])
        else:
            gains.append(_gain(words))
    return cost, tuple(gains)


def _gain(words: list[str]) -> Gain:
    kind = next(k for w, k in _GAIN_KINDS if w == words[0])
    if kind in _COUNTED:
        return Gain(kind=kind, n=int(words[1]))
    if kind is GainKind.CONSTRUCT:
        return Gain(kind=kind, building=next(b for w, b in _BUILDS if w == words[1]))
    return Gain(kind=kind)


def typed_gains(gains: tuple[Gain, ...]) -> Text:
    """*gains* as a :class:`Gains` answer names them, in the player's words.

    >>> str(typed_gains((Gain(kind=GainKind.CRYSTALS, n=2), Gain(kind=GainKind.TECH))))
    'crystals 2, tech'
    """
    if not gains:
        return ""
    items = [_typed(g) for g in gains]
    said = items[-1]
    for item in reversed(items[:-1]):
        said = msg("{item}, {rest}", item=item, rest=said)
    return said


def _typed(gain: Gain) -> Message:
    word = _GAIN_WORDS[gain.kind]
    detail: Message | int
    if gain.kind in _COUNTED:
        detail = gain.n
    elif gain.kind is GainKind.CONSTRUCT:
        detail = _BUILDING_WORDS[gain.building]
    else:
        return word
    # Translators: one benefit as the player types it, its word then its number or
    # building: "crystals 2", "construct mine". Keep this order: answers are read so.
    return msg("{benefit} {detail}", benefit=word, detail=detail)


def _word(gain: Gain) -> str:
    word = next(w for w, k in _GAIN_KINDS if k is gain.kind)
    if gain.kind in _COUNTED:
        return f"{word} {gain.n}"
    if gain.kind is GainKind.CONSTRUCT:
        return f"{word} {next(w for w, b in _BUILDS if b is gain.building)}"
    return word


@final
@attrs.frozen(kw_only=True)
class Wording:
    """What a question's words may depend on: his side, the options, earlier facts."""

    side: Side | None
    options: Options
    known: Mapping[Query[object], object]
    """Facts already read in this step, by query."""
    tracked: Tracked | None = None
    """His player board as the companion tracks it (``None``: not tracked)."""

    def earlier(self, query: Query[T]) -> T | None:
        """A fact read earlier in this step (``None`` if it was not)."""
        return self.known.get(query)  # type: ignore[return-value]


def count(text: Text, low: int, high: int, hint: Text, *, zero: str = "") -> Count:
    """A count question (0 also said by *zero*, if given)."""
    return Count(text=text, low=low, high=high, hint=hint, zero=zero)


Builder = Callable[[Any, Wording], Shape]
"""Words the question that asks a fact, given its query."""


class Questions:
    """The builder of each fact's question, registered per query type.

    ``@questions.asks(BuildSize)`` over ``def _build_size(query: BuildSize,
    words: Wording) -> Shape``: mypy checks that the builder takes that query.
    """

    __slots__ = ("builders",)

    def __init__(self) -> None:
        """No builder yet."""
        self.builders: dict[type[Query[object]], Builder] = {}

    def asks(
        self, kind: type[Q]
    ) -> Callable[[Callable[[Q, Wording], Shape]], Callable[[Q, Wording], Shape]]:
        """Register the decorated builder as the one that asks *kind*."""

        def add(
            builder: Callable[[Q, Wording], Shape],
        ) -> Callable[[Q, Wording], Shape]:
            assert kind not in self.builders, kind  # one question per fact
            self.builders[kind] = builder
            return builder

        return add
