"""Questions to the player and what Lacerda says, as frozen values.

A step of a table game runs the library's own calls; where a rule reads a
fact the companion does not know, the step stops with a :class:`Question`.
What Lacerda does comes back as :class:`Say` lines (the words of
:mod:`lacerda_bot.render`), in the order to apply it.
"""

import enum
from collections.abc import Iterable
from typing import Final, TypeAlias, assert_never, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.language import ENGLISH, Message, Words, folded, msg
from lacerda_bot.render import Line

__all__ = [
    "NOTHING",
    "Answer",
    "Question",
    "QuestionKind",
    "Say",
]

Answer: TypeAlias = bool | int | str
"""A parsed answer: ``bool`` for yes/no, ``int`` for a count, ``str`` for a pick or
a list of benefits (``"crystals 2, tech"``, or ``"nothing"``)."""


_LISTED: Final = 8
"""A pick among more choices shows ``[name or 1-N]``; ``?`` lists them all."""


@enum.unique
class QuestionKind(IdentityEnum):
    """The shapes a question can take."""

    YES_NO = "yes_no"
    COUNT = "count"
    PICK = "pick"
    BENEFITS = "benefits"
    """What a space or tile shows: benefits by name, each with its number or building."""


COUNTED_MOST: Final = 9
"""The largest number a benefits answer gives a counted benefit (``crystals 9``)."""

NOTHING = "nothing"
"""The answer to a benefits question when the space or tile shows none."""


_YES = frozenset({"y", "yes"})
_MOST_DIGITS: Final = 4
"""A count or a pick number has at most this many digits (no answer is larger)."""


def _yes_no(words: Words, english: Iterable[str]) -> frozenset[str]:
    """The words that mean one of *english*'s in *words*' language, and the English."""
    return words.any_of(tuple(english))


def _number(word: str) -> int | None:
    """*word* as a whole number: ASCII digits only (not ``²`` or ``٣``), a few of them."""
    if word.isascii() and word.isdigit() and len(word) <= _MOST_DIGITS:
        return int(word)
    return None


_NO = frozenset({"n", "no"})
_ZERO_WORDS: Final = frozenset({"n", "no", "none"})
"""What a count whose 0 has a word also takes for 0: no and none are easily mixed."""


@final
@attrs.frozen(kw_only=True)
class Question:
    """One question to the player.

    >>> q = Question(key="k", text="How many?", kind=QuestionKind.COUNT, high=3)
    >>> q.valid_answers(), q.parse(" 2 ")
    ('a whole number from 0 to 3', 2)
    """

    key: str
    """A stable name, stored with the answer in saves and checked on replay."""
    text: str | Message
    """The question, said in the player's language by the front end."""
    kind: QuestionKind
    choices: tuple[str, ...] = ()
    """For ``PICK``: the short list, in the order shown."""
    low: int = 0
    high: int = 0
    """For ``COUNT``: the smallest and largest allowed answer."""
    hint: str | Message = ""
    """The criterion in plain words, shown with ``?``."""
    counted: tuple[str, ...] = ()
    """For ``BENEFITS``: the choices that take a number (``crystals 2``)."""
    builds: str = ""
    """For ``BENEFITS``: the choice that takes a building (``construct greenhouse``)."""
    buildings: tuple[str, ...] = ()
    """For ``BENEFITS``: the buildings it may name, the default first (``any``)."""
    example: str = "crystals 2, tech"
    """For ``BENEFITS``: an answer shown in the prompt."""
    default: str | None = None
    """For ``PICK``: the choice an empty answer (Enter) takes, if any."""
    expected_most: int | None = None
    """For ``COUNT``: the largest answer that fits the earlier answers, if fewer
    than *high*. A larger one is a contradiction to point out, not refused:
    the player may be right and the earlier answer wrong."""
    limit: str | Message = ""
    """Why *expected_most* is what it is: what an earlier answer implies."""
    zero: str = ""
    """For ``COUNT``: the word that also means 0 (``none``: no tile he could
    collect); ``n``, ``no`` and ``none`` are taken for it too. ``""``: 0 has no word."""

    @property
    def most(self) -> int:
        """For ``BENEFITS``: how many benefits one answer may list."""
        return self.high

    def valid_answers(self, words: Words = ENGLISH) -> str:
        """The answers this question accepts, in words (in *words*' language)."""
        match self.kind:
            case QuestionKind.YES_NO:
                return words.say(
                    msg("{yes} or {no}", yes=words.answer("y"), no=words.answer("n"))
                )
            case QuestionKind.COUNT if self.zero and self.low == 0:
                return words.say(
                    msg(
                        "{zero}, or a whole number from 1 to {high}",
                        zero=words.answer(self.zero),
                        high=self.high,
                    )
                )
            case QuestionKind.COUNT:
                return words.say(
                    msg(
                        "a whole number from {low} to {high}",
                        low=self.low,
                        high=self.high,
                    )
                )
            case QuestionKind.BENEFITS:
                names = {
                    "counted": "/".join(words.answer(c) for c in self.counted),
                    "builds": words.answer(self.builds),
                    "buildings": "/".join(words.answer(b) for b in self.buildings),
                    "nothing": words.answer(NOTHING),
                    "choices": ", ".join(words.answer(c) for c in self.choices),
                }
                if self.high > 1:
                    return words.say(
                        msg(
                            "the benefits by name (up to {most}, by commas), with a "
                            "number after {counted} and a building after {builds} "
                            "({buildings}), or {nothing}: {choices}",
                            most=self.high,
                            **names,
                        )
                    )
                return words.say(
                    msg(
                        "the benefit by name, with a number after {counted} and a "
                        "building after {builds} ({buildings}), or {nothing}: "
                        "{choices}",
                        **names,
                    )
                )
            case QuestionKind.PICK:
                listed = ", ".join(
                    f"{i} {words.answer(c)}" for i, c in enumerate(self.choices, 1)
                )
                return words.say(msg("a number or a name: {names}", names=listed))
            case unreachable:
                assert_never(unreachable)

    def labels(self, words: Words = ENGLISH) -> tuple[str, ...]:
        """The choices as the player reads and types them in *words*' language."""
        return tuple(words.answer(choice) for choice in self.choices)

    def short_form(self, words: Words = ENGLISH) -> str:
        """The compact answer reminder shown in the prompt, such as ``[y/n]``."""
        match self.kind:
            case QuestionKind.YES_NO:
                return f"[{words.answer('y')}/{words.answer('n')}]"
            case QuestionKind.COUNT if self.zero and self.low == 0:
                return f"[{words.answer(self.zero)}/1-{self.high}]"
            case QuestionKind.COUNT:
                return f"[{self.low}-{self.high}]"
            case QuestionKind.BENEFITS:
                example = ", ".join(
                    " ".join([words.answer(first), *rest])
                    for first, *rest in (
                        item.split() for item in self.example.split(", ")
                    )
                )
                return words.say(
                    msg(
                        "[e.g. {example} / {nothing}]",
                        example=example,
                        nothing=words.answer(NOTHING),
                    )
                )
            case QuestionKind.PICK:
                return self._pick_form(words)
            case unreachable:
                assert_never(unreachable)

    def _pick_form(self, words: Words) -> str:
        count = len(self.choices)
        if self.default is None:
            if count > _LISTED:  # ? lists them
                return words.say(msg("[name or 1-{count}]", count=count))
            return "[" + "/".join(self.labels(words)) + "]"
        default = words.answer(self.default)
        if count > _LISTED:
            return words.say(
                msg(
                    "[name or 1-{count}; Enter: {default}]",
                    count=count,
                    default=default,
                )
            )
        return words.say(
            msg(
                "[{choices}; Enter: {default}]",
                choices="/".join(self.labels(words)),
                default=default,
            )
        )

    def contradiction(
        self, value: Answer, doubted: Answer | None = None, words: Words = ENGLISH
    ) -> str:
        """Why *value* contradicts an earlier answer, or ``""``.

        ``""`` too when *value* is *doubted*: the same answer given again after
        being told keeps it (the earlier answer may be the wrong one).
        """
        most = self.expected_most
        if (
            most is None
            or not isinstance(value, int)
            or isinstance(value, bool)
            or value <= most
            or value == doubted
        ):
            return ""
        return words.say(
            msg(
                "{value} contradicts an earlier answer: {limit}.",
                value=value,
                limit=self.limit,
            )
        )

    def parse(self, text: str, words: Words = ENGLISH) -> Answer:
        """Parse typed *text*, in *words*' language or English.

        A bad answer raises InvalidValueError naming the key.
        """
        word = folded(text)
        if self.kind is QuestionKind.YES_NO:
            if word in _yes_no(words, _YES):
                return True
            if word in _yes_no(words, _NO):
                return False
        elif self.kind is QuestionKind.COUNT:
            zero = (self.zero, *_ZERO_WORDS) if self.zero else ()
            if self.low == 0 and word in _yes_no(words, zero):
                return 0
            n = _number(word)
            if n is not None and self.low <= n <= self.high:
                return n
        elif self.kind is QuestionKind.BENEFITS:
            benefits = self._benefits(word, words)
            if benefits is not None:
                return benefits
        elif not word and self.default is not None:
            return self.default
        else:
            picked = self._pick(word, words)
            if picked is not None:
                return picked
        raise InvalidValueError(self.key, self.valid_answers(words), text.strip())

    def _pick(self, word: str, words: Words = ENGLISH) -> str | None:
        n = _number(word)
        if n is not None and 1 <= n <= len(self.choices):
            return self.choices[n - 1]
        named = [(c, words.answers(c)) for c in self.choices]
        exact = [c for c, said in named if word in said]
        prefixed = [
            c for c, said in named if word and any(s.startswith(word) for s in said)
        ]
        matches = exact or prefixed
        return matches[0] if len(matches) == 1 else None

    def _benefits(self, text: str, words: Words = ENGLISH) -> str | None:
        """The canonical list *text* names, e.g. ``"crystals 2, construct any"``."""
        if text in _yes_no(words, (NOTHING, "none", "-")):
            return NOTHING
        items = [item.split() for item in text.split(",")]
        if not items or len(items) > self.high or not all(items):
            return None
        named: list[str] = []
        for parts in items:
            kind = self._pick(parts[0], words)
            if kind is None or kind == NOTHING:
                return None
            rest = parts[1:]
            if kind in self.counted:
                n = _number(rest[0]) if len(rest) == 1 else None
                if n is None or not 1 <= n <= COUNTED_MOST:
                    return None
                named.append(f"{kind} {n}")
            elif kind == self.builds:
                building = " ".join(rest)
                match = [
                    b
                    for b in self.buildings
                    if any(s.startswith(building) for s in words.answers(b))
                ]
                if not building:
                    match = [self.buildings[0]]
                if len(match) != 1:
                    return None
                named.append(f"{kind} {match[0]}")
            elif rest:
                return None
            else:
                named.append(kind)
        return ", ".join(named)

    def sole_answer(self) -> Answer | None:
        """The one answer this question can take, which nobody need be asked; else None.

        A pick of one choice, or a count whose range is one number.

        >>> Question(key="k", text="Which?", kind=QuestionKind.PICK,
        ...          choices=("rover",)).sole_answer()
        'rover'
        """
        if self.kind is QuestionKind.PICK and len(self.choices) == 1:
            return self.choices[0]
        if self.kind is QuestionKind.COUNT and self.low == self.high:
            return self.low
        return None

    def accepts(self, answer: object) -> bool:
        """Whether *answer* (as stored in a save) is a valid parsed answer."""
        if self.kind is QuestionKind.YES_NO:
            return isinstance(answer, bool)
        if self.kind is QuestionKind.COUNT:
            return (
                isinstance(answer, int)
                and not isinstance(answer, bool)
                and self.low <= answer <= self.high
            )
        if self.kind is QuestionKind.BENEFITS:
            return isinstance(answer, str) and self._benefits(answer) == answer
        return isinstance(answer, str) and answer in self.choices


Say: TypeAlias = Line
"""One thing Lacerda does or one instruction: :class:`lacerda_bot.render.Line`."""
