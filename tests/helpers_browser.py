"""Debian's Chromium, driven by Playwright with ``executable_path`` (never
``playwright install``): one launch for every real-browser test."""

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

CHROMIUM = Path(os.environ.get("LACERDA_CHROMIUM", "/usr/bin/chromium"))
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """A headless Chromium of Debian's package, closed afterwards."""
    assert CHROMIUM.exists(), f"{CHROMIUM}: install Debian's chromium package"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()
