"""JSON-friendly screens of the table companion (for a web page or another front end)."""

import json
from pathlib import Path
from typing import Any

import pytest

from lacerda_bot.errors import InvalidValueError, SerializationError
from lacerda_bot.table.dialogue import Answer
from lacerda_bot.table.screen import redo_save, screen, undo_save
from lacerda_bot.table.session import dumps_game, load_game, loads_game, new_game

from .test_table_terminal import SETUP, SKIP_TURN, session


def play(save: str, step: str, typed: list[str]) -> tuple[str, list[dict[str, Any]]]:
    """Take *step* answering *typed* in order; the new save and every screen shown."""
    shown = []
    answers: list[list[Answer]] = []
    current = screen(save, step, answers)
    shown.append(current)
    for text in typed:
        assert current["kind"] == "question", current
        current = screen(save, step, current["answers"], text)
        shown.append(current)
    assert current["kind"] == "done", current
    return str(current["save"]), shown


def test_screens_make_the_same_save_as_the_terminal(tmp_path: Path) -> None:
    """The same typed answers give the same game through screens and the terminal."""
    path = tmp_path / "g.json"
    session([*SETUP, *SKIP_TURN], path)
    save = dumps_game(new_game(0))
    save, _ = play(save, "setup", SETUP[1:])
    save, shown = play(save, "turn", SKIP_TURN[1:])
    assert load_game(path) == loads_game(save)
    assert any("Card 7" in line["text"] for line in shown[-1]["lines"])
    json.dumps(shown)  # every screen is plain JSON


def test_a_refused_answer_says_why_and_keeps_the_question() -> None:
    save = dumps_game(new_game(0))
    bad = screen(save, "setup", [], "many")
    assert bad["kind"] == "question"
    assert bad["error"] == "Please answer with a whole number from 0 to 30."
    assert bad["answers"] == []


def test_next_screen_offers_the_round_and_his_board() -> None:
    save = dumps_game(new_game(0))
    save, _ = play(save, "setup", SETUP[1:])
    nxt = screen(save)
    assert nxt["kind"] == "next"
    assert nxt["expected"] == "turn"
    assert "fix" in nxt["steps"]
    assert "Crystals: 2" in nxt["board"]
    assert nxt["can_undo"] is True


def test_undo_and_redo_keep_the_cards() -> None:
    save = dumps_game(new_game(0))
    save, _ = play(save, "setup", SETUP[1:])
    turned, _ = play(save, "turn", SKIP_TURN[1:])
    back = undo_save(turned)
    assert screen(back)["can_redo"] is True
    again, _ = play(back, "turn", SKIP_TURN[1:])  # the same turn, played afresh
    assert loads_game(again).steps == loads_game(redo_save(back)).steps
    assert loads_game(redo_save(back)).undone == ()
    assert again == turned  # same card, same lines, same save


def test_bad_calls_are_refused() -> None:
    save = dumps_game(new_game(0))
    with pytest.raises(InvalidValueError):
        screen(save, "turn")  # before set-up
    with pytest.raises(InvalidValueError):
        screen(save, "setup", [["only-a-key"]])
    with pytest.raises(SerializationError):
        screen("{}")
