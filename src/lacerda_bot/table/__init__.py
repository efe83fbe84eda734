"""The table companion: Lacerda run for a physical game of On Mars.

The rules of the solo bot read facts: is there a legal site for a Mine, how
far is the nearest eligible tile, what does this space give. A digital host
answers them from its board; at the table, the companion answers what it
knows and asks the player the rest, only when a rule reads the fact and in
the order the rule reads it: a yes or no, a count, or a pick from a short
list, never a coordinate. Every rule runs once, in the library's own calls;
this package holds no rule of its own.

This facade is the table's public surface: a game (:class:`Game`, new, load,
save, a step, undo and redo), its questions and answers, and two front ends,
:mod:`~lacerda_bot.table.terminal` (the ``lacerda-bot play`` prompt loop) and
:mod:`~lacerda_bot.table.screen` (the same game as JSON-friendly screens, for a
web page or any other front end). Beneath it, in two private layers that
import only downwards:

* :mod:`lacerda_bot.table._engine`, the facts source: questions and their
  wording by fact, the asking source, his tracked board, what a decision makes
  the companion forget.
* :mod:`lacerda_bot.table._game`, a game as a log of answers: its state, the
  step driver, rounds, the recap of a step, the ``fix`` step, saves, storage
  and the conversion of older saves.
"""

from lacerda_bot.table._engine.dialogue import Answer, Question, QuestionKind, Say
from lacerda_bot.table._game.driver import Run, StepKind, next_steps, run_step
from lacerda_bot.table._game.session import (
    Game,
    Step,
    dumps_game,
    load_game,
    loads_game,
    new_game,
    play_step,
    record,
    redo,
    replay,
    save_game,
    table_options,
    undo,
)
from lacerda_bot.table._game.state import TableState

__all__ = [
    "Answer",
    "Game",
    "Question",
    "QuestionKind",
    "Run",
    "Say",
    "Step",
    "StepKind",
    "TableState",
    "dumps_game",
    "load_game",
    "loads_game",
    "new_game",
    "next_steps",
    "play_step",
    "record",
    "redo",
    "replay",
    "run_step",
    "save_game",
    "table_options",
    "undo",
]
