"""The table companion as an offline web page: ``lacerda-bot web``.

The page runs this package itself in the browser, under Pyodide (CPython in
WebAssembly): every rule, tie-break and save is the library's own, through
:mod:`lacerda_bot.table.screen`; the page's script only shows screens and
sends answers back. :func:`build_site` writes the static site (pages, the
Pyodide runtime, this package and its dependencies as installed, a service
worker for offline use); :func:`make_server` serves it.

>>> sorted(CONTENT_TYPES)[:3]
['', '.css', '.html']
"""

from pathlib import Path

from lacerda_bot.web._runtime import (
    PYODIDE_SHA256,
    PYODIDE_VERSION,
    cache_folder,
    runtime_files,
)
from lacerda_bot.web._serve import CONTENT_TYPES, lan_address, make_server, qr_lines
from lacerda_bot.web._site import site_files, write_site

__all__ = [
    "CONTENT_TYPES",
    "PYODIDE_SHA256",
    "PYODIDE_VERSION",
    "build_site",
    "cache_folder",
    "lan_address",
    "make_server",
    "qr_lines",
]


def build_site(target: Path, pyodide: Path | None, cache: Path) -> dict[str, int]:
    """Write the site to *target*; the size in bytes of each file written.

    *pyodide* names a Pyodide folder or tarball; with ``None`` the runtime comes
    from *cache*, fetched there with ``npm pack`` the first time.

    Raises:
        WebBuildError: the runtime cannot be had, or the site cannot be written.
    """
    files = site_files(runtime_files(pyodide, cache))
    write_site(files, target)
    return {path: len(data) for path, data in files.items()}
