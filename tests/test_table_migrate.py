"""Saves written by lacerda-bot 0.1.0 load, converted to today's questions.

The fixtures are real 0.1.0 saves, written by the 0.1.0 companion with seeded
answers, each with his deck after every step as 0.1.0 left it (events, draw
and discard piles, passes, the Progress Bot's icon).
"""

import io
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from lacerda_bot.errors import SerializationError
from lacerda_bot.model import TechType
from lacerda_bot.options import Options
from lacerda_bot.serialization import unstructure
from lacerda_bot.table._game.session import (
    dumps_game,
    load_game,
    loads_game,
    play_step,
    replay,
)
from lacerda_bot.table._game.state import TableState

FIXTURES = Path(__file__).parent / "fixtures" / "saves_v1.json"
GAMES: dict[str, dict[str, Any]] = json.loads(FIXTURES.read_text(encoding="utf-8"))


def deck(state: TableState) -> list[object]:
    bot = state.bot
    return [
        bot.events,
        list(bot.draw_pile),
        list(bot.discard_pile),
        bot.pass_count,
        bot.pointer.value,
    ]


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_a_0_1_0_save_converts_to_the_same_game(seed: str) -> None:
    """Every step, undone ones included, leaves his deck as 0.1.0 did."""
    fixture = GAMES[seed]
    game = loads_game(json.dumps(fixture["save"]))

    assert game.converted[0].startswith("converted 41 step(s)")
    assert not game.tracking  # a game begun by 0.1.0 goes on without tracking
    current, _ = replay(attrs.evolve(game, steps=(), undone=()))
    history = []
    for step in (*game.steps, *game.undone):
        current, _ = play_step(current, step)
        history.append(deck(current))
    assert history == fixture["decks"]


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_a_converted_save_is_written_in_todays_format(seed: str) -> None:
    game = loads_game(json.dumps(GAMES[seed]["save"]))
    again = loads_game(dumps_game(game))

    assert json.loads(dumps_game(game))["version"] == 3
    assert again == game
    assert again.converted == ()


def test_a_0_1_0_save_that_cannot_be_converted_is_refused_naming_the_step() -> None:
    doc = json.loads(json.dumps(GAMES[sorted(GAMES)[0]]["save"]))
    doc["steps"][1]["answers"] = []

    with pytest.raises(SerializationError, match=r"0\.1\.0 gave no answer") as caught:
        loads_game(json.dumps(doc))
    assert caught.value.path == "$.steps[1]"


def test_an_answer_0_1_0_never_asked_is_refused() -> None:
    """An answer under a name 0.1.0 never used was not written by it: refused, not dropped."""
    doc = json.loads(json.dumps(GAMES[sorted(GAMES)[0]]["save"]))
    doc["steps"][1]["answers"].append(["turn1.rover.bogus", True])

    with pytest.raises(SerializationError, match=r"turn1\.rover\.bogus") as caught:
        loads_game(json.dumps(doc))
    assert caught.value.path == "$.steps[1]"


def test_resuming_a_0_1_0_save_keeps_the_original(tmp_path: Path) -> None:
    """The command line says it converted the save and keeps the 0.1.0 file as it was."""
    from lacerda_bot.cli import _parser, play

    path = tmp_path / "old.json"
    text = json.dumps(GAMES[sorted(GAMES)[0]]["save"])
    path.write_text(text, encoding="utf-8")
    args = _parser().parse_args(["play", "--resume", str(path), "--plain"])
    out, err = io.StringIO(), io.StringIO()

    assert play(args, io.StringIO("undo\nquit\n"), out, err) == 0
    assert "written by lacerda-bot 0.1.0 and has been converted" in out.getvalue()
    assert "it assumed that each Mission pays 1 Crystal" in out.getvalue()
    assert (tmp_path / "old.json.0.1.0").read_text(encoding="utf-8") == text
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 3
    assert load_game(path).converted == ()


def test_a_kept_original_is_never_overwritten(tmp_path: Path) -> None:
    """Another 0.1.0 file already kept beside the save stays; this one is kept too."""
    from lacerda_bot.cli import _parser, play

    path = tmp_path / "old.json"
    text = json.dumps(GAMES[sorted(GAMES)[0]]["save"])
    path.write_text(text, encoding="utf-8")
    (tmp_path / "old.json.0.1.0").write_text("an older original", encoding="utf-8")
    args = _parser().parse_args(["play", "--resume", str(path), "--plain"])
    out = io.StringIO()

    assert play(args, io.StringIO("undo\nquit\n"), out, io.StringIO()) == 0
    assert (tmp_path / "old.json.0.1.0").read_text(encoding="utf-8") == (
        "an older original"
    )
    assert (tmp_path / "old.json.0.1.0.1").read_text(encoding="utf-8") == text
    assert "the original is kept as" in out.getvalue()
    assert "old.json.0.1.0.1" in out.getvalue()


# --- a hostile 0.1.0 save converts or is refused, never a RecursionError ---

REPEATED = 1000


def repeating_save() -> tuple[str, str]:
    """A 0.1.0 save with one answer repeated 1,000 times in a step, and the plain save."""
    plain = GAMES["11"]["save"]
    doc = json.loads(json.dumps(plain))
    answers = doc["steps"][2]["answers"]
    key = "turn2.water_extractor.below_level"
    at = [k for k, _ in answers].index(key)
    answers[at + 1 : at + 1] = [[key, True]] * REPEATED
    return json.dumps(doc), json.dumps(plain)


def test_a_0_1_0_save_repeating_an_answer_converts_in_one_pass() -> None:
    """0.1.0 never asked a yes twice in a row: the repeats go unused, not followed."""
    text, plain = repeating_save()

    assert loads_game(text) == loads_game(plain)


def test_a_repeated_0_1_0_answer_imports_and_lists(tmp_path: Path) -> None:
    """The web page's Import, lacerda-bot games and play --resume read it too."""
    from lacerda_bot.cli import _parser, games, play
    from lacerda_bot.table.screen import check_save

    text, _ = repeating_save()
    path = tmp_path / "old.json"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    args = _parser().parse_args(["play", "--resume", str(path), "--plain"])

    assert "save" in check_save(text)
    assert games(tmp_path, out) == 0
    assert "seed 11, first_colonists, round" in out.getvalue()
    assert play(args, io.StringIO("quit\n"), out, io.StringIO()) == 0
    assert (tmp_path / "old.json.0.1.0").read_text(encoding="utf-8") == text


# --- save version 2: his Lab in rows (before spec 1.3) ------------------------


def v2_save() -> dict[str, Any]:
    """A version 2 save written by hand: set-up asked Lab rows and a row's columns,
    his Shelter Tech started at level 2, you used it (no choice of space was asked),
    and a fix put it at level 4."""
    return {
        "format": "lacerda_bot.table",
        "version": 2,
        "seed": 0,
        "goal": "first_colonists",
        "options": unstructure(Options()),
        "tracking": True,
        "steps": [
            {
                "kind": "setup",
                "answers": [
                    ["setup.start_crystals", 2],
                    ["setup.start_free_depot", 4],
                    ["setup.lab_rows", 4],
                    ["setup.lab_max_level", 6],
                    ["setup.start_shelter_tech", 2],
                    ["setup.start_living_quarters", 10],
                    ["setup.start_mission_crystals.a", 1],
                    ["setup.start_mission_crystals.b", 2],
                    ["setup.start_mission_crystals.c", 3],
                    ["setup.first_colonist_tile_count", 6],
                    ["setup.starting_side.1", "colony"],
                    ["setup.space_gains", "nothing"],
                ],
            },
            {"kind": "turn", "answers": [["turn1.nearest_tiles", 0]]},
            {
                "kind": "tech",
                "answers": [
                    ["tech1.used_tech", "shelter"],
                    ["tech1.developed_space_gains", "crystals 1"],
                ],
            },
            {
                "kind": "fix",
                "answers": [["fix.what", "shelter tech level"], ["fix.value", 4]],
            },
        ],
        "undone": [],
    }


def test_a_version_2_save_converts_to_the_lab_as_spaces() -> None:
    """V9 (1.3): columns carry over, the Shelter Tech starts on c2-middle, a fix of
    its level becomes a fix of its space, and the choice of space version 2 never
    asked is answered without a card (R-ORBIT-6)."""
    game = loads_game(json.dumps(v2_save()))

    assert game.converted[0] == "converted 4 step(s) from a version 2 save"
    assert any("upper empty space" in note for note in game.converted[1:])
    assert ("setup.lab_columns", 6) in game.steps[0].answers
    assert all(key != "setup.lab_rows" for key, _ in game.steps[0].answers)
    assert ("tech1.develop_spaces.shelter", "top") in game.steps[2].answers
    assert game.steps[3].answers == (
        ("fix.what", "shelter tech space"),
        ("fix.value", "c4-top"),
    )
    state, _ = replay(game)
    assert state.tracked is not None
    shelter = state.tracked.tech(TechType.SHELTER)
    assert shelter is not None
    assert (shelter.space, shelter.level) == ("c4-top", 4)
    assert state.tracked.crystals == 3  # the space's Crystal, from the old answer
    again = loads_game(dumps_game(game))
    assert json.loads(dumps_game(game))["version"] == 3
    assert again == game
    assert again.converted == ()


def test_a_version_2_step_that_no_longer_replays_ends_the_conversion_there() -> None:
    """His Lab of rows and the printed Lab went different ways at step 2: the game goes
    on after step 1 and says which steps to play again; nothing is dropped silently."""
    doc = v2_save()
    doc["steps"][1]["answers"].append(["turn1.can_advance_any", True])
    played = len(doc["steps"])

    game = loads_game(json.dumps(doc))

    assert len(game.steps) == 1
    assert game.undone == ()
    assert "turn1.can_advance_any" in game.replay_stopped
    assert f"play steps 2 to {played} again" in game.replay_stopped
    state, _ = replay(game)  # what is kept replays
    assert state.tracked is not None


V2_ROWS = Path(__file__).parent / "fixtures" / "save_v2_rows.json"
"""A version 2 save the companion wrote before spec 1.3 (main at 3464d0f): seed 36,
random answers, his Lab of 4 rows of 6, his Shelter Tech at level 2, 60 steps."""


def test_a_real_version_2_save_goes_on_from_the_last_step_that_replays() -> None:
    """R-ORBIT-5/6 changed the game: the save converts as far as it replays, not further."""
    doc = json.loads(V2_ROWS.read_text(encoding="utf-8"))
    assert doc["version"] == 2
    played = len(doc["steps"])

    game = loads_game(V2_ROWS.read_text(encoding="utf-8"))

    kept = len(game.steps)
    assert 0 < kept < played
    assert [s.kind.value for s in game.steps] == [
        s["kind"] for s in doc["steps"][:kept]
    ]
    assert f"at step {kept + 1} of {played}" in game.replay_stopped
    assert f"play steps {kept + 1} to {played} again" in game.replay_stopped
    state, _ = replay(game)
    assert state.tracked is not None
    assert loads_game(dumps_game(game)) == game  # saved again as today's version


def test_resuming_a_version_2_save_keeps_the_original(tmp_path: Path) -> None:
    """The command line says it converted the save and keeps the version 2 file."""
    from lacerda_bot.cli import _parser, play

    path = tmp_path / "old.json"
    text = json.dumps(v2_save())
    path.write_text(text, encoding="utf-8")
    args = _parser().parse_args(["play", "--resume", str(path), "--plain"])
    out = io.StringIO()

    assert play(args, io.StringIO("undo\nquit\n"), out, io.StringIO()) == 0
    assert "his Lab in rows, before spec 1.3" in out.getvalue()
    assert "it assumed that a developing Tech tile entered the upper" in out.getvalue()
    assert (tmp_path / "old.json.v2").read_text(encoding="utf-8") == text
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 3
