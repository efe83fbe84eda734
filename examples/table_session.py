"""Drive the table companion from code, as a phone or web front end would.

Each step of a table game runs the library's own call with the answers given
so far; it stops at the next question, or finishes. A front end shows the
lines, asks the question however it likes (buttons, voice, a script), adds the
answer and runs the step again. Here the answers come from a dictionary, and
the game is saved and loaded back to show that a save replays to the same state.

Run: python examples/table_session.py
"""

import tempfile
from pathlib import Path

from lacerda_bot.table import (
    Answer,
    Game,
    Step,
    StepKind,
    load_game,
    new_game,
    record,
    replay,
    run_step,
    save_game,
)

# What the player at the table answers, by question key.
ANSWERS: dict[str, Answer] = {
    # set-up: what his player board shows, then the board itself
    "setup.start_crystals": 2,
    "setup.start_free_depot": 4,
    "setup.lab_columns": 6,
    "setup.start_shelter_tech": 2,
    "setup.start_living_quarters": 10,
    "setup.start_mission_crystals.a": 1,
    "setup.start_mission_crystals.b": 2,
    "setup.start_mission_crystals.c": 3,
    "setup.first_colonist_tile_count": 6,
    "setup.starting_side.3": "colony",
    "setup.space_gains": "crystals 2",
    # his first turn: where he builds
    "turn1.build_size.mine": 2,
    "turn1.colonists_present.construct": 1,
    "turn1.best_sites.mine": 3,
}


def play(game: Game, kind: StepKind) -> Game:
    """Run one step with the scripted answers, printing what Lacerda does."""
    state, _ = replay(game)
    answers: list[tuple[str, Answer]] = []
    shown = 0
    print(f"{kind.value}:")
    while True:
        run = run_step(state, kind, answers)
        for line in run.lines[shown:]:
            print(f"  - {line.text}  [{', '.join(line.rules)}]")
        shown = len(run.lines)
        if run.question is None:
            return record(game, Step(kind=kind, answers=tuple(answers)))
        value = ANSWERS[run.question.key]
        print(f"  ? {run.question.text} -> {value}")
        answers.append((run.question.key, value))


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
