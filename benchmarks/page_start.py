"""The page's start in headless Chromium: time to the first question, and main-thread tasks.

Usage: python benchmarks/page_start.py [--runs K]

The site is built once (``lacerda_bot.web.build_site``), served on 127.0.0.1, and
opened at a phone's size on a game whose step is in progress, as a player reopens it.
Each run is a new browser profile (nothing cached: cold), then a reload (HTTP cache:
warm). For each: milliseconds from navigation to the question on screen (the page's
``lacerda-first-screen`` mark), to the engine started (``lacerda-engine``), and the
longest main-thread task until then (``longtask`` entries, which Chromium reports for
tasks over 50 ms; 0 when there is none). Then the answer times of ten answers in a
row. Chromium is Debian's (``/usr/bin/chromium`` or ``$LACERDA_CHROMIUM``).

These are wall-clock times: on a busy machine they grow. They are a measurement for
``docs/benchmarks.md``, never a test.
"""

import argparse
import json
import os
import statistics
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, ViewportSize, sync_playwright

from lacerda_bot.table._game.session import dumps_game, new_game
from lacerda_bot.table.screen import screen
from lacerda_bot.web import build_site, make_server
from lacerda_bot.web._runtime import cache_folder

CHROMIUM = os.environ.get("LACERDA_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
PHONE: ViewportSize = {"width": 360, "height": 740}
SETUP = ["2", "4", "6", "0", "10", "1", "2", "3", "6", "colony", "nothing"]

_OBSERVE = """
window.lacerdaLongest = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.lacerdaLongest = Math.max(window.lacerdaLongest, entry.duration);
  }
}).observe({ type: "longtask", buffered: true });
"""

_TIMES = """() => ({
  first: performance.getEntriesByName("lacerda-first-screen")[0].startTime,
  worker: (performance.getEntriesByName("lacerda-worker")[0] || {}).startTime ?? null,
  runtime: (performance.getEntriesByName("lacerda-runtime")[0] || {}).startTime ?? null,
  engine: (performance.getEntriesByName("lacerda-engine")[0] || {}).startTime ?? null,
  longest: window.lacerdaLongest,
})"""


def _game() -> tuple[str, list[list[Any]]]:
    """A save after set-up, and the step of his first turn in progress (no answer yet)."""
    save = dumps_game(new_game(0))
    current = screen(save, "setup")
    for typed in SETUP:
        current = screen(save, "setup", current["answers"], typed)
    return str(current["save"]), []


def _seed(save: str) -> str:
    doc = {
        "save": save,
        "seed": "0",
        "goal": "First Colonists",
        "steps": 1,
        "updated": 1,
        "step": "shuttle",
        "answers": [],
    }
    key = "lacerda:game:lacerda-0"
    return (
        f"if (localStorage.getItem('{key}') === null) "
        f"localStorage.setItem('{key}', {json.dumps(json.dumps(doc))});"
    )


def _answers(page: Page, n: int) -> list[float]:
    """Tap the first answer *n* times (or until the step ends): each answer's time."""
    page.evaluate(
        "window.lacerdaTapClock = (() => { let t = 0; return () => (t += 1e4); })()"
    )
    for _ in range(n):
        if not page.locator("#question").count():
            break
        page.locator("#answers button").first.click()
        page.locator('#main:not([aria-busy="true"])').wait_for()
    return list(
        page.evaluate(
            "performance.getEntriesByName('lacerda-answer').map((e) => e.duration)"
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="lacerda-site-"))
    build_site(folder, None, cache_folder(os.environ))
    server = make_server(folder, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/#game=lacerda-0"
    save, _ = _game()
    rows: dict[str, list[float]] = {}
    answers: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for _ in range(args.runs):
            context = browser.new_context(
                viewport=PHONE, is_mobile=True, has_touch=True
            )
            context.add_init_script(_OBSERVE + _seed(save))
            page = context.new_page()
            for kind in ("cold", "warm"):
                if kind == "cold":
                    page.goto(url)
                else:
                    page.reload()
                page.locator("#question").wait_for(timeout=60_000)
                times = page.evaluate(_TIMES)
                for name, value in times.items():
                    if value is not None:
                        rows.setdefault(f"{kind} {name}", []).append(value)
            answers += _answers(page, 10)
            context.close()
        browser.close()
    server.shutdown()
    print(f"Page start, {args.runs} fresh profiles (ms: median, most)")
    print()
    print("| measure | median | most |")
    print("|---|---|---|")
    for name, values in rows.items():
        print(f"| {name} | {statistics.median(values):.0f} | {max(values):.0f} |")
    if answers:
        print(
            f"| an answer (screen on) | {statistics.median(answers):.1f} | "
            f"{max(answers):.1f} |"
        )


if __name__ == "__main__":
    main()
