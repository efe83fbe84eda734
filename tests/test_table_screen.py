"""JSON-friendly screens of the table companion (for a web page or another front end)."""

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from lacerda_bot._deck import card_by_id
from lacerda_bot.errors import InvalidValueError, SerializationError
from lacerda_bot.model import Action, Side
from lacerda_bot.table import screen as screen_module
from lacerda_bot.table._engine.dialogue import Answer
from lacerda_bot.table._game.driver import run_step
from lacerda_bot.table._game.session import dumps_game, load_game, loads_game, new_game
from lacerda_bot.table._icons import action_icon, card_icon
from lacerda_bot.table.screen import redo_save, screen, undo_save

from .helpers_terminal import SETUP, SKIP_TURN, session


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
    assert any("(B2)" in line["text"] for line in shown[-1]["lines"])
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


def test_a_new_game_form_gets_goals_options_and_the_seed_range() -> None:
    choices = screen_module.start_choices()
    assert next(g["id"] for g in choices["goals"]) == "first_colonists"
    tie = next(o for o in choices["options"] if o["name"] == "tie_policy")
    assert tie["values"] == ["cards", "uniform", "chosen"]
    assert tie["default"] == "chosen"  # a table game's default (R-TIE-1)
    assert "R-" not in tie["about"]  # a player reads words, not rule IDs
    assert tie["rules"] == "R-TIE-1, R-TIE-2"
    assert all(o["about"] for o in choices["options"])
    steps = next(o for o in choices["options"] if o["name"] == "rover_base_movement")
    assert steps["values"] == []  # a whole number
    json.dumps(choices)


def test_a_new_save_takes_seed_goal_and_options() -> None:
    made = screen_module.new_save("7", "first_colonists", ["tie_policy=uniform"])
    assert (made["seed"], made["goal"], made["steps"]) == ("7", "First Colonists", 0)
    game = loads_game(made["save"])
    assert game.seed == 7
    assert game.options.tie_policy.value == "uniform"


@pytest.mark.parametrize(
    ("seed", "goal", "options", "field"),
    [
        ("-1", "first_colonists", [], "seed"),
        ("9007199254740992.0", "first_colonists", [], "seed"),
        ("99999999999999999999", "first_colonists", [], "seed"),
        ("1", "no_such_goal", [], "goal"),
        ("1", "first_colonists", ["tie_policy=never"], "tie_policy"),
        ("1", "first_colonists", ["colour=red"], "options"),
    ],
)
def test_a_bad_new_game_names_the_bad_field(
    seed: str, goal: str, options: list[str], field: str
) -> None:
    with pytest.raises(InvalidValueError) as refused:
        screen_module.new_save(seed, goal, options)
    assert refused.value.field.startswith(field)


def test_check_save_accepts_a_save_and_refuses_anything_else_whole() -> None:
    save = dumps_game(new_game(4))
    save, _ = play(save, "setup", SETUP[1:])
    checked = screen_module.check_save(save)
    assert checked["seed"] == "4"  # a text: seeds go beyond exact JavaScript numbers
    assert checked["steps"] == 1
    assert checked["over"] is False
    assert loads_game(checked["save"]) == loads_game(save)
    bad = screen_module.check_save(save.replace('"seed": 4', '"seed": "4"'))
    assert set(bad) == {"error"}
    assert "seed" in bad["error"]
    assert "error" in screen_module.check_save("not json")


def test_status_draws_his_board_once_it_is_tracked() -> None:
    """No picture before set-up; after it, his board drawn, named by its status lines."""
    new = dumps_game(new_game(0))
    assert screen_module.board_picture(new) is None
    save, _ = play(new, "setup", SETUP[1:])
    drawn = screen_module.board_picture(save)
    assert drawn is not None
    lines = screen_module.status(save)
    board = lines[lines.index("Crystals: 2") : -1]
    assert f'aria-label="His board: {"; ".join(board)}"' in drawn


def test_r_turn_1_the_line_naming_his_action_carries_its_icon() -> None:
    """Of a turn's lines, the one naming his card action has that action's icon."""
    save, _ = play(dumps_game(new_game(0)), "setup", SETUP[1:])
    _, shown = play(save, "turn", SKIP_TURN[1:])
    drawn = [line for line in shown[-1]["lines"] if line["icon"] is not None]
    assert len(drawn) == 1
    number = int(drawn[0]["text"].removeprefix("Colony action ")[0])
    assert drawn[0]["icon"] == action_icon(Action.for_card(Side.COLONY, number))


def test_status_shows_the_redacted_deck_and_his_board() -> None:
    save, _ = play(dumps_game(new_game(0)), "setup", SETUP[1:])
    lines = screen_module.status(save)
    assert lines[0].startswith("Round 1; side: Colony")
    assert any(line.startswith("Discard pile") for line in lines)
    assert "Crystals: 2" in lines
    assert lines[-1] == "Solo Goal: First Colonists"


def test_screens_carry_the_card_labels_and_refusals() -> None:
    save, _ = play(dumps_game(new_game(0)), "setup", SETUP[1:])
    nxt = screen(save)
    assert nxt["labels"]["turn"] == "His turn"
    assert nxt["refusals"]["turn"] == ""
    assert nxt["refusals"]["shuttle"] != ""
    assert nxt["confirmations"]["score"].startswith("Final scoring ends the game")
    assert nxt["confirmations"]["turn"] == ""
    save, shown = play(save, "turn", SKIP_TURN[1:])
    cards = [line["card"] for line in shown[-1]["lines"] if line["card"]]
    assert cards == [
        {
            "id": 7,
            "face": "B2",
            "action": 2,
            "mission": "B",
            "travels": True,
            "side": "Colony",
            "icon": card_icon(card_by_id(7)),
        }
    ]
    assert 'aria-label="Solo card B2: Mission B, action 2"' in cards[0]["icon"]
    assert "tap" in shown[-1]["reminder"]


def test_every_step_has_a_label() -> None:
    from lacerda_bot.table._game.driver import StepKind

    labels = {screen_module.step_label(kind) for kind in StepKind}
    assert len(labels) == len(StepKind)


def test_a_seed_beyond_javascript_numbers_is_kept_exactly() -> None:
    save = screen_module.new_save("8000000000000000123", "first_colonists")["save"]
    assert loads_game(save).seed == 8000000000000000123
    assert screen(save)["seed"] == "8000000000000000123"
    assert screen_module.check_save(save)["seed"] == "8000000000000000123"


def test_a_contradiction_is_said_and_the_same_answer_again_keeps_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As at the terminal: an answer above what an earlier one allows is asked again."""
    real = run_step

    def doubting(*args: Any) -> Any:
        run = real(*args)
        if run.question is not None and run.question.kind.value == "count":
            question = attrs.evolve(run.question, expected_most=1, limit="you said so")
            return attrs.evolve(run, question=question)
        return run

    monkeypatch.setattr(screen_module, "run_step", doubting)
    save = dumps_game(new_game(0))
    first = screen(save, "setup", [], "2")
    assert first["kind"] == "question"
    assert first["answers"] == []
    assert first["doubted"] == 2
    assert first["error"].startswith("2 contradicts an earlier answer: you said so.")
    kept = screen(save, "setup", [], "2", first["doubted"])
    assert kept["answers"] == [["setup.start_crystals", 2]]
    assert kept["error"] == ""
    assert screen(save, "setup", [], "1")["answers"] == [["setup.start_crystals", 1]]


def test_final_scoring_is_a_report_not_a_checklist() -> None:
    save, _ = play(dumps_game(new_game(0)), "setup", SETUP[1:])
    save, _ = play(save, "turn", SKIP_TURN[1:])
    current = screen(save, "score")
    for _ in range(40):
        if current["kind"] == "done":
            break
        asked = current["question"]
        typed = {"yes_no": "n", "count": str(asked["low"]), "pick": "1"}.get(
            asked["kind"], "nothing"
        )
        current = screen(save, "score", current["answers"], typed)
    assert current["kind"] == "done"
    assert current["checklist"] is False
    after = screen(str(current["save"]))
    assert after["over"] is True
    assert after["last_checklist"] is False
    assert screen(save)["last_checklist"] is True


# --- a wrong-typed argument is named, never a TypeError -------------------------


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("setup", [5]), "answers[0]"),
        (("setup", ["ab"]), "answers[0]"),
        (("setup", [["setup.start_crystals", None]]), "answers[0]"),
        (("setup", [["setup.start_crystals", 2.0]]), "answers[0]"),
        (("setup", [["setup.start_crystals", [1]]]), "answers[0]"),
        (("setup", 5), "answers"),
        (("setup", "ab"), "answers"),
        (("setup", None), "answers"),
        ((["setup"],), "step"),
        ((5,), "step"),
        (("setup", [], 5), "typed"),
        (("setup", [], ["1"]), "typed"),
        (("setup", [], "1", [1]), "doubted"),
        (("setup", [], "1", 2.5), "doubted"),
    ],
)
def test_a_screen_names_a_wrong_typed_argument(
    args: tuple[object, ...], field: str
) -> None:
    """What a page passes is checked before it is used: InvalidValueError names it."""
    save = dumps_game(new_game(0))
    with pytest.raises(InvalidValueError) as refused:
        screen(save, *args)  # type: ignore[arg-type]
    assert refused.value.field == field


@pytest.mark.parametrize("save", [None, 5, ["{}"], {"format": "lacerda_bot.table"}])
def test_a_save_that_is_not_text_is_named(save: object) -> None:
    """Every function that takes a save refuses a value that is not text, naming it."""
    for call in (screen, screen_module.status, undo_save, redo_save):
        with pytest.raises(InvalidValueError) as refused:
            call(save)  # type: ignore[arg-type]
        assert refused.value.field == "save"
    checked = screen_module.check_save(save)  # type: ignore[arg-type]
    assert set(checked) == {"error"}
    assert "save" in checked["error"]


@pytest.mark.parametrize(
    ("seed", "goal", "options", "field"),
    [
        (7, "first_colonists", [], "seed"),
        (None, "first_colonists", [], "seed"),
        ("1", 5, [], "goal"),
        ("1", "first_colonists", "tie_policy=uniform", "options"),
        ("1", "first_colonists", None, "options"),
        ("1", "first_colonists", [5], "options"),
        ("1", "first_colonists", [["tie_policy", "uniform"]], "options"),
    ],
)
def test_a_new_game_of_wrong_types_names_the_field(
    seed: object, goal: object, options: object, field: str
) -> None:
    """The new-game form's values are checked for their types too."""
    with pytest.raises(InvalidValueError) as refused:
        screen_module.new_save(seed, goal, options)  # type: ignore[arg-type]
    assert refused.value.field == field


def test_last_step_says_what_undo_puts_back_and_redo_changes_again() -> None:
    """The page's undo lists the step's lines last first and his board as it goes back;
    after a redo it shows the same changes as the step did."""
    from lacerda_bot.table.screen import last_step

    save = dumps_game(new_game(0))
    assert last_step(save)["put_back"] == []
    save, _ = play(save, "setup", SETUP[1:])
    assert last_step(save)["board_back"] == []  # set-up reads his board, not a change
    fixed, _ = play(save, "fix", ["crystals", "5"])
    last = last_step(fixed)
    assert last["label"] == "Correct his board"
    assert last["board_now"] == ["Crystals: 2 -> 5", "free Depot spaces: 4 -> 1"]
    assert last["board_back"] == ["Crystals: 5 -> 2", "free Depot spaces: 1 -> 4"]
    shown = screen(fixed)["last"]
    assert [line.split(". ", 1)[1] for line in last["put_back"]] == [
        line["text"] for line in reversed(shown)
    ]
    assert last_step(redo_save(undo_save(fixed))) == last


def test_with_his_own_deck_the_player_taps_each_card_turned_up() -> None:
    """R-DECK-2, ``solo_deck = physical``: his turn starts by asking which printed
    card was turned up, among the faces his draw pile can hold; a card he discarded
    is not one of them, and the companion keeps the piles."""
    made = screen_module.new_save("0", "first_colonists", ["solo_deck=physical"])
    save, _ = play(str(made["save"]), "setup", SETUP[1:])
    asked = screen(save, "turn")
    question = asked["question"]
    assert question["key"] == "turn1.revealed_card.that.no.no"
    assert "Turn over the top card of his draw pile" in question["text"]
    assert len(question["choices"]) == 11  # 12 cards; B1 is printed twice
    save, shown = play(save, "turn", ["B2", "n", "n"])
    assert shown[-1]["lines"][0]["text"] == "His card: Mission B, action 2 (B2)."
    again = screen(save, "turn")["question"]
    assert "B2" not in again["choices"]  # the only B2 is on his discard pile
    assert len(again["choices"]) == 10
    refused = screen(save, "turn", [], "B2")
    assert refused["kind"] == "question"
    assert "B2" not in refused["error"].split(": ", 1)[1]


def _scored(save: str, points: dict[str, int]) -> dict[str, Any]:
    """Final scoring answered: your score's categories from *points* (key ends), the
    rest as low as they go, no requirement met."""
    current = screen(save, "score")
    for _ in range(40):
        if current["kind"] == "done":
            return current
        asked = current["question"]
        end = asked["key"].rsplit(".", 1)[-1]
        typed = (
            str(points.get(end, 0))
            if asked["key"].startswith("score.human_score.")
            else {"yes_no": "n", "count": str(asked["low"])}[asked["kind"]]
        )
        current = screen(save, "score", current["answers"], typed)
    raise AssertionError("final scoring did not end")


def test_r_score_1_your_own_score_is_asked_by_category_and_added_up() -> None:
    """Your score, one printed category at a time; the companion adds them, takes off
    what you lose, and shows them after his, before the Solo Goal."""
    save, _ = play(dumps_game(new_game(0)), "setup", SETUP[1:])
    done = _scored(save, {"op_track": 60, "tech_tiles": 10, "ships": 6, "lost": 2})
    texts = [line["text"] for line in done["lines"]]
    assert texts[0].startswith("Result: ")
    assert "You 74 OP" in texts[0]
    mine = texts.index("Your final score:")
    assert (
        texts.index("Lacerda's final score:")
        < mine
        < texts.index("Solo Goal, First Colonists:")
    )
    assert texts[mine + 1 : mine + 3] == ["OP track: 60 OP", "Tech tiles: 10 OP"]
    assert "Lost at the end: -2 OP" in texts
    assert "You score 74 OP in all." in texts


def test_a_save_that_asked_your_score_whole_replays_with_the_same_total() -> None:
    """A save written when your final score was one question still loads: the total
    stands as your score track's OP, the other categories 0, the result the same."""
    save, _ = play(dumps_game(new_game(0)), "setup", SETUP[1:])
    done = _scored(save, {"op_track": 74})
    doc = json.loads(str(done["save"]))
    scoring = doc["steps"][-1]
    scoring["answers"] = [
        a for a in scoring["answers"] if not a[0].startswith("score.human_score.")
    ]
    at = next(
        i for i, a in enumerate(scoring["answers"]) if a[0].startswith("score.req")
    )
    scoring["answers"].insert(at, ["score.human_total", 74])
    old = loads_game(json.dumps(doc))
    assert old == loads_game(str(done["save"]))
