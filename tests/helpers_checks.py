"""Counting the board checks a call runs."""

from collections.abc import Callable

import pytest

from lacerda_bot import Board
from lacerda_bot._board import board as board_module


class Counting:
    """Counts the calls of :func:`check_board` and of each of its checks."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = 0
        self.checks: list[str] = []
        original = board_module.check_board

        def check_board(board: Board) -> None:
            self.full += 1
            original(board)

        def counted(check: Callable[[Board], None]) -> Callable[[Board], None]:
            def run(board: Board) -> None:
                self.checks.append(check.__name__)
                check(board)

            return run

        monkeypatch.setattr(board_module, "check_board", check_board)
        monkeypatch.setattr(
            board_module,
            "_CHECKS",
            tuple((counted(check), reads) for check, reads in board_module._CHECKS),
        )
