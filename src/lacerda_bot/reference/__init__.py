"""The reference game: a scripted human, whole seeded games, and batches of them.

A test bed for the rules, not On Mars. :func:`play_game` plays Lacerda through
the library's own calls against a scripted human and returns a
:class:`GameRecord` of every call (:class:`CallRecord`); :func:`run_batch`
plays a batch over local processes, :func:`run_batch_on_ray` the same batch
over a Ray cluster (the ``ray`` extra; Ray is imported only when such a batch
runs), and :func:`summarise` reduces a batch to a :class:`BatchSummary`.

The machinery is private: ``_game`` (a game and its invariants), ``_human``
(the scripted human), ``_simulate`` (batches and summaries), ``_cluster`` (the
Ray pool) and ``_table`` (the table companion answering from the board). The
modules ``game``, ``simulate`` and ``cluster`` of 0.2 still load their names,
with a :class:`DeprecationWarning`, for a release.
"""

from lacerda_bot.reference._cluster import run_batch_on_ray
from lacerda_bot.reference._game import CallRecord, GameRecord, play_game
from lacerda_bot.reference._simulate import BatchSummary, run_batch, summarise

__all__ = [
    "BatchSummary",
    "CallRecord",
    "GameRecord",
    "play_game",
    "run_batch",
    "run_batch_on_ray",
    "summarise",
]
