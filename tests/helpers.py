"""Small builders shared by the example tests."""

from typing import TypedDict, TypeVar

from lacerda_bot import Board, BotState, Decision, Outcome, new_bot, take_turn
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._rules.play import Play
from lacerda_bot._state import BotState as _BotState
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import BuildingType, HostId, TechType
from lacerda_bot.options import Options
from lacerda_bot.records import LabRow, OwnTech

D = TypeVar("D")


def bot_with(
    cards: tuple[int, ...], *, options: Options | None = None, **fields: object
) -> BotState:
    """A bot whose draw pile starts with *cards* (the rest follow in id order)."""
    rest = tuple(c for c in range(1, 13) if c not in cards)
    base = new_bot(0, options)
    return _BotState(
        seed=base.seed,
        events=base.events,
        draw_pile=cards + rest,
        options=base.options,
        **fields,  # type: ignore[arg-type]
    )


class Techs(TypedDict):
    lab_rows: tuple[LabRow, ...]
    lacerda_techs: tuple[OwnTech, ...]


def own_techs(*techs: tuple[TechType, int]) -> Techs:
    """Board fields giving Lacerda these (Tech, level) pairs, one Lab row each."""
    rows = tuple(LabRow(row=i, entry_free=False) for i in range(len(techs)))
    owned = tuple(OwnTech(tech=t, level=lv, row=i) for i, (t, lv) in enumerate(techs))
    return {"lab_rows": rows, "lacerda_techs": owned}


def play_on(board: Board, bot: BotState | None = None) -> Play:
    """The engine's working state of a call on *board* (the board's facts)."""
    bot = bot or new_bot(0)
    return Play(BoardFacts(board, bot.options), bot)


def kinds(decisions: tuple[Decision, ...]) -> list[str]:
    return [type(d).__name__ for d in decisions]


def turn(bot: BotState, board: Board) -> Outcome:
    return take_turn(bot, board)


def of_type(outcome: Outcome, cls: type[D]) -> list[D]:
    return [d for d in outcome.decisions if isinstance(d, cls)]


__all__ = [
    "BuildingType",
    "Hex",
    "HostId",
    "bot_with",
    "kinds",
    "of_type",
    "own_techs",
    "play_on",
    "turn",
]
