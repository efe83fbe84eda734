"""Questions to the player and what Lacerda says, as frozen values.

A step of a table game runs the library's own calls; where a rule reads a
fact the companion does not know, the step stops with a :class:`Question`.
What Lacerda does comes back as :class:`Say` lines (the words of
:mod:`lacerda_bot.render`), in the order to apply it.
"""

import enum
from typing import TypeAlias, final

import attrs

from lacerda_bot.errors import InvalidValueError
from lacerda_bot.render import Line

__all__ = [
    "Answer",
    "Question",
    "QuestionKind",
    "Say",
]

Answer: TypeAlias = bool | int | str
"""A parsed answer: ``bool`` for yes/no, ``int`` for a count, ``str`` for a pick."""


@enum.unique
class QuestionKind(enum.Enum):
    """The three shapes a question can take."""

    YES_NO = "yes_no"
    COUNT = "count"
    PICK = "pick"


_YES = frozenset({"y", "yes"})
_NO = frozenset({"n", "no"})


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
    text: str
    kind: QuestionKind
    choices: tuple[str, ...] = ()
    """For ``PICK``: the short list, in the order shown."""
    low: int = 0
    high: int = 0
    """For ``COUNT``: the smallest and largest allowed answer."""
    hint: str = ""
    """The criterion in plain words, shown with ``?``."""

    def valid_answers(self) -> str:
        """The answers this question accepts, in words."""
        if self.kind is QuestionKind.YES_NO:
            return "y or n"
        if self.kind is QuestionKind.COUNT:
            return f"a whole number from {self.low} to {self.high}"
        names = ", ".join(f"{i} {c}" for i, c in enumerate(self.choices, 1))
        return f"a number or a name: {names}"

    def short_form(self) -> str:
        """The compact answer reminder shown in the prompt, such as ``[y/n]``."""
        if self.kind is QuestionKind.YES_NO:
            return "[y/n]"
        if self.kind is QuestionKind.COUNT:
            return f"[{self.low}-{self.high}]"
        return "[" + "/".join(self.choices) + "]"

    def parse(self, text: str) -> Answer:
        """Parse typed *text*; a bad answer raises InvalidValueError naming the key."""
        word = text.strip().lower()
        if self.kind is QuestionKind.YES_NO:
            if word in _YES:
                return True
            if word in _NO:
                return False
        elif self.kind is QuestionKind.COUNT:
            if word.isdigit() and self.low <= int(word) <= self.high:
                return int(word)
        else:
            picked = self._pick(word)
            if picked is not None:
                return picked
        raise InvalidValueError(self.key, self.valid_answers(), text.strip())

    def _pick(self, word: str) -> str | None:
        if word.isdigit() and 1 <= int(word) <= len(self.choices):
            return self.choices[int(word) - 1]
        exact = [c for c in self.choices if c.lower() == word]
        prefixed = [c for c in self.choices if word and c.lower().startswith(word)]
        matches = exact or prefixed
        return matches[0] if len(matches) == 1 else None

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
        return isinstance(answer, str) and answer in self.choices


Say: TypeAlias = Line
"""One thing Lacerda does or one instruction: :class:`lacerda_bot.render.Line`."""
