"""Typed answers and an in-process ``lacerda-bot play`` session over text streams."""

import io
from pathlib import Path

from lacerda_bot.language import ENGLISH, Words
from lacerda_bot.table._game.session import load_game, new_game, save_game
from lacerda_bot.table.terminal import Style, Terminal

PRINTED = ["2", "4", "6", "0", "10", "1", "2", "3"]  # his board, the Missions
SETUP = ["setup", *PRINTED, "6", "colony", "nothing"]
# card 7 in the Colony: Upgrade impossible (he holds no Blueprint, tracked), no tile
# (none, and none under his Rover)
SKIP_TURN = ["turn", "n", "n"]


def session(
    lines: list[str],
    path: Path,
    *,
    seed: int = 0,
    colour: bool = False,
    width: int = 1000,
    rules: bool = False,
    words: Words = ENGLISH,
) -> tuple[str, Terminal]:
    """Run a terminal over *lines* on a new game; return the output and terminal."""
    if not path.exists():
        save_game(new_game(seed), path)
    out = io.StringIO()
    terminal = Terminal(
        load_game(path),
        path,
        io.StringIO("\n".join(lines) + "\n"),
        out,
        Style(colour),
        width=width,
        rules=rules,
        words=words,
    )
    assert terminal.loop() == 0
    return out.getvalue(), terminal
