"""Answer sources, a step driver and set-up games for table-companion tests."""

import random
from collections.abc import Callable, Mapping

import attrs

from lacerda_bot.lab import staggered
from lacerda_bot.model import Side
from lacerda_bot.options import Options
from lacerda_bot.table._engine.dialogue import Answer, Question, QuestionKind, Say
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.table._game.driver import Run, StepKind, run_step
from lacerda_bot.table._game.session import Step, dumps_game, new_game, replay
from lacerda_bot.table._game.state import TableState
from lacerda_bot.table.screen import screen

from .helpers import bot_with


class UnscriptedError(AssertionError):
    """A question the test did not expect."""


_PARTS = ("any", "n", "building")


def by_key(script: Mapping[str, Answer]) -> Callable[[Question], Answer]:
    """Answer each question by its key without the step (``has_legal_site.mine``).

    A script key may also name the fact alone (``starting_side``), with a
    sub-question (``space_gains.n``, ``nearest_tiles.any``); the most precise wins.
    """

    def answer(question: Question) -> Answer:
        parts = question.key.split(".")
        fact, rest = parts[1], parts[2:]
        tries = [".".join(parts[1:])]
        if rest and rest[-1].rstrip("0123456789") in (*_PARTS, "more"):
            tries.append(f"{fact}.{rest[-1]}")
        else:
            tries.append(fact)
        for key in tries:
            if key in script:
                return script[key]
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
    return "\n".join(str(line.text) for line in lines)


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
            # he travels only where a space is free (R-SHUTTLE-3): 0 breaks the rules
            low = max(question.low, ".free_space_count." in question.key)
            return rng.randint(low, min(question.high, low + 3))
        if tired and "nothing" in question.choices:
            return "nothing"
        if question.kind is QuestionKind.BENEFITS:
            return _benefits(question, rng)
        return rng.choice(question.choices)

    return answer


def _benefits(question: Question, rng: random.Random) -> str:
    """Nothing, or one or two benefits each with its number or building."""
    if rng.random() < 0.4:
        return "nothing"
    said = []
    for name in rng.sample(question.choices, min(rng.choice((1, 1, 2)), question.high)):
        if name in question.counted:
            said.append(f"{name} {rng.randint(1, 3)}")
        elif name == question.builds:
            said.append(f"{name} {rng.choice(question.buildings)}")
        else:
            said.append(name)
    return ", ".join(said)


PRINTED: dict[str, Answer] = {
    "start_crystals": 2,
    "start_free_depot": 4,
    "lab_columns": 6,
    "start_shelter_tech": 0,
    "start_living_quarters": 10,
    "start_mission_crystals.a": 1,
    "start_mission_crystals.b": 2,
    "start_mission_crystals.c": 3,
}
SETUP: dict[str, Answer] = {
    **PRINTED,
    "first_colonist_tile_count": 6,
    "starting_side": "colony",
    "space_gains": "nothing",
}
HIS = Tracked(
    crystals=2,
    depot=6,
    lab_spaces=staggered(),
    lab_columns=6,
    living_quarters_top=10,
)


def set_up(seed: int = 2, **options: object) -> TableState:
    state, _ = replay(new_game(seed, Options(**options)))  # type: ignore[arg-type]
    state, _, _ = scripted(state, StepKind.SETUP, SETUP)
    return state


def on(
    side: str, cards: tuple[int, ...], his: Tracked = HIS, **options: object
) -> TableState:
    """A table game after set-up: his draw pile starts with *cards*; *his* board."""
    return TableState(
        bot=bot_with(cards, options=Options(**options)),  # type: ignore[arg-type]
        goal="first_colonists",
        side=Side(side),
        tracked=attrs.evolve(his, shuttle_from=Side(side)),
    )


def scored_save(
    seed: int = 2,
    goal: str = "first_colonists",
    *,
    yours: int = 0,
    his: int = 0,
    met: bool = False,
    today: str | None = None,
) -> str:
    """The save of a game set up and scored at once: *yours* OP on your OP track,
    *his* on his, every requirement of the Solo Goal *met* or not, every other answer
    as low as it goes (``today`` dates the final scoring). With *met*, the Colony
    gains the levels First Colonists asks (3) before the scoring."""
    save = dumps_game(new_game(seed, goal=goal))
    levels = ("level-up", "level-up") if met else ()
    for step in ("setup", *levels, "score"):
        current = screen(save, step)
        for _ in range(80):
            if current["kind"] == "done":
                break
            asked = current["question"]
            if asked["key"] == "score.human_score.op_track":
                typed = str(yours)
            elif asked["key"] == "score.op_track":
                typed = str(his)
            elif asked["key"].startswith("score.requirement_met"):
                typed = "y" if met else "n"
            else:
                typed = {
                    "yes_no": "n",
                    "count": str(asked["low"]),
                    "pick": "1",
                    "benefits": "nothing",
                }[asked["kind"]]
            current = screen(save, step, current["answers"], typed, today=today)
        assert current["kind"] == "done", f"{step} did not end"
        save = current["save"]
    return save
