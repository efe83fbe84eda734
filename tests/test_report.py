"""``simulate --report``: one self-contained HTML page of a batch's plots.

The page is checked as text (nothing external, every plot labelled, the summary
and the goal's requirements on it, the same bytes for the same batch), through
the command (written whole, bad paths refused before any game, a clear message
without matplotlib), and in a real browser: Debian's headless Chromium driven by
Playwright with ``executable_path`` (never ``playwright install``), whose
screenshot must not be blank.

The README's picture of the page, ``docs/images/report.png``, is this test's
screenshot; to draw it again::

    LACERDA_WRITE_PICTURES=1 PYTHONPATH=src pytest -q -p no:randomly \
        tests/test_report.py -k browser
"""

import html
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser

from lacerda_bot.cli import main
from lacerda_bot.reference._game import play_game
from lacerda_bot.reference._report import render_report
from lacerda_bot.reference._simulate import (
    BatchFigures,
    fold_batch,
    game_seeds,
    run_batch,
)
from lacerda_bot.render import describe_requirement

from ._pictures import assert_not_blank
from .helpers_browser import chromium

PLOTS = 6
"""Score, turns, actions by pass, fallbacks and skips, tie-breaks, the goal."""
PICTURE = Path(__file__).parent.parent / "docs" / "images" / "report.png"
MOST_PICTURE_BYTES = 200_000


@pytest.fixture(scope="module")
def batch() -> BatchFigures:
    return fold_batch(run_batch(game_seeds(0, 8)))


@pytest.fixture(scope="module")
def page(batch: BatchFigures) -> str:
    return render_report(batch, goal="first_colonists")


# --- the page as text ------------------------------------------------------------


def test_the_page_needs_nothing_from_outside(page: str) -> None:
    """No address of the web, and every link or source points inside the page."""
    links = re.findall(r"""(?:href|src)\s*=\s*["']([^"']*)""", page)

    assert "http:" not in page
    assert "https:" not in page
    assert "<script" not in page
    assert "<link" not in page
    assert "url(#" in page  # the plots' own clip paths, by fragment
    assert links  # the ticks are drawn by reference
    assert all(link.startswith("#") for link in links)


def test_every_plot_is_an_inline_svg_with_words(page: str) -> None:
    """Six figures, each an SVG labelled for screen readers, with a caption."""
    figures = re.findall(r"<figure>(.*?)</figure>", page, flags=re.DOTALL)

    assert len(figures) == PLOTS
    assert page.count("<svg") == PLOTS
    for figure in figures:
        label = re.search(r'<svg [^>]*role="img" aria-label="([^"]+)"', figure)
        assert label is not None
        assert f"<title>{label[1]}</title>" in figure
        assert re.search(r"<figcaption>[^<]+</figcaption>", figure)


def test_the_plot_ids_are_unique_on_the_page(page: str) -> None:
    """Two plots never share an id (each one's ids carry its own prefix)."""
    ids = re.findall(r' id="([^"]+)"', page)

    assert len(ids) == len(set(ids)) > PLOTS


def test_the_plots_take_the_pages_ink_in_light_and_dark(page: str) -> None:
    """Axes and text are drawn in ``currentColor``; the page has a dark scheme."""
    svg = page[page.index("<svg") :]

    assert "fill: currentColor" in svg
    assert "stroke: currentColor" in svg
    assert "#000000" not in svg
    assert "#010203" not in svg
    assert "@media (prefers-color-scheme: dark)" in page


def test_the_page_holds_the_summary(batch: BatchFigures, page: str) -> None:
    """The figures ``simulate`` prints are in the table."""
    summary = batch.summary
    lo, mid, hi = summary.score
    t_lo, t_mid, t_hi = summary.turns
    table = page[page.index("<table>") : page.index("</table>")]

    assert f'<th scope="row">games</th><td>{summary.games}</td>' in table
    assert f"min {lo}, median {mid:g}, max {hi}" in table
    assert f"min {t_lo}, median {t_mid:g}, max {t_hi}" in table
    for action, share in summary.actions:
        assert f"card action {action.value}</th><td>{share:.1%} of his turns" in table
    assert f"{summary.fallback_rate:.1%} of turns" in table
    assert f"{summary.tie_breaks_per_game:.2f}" in table
    assert f"{summary.goal_rate:.1%} of games" in table


def test_the_plot_labels_say_the_spread(batch: BatchFigures, page: str) -> None:
    """The score plot's words give its median and range."""
    lo, mid, hi = batch.summary.score

    assert f"median {mid:g} OP, from {lo} to {hi}" in page


@pytest.mark.parametrize("goal", ["first_colonists", "a_martian_potato"])
def test_the_page_names_every_requirement_of_the_goal(goal: str) -> None:
    """Each requirement of the batch's goal is worded, with its rate."""
    figures = fold_batch(run_batch(game_seeds(3, 2), goal=goal))
    page = render_report(figures, goal=goal)

    assert len(figures.requirements) >= 5
    for requirement, met in figures.requirements:
        words = html.escape(describe_requirement(requirement))
        assert f"{words}: {met / 2:.0%}" in page
    assert f"Solo Goal {goal}" in page


def test_the_same_batch_gives_the_same_bytes(batch: BatchFigures, page: str) -> None:
    """Rendering again gives the same text; another batch gives another."""
    other = fold_batch(run_batch(game_seeds(100, 8)))

    assert render_report(batch, goal="first_colonists") == page
    assert render_report(other, goal="first_colonists") != page


def test_a_batch_of_errors_only_still_draws_its_plots() -> None:
    """No game to show: every plot says so, none is missing."""
    figures = fold_batch(["seed 1: RuntimeError: broken"])
    page = render_report(figures, goal="first_colonists")

    assert figures.summary.games == 0
    assert page.count("<svg") == PLOTS
    assert "no games" in page
    assert '<th scope="row">errors</th><td>1</td>' in page


# --- the figures of a batch -------------------------------------------------------


@settings(max_examples=4, deadline=None)  # slow: each example plays a whole game
@given(seed=st.integers(0, 10_000))
def test_the_actions_by_pass_add_up_to_the_actions(seed: int) -> None:
    """Summed over the passes of his deck, the card actions are the game's."""
    record = play_game(seed)
    summed: dict[object, int] = {}
    for passes, action, n in record.actions_by_pass:
        assert passes >= 1
        summed[action] = summed.get(action, 0) + n

    assert summed == dict(record.actions)
    assert max(p for p, _, _ in record.actions_by_pass) >= 2  # he reshuffles


def test_the_fold_keeps_one_figure_per_game(batch: BatchFigures) -> None:
    """Per-game lists have one entry per game; the batch's by-pass counts add up."""
    turns = sum(n for _, _, n in batch.actions_by_pass)

    assert len(batch.scores) == len(batch.turns) == len(batch.tie_breaks) == 8
    assert len(batch.fallbacks) == len(batch.skips) == 8
    assert turns == sum(batch.turns)
    assert all(0 <= met <= 8 for _, met in batch.requirements)


def test_a_record_without_a_goal_adds_no_requirement() -> None:
    """A game record with no goal result still counts as a game."""
    record = attrs.evolve(play_game(1), goal=None)
    figures = fold_batch([record])

    assert figures.summary.games == 1
    assert figures.requirements == ()


# --- the command ----------------------------------------------------------------------


def test_simulate_writes_the_report_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--report writes the page, byte for byte the same each time; the summary is unchanged."""
    assert main(["simulate", "--games", "3"]) == 0
    plain = capsys.readouterr().out
    one, two = tmp_path / "one.html", tmp_path / "two.html"

    assert main(["simulate", "--games", "3", "--report", str(one)]) == 0
    assert capsys.readouterr().out == plain
    assert main(["simulate", "--games", "3", "--report", str(two)]) == 0
    assert one.read_bytes() == two.read_bytes()
    assert one.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.html", "two.html"]


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game played fails the test: the refusals come first."""

    def refused(*args: object, **kwargs: object) -> Iterator[object]:
        raise AssertionError("a game was played")

    monkeypatch.setattr("lacerda_bot.cli.run_batch", refused)


@pytest.mark.usefixtures("no_games")
def test_bad_report_paths_are_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder or a missing folder as --report: exit 2 naming it, nothing written."""
    missing = tmp_path / "missing" / "out.html"
    for target, problem in ((tmp_path, "it is a folder"), (missing, "no folder")):
        assert main(["simulate", "--games", "1", "--report", str(target)]) == 2
        said = capsys.readouterr().err
        assert f"cannot write --report {target}: {problem}" in said
    assert list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("no_games")
def test_without_matplotlib_report_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No matplotlib: one line naming the extra, exit 2, before any game."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    monkeypatch.delitem(sys.modules, "lacerda_bot.reference._report")
    target = tmp_path / "out.html"

    assert main(["simulate", "--games", "1", "--report", str(target)]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1
    assert "--report needs matplotlib: pip install 'lacerda-bot[report]'" in said
    assert not target.exists()


def test_a_failed_write_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The disk fails at the end: exit 2 naming the path, no partial file."""

    def full(self: Path, target: object) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "replace", full)
    target = tmp_path / "out.html"

    assert main(["simulate", "--games", "1", "--report", str(target)]) == 2
    assert f"cannot write --report {target}: [Errno 28]" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


# --- in a real browser ------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_report_draws_in_a_browser(
    browser: Browser, tmp_path: Path, scheme: str
) -> None:
    """Chromium shows every plot with a size, asks for nothing, and is not blank."""
    target = tmp_path / "report.html"
    assert main(["simulate", "--games", "8", "--report", str(target)]) == 0
    context = browser.new_context(
        viewport={"width": 1280, "height": 800},
        color_scheme="dark" if scheme == "dark" else "light",
    )
    try:
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(target.as_uri())
        boxes = [svg.bounding_box() for svg in page.locator("svg").all()]
        png = page.screenshot(full_page=True)
    finally:
        context.close()

    assert asked == [target.as_uri()]
    assert len(boxes) == PLOTS
    for box in boxes:
        assert box is not None
        assert box["width"] > 0
        assert box["height"] > 0
    assert_not_blank(png)
    if scheme == "light" and os.environ.get("LACERDA_WRITE_PICTURES") == "1":
        assert len(png) <= MOST_PICTURE_BYTES, (
            f"{len(png)} bytes: too big for the README"
        )
        PICTURE.write_bytes(png)
