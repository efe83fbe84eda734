"""lacerda_bot: pure, typed rules for Lacerda, the solo opponent of the board game On Mars.

The host owns the board and reports it through the read-only views of
:mod:`lacerda_bot.host`; the library owns Lacerda's private bot state and
decides everything he does, returning frozen decisions with their reasons.

This module is the facade: the entry points, the decision union, the host
views, the errors and serialization. The public modules beside it are
:mod:`~lacerda_bot.model`, :mod:`~lacerda_bot.hexmap`, :mod:`~lacerda_bot.records`,
:mod:`~lacerda_bot.host`, :mod:`~lacerda_bot.options`, :mod:`~lacerda_bot.decisions`,
:mod:`~lacerda_bot.trace`, :mod:`~lacerda_bot.outcome`,
:mod:`~lacerda_bot.serialization`, :mod:`~lacerda_bot.render`,
:mod:`~lacerda_bot.testing`, :mod:`~lacerda_bot.reference` and
:mod:`~lacerda_bot.table`; the rules themselves live in private modules. What the facade exports from a
private module (:class:`Board`, :class:`BotState`, the Solo Goals, scoring, the
calls) has this module as its home: its ``__module__`` is ``lacerda_bot``, as
pickling, ``help()`` and the documentation show it.

Unofficial; not affiliated with the designer or publisher of On Mars.
"""

from importlib.metadata import version as _version

from lacerda_bot._board.board import Board, read_view
from lacerda_bot._calls import (
    colony_level_up,
    human_used_tech,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot._deck import SOLO_CARDS, SoloCard
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
from lacerda_bot.decisions import (
    ActionImpossible,
    AdvanceMission,
    AdvanceProgressBot,
    BuildShelter,
    ChooseLssReward,
    CollectTile,
    Construct,
    Criterion,
    CrystalSource,
    Decision,
    Described,
    DevelopTech,
    GainBot,
    GainCrystals,
    GainShip,
    GiveOxygen,
    HireScientist,
    LearnTech,
    LoseBenefit,
    MoveRover,
    ObtainBlueprint,
    PayCrystals,
    PaymentPurpose,
    PlaceColonist,
    PlaceDiscoveryTile,
    RefillContractDisplay,
    RelocateRover,
    RevealCard,
    SkipTurn,
    StartingSpace,
    Stay,
    TakeBenefit,
    TakeContract,
    TakeWarehouseItem,
    Travel,
    Upgrade,
)
from lacerda_bot.errors import (
    IllegalDecisionError,
    InvalidHostStateError,
    InvalidValueError,
    LacerdaBotError,
    SerializationError,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.host import HostState
from lacerda_bot.model import (
    Action,
    BuildingType,
    Gain,
    GainKind,
    MissionSlot,
    Side,
    TechType,
    TechUsed,
)
from lacerda_bot.options import (
    ComplexTechThreshold,
    ImpossibleBenefit,
    NoScientistFallback,
    Options,
    StandaloneRule,
    TiePolicy,
    UnknownGain,
)
from lacerda_bot.outcome import CallKind, CallTrace, Outcome
from lacerda_bot.serialization import dumps, loads
from lacerda_bot.trace import Candidate, Removal, TieBreak, TieRound, Trace

__version__ = _version("lacerda-bot")

__all__ = [
    "SOLO_CARDS",
    "SOLO_GOALS",
    "Action",
    "ActionImpossible",
    "AdvanceMission",
    "AdvanceProgressBot",
    "Board",
    "BotState",
    "BotView",
    "BuildShelter",
    "BuildingType",
    "CallKind",
    "CallTrace",
    "Candidate",
    "ChooseLssReward",
    "CollectTile",
    "CompletedContract",
    "ComplexTechThreshold",
    "Construct",
    "Criterion",
    "CrystalSource",
    "Decision",
    "Described",
    "DevelopTech",
    "Gain",
    "GainBot",
    "GainCrystals",
    "GainKind",
    "GainShip",
    "GiveOxygen",
    "GoalFacts",
    "GoalResult",
    "Hex",
    "HireScientist",
    "HostSave",
    "HostState",
    "IllegalDecisionError",
    "ImpossibleBenefit",
    "InvalidHostStateError",
    "InvalidValueError",
    "LacerdaBotError",
    "LearnTech",
    "LoseBenefit",
    "MissionSlot",
    "MoveRover",
    "NoScientistFallback",
    "ObtainBlueprint",
    "Options",
    "Outcome",
    "PayCrystals",
    "PaymentPurpose",
    "PlaceColonist",
    "PlaceDiscoveryTile",
    "RefillContractDisplay",
    "RelocateRover",
    "Removal",
    "Requirement",
    "RequirementKind",
    "RequirementResult",
    "RevealCard",
    "ScoreBreakdown",
    "SerializationError",
    "Side",
    "SkipTurn",
    "SoloCard",
    "SoloGoal",
    "StandaloneRule",
    "StartingSpace",
    "Stay",
    "TakeBenefit",
    "TakeContract",
    "TakeWarehouseItem",
    "TechType",
    "TechUsed",
    "TieBreak",
    "TiePolicy",
    "TieRound",
    "Trace",
    "Travel",
    "UnknownGain",
    "Upgrade",
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


def _home_in_the_facade() -> None:
    """Give what the facade exports from a private module the facade as its home."""
    for name in __all__:
        value = globals()[name]
        if getattr(value, "__module__", "").startswith("lacerda_bot._"):
            value.__module__ = __name__


_home_in_the_facade()
