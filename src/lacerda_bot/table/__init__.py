"""The table companion: Lacerda run for a physical game of On Mars.

The rules of the solo bot read the whole board, hex by hex; a person at the
table cannot type a board in. This package asks instead, as a digital host
would be asked, only what each decision needs: a yes or no, a count, or a pick
from a short list, never a coordinate. Spatial choices are stated as criteria
in words, and when the player reports a tie the solo-card tie-break (R-TIE) is
run for them.

Modules, in import order:

* :mod:`~lacerda_bot.table.dialogue`: questions, answers and what Lacerda says.
* :mod:`~lacerda_bot.table.state`: :class:`TableState`, action checks, shared words.
* :mod:`~lacerda_bot.table.ties`: tie-breaks among the options the player counts.
* :mod:`~lacerda_bot.table.benefits`: the question "what does it give?".
* :mod:`~lacerda_bot.table.building`: the building sequence, sites, LSS, Shelters.
* :mod:`~lacerda_bot.table.rover`: his Rover's target, allowance, path and arrival.
* :mod:`~lacerda_bot.table.actions`: the six card actions.
* :mod:`~lacerda_bot.table.gains`: what he does with each benefit (T6).
* :mod:`~lacerda_bot.table.turn`: his turn.
* :mod:`~lacerda_bot.table.phases`: set-up, Shuttle phase, level-up, Tech use, scoring.
* :mod:`~lacerda_bot.table.session`: a game as a log of answers; undo, redo, saves.
* :mod:`~lacerda_bot.table.terminal`: the ``lacerda-bot play`` prompt loop.
"""

from lacerda_bot.table.dialogue import Answer, Question, QuestionKind, Say
from lacerda_bot.table.phases import StepKind, next_steps, step_proc
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
    run,
    save_game,
    undo,
)
from lacerda_bot.table.state import TableState

__all__ = [
    "Answer",
    "Game",
    "Question",
    "QuestionKind",
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
    "run",
    "save_game",
    "step_proc",
    "undo",
]
