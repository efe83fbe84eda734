"""The table companion as an offline web page: ``lacerda-bot web``.

The page runs this package itself in the browser, under Pyodide (CPython in
WebAssembly): every rule, tie-break and save is the library's own, through
:mod:`lacerda_bot.table.screen`; the page's script only shows screens and
sends answers back. :func:`build_site` writes the static site (pages, the
Pyodide runtime, this package and its dependencies as installed, a service
worker for offline use); :func:`make_server` serves it.

The runtime's version, the download cache, the LAN address and the QR code
that ``lacerda-bot web`` prints are private; the names 0.2 exported for them
still load from here, with a :class:`DeprecationWarning`, for a release.
"""

import os
from pathlib import Path

from lacerda_bot._deprecated import forwarding
from lacerda_bot.web import _runtime, _serve
from lacerda_bot.web._runtime import cache_folder, runtime_files
from lacerda_bot.web._serve import make_server
from lacerda_bot.web._site import site_files, write_site

__all__ = ["build_site", "make_server"]

__getattr__ = forwarding(
    __name__,
    {
        **dict.fromkeys(("PYODIDE_SHA256", "PYODIDE_VERSION"), _runtime.__name__),
        **dict.fromkeys(("CONTENT_TYPES", "lan_address", "qr_lines"), _serve.__name__),
    },
)


def build_site(
    target: Path, pyodide: Path | None = None, cache: Path | None = None
) -> dict[str, int]:
    """Write the site to *target*; the size in bytes of each file written.

    *pyodide* names a Pyodide folder or tarball; with ``None`` the runtime comes
    from *cache*, fetched there with ``npm pack`` the first time. The cache is
    by default the one ``lacerda-bot web`` uses (``$LACERDA_BOT_CACHE``, else
    ``lacerda_bot`` in the XDG cache folder).

    Raises:
        WebBuildError: the runtime cannot be had, or the site cannot be written.
    """
    if cache is None:
        cache = cache_folder(os.environ)
    files = site_files(runtime_files(pyodide, cache))
    write_site(files, target)
    return {path: len(data) for path, data in files.items()}
