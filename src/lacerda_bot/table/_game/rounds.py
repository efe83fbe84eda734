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

from typing import assert_never

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


def refusal(state: TableState, kind: StepKind) -> str | None:
    """Why *kind* would be out of order now, or ``None`` if it is in order."""
    n = round_number(state)
    if kind is StepKind.TURN and _turn_done(state):
        return (
            f"he has had his turn in round {n}; the Shuttle phase ends the round "
            "before his next turn"
        )
    if kind is StepKind.SHUTTLE and not _turn_done(state):
        return (
            f"he has not had his turn in round {n} yet; the Shuttle phase comes "
            "after both turns"
        )
    if kind is StepKind.SCORE and state.turns == 0:
        return "he has not taken a turn yet; scoring comes at the end of the game"
    return None


def reminder(state: TableState, done: StepKind, *, tapped: bool = False) -> str:
    """What comes next, said after step *done* (*state* is the state after it).

    *tapped*: worded for buttons (the web page) rather than typed commands.
    """
    n = round_number(state)
    take = "tap His turn" if tapped else "press Enter"
    level_up = "Tap Colony level-up" if tapped else "Type level-up"
    match done:
        case StepKind.SETUP:
            return (
                f"Round 1: play the turns in Turn Order; at his, {take}. "
                f"{level_up} at the end of any turn in which the Colony gains a level."
            )
        case StepKind.TURN:
            shuttle = (
                "tap Shuttle phase" if tapped else "press Enter for the Shuttle phase"
            )
            return (
                f"Then your turn, if it comes after his; when both turns of round {n} "
                f"are played, {shuttle}. The Colony gained a level this turn? "
                f"{level_up} first."
            )
        case StepKind.SHUTTLE:
            return f"Round {n}: at his turn, {take}."
        case StepKind.LEVEL_UP:
            return f"Another level this turn? {level_up} again."
        case StepKind.TECH | StepKind.FIX:
            nxt = (
                "the highlighted step is the next one"
                if tapped
                else "Enter takes the next step"
            )
            return f"Carry on with the round; {nxt}."
        case StepKind.SCORE:
            return ""
        case unreachable:
            assert_never(unreachable)
