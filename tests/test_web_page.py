"""The web companion in a real browser: Debian's headless Chromium at a phone's size.

One game is played by tapping, as a player would: set-up, three turns and two
Shuttle phases, with ``?``, why, status, back, undo and redo; the page is
reloaded mid-step, then reloaded with the server stopped (the service worker's
offline copy); the save is exported and the terminal (``lacerda-bot play
--resume``) continues the same game, whose file the page imports and continues.

Chromium comes from Debian (``/usr/bin/chromium``, or ``$LACERDA_CHROMIUM``),
driven by Playwright with ``executable_path``: never ``playwright install``.
The timings (the engine's cold start, the first screen warm and offline, each
answer) are written to ``$LACERDA_WEB_TIMINGS`` when set (``docs/benchmarks.md``
reports them); nothing here is a timed assertion.
"""

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    ViewportSize,
)

from lacerda_bot.table._game.session import dumps_game, load_game, loads_game, new_game
from lacerda_bot.table.screen import screen
from lacerda_bot.web import build_site, make_server
from lacerda_bot.web._runtime import cache_folder

from ._pictures import assert_not_blank
from .helpers_browser import chromium
from .helpers_table import scored_save
from .helpers_terminal import PRINTED
from .test_catalogs import catalogs

PHONE: ViewportSize = {"width": 360, "height": 740}
SETUP_ANSWERS = [*PRINTED, "6", "colony", "nothing"]
WAIT = 30_000
"""Milliseconds any one page action may take (the engine's cold start included)."""


class Site:
    """The built site, served on 127.0.0.1 by a server that can be stopped."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.server = make_server(folder, "127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self.server.server_port}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    build_site(folder, None, cache_folder(os.environ))
    return folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


NO_TAP_PAUSE = (
    "window.lacerdaTapClock = (() => { let t = 0; return () => (t += 1000); })();"
)
"""The page's tap clock for a test player: a second passes at each reading, so the
pause after a question appears (against double taps) never holds a tap back."""


def phone(browser: Browser) -> BrowserContext:
    context = browser.new_context(
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        accept_downloads=True,
        locale="en-US",  # the page speaks the browser's language until told otherwise
    )
    context.set_default_timeout(WAIT)
    context.add_init_script(NO_TAP_PAUSE)
    return context


def watched(context: BrowserContext) -> tuple[Page, list[str]]:
    """A new page of *context*, and the list its uncaught page errors go to."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


@contextlib.contextmanager
def home(built: Path, browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    """The page's home screen on a phone, served from *built*; its page errors."""
    site = Site(built)
    context = phone(browser)
    page, errors = watched(context)
    try:
        page.goto(site.url)
        page.get_by_role("button", name="Start a new game").wait_for()
        yield page, errors
    finally:
        context.close()
        site.stop()


@contextlib.contextmanager
def in_game(
    built: Path, browser: Browser, save: str
) -> Iterator[tuple[Page, list[str], BrowserContext]]:
    """Game ``lacerda-0`` holding *save*, open on a phone; its page errors, its context."""
    site = Site(built)
    context = phone(browser)
    try:
        context.add_init_script(seeding("lacerda-0", save))
        page, errors = watched(context)
        page.goto(f"{site.url}#game=lacerda-0")
        page.locator("button[data-step], #question").first.wait_for()  # it is open
        yield page, errors, context
    finally:
        context.close()
        site.stop()


# --- a player who taps the page ----------------------------------------------------


def settled(page: Page) -> Page:
    """*page* once its engine has answered every call made so far (``aria-busy``).

    The engine runs in a Web Worker: a tap's screen comes a moment after the tap.
    """
    page.locator('#main[aria-busy="false"]').wait_for()
    return page


def question(page: Page) -> str:
    return settled(page).locator("#question").inner_text()


def tap_answer(page: Page, typed: str | None = None) -> None:
    """Answer the question on the page: *typed* as the terminal takes it, or else
    the first answer (the lowest count, the first pick, No, nothing)."""
    kind = settled(page).locator("#answers").get_attribute("data-kind")
    answers = page.locator("#answers")
    match kind:
        case "yes_no":
            word = "Yes" if typed in ("y", "yes") else "No"
            answers.get_by_role("button", name=word, exact=True).click()
        case "count" if (
            answers.locator(".stepper").count()
            and typed in (None, "0")
            and (answers.locator(".answers button").count())
        ):  # 0 has its own button ("None") beside the stepper
            answers.locator(".answers button").first.click()
        case "count" if answers.locator(".stepper").count():
            low = answers.locator("input").get_attribute("min") or ""
            answers.locator("input").fill(low if typed is None else typed)
            answers.get_by_role("button", name="OK", exact=True).click()
        case "count" | "pick" if typed is not None:
            answers.get_by_role("button", name=typed, exact=True).click()
        case "count" | "pick":
            answers.locator(".answers button").first.click()
        case "benefits":
            assert typed in (None, "nothing"), typed
            answers.get_by_role("button", name="Nothing", exact=True).click()
        case _:
            raise AssertionError(f"unknown question kind {kind}")
    settled(page)


def policy(asked: dict[str, Any]) -> str:
    """The answer :func:`tap_answer` gives with no *typed*, as typed text."""
    match asked["kind"]:
        case "yes_no":
            return "n"
        case "count":
            return str(asked["low"])
        case "pick":
            return "1"
        case "benefits":
            return "nothing"
        case other:
            raise AssertionError(other)


def finish_step(page: Page, typed: list[str] | None = None) -> None:
    """Answer until the step is done, then continue to the next screen."""
    given = list(typed or [])
    for _ in range(80):
        if settled(page).locator("#continue").count():
            page.locator("#continue").click()
            return
        settled(page).locator("#question, #continue").first.wait_for()
        if page.locator("#question").count():
            tap_answer(page, given.pop(0) if given else None)
    raise AssertionError("the step did not end in 80 answers")


def undo(page: Page) -> None:
    """Undo the last step, confirming it."""
    page.locator("#undo").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Undo ").click()


def take(page: Page, step: str) -> None:
    settled(page).locator(f'button[data-step="{step}"]').click()


def stored(page: Page, game: str = "lacerda-0") -> dict[str, Any]:
    """The page's stored record of *game*: its save, step in progress, seed..."""
    text = settled(page).evaluate(f"localStorage.getItem('lacerda:game:{game}')")
    assert isinstance(text, str), f"no stored game {game}"
    found = json.loads(text)
    assert isinstance(found, dict)
    return found


def stored_save(page: Page, game: str = "lacerda-0") -> str:
    return str(stored(page, game)["save"])


def seeding(game: str, save: str, **more: object) -> str:
    """An init script that stores *game* before the page's first load only."""
    doc = {
        "save": save,
        "seed": str(loads_game(save).seed),
        "goal": "First Colonists",
        "steps": len(loads_game(save).steps),
        "updated": 1,
        **more,
    }
    key = f"lacerda:game:{game}"
    return (
        f"if (localStorage.getItem('{key}') === null) "
        f"localStorage.setItem('{key}', {json.dumps(json.dumps(doc))});"
    )


def policy_step(save: str, step: str) -> tuple[str, list[str]]:
    """Play *step* in Python with :func:`policy`: the new save and the typed answers."""
    current = screen(save, step)
    typed: list[str] = []
    while current["kind"] == "question":
        typed.append(policy(current["question"]))
        current = screen(save, step, current["answers"], typed[-1])
        assert len(typed) < 80
    return str(current["save"]), typed


def answer_times(page: Page) -> list[float]:
    return list(
        page.evaluate(
            "performance.getEntriesByName('lacerda-answer').map((e) => e.duration)"
        )
    )


def first_screen(page: Page) -> float:
    return float(
        page.evaluate(
            "performance.getEntriesByName('lacerda-first-screen')[0].startTime"
        )
    )


# --- the game ----------------------------------------------------------------------


def test_a_game_at_the_table_on_a_phone(
    built: Path, browser: Browser, tmp_path: Path
) -> None:
    site = Site(built)
    timings: dict[str, Any] = {"answers": []}
    context = phone(browser)
    page, errors = watched(context)
    try:
        page.goto(site.url)
        page.get_by_role("button", name="Start a new game").wait_for()
        timings["cold_engine_ms"] = page.evaluate("performance.now()")
        page.locator("#seed").fill("0")
        page.get_by_role("button", name="Start a new game").click()

        # set-up, answered as the terminal test answers it: the same game
        take(page, "setup")
        assert "Crystals" in question(page)
        page.get_by_role("button", name="What this question means").click()
        assert "Example:" in page.locator("#hint").inner_text()
        tap_answer(page, SETUP_ANSWERS[0])
        first = question(page)
        tap_answer(page, SETUP_ANSWERS[1])
        page.locator("#back").click()  # back: the last answer is taken back
        assert question(page) == first
        finish_step(page, SETUP_ANSWERS[1:])
        expected = dumps_game(new_game(0))
        expected, _ = _typed_step(expected, "setup", SETUP_ANSWERS)
        assert loads_game(stored_save(page)) == loads_game(expected)

        # three turns and two Shuttle phases, each the step the round expects
        for step in ("turn", "shuttle", "turn", "shuttle", "turn"):
            assert (
                page.locator(f'button[data-step="{step}"]').get_attribute("class")
                == "primary"
            ), step
            take(page, step)
            if step == "turn":
                page.locator(".card .number").first.wait_for()
            finish_step(page)
            expected, _ = policy_step(expected, step)
            assert loads_game(stored_save(page)) == loads_game(expected), step
        timings["answers"] += answer_times(page)

        # the action he takes is drawn beside the line naming it (its words say it)
        drawn = page.get_by_role("list", name="His last step").locator(
            "svg.action-icon"
        )
        assert drawn.count() == 1
        assert drawn.get_attribute("aria-hidden") == "true"
        named = drawn.locator("title").text_content()
        assert re.fullmatch(r"(Orbit|Colony) action [123]: [A-Z].+", named or "")
        assert f"{named}." in drawn.locator("xpath=ancestor::li").inner_text()
        box = drawn.bounding_box()
        assert box is not None
        assert 20 <= box["width"] <= 40

        # the checklist keeps its ticks, through a reload too
        boxes = page.get_by_role("list", name="His last step").get_by_role("checkbox")
        boxes.first.check()
        page.reload()
        page.locator('button[data-step="shuttle"]').wait_for()
        assert boxes.first.is_checked()
        assert not boxes.last.is_checked()

        # why and status
        page.locator("#why").click()
        assert "Rules: R-" in page.locator("main").inner_text()
        page.get_by_role("button", name="Close").click()
        page.locator("#status").click()
        assert "Discard pile" in settled(page).locator("main").inner_text()
        strip = page.get_by_role("img", name=re.compile(r"^Building sequence Mine, "))
        box = strip.bounding_box()
        assert box is not None
        assert box["width"] > 200
        # his board drawn, its accessible name the board's lines listed below it
        board = page.get_by_role("img", name=re.compile(r"^His board: Crystals: \d+; "))
        listed = page.locator("main li").all_inner_texts()
        said = (board.get_attribute("aria-label") or "").removeprefix("His board: ")
        parts = said.split("; ")
        start = listed.index(parts[0])
        assert len(parts) > 10
        assert listed[start : start + len(parts)] == parts
        box = board.bounding_box()
        assert box is not None
        assert 250 <= box["width"] <= 360
        assert box["height"] > 150
        page.get_by_role("button", name="Close").click()

        # undo then redo: the same card comes back
        card = page.locator(".card .number").first.inner_text()
        icon = page.locator(".card").first.get_by_role(
            "img", name=re.compile(rf"^Solo card {card[:2]}: Mission {card[0]}")
        )
        box = icon.bounding_box()
        assert box is not None
        assert box["width"] > 40
        before = stored_save(page)
        undo(page)
        assert len(json.loads(stored_save(page))["steps"]) == 5  # of 6
        page.locator("#redo").click()
        assert stored_save(page) == before
        assert settled(page).locator(".card .number").first.inner_text() == card

        # reload in the middle of a step: the same question, the same answers
        take(page, "fix")  # two questions: which value, then its new value
        page.locator("#question").wait_for()
        tap_answer(page)
        asked = question(page)
        page.reload()
        page.locator("#question").wait_for()
        assert question(page) == asked
        timings["warm_first_screen_ms"] = first_screen(page)

        # offline: the server stops; the service worker's copy runs the page
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now under the service worker's control
        page.locator("#question").wait_for()
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        site.stop()
        page.reload()
        page.locator("#question").wait_for()
        assert question(page) == asked
        timings["offline_first_screen_ms"] = first_screen(page)
        finish_step(page)
        expected, _ = policy_step(expected, "fix")
        assert loads_game(stored_save(page)) == loads_game(expected)

        # export: the terminal continues the same game from the file
        with page.expect_download() as download:
            page.locator("#export").click()
        exported = tmp_path / download.value.suggested_filename
        download.value.save_as(exported)
        assert exported.name == "lacerda-0.json"
        assert load_game(exported) == loads_game(stored_save(page))
        expected, typed = policy_step(expected, "shuttle")
        _terminal(exported, ["shuttle", *typed, "quit"])
        assert load_game(exported) == loads_game(expected)

        # and back: the page imports the terminal's file and continues it
        page.locator("#games").click()
        page.locator("#import").set_input_files(exported)
        copy = page.get_by_role("alertdialog", name="Import a copy")
        assert "a newer copy of lacerda-0" in copy.inner_text()
        copy.get_by_role("button", name="Import it as another game").click()
        page.locator('button[data-step="turn"]').wait_for()
        assert "lacerda-0-2" in page.url
        take(page, "turn")
        finish_step(page)
        expected, _ = policy_step(expected, "turn")
        imported = stored_save(page, "lacerda-0-2")
        assert loads_game(imported) == loads_game(expected)
        timings["answers"] += answer_times(page)
        assert errors == []
    finally:
        context.close()
        if site.thread.is_alive():
            site.stop()
    _report(timings)


def _typed_step(save: str, step: str, typed: list[str]) -> tuple[str, list[str]]:
    current = screen(save, step)
    for text in typed:
        current = screen(save, step, current["answers"], text)
    assert current["kind"] == "done", current
    return str(current["save"]), typed


def _terminal(path: Path, lines: list[str]) -> None:
    command = shutil.which("lacerda-bot") or sys.executable
    args = [command] if command != sys.executable else [command, "-m", "lacerda_bot"]
    result = subprocess.run(
        [*args, "play", "--resume", str(path), "--plain"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TERM": "dumb"},
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_cold_start_reaches_the_question_in_progress(
    built: Path, browser: Browser
) -> None:
    """A new browser (nothing cached) opening a game mid-step shows its question."""
    save = dumps_game(new_game(3))
    answers = [["setup.start_crystals", 2]]
    site = Site(built)
    context = phone(browser)
    try:
        context.add_init_script(
            seeding("lacerda-3", save, step="setup", answers=answers)
        )
        page = context.new_page()
        start = time.perf_counter()
        page.goto(f"{site.url}#game=lacerda-3")
        page.locator("#question").wait_for()
        wall = (time.perf_counter() - start) * 1000
        assert "Depot" in question(page)  # the second question: the first was answered
        _report({"cold_first_screen_ms": first_screen(page), "cold_wall_ms": wall})
    finally:
        context.close()
        site.stop()


def test_a_corrupt_import_is_refused_whole(
    built: Path, browser: Browser, tmp_path: Path
) -> None:
    site = Site(built)
    context = phone(browser)
    try:
        page = context.new_page()
        page.goto(site.url)
        page.get_by_role("button", name="Start a new game").wait_for()
        bad = tmp_path / "bad.json"
        text = dumps_game(new_game(5)).replace('"seed": 5', '"seed": "five"')
        bad.write_text(text)
        page.locator("#import").set_input_files(bad)
        alert = page.get_by_role("alert")
        assert "bad.json was not imported" in alert.inner_text()
        assert "seed" in alert.inner_text()
        assert page.evaluate("localStorage.length") == 0
    finally:
        context.close()
        site.stop()


def _report(timings: dict[str, Any]) -> None:
    target = os.environ.get("LACERDA_WEB_TIMINGS")
    if not target:
        return
    path = Path(target)
    known = json.loads(path.read_text()) if path.exists() else {}
    known.update(timings)
    path.write_text(json.dumps(known, indent=2))


def test_answers_stay_quick_late_in_a_game(built: Path, browser: Browser) -> None:
    """A game of 15 rounds (31 steps): each answer still replays the whole game."""
    save, _ = _typed_step(dumps_game(new_game(0)), "setup", SETUP_ANSWERS)
    for _ in range(15):
        for step in ("turn", "shuttle"):
            save, _ = policy_step(save, step)
    site = Site(built)
    context = phone(browser)
    try:
        context.add_init_script(seeding("lacerda-0", save))
        page = context.new_page()
        page.goto(f"{site.url}#game=lacerda-0")
        take(page, "turn")
        finish_step(page)
        take(page, "fix")
        finish_step(page)
        expected, _ = policy_step(save, "turn")
        expected, _ = policy_step(expected, "fix")
        assert loads_game(stored_save(page)) == loads_game(expected)
        _report({"late_answers": answer_times(page)})
    finally:
        context.close()
        site.stop()


def test_home_screen_big_seeds_and_confirmations(
    built: Path, browser: Browser, tmp_path: Path
) -> None:
    """Found by a driven review: the toolbar on the home screen, seeds beyond exact
    JavaScript numbers, stacked confirmations, an unconfirmed final scoring."""
    with home(built, browser) as (page, errors):
        assert not page.locator("#toolbar").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.locator("#seed").fill("8000000000000000123")
        page.get_by_role("button", name="Start a new game").click()
        page.locator('button[data-step="setup"]').wait_for()
        assert page.locator("#toolbar").is_visible()
        with page.expect_download() as download:
            page.locator("#export").click()
        assert download.value.suggested_filename == "lacerda-8000000000000000123.json"
        saved = tmp_path / "big.json"
        download.value.save_as(saved)
        assert load_game(saved).seed == 8000000000000000123

        take(page, "setup")
        finish_step(page, SETUP_ANSWERS)
        take(page, "score")  # he has had no turn: out of order, and final
        take(page, "score")
        dialogs = page.get_by_role("alertdialog")
        assert dialogs.count() == 1
        assert "Final scoring is out of order" in dialogs.inner_text()
        focused = page.evaluate("document.activeElement.textContent")
        assert focused == "Cancel"
        page.get_by_role("button", name="Cancel").click()
        assert page.locator("#question").count() == 0

        page.locator("#games").click()
        assert not page.locator("#toolbar").is_visible()
        listed = page.get_by_role("list", name="Saved games").inner_text()
        assert "lacerda-8000000000000000123" in listed
        with page.expect_download() as again:
            page.get_by_role(
                "button", name="Export lacerda-8000000000000000123"
            ).click()
        assert again.value.suggested_filename == "lacerda-8000000000000000123.json"
        latest = tmp_path / "latest.json"
        again.value.save_as(latest)

        # the same file imported again opens the game it is, with no copy
        page.locator("#import").set_input_files(latest)
        page.locator('button[data-step="turn"]').wait_for()
        assert page.url.endswith("#game=lacerda-8000000000000000123")
        assert "already on this device" in page.locator("#engine").inner_text()
        assert page.evaluate("localStorage.length") == 1
        assert errors == []


def test_the_language_switch_is_kept_and_is_no_rules_option(
    built: Path, browser: Browser
) -> None:
    """The switch above the new-game form names each language in its own words; the
    choice is kept on the device (the page's lang follows it, again after a reload),
    and it is never sent as a rules option of a new game."""
    with home(built, browser) as (page, errors):
        switch = page.locator("#language")
        assert switch.locator("option").all_inner_texts() == [
            "English",
            "Português",
            "Deutsch",
            "Français",
            "Español",
        ]
        assert switch.input_value() == "en"
        assert page.locator("#new-game #language").count() == 0
        switch.select_option("de")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.evaluate("localStorage.getItem('lacerda:language')") == "de"
        assert page.evaluate("document.activeElement.id") == "language"
        page.reload()
        settled(page).locator("#new-game #goal").wait_for()
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.locator("#language").input_value() == "de"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.locator("#language").select_option("en")
        settled(page).locator("#new-game #goal").wait_for()
        page.locator("#new-game button[type=submit]").click()
        page.locator('button[data-step="setup"]').wait_for()  # started: no stray option
        assert errors == []


FULL = (
    "() => { window.realSetItem = Storage.prototype.setItem;"
    " Storage.prototype.setItem = function () {"
    " throw new DOMException('the storage is full', 'QuotaExceededError'); }; }"
)
ROOMY = "() => { Storage.prototype.setItem = window.realSetItem; }"


def test_a_failed_write_keeps_the_step_and_never_doubles_it(
    built: Path, browser: Browser
) -> None:
    save, _ = _typed_step(dumps_game(new_game(0)), "setup", SETUP_ANSWERS)
    save, _ = policy_step(save, "turn")
    after, _ = policy_step(save, "shuttle")
    site = Site(built)
    context = phone(browser)
    try:
        context.add_init_script(seeding("lacerda-0", save))
        page = context.new_page()
        page.goto(f"{site.url}#game=lacerda-0")
        take(page, "shuttle")  # one question
        page.locator("#question").wait_for()
        page.evaluate(FULL)
        tap_answer(page)
        assert "could not be stored" in page.locator("h2").inner_text()
        assert "the storage is full" in page.get_by_role("alert").inner_text()
        assert stored_save(page) == save  # nothing half-written
        page.get_by_role("button", name="Try again").click()  # still full
        assert "could not be stored" in page.locator("h2").inner_text()
        page.evaluate(ROOMY)
        page.get_by_role("button", name="Try again").click()
        page.locator("#continue").wait_for()
        assert loads_game(stored_save(page)) == loads_game(after)

        # a failure, then a reload: the step is asked again and stored once
        page.locator("#continue").click()
        undo(page)  # back to before the Shuttle phase
        take(page, "shuttle")
        page.locator("#question").wait_for()
        page.evaluate(FULL)
        tap_answer(page)
        assert "could not be stored" in page.locator("h2").inner_text()
        page.reload()
        page.locator("#question").wait_for()
        tap_answer(page)
        page.locator("#continue").wait_for()
        assert loads_game(stored_save(page)) == loads_game(after)
    finally:
        context.close()
        site.stop()


def test_a_second_tab_never_overwrites_a_step_it_has_not_seen(
    built: Path, browser: Browser
) -> None:
    save, _ = _typed_step(dumps_game(new_game(0)), "setup", SETUP_ANSWERS)
    turned, _ = policy_step(save, "turn")
    site = Site(built)
    context = phone(browser)
    try:
        context.add_init_script(seeding("lacerda-0", save))
        first = context.new_page()
        first.goto(f"{site.url}#game=lacerda-0")
        first.locator('button[data-step="turn"]').wait_for()
        second = context.new_page()
        second.goto(f"{site.url}#game=lacerda-0")
        take(second, "fix")
        second.locator("#question").wait_for()

        # the first tab plays his turn: the second is told and shows it
        take(first, "turn")
        finish_step(first)
        assert loads_game(stored_save(first)) == loads_game(turned)
        second.locator('button[data-step="shuttle"]').wait_for()
        assert "changed in another tab" in second.locator("#engine").inner_text()

        # a write based on a save that is no longer stored is refused
        take(second, "fix")
        second.locator("#question").wait_for()
        second.evaluate(  # as another window would, with no event reaching this tab
            "(() => { const key = 'lacerda:game:lacerda-0';"
            " const doc = JSON.parse(localStorage.getItem(key));"
            f" doc.save = {json.dumps(save)};"
            " window.realSetItem = Storage.prototype.setItem;"
            " localStorage.setItem(key, JSON.stringify(doc)); })()"
        )
        tap_answer(second)
        assert (
            "changed in another tab or window"
            in second.get_by_role("alert").first.inner_text()
        )
        assert stored_save(second) == save
    finally:
        context.close()
        site.stop()


_FIRST_TAP = """(name) => {
  const first = [...document.querySelectorAll("#answers .answers button")]
    .find((b) => name === null || b.textContent.trim() === name);
  const box = first.getBoundingClientRect();
  first.click();
  return [box.left + box.width / 2, box.top + box.height / 2];
}"""
_SECOND_TAP = """([x, y]) => {
  const second = document.elementFromPoint(x, y);
  const landed = second.tagName === "BUTTON" && second.closest("#answers") !== null
    ? second.textContent.trim() : "";
  second.click();
  return landed;
}"""


def double_tap(page: Page, name: str | None = None) -> str:
    """Tap the answer button *name* (None: the first) twice in one place, the second
    tap once the next screen is drawn; what the second tap landed on ("" if no
    answer button). The test's tap clock does not move between the two taps."""
    where = page.evaluate(_FIRST_TAP, name)
    return str(settled(page).evaluate(_SECOND_TAP, where))


def test_a_double_tap_answers_one_question(built: Path, browser: Browser) -> None:
    """The second tap of a double tap lands on the next question's button in the
    same place; it is not taken. A later tap is. The page's tap clock is frozen by
    the test, so this holds on a machine however busy."""
    save = dumps_game(new_game(3))
    answers = [
        [f"setup.{key}", value]
        for key, value in (
            ("start_crystals", 2),
            ("start_free_depot", 4),
            ("lab_columns", 6),
            ("start_shelter_tech", 0),
            ("start_living_quarters", 10),
        )
    ]
    site = Site(built)
    context = phone(browser)
    try:
        context.add_init_script(
            seeding("lacerda-3", save, step="setup", answers=answers)
        )
        page, errors = watched(context)
        page.goto(f"{site.url}#game=lacerda-3")
        page.locator("#question").wait_for()
        assert "Mission A" in question(page)
        page.evaluate("window.lacerdaTapClock = () => window.lacerdaNow")
        page.evaluate("window.lacerdaNow = 1e9")
        landed = double_tap(page, "1")
        assert landed == "1"  # the second tap hit the next question's "1"
        assert "Mission B" in question(page)
        assert len(stored(page, "lacerda-3")["answers"]) == 6  # one answer, not two
        page.evaluate("window.lacerdaNow += 1000")  # a deliberate tap, a second later
        tap_answer(page, "2")
        assert "Mission C" in question(page)
        assert stored(page, "lacerda-3")["answers"][-1] == [
            "setup.start_mission_crystals.b",
            2,
        ]
        assert errors == []
    finally:
        context.close()
        site.stop()


def test_undo_lists_what_to_take_back_and_redo_what_changed(
    built: Path, browser: Browser
) -> None:
    """Undo's panel lists the step's lines last first and his board as it goes back;
    redo says what changed on his board again."""
    from lacerda_bot.table.screen import last_step

    save, _ = _typed_step(dumps_game(new_game(0)), "setup", SETUP_ANSWERS)
    save, _ = _typed_step(save, "fix", ["crystals", "5"])
    last = last_step(save)
    with in_game(built, browser, save) as (page, errors, _):
        settled(page).locator("#undo").click()
        panel = settled(page).get_by_role("alertdialog")
        listed = panel.get_by_role("list", name="What to take back")
        assert listed.locator("li").all_inner_texts() == last["put_back"]
        assert "Crystals: 5 -> 2" in panel.inner_text()
        panel.get_by_role("button", name="Undo ").click()
        page.locator("#redo").click()
        page.wait_for_function(
            "document.body.innerText.includes('His board now: Crystals: 2 -> 5')"
        )
        assert errors == []


def test_answers_take_one_tap_and_continue_is_always_on_screen(
    built: Path, browser: Browser
) -> None:
    """A count up to 30 is a button per number (no stepper); a question that takes one
    benefit is answered by the benefit's tap; Continue is on screen after a long step
    without scrolling; the new-game form shows no rule IDs or option identifiers."""
    with home(built, browser) as (page, errors):
        form = page.locator("details").text_content() or ""
        assert "tie" in form  # the options are there, in words
        assert "R-" not in form
        assert "tie_policy" not in form
        page.get_by_role("button", name="Start a new game").click()
        take(page, "setup")
        page.locator("#question").wait_for()
        assert "start with" in question(page)  # his Crystals: 0 to 30
        assert page.locator("#answers .stepper").count() == 0
        assert page.locator("#answers .answers button").count() == 31
        for typed in SETUP_ANSWERS[:-1]:  # up to the space's benefit
            tap_answer(page, typed)
        page.locator('#answers[data-kind="benefits"]').wait_for()
        page.get_by_role("button", name="crystals", exact=True).click()
        page.locator("#answers").get_by_role("button", name="2", exact=True).click()
        page.locator("#continue").wait_for()  # one benefit: no OK to tap
        box = page.locator("#continue").bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= PHONE["height"]
        assert page.evaluate("window.scrollY") == 0
        assert errors == []


def test_back_closes_a_panel_then_goes_home_and_the_address_picks_the_game(
    built: Path, browser: Browser
) -> None:
    """Back from a panel closes it and stays in the game; Back from the game shows the
    saved games, not another site; changing ``#game=`` opens that game."""
    first, second = dumps_game(new_game(5)), dumps_game(new_game(6))
    site = Site(built)
    context = phone(browser)
    context.add_init_script(seeding("lacerda-5", first) + seeding("lacerda-6", second))
    page, errors = watched(context)
    try:
        page.goto(site.url)
        page.get_by_role("button", name="Continue lacerda-5").click()
        page.locator('button[data-step="setup"]').wait_for()
        page.locator("#status").click()
        page.get_by_role("heading", name="Status").wait_for()
        page.go_back()
        page.locator('button[data-step="setup"]').wait_for()  # the panel is closed
        assert page.url.endswith("#game=lacerda-5")
        page.locator("#status").click()  # closed by its own button this time
        page.get_by_role("button", name="Close").click()
        page.go_back()
        page.get_by_role("list", name="Saved games").wait_for()  # home, in the app
        assert page.url.startswith(site.url)
        page.evaluate("location.hash = '#game=lacerda-6'")
        page.locator('button[data-step="setup"]').wait_for()
        with page.expect_download() as download:  # the game open is lacerda-6
            page.locator("#export").click()
        assert download.value.suggested_filename == "lacerda-6.json"
        assert errors == []
    finally:
        context.close()
        site.stop()


def _tap_every_answer_twice(page: Page, clock: list[int]) -> int:
    """Answer the step as :func:`policy` does, each answer tapped twice in one place
    (a double tap), then Continue; how many second taps landed on a button."""
    landed = 0
    for _ in range(80):
        if settled(page).locator("#continue").count():
            clock[0] += 1000  # Continue too takes no tap in the moment after it shows
            page.evaluate(f"window.lacerdaNow = {clock[0]}")
            page.locator("#continue").click()
            return landed
        page.locator("#question").wait_for()
        clock[0] += 1000  # a second after the question appeared: the tap is taken
        page.evaluate(f"window.lacerdaNow = {clock[0]}")
        kind = page.locator("#answers").get_attribute("data-kind")
        name = {"yes_no": "No", "benefits": "Nothing"}.get(kind or "")  # as policy()
        buttons = page.locator("#answers .answers button")
        if name is not None and not buttons.get_by_text(name, exact=True).count():
            tap_answer(page)
        elif buttons.count():
            landed += bool(double_tap(page, name))
        else:  # a stepper: its number, then OK
            tap_answer(page)
    raise AssertionError(f"the step did not end in 80 answers: {question(page)!r}")


def test_a_round_survives_double_taps_back_a_reload_a_hostile_file_and_two_tabs(
    built: Path, browser: Browser, tmp_path: Path
) -> None:
    """Two rounds, every answer double-tapped (Continue too); in the second Shuttle
    phase Back from a panel, a reload mid-question, a hostile file imported and a
    second tab finishing the step: the stored game is the one the answers make, and
    nothing is lost or doubled."""
    save, _ = _typed_step(dumps_game(new_game(0)), "setup", SETUP_ANSWERS)
    expected = [save]
    for step in ("turn", "shuttle", "turn", "shuttle"):
        expected.append(policy_step(expected[-1], step)[0])
    hostile = tmp_path / "deep.json"
    hostile.write_text("[" * 100_000 + "]" * 100_000)
    with in_game(built, browser, save) as (page, errors, context):
        clock = [1_000_000]
        page.evaluate(
            f"window.lacerdaNow = {clock[0]}; "
            "window.lacerdaTapClock = () => window.lacerdaNow"
        )
        landed = 0
        for step, after in zip(("turn", "shuttle", "turn"), expected[1:], strict=False):
            take(page, step)
            landed += _tap_every_answer_twice(page, clock)
            assert loads_game(stored_save(page)) == loads_game(after), step
        assert landed > 0  # second taps did land on the next question's answers

        # the Shuttle phase: a panel closed by Back, then a reload mid-question
        take(page, "shuttle")
        page.locator("#question").wait_for()
        asked = question(page)
        page.locator("#status").click()
        page.get_by_role("heading", name="Status").wait_for()
        page.go_back()
        page.locator("#question").wait_for()  # the panel closed; still the question
        assert question(page) == asked
        assert page.url.endswith("#game=lacerda-0")
        page.reload()
        assert question(page) == asked

        # a hostile file is refused with the reason; the engine goes on
        address = page.url
        page.locator("#games").click()
        page.locator("#import").set_input_files(hostile)
        alert = page.get_by_role("alert")
        assert "nested more than 16 levels" in alert.inner_text()
        page.get_by_role("button", name="Continue lacerda-0").click()
        assert question(page) == asked  # the step in progress, as it was

        # a second tab finishes the step; the first is told and shows it as stored
        second = context.new_page()
        second.goto(address)
        assert question(second) == asked
        second.evaluate(  # its own frozen tap clock
            f"window.lacerdaNow = {clock[0]}; "
            "window.lacerdaTapClock = () => window.lacerdaNow"
        )
        _tap_every_answer_twice(second, clock)
        assert loads_game(stored_save(second)) == loads_game(expected[4])
        page.locator('button[data-step="turn"]').wait_for()
        assert "changed in another tab" in page.locator("#engine").inner_text()
        assert loads_game(stored_save(page)) == loads_game(expected[4])
        assert errors == []


def test_a_dead_engine_says_reload_and_never_overwrites_a_stored_step(
    built: Path, browser: Browser
) -> None:
    """Python runs in a Web Worker, never on the page's thread; when the worker
    dies, the page says to reload, and no tap after it writes anything."""
    save, _ = _typed_step(dumps_game(new_game(0)), "setup", SETUP_ANSWERS)
    with in_game(built, browser, save) as (page, _, _):
        take(page, "fix")  # two questions: which value, then its new value
        page.locator("#question").wait_for()
        loaded = page.evaluate(
            "performance.getEntriesByType('resource').map((e) => e.name)"
        )
        assert not [name for name in loaded if "pyodide" in name]  # not on this thread
        tap_answer(page)
        kept = stored(page)
        assert len(page.workers) == 1
        page.workers[0].evaluate("setTimeout(() => { throw new Error('gone'); })")
        page.wait_for_function(
            "document.getElementById('engine').textContent.includes('Reload the page')"
        )
        tap_answer(page)
        assert "Reload the page" in page.get_by_role("alert").first.inner_text()
        assert stored(page) == kept  # the step in progress, untouched
        page.reload()
        page.locator("#question").wait_for()
        assert stored(page)["answers"] == kept["answers"]


def test_the_history_after_two_finished_games(built: Path, browser: Browser) -> None:
    """Two finished games: one from the terminal (its final scoring dated there), one
    scored on the page, which dates it with the device's day. History lists both,
    newest first, with the win rate per Solo Goal and two charts; Back goes home."""
    imported = scored_save(4, yours=61, his=46, met=True, today="2026-12-03")
    ready, _ = _typed_step(dumps_game(new_game(0)), "setup", SETUP_ANSWERS)
    ready, _ = policy_step(ready, "turn")
    site = Site(built)
    context = phone(browser)
    try:
        context.add_init_script(seeding("lacerda-4", imported))
        context.add_init_script(seeding("lacerda-0", ready))
        page, errors = watched(context)
        page.goto(f"{site.url}#game=lacerda-0")
        take(page, "score")
        page.get_by_role("alertdialog").get_by_role("button", name="Go on").click()
        finish_step(page)
        day = page.evaluate("new Date().toLocaleDateString('sv')")  # YYYY-MM-DD
        scored = loads_game(stored_save(page)).steps[-1]
        assert (scored.kind.value, str(scored.on)) == ("score", day)

        settled(page).locator("#games").click()
        page.get_by_role("button", name="History").click()
        games = settled(page).get_by_role("list", name="Finished games")
        games.wait_for()
        rows = games.locator("li").all_inner_texts()
        assert len(rows) == 2
        assert rows[0].startswith(f"{day} · lacerda-0 · First Colonists")
        assert rows[1].startswith(
            "2026-12-03 · lacerda-4 · First Colonists: Lacerda 52"
        )
        assert rows[1].endswith("you win.")
        assert "50%" in page.locator("table.figures tfoot").inner_text()
        margins = page.get_by_role("img", name=re.compile(r"^Margin over 2 games"))
        scores = page.get_by_role("img", name=re.compile(r"^Mean scores per Solo Goal"))
        for chart in (margins, scores):
            box = chart.bounding_box()
            assert box is not None
            assert box["width"] > 200
            assert box["height"] > 50
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        picture = page.screenshot(full_page=True)
        assert_not_blank(picture)
        if os.environ.get("LACERDA_WRITE_PICTURES"):
            (Path(__file__).parents[1] / "docs/images/history.png").write_bytes(picture)

        page.go_back()  # Back leaves History for the saved games, in the app
        page.get_by_role("list", name="Saved games").wait_for()
        assert errors == []
    finally:
        context.close()
        site.stop()


_ENGLISH = re.compile(r"\b(the|his|he|you|and|of|is|a|Yes|No|Continue|Undo)\b")
"""Everyday English words: on a page in another language, an untranslated string."""

_PLAIN = re.compile(r"[A-Za-z]{2,}")
_NAMES = frozenset({"Lacerda", "On", "Mars", "lacerda"})
"""Plain ASCII words the pseudo-locale keeps: proper names."""
_LANGUAGES = ("English", "Português", "Deutsch", "Français", "Español")
"""The language switch names each language in itself, in every language."""


def _set_up_in(
    site: Site, browser: Browser, start: str, nothing: str, no: str, check: Any
) -> list[str]:
    """A set-up played on a phone set to German, *check* run on each screen's text."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="de-DE"
    )
    context.set_default_timeout(WAIT)
    context.add_init_script(NO_TAP_PAUSE)
    try:
        page, errors = watched(context)
        page.goto(site.url)
        page.get_by_role("button", name=start).wait_for()
        assert page.evaluate("document.documentElement.lang") == "de"

        def shown() -> str:
            text = settled(page).locator("body").inner_text()
            assert (
                page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            )
            cut = page.evaluate(
                "[...document.querySelectorAll('button, h2, h3, label, p, li')]"
                ".filter((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)"
                ".map((e) => e.textContent)"
            )
            assert cut == [], cut  # no text wider than its box
            check(text)
            return text

        shown()
        page.get_by_role("button", name=start).click()
        page.locator('button[data-step="setup"]').click()
        for _ in range(40):
            settled(page)
            if page.locator("#continue").count():
                break
            shown()
            answers = page.locator("#answers")
            match answers.get_attribute("data-kind"):
                case "yes_no":
                    answers.get_by_role("button", name=no, exact=True).click()
                case "benefits":
                    answers.get_by_role("button", name=nothing, exact=True).click()
                case "count" if answers.locator(".stepper").count():
                    low = answers.locator("input").get_attribute("min") or ""
                    answers.locator("input").fill(low)
                    answers.locator("button[type=submit]").click()
                case _:
                    answers.locator(".answers button").first.click()
        assert page.locator("#continue").count() == 1
        return [shown(), *errors]
    finally:
        context.close()


def test_a_phone_in_german_plays_the_set_up_in_german(
    built: Path, browser: Browser
) -> None:
    """A browser set to German: the page, its questions and its answers in German,
    nothing wider than the phone or its box, from the home screen through a set-up."""

    def german(text: str) -> None:
        assert _ENGLISH.findall(text) == [], text

    site = Site(built)
    try:
        last, *errors = _set_up_in(
            site, browser, "Neues Spiel starten", "Nichts", "Nein", german
        )
    finally:
        site.stop()
    assert "Lacerda" in last
    assert errors == []


@pytest.fixture(scope="module")
def pseudo_site(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site with its German replaced by the pseudo-locale, page and engine.

    Every letter accented, every message about 40 % longer (tools/catalogs.py).
    """
    folder = tmp_path_factory.mktemp("pseudo") / "site"
    shutil.copytree(built, folder)
    pseudo = catalogs.pseudo_catalog()
    page = {str(m.id) for m in catalogs.extract() if m.id and catalogs._on_page(m)}
    words = {str(m.id): str(m.string) for m in pseudo if m.id and str(m.id) in page}
    (folder / "words.js").write_text(
        "export const WORDS = " + json.dumps({"de": words}) + ";\n", encoding="utf-8"
    )
    member = "lacerda_bot/locale/de/LC_MESSAGES/lacerda_bot.mo"
    with zipfile.ZipFile(built / "lacerda.zip") as source:
        kept = {name: source.read(name) for name in source.namelist()}
    kept[member] = catalogs.compiled(pseudo)
    with zipfile.ZipFile(folder / "lacerda.zip", "w") as target:
        for name, data in kept.items():
            target.writestr(name, data)
    return folder


def test_the_pseudo_locale_page_shows_no_english_and_cuts_nothing_at_360_px(
    pseudo_site: Path, browser: Browser
) -> None:
    """The pseudo-locale (accented, about 40 % longer) on a 360 px phone: every word
    on screen came from a catalog, and no text is wider than the page or its box."""

    def translated(text: str) -> None:
        for name in _LANGUAGES:
            text = text.replace(name, "")
        assert set(_PLAIN.findall(text)) <= _NAMES, text

    site = Site(pseudo_site)
    try:
        start = catalogs.pseudo("Start a new game")
        nothing = catalogs.pseudo("Nothing")
        no = catalogs.pseudo("No")
        last, *errors = _set_up_in(site, browser, start, nothing, no, translated)
    finally:
        site.stop()
    assert "~~" in last  # the padding survived: nothing was cut short
    assert errors == []
