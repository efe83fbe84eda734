"""What the board's facts remember, and for how long (values read on one board kept past a decision)."""

import inspect
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given

from lacerda_bot import (
    Board,
    Options,
    new_bot,
    take_turn,
)
from lacerda_bot._board import facts as facts_module
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._strategies import host_states
from lacerda_bot.model import BuildingType
from lacerda_bot.options import ComplexTechThreshold, StandaloneRule
from lacerda_bot.testing import apply, reference_board


def test_the_decisions_the_facts_remember_are_those_their_match_names() -> None:
    """BoardFacts.apply skips _remember for other decisions: its list and the match agree."""
    import ast
    import textwrap

    from lacerda_bot._board import facts

    tree = ast.parse(textwrap.dedent(inspect.getsource(facts.BoardFacts._remember)))
    named = {
        node.cls.id
        for node in ast.walk(tree)
        if isinstance(node, ast.MatchClass) and isinstance(node.cls, ast.Name)
    }
    assert named == {cls.__name__ for cls in facts._REFERRING}


_MEMO_READERS: dict[object, Callable[[BoardFacts], object]] = {
    "best": lambda f: [f._best(kind) for kind in BuildingType],
    "scientists": lambda f: f._scientists(),
    "contracts": lambda f: f._contracts(),
    "rank": lambda f: f._rank(),
}


_BOARD_FIELDS = frozenset(f.name for f in attrs.fields(Board))


def fields_read(board: Board, options: Options, kind: object) -> set[str]:
    """The board fields the memo kind *kind* reads on *board*, recorded."""
    facts = BoardFacts(board, options)
    read: set[str] = set()
    plain = Board.__getattribute__

    def recording(self: Board, name: str) -> Any:
        if name in _BOARD_FIELDS:
            read.add(name)
        return plain(self, name)

    Board.__getattribute__ = recording  # type: ignore[method-assign,assignment]
    try:
        _MEMO_READERS[kind](facts)
    finally:
        Board.__getattribute__ = plain  # type: ignore[method-assign]
    return read


def test_every_lasting_memo_kind_is_recorded() -> None:
    assert set(_MEMO_READERS) == set(facts_module._READS)


@pytest.mark.parametrize(
    "options",
    [
        Options(),
        Options(
            complex_tech_threshold=ComplexTechThreshold.RESULTING,
            standalone_rule=StandaloneRule.ANY,
        ),
    ],
)
def test_lasting_memo_kinds_read_only_the_fields_they_name(options: Options) -> None:
    """A value kept past a decision reads only fields that decision kept the same."""
    for seed in range(40):
        board, bot = reference_board(), new_bot(seed, options)
        for _ in range(seed % 20):
            outcome = take_turn(bot, board)
            board, bot = apply(board, outcome.decisions), outcome.bot
        for kind, reads in facts_module._READS.items():
            assert fields_read(board, options, kind) <= reads, kind


@given(board=host_states())
def test_lasting_memo_kinds_read_only_their_fields_on_any_board(board: Board) -> None:
    for kind, reads in facts_module._READS.items():
        assert fields_read(board, Options(), kind) <= reads, kind
