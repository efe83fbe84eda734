"""The result of a decision-making call: the new bot state, the decisions, the call's trace.

Every decision-making call (R-SETUP-3, R-TURN-8) returns an :class:`Outcome`;
its :class:`CallTrace` records what the call did as a whole (R-TURN-10).
"""

import enum
from typing import Generic, final

import attrs

from lacerda_bot._state import BotState
from lacerda_bot.decisions import D, Decision
from lacerda_bot.options import Options

__all__ = ["CallKind", "CallTrace", "Outcome"]


@enum.unique
class CallKind(enum.StrEnum):
    """The decision-making calls; a ``str``, so ``trace.call == "take_turn"`` holds."""

    SETUP = "setup"
    TAKE_TURN = "take_turn"
    SHUTTLE_PHASE = "shuttle_phase"
    COLONY_LEVEL_UP = "colony_level_up"
    HUMAN_USED_TECH = "human_used_tech"


@final
@attrs.frozen(kw_only=True)
class CallTrace:
    """What one call did as a whole (R-TURN-10)."""

    call: CallKind
    """``take_turn``, ``human_used_tech``, ..."""
    options: Options
    card: int | None = None
    """The card revealed by ``take_turn``."""
    pass_count: int
    reshuffled: bool = False
    random_events: tuple[int, ...] = ()
    """Every random event number this call used, in order."""
    notes: tuple[str, ...] = ()
    """Rule notes that produced no decision, e.g. a completed Mission (R-MISSION-2)."""


@final
@attrs.frozen(kw_only=True)
class Outcome(Generic[D]):
    """The result of a decision-making call (R-SETUP-3, R-TURN-8)."""

    bot: BotState
    """The new bot state."""
    decisions: tuple[Decision[D], ...]
    """What he does, in the order the host applies it (R-TURN-9)."""
    trace: CallTrace
