"""One call run twice: on the board's facts and on the table's, answered from the board."""

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from lacerda_bot import BotState, Described, Outcome
from lacerda_bot._board.board import Board
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._facts import Facts, Query, Read
from lacerda_bot._rules import level, setup, shuttle, turn
from lacerda_bot.errors import InvalidHostStateError, InvalidValueError
from lacerda_bot.model import Gain, GainKind, TechType
from lacerda_bot.options import UnknownGain
from lacerda_bot.table._engine.asked import AskedFacts
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.table._engine.tracking import TrackedFacts

Call = Callable[[BotState, Facts[Any]], Outcome[Any]]


def calls(board: Board) -> list[tuple[str, Call]]:
    """Every decision-making call this board allows (his Tech for the human's use)."""
    out: list[tuple[str, Call]] = [
        ("setup", setup.setup),
        ("take_turn", turn.take_turn),
        ("shuttle_phase", shuttle.shuttle_phase),
        ("colony_level_up", level.colony_level_up),
    ]
    for own in board.lacerda_techs:

        def used(
            bot: BotState, facts: Facts[Any], tech: TechType = own.tech
        ) -> Outcome[Any]:
            return turn.human_used_tech(bot, facts, tech)

        out.append((f"human_used_tech({own.tech.value})", used))
    return out


class Oracle:
    """Says each fact the table reads is what the board's source read at the same place."""

    def __init__(self, board_log: list[Read]) -> None:
        self.board_log = board_log

    def value(self, read: Read, index: int) -> object:
        assert index < len(self.board_log), f"the table reads more: {read}"
        entry = self.board_log[index]
        assert same_read(entry, read), (entry, read)
        return entry.value

    def ahead(self, kind: type[Query[object]], index: int) -> object:
        later = self.board_log[index + 1 :]
        return next((r.value for r in later if type(r.query) is kind), None)


def same_arg(board: object, table: object) -> bool:
    """Equal, or the table's Described standing for the board's name."""
    if isinstance(table, Described):
        return board is not None and not isinstance(board, Described)
    return board == table


def same_read(board: Read, table: Read) -> bool:
    return type(board.query) is type(table.query) and all(
        same_arg(b, t) for b, t in zip(board.query.args, table.query.args, strict=True)
    )


def same_value(board: object, table: object) -> bool:
    """Equal, but for the words of an ``other`` gain, which no player types."""
    if isinstance(board, tuple) and isinstance(table, tuple):
        return len(board) == len(table) and all(
            same_value(b, t) for b, t in zip(board, table, strict=True)
        )
    if isinstance(board, Gain) and board.kind is GainKind.OTHER:
        return table in (board, attrs.evolve(board, description=""))
    return board == table


def both(
    board: Board,
    bot: BotState,
    call: Call,
    *,
    tracked: bool = True,
    table: list[Facts[Any]] | None = None,
) -> tuple[Outcome[Any], Outcome[Any]] | None:
    """Run *call* on the board's facts, then on the table's, answered from the board's.

    With *tracked* the table tracks his player board (a new game); without, it
    asks about his pieces too (a game begun by 0.1.0) and names nothing he takes.
    ``None`` when the board is refused before any fact is read: an ``other``
    gain anywhere on it with ``unknown_gain = error``, which the table refuses
    only when a rule reaches it (R-TO-9). A refusal during the call (no free
    Turn Order space to travel to, R-SHUTTLE-3) must happen at the table too, or
    the table refuses the answer that would lead to it (0 free spaces).
    The table's facts are appended to *table*, if given (his tracked board).
    """
    board_log: list[Read] = []
    try:
        on_board_facts = BoardFacts.read(board, bot.options, log=board_log)
    except InvalidHostStateError:
        assert bot.options.unknown_gain is UnknownGain.ERROR
        return None
    on_board: Outcome[Any] | None = None
    problem = ""
    try:
        on_board = call(bot, on_board_facts)
    except InvalidHostStateError as refused:
        problem = str(refused)
    if not tracked:
        board_log = [r for r in board_log if not r.query.names_his_piece]
    table_log: list[Read] = []
    facts = (
        TrackedFacts(
            Oracle(board_log),
            step="x",
            side=board.side,
            options=bot.options,
            tracked=Tracked.of(board),
            log=table_log,
        )
        if tracked
        else AskedFacts(
            Oracle(board_log),
            step="x",
            side=board.side,
            options=bot.options,
            log=table_log,
        )
    )
    if on_board is None:
        with pytest.raises((InvalidHostStateError, InvalidValueError)) as caught:
            call(bot, facts)
        if isinstance(caught.value, InvalidValueError):  # a player cannot say 0 free
            assert "free_space_count" in str(caught.value), caught.value  # spaces
        else:
            assert str(caught.value) == problem
        return None
    at_table = call(bot, facts)
    if table is not None:
        table.append(facts)
    assert len(table_log) == len(board_log)
    for b, t in zip(board_log, table_log, strict=True):
        assert same_read(b, t), (b, t)
        assert same_value(b.value, t.value), (b, t)
    return on_board, at_table
