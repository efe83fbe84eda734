"""Drive the table companion from code, as a phone or web front end would.

The procedures of ``lacerda_bot.table`` yield questions and lines; a front end
answers the questions however it likes (buttons, voice, a script) and shows
the lines. Here the answers come from a dictionary, and the game is saved and
loaded back to show that a save replays to the same state.

Run: python examples/table_session.py
"""

import tempfile
from pathlib import Path

from lacerda_bot.table import (
    Answer,
    Game,
    Question,
    Say,
    Step,
    StepKind,
    load_game,
    new_game,
    record,
    replay,
    run,
    save_game,
    step_proc,
)

# What the player at the table answers, by question key.
ANSWERS: dict[str, Answer] = {
    "setup.first_colonist_tiles": 6,
    "setup.side": "colony",
    "setup.gain": "crystals",
    "setup.gain.n": 2,
    "turn1.mine.legal_site": True,
    "turn1.colonists_present": 1,
    "turn1.spendable": 2,
    "turn1.largest": 2,
    "turn1.tied_sites": 3,
    "turn1.own_tech_enough": False,
    "turn1.rover_on_site": False,
}


def play(game: Game, kind: StepKind) -> Game:
    """Run one step with the scripted answers, printing what Lacerda does."""
    state, _ = replay(game)
    asked: list[tuple[str, Answer]] = []

    def answer(question: Question) -> Answer:
        value = ANSWERS[question.key]
        print(f"  ? {question.text} -> {value}")
        asked.append((question.key, value))
        return value

    def show(line: Say) -> None:
        print(f"  - {line.text}  [{', '.join(line.rules)}]")

    print(f"{kind.value}:")
    run(step_proc(kind, state), answer, show)
    return record(game, Step(kind=kind, answers=tuple(asked)))


def main() -> None:
    game = new_game(seed=2)
    for kind in (StepKind.SETUP, StepKind.TURN):
        game = play(game, kind)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        save_game(game, path)
        again = load_game(path)
    state, _ = replay(again)
    print(f"saved and loaded: {again == game}; turns taken: {state.turns}")
    print(f"his Progress Bot now points at: {state.bot.pointer.value}")


if __name__ == "__main__":
    main()
