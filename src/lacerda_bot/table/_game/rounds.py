"""Where a table game stands in its round, and which step comes next.

A round of On Mars is a Colonization phase (each player takes a turn, in
Turn Order) and then the Shuttle phase. Of a round the companion runs his
turn and the Shuttle phase, in that order; a level-up comes at the end of any
turn in which the Colony gained a level (R-LEVEL-1), and ``tech`` during
yours (R-TURN-6). So the round number is the Shuttle phases run plus one, and
his turn is done for the round once it came after the last Shuttle phase (so
a step the player insisted on shifts nothing after the next Shuttle phase).

The companion offers the expected step (Enter takes it) and refuses a step
out of order with the reason; the player may insist (``turn!``), for a table
that played otherwise.
"""

from typing import Final, assert_never

from lacerda_bot.language import Message, Text, msg, msg_c
from lacerda_bot.table._game.driver import StepKind, next_steps
from lacerda_bot.table._game.state import TableState

__all__ = ["expected", "refusal", "reminder", "round_number"]


def round_number(state: TableState) -> int:
    """The round in progress, from 1."""
    return state.shuttle_phases + 1


def _turn_done(state: TableState) -> bool:
    return state.turn_this_round


def expected(state: TableState) -> StepKind | None:
    """The step that normally comes next (``None`` once the game is over)."""
    steps = next_steps(state)
    if not steps:
        return None
    if steps == (StepKind.SETUP,):
        return StepKind.SETUP
    return StepKind.SHUTTLE if _turn_done(state) else StepKind.TURN


def refusal(state: TableState, kind: StepKind) -> Message | None:
    """Why *kind* would be out of order now, or ``None`` if it is in order."""
    n = round_number(state)
    if kind is StepKind.TURN and _turn_done(state):
        return msg(
            "he has had his turn in round {round}; the Shuttle phase ends the round "
            "before his next turn",
            round=n,
        )
    if kind is StepKind.SHUTTLE and not _turn_done(state):
        return msg(
            "he has not had his turn in round {round} yet; the Shuttle phase comes "
            "after both turns",
            round=n,
        )
    if kind is StepKind.SCORE and state.turns == 0:
        return msg("he has not taken a turn yet; scoring comes at the end of the game")
    return None


# Translators: a button of the page, named as the page shows it.
_HIS_TURN: Final = msg("His turn")
# Translators: a button of the page, named as the page shows it.
_SHUTTLE_PHASE: Final = msg("Shuttle phase")
# Translators: a button of the page, named as the page shows it.
_COLONY_LEVEL_UP: Final = msg("Colony level-up")
_LEVEL_UP: Final = msg_c("answer", "level-up")
"""The step's word, as the player types it."""


def reminder(state: TableState, done: StepKind, *, tapped: bool = False) -> Text:
    """What comes next, said after step *done* (*state* is the state after it).

    *tapped*: worded for buttons (the web page) rather than typed commands.
    ``""`` after the final scoring.
    """
    n = round_number(state)
    match done:
        case StepKind.SETUP if tapped:
            # Translators: {his_turn} and {level_up} are buttons of the page.
            return msg(
                "Round 1: play the turns in Turn Order; at his, tap {his_turn}. "
                "Tap {level_up} at the end of any turn in which the Colony gains a "
                "level.",
                his_turn=_HIS_TURN,
                level_up=_COLONY_LEVEL_UP,
            )
        case StepKind.SETUP:
            # Translators: {level_up} is the command the player types.
            return msg(
                "Round 1: play the turns in Turn Order; at his, press Enter. "
                "Type {level_up} at the end of any turn in which the Colony gains a "
                "level.",
                level_up=_LEVEL_UP,
            )
        case StepKind.TURN if tapped:
            # Translators: {shuttle} and {level_up} are buttons of the page.
            return msg(
                "Then your turn, if it comes after his; when both turns of round "
                "{round} are played, tap {shuttle}. The Colony gained a level this "
                "turn? Tap {level_up} first.",
                round=n,
                shuttle=_SHUTTLE_PHASE,
                level_up=_COLONY_LEVEL_UP,
            )
        case StepKind.TURN:
            # Translators: {level_up} is the command the player types.
            return msg(
                "Then your turn, if it comes after his; when both turns of round "
                "{round} are played, press Enter for the Shuttle phase. The Colony "
                "gained a level this turn? Type {level_up} first.",
                round=n,
                level_up=_LEVEL_UP,
            )
        case StepKind.SHUTTLE if tapped:
            # Translators: {his_turn} is a button of the page.
            return msg(
                "Round {round}: at his turn, tap {his_turn}.",
                round=n,
                his_turn=_HIS_TURN,
            )
        case StepKind.SHUTTLE:
            return msg("Round {round}: at his turn, press Enter.", round=n)
        case StepKind.LEVEL_UP if tapped:
            # Translators: {level_up} is a button of the page.
            return msg(
                "Another level this turn? Tap {level_up} again.",
                level_up=_COLONY_LEVEL_UP,
            )
        case StepKind.LEVEL_UP:
            # Translators: {level_up} is the command the player types.
            return msg(
                "Another level this turn? Type {level_up} again.", level_up=_LEVEL_UP
            )
        case StepKind.TECH | StepKind.FIX if tapped:
            return msg("Carry on with the round; the highlighted step is the next one.")
        case StepKind.TECH | StepKind.FIX:
            return msg("Carry on with the round; Enter takes the next step.")
        case StepKind.SCORE:
            return ""
        case unreachable:
            assert_never(unreachable)
