"""Answer sources and a step driver for table-companion tests."""

import random
from collections.abc import Callable, Mapping

from lacerda_bot.table.dialogue import Answer, Question, QuestionKind, Say
from lacerda_bot.table.driver import Run, StepKind, run_step
from lacerda_bot.table.session import Step
from lacerda_bot.table.state import TableState


class UnscriptedError(AssertionError):
    """A question the test did not expect."""


def by_key(script: Mapping[str, Answer]) -> Callable[[Question], Answer]:
    """Answer each question by its key without the step prefix (``has_legal_site.mine``).

    A key may also be given in full or by its last part; the longest match wins.
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
    state: TableState, kind: StepKind, source: Callable[[Question], Answer]
) -> tuple[Run, Step, list[Question]]:
    """Run step *kind* to its end, asking *source*; the run, the step and the questions."""
    answers: list[tuple[str, Answer]] = []
    asked: list[Question] = []
    while True:
        run = run_step(state, kind, answers)
        if run.question is None:
            return run, Step(kind=kind, answers=tuple(answers)), asked
        asked.append(run.question)
        answers.append((run.question.key, source(run.question)))


def scripted(
    state: TableState, kind: StepKind, script: Mapping[str, Answer]
) -> tuple[TableState, list[Say], list[Question]]:
    """Run a step with scripted answers; its new state, its lines and its questions."""
    run, _, asked = drive(state, kind, by_key(script))
    return run.state, list(run.lines), asked


def rules_of(lines: list[Say]) -> set[str]:
    """Every rule ID the lines cite."""
    return {rule for line in lines for rule in line.rules}


def text_of(lines: list[Say]) -> str:
    """All the lines as one text."""
    return "\n".join(line.text for line in lines)


def random_answer(
    rng: random.Random, *, longest: int = 40
) -> Callable[[Question], Answer]:
    """A seeded answer policy that keeps chains of gains short.

    Counts stay small so ties of 1 to 4 options are common. After *longest*
    questions in a step, gains are "nothing" and yes/no answers "no", which
    ends any chain of Rover moves and tile rewards.
    """
    asked: dict[str, int] = {}

    def answer(question: Question) -> Answer:
        step = question.key.split(".", 1)[0]
        asked[step] = asked.get(step, 0) + 1
        tired = asked[step] > longest
        if question.kind is QuestionKind.YES_NO:
            return False if tired else rng.random() < 0.6
        if question.kind is QuestionKind.COUNT:
            return rng.randint(question.low, min(question.high, question.low + 3))
        if tired and "nothing" in question.choices:
            return "nothing"
        return rng.choice(question.choices)

    return answer
