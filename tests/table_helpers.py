"""Answer sources for table-companion tests: scripted by key, or seeded random."""

import random
from collections.abc import Callable, Mapping
from typing import TypeVar

from lacerda_bot.table.dialogue import Answer, Proc, Question, QuestionKind, Say
from lacerda_bot.table.session import run

T = TypeVar("T")


class UnscriptedError(AssertionError):
    """A question the test did not expect."""


def by_key(script: Mapping[str, Answer]) -> Callable[[Question], Answer]:
    """Answer each question by the last part of its key (e.g. ``legal_site``).

    A key may also be given in full or by its last two parts
    (``mine.legal_site``); the longest match wins.
    """

    def answer(question: Question) -> Answer:
        parts = question.key.split(".")
        for n in range(len(parts), 0, -1):
            suffix = ".".join(parts[-n:])
            if suffix in script:
                return script[suffix]
        raise UnscriptedError(
            f"no scripted answer for {question.key!r}: {question.text}"
        )

    return answer


def drive(
    proc: Proc[T], script: Mapping[str, Answer]
) -> tuple[T, list[Say], list[Question]]:
    """Run *proc* with scripted answers; return its result, lines and questions."""
    lines: list[Say] = []
    asked: list[Question] = []
    source = by_key(script)

    def answer(question: Question) -> Answer:
        asked.append(question)
        return source(question)

    return run(proc, answer, lines.append), lines, asked


def rules_of(lines: list[Say]) -> set[str]:
    """Every rule ID the lines cite."""
    return {rule for line in lines for rule in line.rules}


def text_of(lines: list[Say]) -> str:
    """All the lines as one text."""
    return "\n".join(line.text for line in lines)


def random_answer(
    rng: random.Random, *, deepest: int = 6
) -> Callable[[Question], Answer]:
    """A seeded answer policy that keeps nested gains shallow.

    Counts stay small so ties of 1 to 4 options are common. Past *deepest*
    key levels, gains are "nothing" and yes/no answers are "no", which ends
    any chain of Rover moves and tile rewards.
    """

    def answer(question: Question) -> Answer:
        deep = question.key.count(".") >= deepest
        if question.kind is QuestionKind.YES_NO:
            return False if deep else rng.random() < 0.6
        if question.kind is QuestionKind.COUNT:
            return rng.randint(question.low, min(question.high, question.low + 3))
        if deep and "nothing" in question.choices:
            return "nothing"
        return rng.choice(question.choices)

    return answer
