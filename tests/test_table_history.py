"""The history of finished games: dated final scorings, figures per Solo Goal, charts.

Rules: R-GOAL-2 (the margin is your total minus his; the goal is won when
every requirement holds), R-SCORE-3 (the totals compared).
"""

import datetime
import io
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot._rules.goals import SOLO_GOALS
from lacerda_bot.errors import InvalidValueError, SerializationError
from lacerda_bot.table._charts import margin_chart, scores_chart
from lacerda_bot.table._command import game_stats, games
from lacerda_bot.table._game.driver import Step, StepKind
from lacerda_bot.table._game.history import (
    Finished,
    by_goal,
    finished,
    history_lines,
    overall,
)
from lacerda_bot.table._game.session import (
    dumps_game,
    load_game,
    loads_game,
    new_game,
    redo,
    replay,
    save_game,
    undo,
)
from lacerda_bot.table.screen import history, screen
from lacerda_bot.table.terminal import Style, Terminal

from .helpers_table import scored_save

_SVG = "{http://www.w3.org/2000/svg}"


def _ended(save: str, name: str = "g") -> Finished:
    game = loads_game(save)
    found = finished(game, replay(game)[0], name)
    assert found is not None
    return found


# --- the day of the final scoring ------------------------------------------------


def test_the_page_dates_the_final_scoring_it_completes() -> None:
    save = scored_save(4, yours=61, his=46, met=True, today="2026-12-03")
    last = json.loads(save)["steps"][-1]
    assert (last["kind"], last["on"]) == ("score", "2026-12-03")
    assert "on" not in json.loads(save)["steps"][0]  # set-up is never dated
    assert loads_game(save).steps[-1].on == datetime.date(2026, 12, 3)


def test_r_goal_2_a_finished_game_is_its_scores_margin_and_verdict() -> None:
    # his 46 on the OP track, and 3 for each of the Colony's two levels
    won = _ended(scored_save(4, yours=61, his=46, met=True, today="2026-12-03"))
    assert (won.his_score, won.your_score, won.margin, won.won) == (52, 61, 9, True)
    assert won.on == datetime.date(2026, 12, 3)
    lost = _ended(scored_save(4, yours=61, his=52, met=False))
    assert (lost.margin, lost.won, lost.on) == (9, False, None)


def test_an_unfinished_game_is_not_in_the_history() -> None:
    game = new_game(5)
    assert finished(game, replay(game)[0], "g") is None


def test_undo_takes_the_final_scoring_out_and_redo_brings_its_day_back() -> None:
    game = loads_game(scored_save(4, today="2026-12-03"))
    undone = undo(game)
    assert finished(undone, replay(undone)[0], "g") is None
    again = redo(undone)
    found = finished(again, replay(again)[0], "g")
    assert found is not None
    assert found.on == datetime.date(2026, 12, 3)


def test_a_day_is_stored_on_the_score_step_only() -> None:
    with pytest.raises(InvalidValueError, match="on"):
        Step(kind=StepKind.TURN, on=datetime.date(2026, 1, 1))
    doc = json.loads(scored_save(4, today="2026-12-03"))
    doc["steps"][0]["on"] = "2026-12-03"
    with pytest.raises(SerializationError, match=r"\$\.steps\[0\]\.on"):
        loads_game(json.dumps(doc))


@pytest.mark.parametrize("day", ["2026-13-01", "03/12/2026", 20261203, "", None])
def test_a_bad_day_in_a_save_is_refused_at_its_place(day: object) -> None:
    doc = json.loads(scored_save(4, today="2026-12-03"))
    doc["steps"][-1]["on"] = day
    with pytest.raises(SerializationError, match=r"\$\.steps\[1\]\.on"):
        loads_game(json.dumps(doc))


@pytest.mark.parametrize("today", ["2026-02-30", "today", 3])
def test_screen_refuses_a_bad_today(today: object) -> None:
    save = dumps_game(new_game(4))
    with pytest.raises(InvalidValueError, match="today"):
        screen(save, "setup", [], "0", today=today)  # type: ignore[arg-type]


def test_the_terminal_dates_the_final_scoring_with_its_clock(tmp_path: Path) -> None:
    save = scored_save(4)
    game = undo(loads_game(save))  # the final scoring, to take again
    answers = "\n".join(str(a) for _, a in loads_game(save).steps[-1].answers)
    typed = "score!\n" + answers.replace("True", "y").replace("False", "n") + "\nquit\n"
    path = tmp_path / "g.json"
    save_game(game, path)
    out = io.StringIO()
    terminal = Terminal(
        load_game(path),
        path,
        io.StringIO(typed),
        out,
        Style(False),
        today=lambda: datetime.date(2026, 7, 14),
    )
    assert terminal.loop() == 0, out.getvalue()
    assert "Lacerda scores" in out.getvalue()
    assert loads_game(path.read_text()).steps[-1].on == datetime.date(2026, 7, 14)


# --- the figures -------------------------------------------------------------------

_GOALS = [g.id for g in SOLO_GOALS]
_FINISHED = st.builds(
    Finished,
    name=st.text("abc", min_size=1, max_size=3),
    seed=st.integers(0, 9),
    goal=st.sampled_from(_GOALS),
    on=st.none() | st.dates(datetime.date(2025, 1, 1), datetime.date(2027, 1, 1)),
    his_score=st.integers(0, 200),
    your_score=st.integers(0, 200),
    won=st.booleans(),
)


@given(st.lists(_FINISHED, min_size=1, max_size=12))
def test_the_figures_per_goal_part_the_games_and_add_up(
    games_: list[Finished],
) -> None:
    tallies = by_goal(games_)
    everything = overall(games_)
    assert sorted(map(id, (g for t in tallies for g in t.games))) == sorted(
        map(id, games_)
    )
    assert [t.goal for t in tallies] == [
        g for g in _GOALS if g in {x.goal for x in games_}
    ]
    assert sum(t.wins for t in tallies) == everything.wins == sum(g.won for g in games_)
    for tally in (*tallies, everything):
        assert tally.win_rate == pytest.approx(tally.wins / len(tally.games))
        assert tally.mean_margin == pytest.approx(
            sum(g.your_score - g.his_score for g in tally.games) / len(tally.games)
        )
    days = [g.on or datetime.date.min for g in everything.games]
    assert days == sorted(days, reverse=True)  # newest first, undated last


def test_no_games_have_no_figures() -> None:
    assert history_lines([]) == ()
    assert overall([]).win_rate == 0.0
    assert overall([]).mean_margin == 0.0


def test_the_lines_list_each_game_then_the_win_rate_per_solo_goal() -> None:
    day = datetime.date(2026, 12, 3)
    played = [
        Finished(name="a.json", seed=1, goal="first_colonists", on=day,
                 his_score=50, your_score=57, won=True),
        Finished(name="b.json", seed=2, goal="first_colonists", on=None,
                 his_score=60, your_score=55, won=False),
        Finished(name="c.json", seed=3, goal=_GOALS[-1], on=day,
                 his_score=40, your_score=70, won=True),
    ]  # fmt: skip
    lines = history_lines(played)
    assert lines[0] == "Finished games, newest first (3):"
    assert "date unknown  b.json" in lines[3]  # undated last
    assert "margin +7; you win" in lines[1]
    assert "margin -5; Lacerda wins" in lines[3]
    assert lines[5] == (
        "  First Colonists: 2 games, 1 win (50%); margin mean +1.0, best +7, worst -5"
    )
    assert lines[-1].startswith("All games: 3 games, 2 wins (67%)")


# --- the charts --------------------------------------------------------------------


@given(st.lists(_FINISHED, min_size=1, max_size=30))
def test_the_charts_are_svg_images_with_their_words(games_: list[Finished]) -> None:
    for svg in (margin_chart(games_), scores_chart(by_goal(games_))):
        root = ET.fromstring(svg)
        assert root.tag == f"{_SVG}svg"
        assert root.get("role") == "img"
        title = root.find(f"{_SVG}title")
        assert title is not None
        assert title.text == root.get("aria-label")
    bars = ET.fromstring(margin_chart(games_)).findall(f"{_SVG}rect")
    assert [b.get("class") for b in bars] == [
        "win" if g.won else "loss" for g in games_
    ]
    assert all(float(b.get("height", "0")) >= 1 for b in bars)


def test_a_chart_escapes_a_name() -> None:
    odd = Finished(name="<x&y>", seed=1, goal="first_colonists", on=None,
                   his_score=1, your_score=2, won=True)  # fmt: skip
    assert "&lt;x&amp;y&gt;" in margin_chart([odd])
    ET.fromstring(margin_chart([odd]))


# --- the page's History ------------------------------------------------------------


def test_the_page_history_lists_finished_games_only() -> None:
    kept = [
        ["lacerda-4", scored_save(4, yours=61, his=46, met=True, today="2026-12-03"), None],
        ["lacerda-5", scored_save(5, yours=40, his=52), "2026-11-30"],
        ["lacerda-6", dumps_game(new_game(6)), None],  # not finished
        ["broken", "{}", None],
    ]  # fmt: skip
    shown = history(kept)
    assert [g["name"] for g in shown["games"]] == ["lacerda-4", "lacerda-5"]
    assert shown["games"][1]["day"] == "2026-11-30"  # dated by where it is stored
    assert shown["unreadable"] == 1
    assert shown["all"]["win_rate"] == "50%"
    assert shown["all"]["mean_margin"] == "-1.5"
    assert [c["caption"] for c in shown["charts"]] == [
        "Margin over games",
        "Scores per Solo Goal",
    ]
    assert history([]) == {
        "games": [], "goals": [], "all": None, "unreadable": 0, "charts": []
    }  # fmt: skip


@pytest.mark.parametrize(
    ("kept", "named"),
    [
        ("x", "kept"),
        ([["a", "b"]], r"kept\[0\]"),
        ([[1, "{}", None]], r"kept\[0\]"),
        ([["a", "{}", "yesterday"]], r"kept\[0\]\[2\]"),
    ],
)
def test_the_page_history_refuses_a_bad_list(kept: object, named: str) -> None:
    with pytest.raises(InvalidValueError, match=named):
        history(kept)


# --- lacerda-bot games --stats -----------------------------------------------------


def test_games_stats_prints_the_history_and_the_win_rate(tmp_path: Path) -> None:
    (tmp_path / "won.json").write_text(
        scored_save(4, yours=61, his=46, met=True, today="2026-12-03")
    )
    old = tmp_path / "old.json"
    old.write_text(scored_save(5, yours=40, his=52))
    os.utime(old, (0, 86400 * 365))  # finished before days were kept
    (tmp_path / "going.json").write_text(dumps_game(new_game(6)))
    (tmp_path / "bad.json").write_text('{"format": "lacerda_bot.table"}')
    out = io.StringIO()
    assert game_stats(tmp_path, out) == 0
    text = out.getvalue()
    assert "2026-12-03  won.json  First Colonists: Lacerda 52 OP, you 61 OP" in text
    assert f"{datetime.date.fromtimestamp(86400 * 365)}  old.json" in text
    assert "going.json" not in text
    assert "First Colonists: 2 games, 1 win (50%)" in text
    assert "Left out: 1 save that cannot be read" in text
    listed = io.StringIO()
    games(tmp_path, listed)
    assert "over, Lacerda 52 OP, you 61 OP: you win" in listed.getvalue()


def test_games_stats_says_when_nothing_is_finished(tmp_path: Path) -> None:
    out = io.StringIO()
    assert game_stats(tmp_path, out) == 0
    assert out.getvalue().startswith("No finished lacerda-bot play games in ")
