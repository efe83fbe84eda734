"""The reference game: a scripted human, whole seeded games, and batches of them.

A test bed for the rules, not On Mars: :mod:`~lacerda_bot.reference.game` plays
Lacerda through the library's own calls against the scripted human of
:mod:`~lacerda_bot.reference._human`; :mod:`~lacerda_bot.reference.simulate`
runs batches over processes and summarises them, and
:mod:`~lacerda_bot.reference.cluster` runs the same batches over a Ray cluster.
"""

from lacerda_bot.reference.game import CallRecord, GameRecord, play_game
from lacerda_bot.reference.simulate import BatchSummary, run_batch, summarise

__all__ = [
    "BatchSummary",
    "CallRecord",
    "GameRecord",
    "play_game",
    "run_batch",
    "summarise",
]
