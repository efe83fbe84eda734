"""The table companion: Lacerda run for a physical game of On Mars.

The rules of the solo bot read facts: is there a legal site for a Mine, how
far is the nearest eligible tile, what does this space give. A digital host
answers them from its board; at the table, the companion answers what it
knows and asks the player the rest, only when a rule reads the fact and in
the order the rule reads it: a yes or no, a count, or a pick from a short
list, never a coordinate. Every rule runs once, in the library's own calls;
this package holds no rule of its own.

Modules, in import order:

* :mod:`~lacerda_bot.table.dialogue`: questions, answers and what Lacerda says.
* :mod:`~lacerda_bot.table.tracked`: his player board as the companion follows it.
* :mod:`~lacerda_bot.table.shapes`, ``ask_map``, ``ask_game``, ``ask_player`` and
  :mod:`~lacerda_bot.table.questions`: the wording of every question, by fact.
* :mod:`~lacerda_bot.table.forgetting`: which facts each of his decisions may change.
* :mod:`~lacerda_bot.table.asked`: :class:`~lacerda_bot.table.asked.AskedFacts`, the
  facts source that asks; :mod:`~lacerda_bot.table.tracking` answers his own board
  from what it tracks.
* :mod:`~lacerda_bot.table.state`: :class:`TableState`, what the companion keeps.
* :mod:`~lacerda_bot.table.fixing`: the ``fix`` step, a tracked value corrected.
* :mod:`~lacerda_bot.table.driver`: runs a step's library call with the answers so far.
* :mod:`~lacerda_bot.table.rounds`: where the round stands, which step comes next.
* :mod:`~lacerda_bot.table.recap`: his tracked board in words, and what a step changed.
* :mod:`~lacerda_bot.table.migrate`: saves of 0.1.0 and of version 2 (his Lab in rows),
  converted to today's questions (a version 2 game as far as it replays on the
  printed Lab).
* :mod:`~lacerda_bot.table.printable`: file names and messages made safe to print.
* :mod:`~lacerda_bot.table.storage`: only regular files read; copies kept beside.
* :mod:`~lacerda_bot.table.session`: a game as a log of answers; undo, redo, saves.
* :mod:`~lacerda_bot.table.terminal`: the ``lacerda-bot play`` prompt loop.
* :mod:`~lacerda_bot.table.screen`: the same game as JSON-friendly screens, for a
  web page or any other front end.
"""

from lacerda_bot.table.dialogue import Answer, Question, QuestionKind, Say
from lacerda_bot.table.driver import Run, StepKind, next_steps, run_step
from lacerda_bot.table.session import (
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
    undo,
)
from lacerda_bot.table.state import TableState

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
    "undo",
]
