"""Serving the built site: an HTTP server with its own content types, and a QR code.

Content types are set here, not taken from the system's ``/etc/mime.types``
(which may be missing), because a browser refuses a module script or a
WebAssembly stream served with the wrong type.
"""

import functools
import http.server
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

__all__ = ["CONTENT_TYPES", "lan_address", "make_server", "qr_lines"]

CONTENT_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    "": "application/octet-stream",
}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = CONTENT_TYPES

    def end_headers(self) -> None:
        # every file is checked again on each load (a cheap 304 when unchanged), so a
        # rebuilt site never pairs a new page with an old script or package
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def send_head(self) -> Any:
        """Refuse a path that leads out of the site folder (symbolic links included).

        A path no file can have (a NUL byte, ``%ed%a0%80`` decoding to a lone
        surrogate) is not found either.
        """
        try:
            target = Path(self.translate_path(self.path)).resolve()
        except (ValueError, OSError):
            self.send_error(404, "No such page")
            return None
        root = Path(self.directory).resolve()
        if target != root and root not in target.parents:
            self.send_error(404, "No such page")
            return None
        return super().send_head()

    def list_directory(self, path: Any) -> None:
        self.send_error(404, "No such page")

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (stdlib's name)
        pass  # the site is static; the terminal shows the address only


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A phone that went away is no error; anything else is one line, no traceback."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError):
            return
        sys.stderr.write(
            f"lacerda-bot web: a request from {client_address[0]} failed: {error!r}\n"
        )


class _Server6(_Server):
    address_family = socket.AF_INET6  # type: ignore[mutable-override]  # as the stdlib does


def make_server(site: Path, host: str, port: int) -> http.server.ThreadingHTTPServer:
    """An HTTP server of the folder *site* on *host*:*port* (0: any free port).

    *host* may be an IPv4 or an IPv6 address.
    """
    handler = functools.partial(_Handler, directory=str(site))
    kind = _Server6 if ":" in host else _Server
    server = kind((host, port), handler)
    server.daemon_threads = True
    return server


def lan_address() -> str:
    """This machine's address on its local network, as a phone would reach it.

    No packet is sent: connecting a UDP socket only picks the outgoing interface.
    Falls back to ``127.0.0.1`` with no network.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 9))
            address = probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return str(address)


def _rows(url: str) -> Iterator[list[bool]]:
    import segno  # an optional dependency: lacerda_bot[web]

    code = segno.make(url, error="m", micro=False)
    for row in code.matrix_iter(border=2):
        yield [bool(cell) for cell in row]


def qr_lines(url: str) -> list[str] | None:
    """*url* as a QR code in text, two rows of modules per line.

    ``None`` without the optional ``segno`` package (``lacerda_bot[web]``). Dark modules are spaces and light ones full blocks, so that the code reads
    dark-on-light on a terminal that draws light text on a dark background.
    """
    try:
        rows = list(_rows(url))
    except ImportError:
        return None
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    glyphs = {
        (False, False): "\u2588",
        (True, True): " ",
        (False, True): "\u2580",
        (True, False): "\u2584",
    }
    return [
        "".join(glyphs[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    ]
