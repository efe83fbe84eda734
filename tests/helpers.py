"""Small builders shared by the example tests."""

from collections.abc import Mapping, Sequence
from typing import TypedDict, TypeVar

from lacerda_bot import Board, BotState, Decision, Outcome, new_bot, take_turn
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._rules.play import Play
from lacerda_bot._state import BotState as _BotState
from lacerda_bot.hexmap import Hex
from lacerda_bot.lab import PRINTED_COLUMNS, space_id, staggered
from lacerda_bot.model import BuildingType, Gain, HostId, TechType
from lacerda_bot.options import Options
from lacerda_bot.records import LabSpace
from lacerda_bot.testing import small_board, tile

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
    lab_spaces: tuple[LabSpace, ...]
    lab_columns: int


def own_techs(
    *techs: tuple[TechType, int],
    sizes: Sequence[int] = PRINTED_COLUMNS,
    gains: Mapping[HostId, tuple[Gain, ...]] | None = None,
) -> Techs:
    """Board fields giving Lacerda these (Tech, level) pairs on a staggered Lab (V9).

    Each Tech stands in the column of its level, below the Techs given
    before it in that column (so a later one is the bottom one of equal
    levels, R-ORBIT-6); the other spaces are empty, so every Tech below the
    last column can advance unless the test fills its touched spaces.
    """
    placed: dict[HostId, TechType] = {}
    for i, (tech, level) in enumerate(techs):
        position = sum(1 for _, before in techs[:i] if before == level)
        placed[space_id(level, position, sizes[level - 1])] = tech
    return {
        "lab_spaces": staggered(sizes, gains=gains, techs=placed),
        "lab_columns": len(sizes),
    }


def lab(
    techs: Mapping[str, TechType],
    *,
    sizes: tuple[int, ...] = PRINTED_COLUMNS,
    gains: Mapping[str, tuple[Gain, ...]] | None = None,
) -> Techs:
    """Board fields: a staggered Lab of *sizes*, his *techs* and *gains* by space id (V9)."""
    return {
        "lab_spaces": staggered(
            sizes,
            gains={HostId(k): v for k, v in (gains or {}).items()},
            techs={HostId(k): v for k, v in techs.items()},
        ),
        "lab_columns": len(sizes),
    }


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


def collect(
    *gains: Gain, options: Options | None = None, card: int = 11, **fields: object
) -> Outcome:
    """His Rover at (0,1) collects tile T at (1,1) whose reward is *gains* (card 11: Upgrade fails)."""
    base: dict[str, object] = {
        "lacerda_rover": Hex(0, 1),
        "map_tiles": (tile("T", 1, 1, *gains),),
    }
    base.update(fields)
    return take_turn(bot_with((card,), options=options), small_board(**base))


__all__ = [
    "BuildingType",
    "Hex",
    "HostId",
    "bot_with",
    "collect",
    "kinds",
    "lab",
    "of_type",
    "own_techs",
    "play_on",
    "turn",
]
