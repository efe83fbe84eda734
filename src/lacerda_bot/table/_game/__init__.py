"""A game at the table as a log of answers (private): steps, rounds, saves.

:mod:`.state` is what the companion keeps, :mod:`.driver` runs one step's
library call on the engine (:mod:`lacerda_bot.table._engine`), :mod:`.rounds`
and :mod:`.recap` say where the round stands and what a step changed,
:mod:`.session` keeps the log (undo, redo, saves through :mod:`.storage`),
and :mod:`.migrate` converts older saves. The front ends
(:mod:`lacerda_bot.table.terminal`, :mod:`lacerda_bot.table.screen`) sit above it.
"""
