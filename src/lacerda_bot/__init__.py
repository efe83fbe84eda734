"""lacerda_bot: pure, typed rules for Lacerda, the solo opponent of the board game On Mars.

The host owns the board and reports it through the read-only views of
:mod:`lacerda_bot.host`; the library owns Lacerda's private bot state and
decides everything he does, returning frozen decisions with their reasons.

This module is the facade: the calls, Lacerda's bot state, the board and its
checks, the Solo Goals and scoring, the errors and JSON. Beside it, the decisions
are in :mod:`~lacerda_bot.decisions`, the traces in :mod:`~lacerda_bot.trace`, the
vocabulary in :mod:`~lacerda_bot.model`, :mod:`~lacerda_bot.records` and
:mod:`~lacerda_bot.hexmap`, the host views in :mod:`~lacerda_bot.host`, the options
in :mod:`~lacerda_bot.options`; then :mod:`~lacerda_bot.serialization`,
:mod:`~lacerda_bot.render`, :mod:`~lacerda_bot.testing`,
:mod:`~lacerda_bot.conformance`, :mod:`~lacerda_bot.protocol`,
:mod:`~lacerda_bot.reference` and :mod:`~lacerda_bot.table`. The rules themselves
live in private modules. What the facade exports from a private module
(:class:`Board`, :class:`BotState`, the Solo Goals, scoring, the calls) has this
module as its home: its ``__module__`` is ``lacerda_bot``, as pickling, ``help()``
and the documentation show it. The decisions, enums and options it exported before
still load from here for a release, with a :class:`DeprecationWarning` naming
their module.

Unofficial; not affiliated with the designer or publisher of On Mars.
"""

from importlib.metadata import version as _version
from typing import Final as _Final

from lacerda_bot._board.board import Board, read_view
from lacerda_bot._calls import (
    colony_level_up,
    human_used_tech,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot._deck import SOLO_CARDS, SoloCard
from lacerda_bot._deprecated import forwarding as _forwarding
from lacerda_bot._rules.goals import (
    SOLO_GOALS,
    CompletedContract,
    GoalFacts,
    GoalResult,
    Requirement,
    RequirementKind,
    RequirementResult,
    SoloGoal,
    evaluate_goal,
)
from lacerda_bot._rules.scoring import ScoreBreakdown, score_lacerda
from lacerda_bot._state import BotState, BotView, new_bot, redacted
from lacerda_bot.bundle import HostSave
from lacerda_bot.decisions import Decision, Described
from lacerda_bot.errors import (
    IllegalDecisionError,
    InvalidHostStateError,
    InvalidValueError,
    LacerdaBotError,
    SerializationError,
)
from lacerda_bot.host import HostState
from lacerda_bot.options import Options
from lacerda_bot.outcome import CallKind, CallTrace, Outcome
from lacerda_bot.serialization import dumps, loads
from lacerda_bot.trace import Trace

__version__ = _version("lacerda-bot")

__all__ = [
    "SOLO_CARDS",
    "SOLO_GOALS",
    "Board",
    "BotState",
    "BotView",
    "CallKind",
    "CallTrace",
    "CompletedContract",
    "Decision",
    "Described",
    "GoalFacts",
    "GoalResult",
    "HostSave",
    "HostState",
    "IllegalDecisionError",
    "InvalidHostStateError",
    "InvalidValueError",
    "LacerdaBotError",
    "Options",
    "Outcome",
    "Requirement",
    "RequirementKind",
    "RequirementResult",
    "ScoreBreakdown",
    "SerializationError",
    "SoloCard",
    "SoloGoal",
    "Trace",
    "colony_level_up",
    "dumps",
    "evaluate_goal",
    "human_used_tech",
    "loads",
    "new_bot",
    "read_view",
    "redacted",
    "score_lacerda",
    "setup",
    "shuttle_phase",
    "take_turn",
]


_MOVED: _Final = {
    **dict.fromkeys(
        (
            "Action",
            "BuildingType",
            "Gain",
            "GainKind",
            "MissionSlot",
            "Side",
            "TechType",
            "TechUsed",
        ),
        "lacerda_bot.model",
    ),
    **dict.fromkeys(
        (
            "ActionImpossible",
            "AdvanceMission",
            "AdvanceProgressBot",
            "BuildShelter",
            "ChooseLssReward",
            "CollectTile",
            "Construct",
            "Criterion",
            "CrystalSource",
            "DevelopTech",
            "GainBot",
            "GainCrystals",
            "GainShip",
            "GiveOxygen",
            "HireScientist",
            "LearnTech",
            "LoseBenefit",
            "MoveRover",
            "ObtainBlueprint",
            "PayCrystals",
            "PaymentPurpose",
            "PlaceColonist",
            "PlaceDiscoveryTile",
            "RefillContractDisplay",
            "RelocateRover",
            "RevealCard",
            "SkipTurn",
            "StartingSpace",
            "Stay",
            "TakeBenefit",
            "TakeContract",
            "TakeWarehouseItem",
            "Travel",
            "Upgrade",
        ),
        "lacerda_bot.decisions",
    ),
    **dict.fromkeys(
        ("Candidate", "Removal", "TieBreak", "TieRound"), "lacerda_bot.trace"
    ),
    **dict.fromkeys(
        (
            "ComplexTechThreshold",
            "ImpossibleBenefit",
            "NoScientistFallback",
            "StandaloneRule",
            "TiePolicy",
            "UnknownGain",
        ),
        "lacerda_bot.options",
    ),
    **dict.fromkeys(("Hex",), "lacerda_bot.hexmap"),
}
"""Names the facade exported before 0.3, and the public module that exports them now."""


__getattr__ = _forwarding(__name__, _MOVED)
"""A name the facade used to export, from its module, with a warning (for a release)."""


def _home_in_the_facade() -> None:
    """Give what the facade exports from a private module the facade as its home."""
    for name in __all__:
        value = globals()[name]
        if getattr(value, "__module__", "").startswith("lacerda_bot._"):
            value.__module__ = __name__


_home_in_the_facade()
