"""``lacerda-bot web``: build the web companion, and serve it unless told only to build."""

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Final, TextIO

from lacerda_bot.errors import WebBuildError
from lacerda_bot.web import build_site, make_server
from lacerda_bot.web._runtime import PYODIDE_VERSION, cache_folder
from lacerda_bot.web._serve import lan_address, qr_lines

__all__ = ["add_web_parser"]

DEFAULT_PORT: Final = 8765
_ANY: Final = "0.0.0.0"

_EPILOG = f"""\
The page runs this package itself in the browser (Pyodide {PYODIDE_VERSION}, CPython in
WebAssembly), so every rule is the library's own; saves are the lacerda-bot play
format, exported and imported both ways. The Pyodide runtime is fetched once with
npm (npm pack pyodide@{PYODIDE_VERSION}, checked against a pinned SHA-256) into
$LACERDA_BOT_CACHE (default ~/.cache/lacerda_bot), or taken from --pyodide.

Offline use needs a secure page: http://127.0.0.1 on this machine, or the built
folder on any HTTPS static host. Over --host on the local network a phone runs
the page while it reaches this machine, without the offline cache.
"""


def add_web_parser(
    commands: "argparse._SubParsersAction[argparse.ArgumentParser]",
) -> None:
    """Add the ``web`` command to the ``lacerda-bot`` parser."""
    web = commands.add_parser(
        "web",
        help="the table companion as a web page for a phone (offline, in the browser)",
        description="Build the web companion and serve it on this machine.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    web.set_defaults(run=_run_web)
    web.add_argument(
        "--build",
        type=Path,
        metavar="DIR",
        help="only write the static site to DIR (for any static host), do not serve",
    )
    web.add_argument(
        "--host",
        nargs="?",
        const=_ANY,
        metavar="ADDRESS",
        help="serve on the local network (all addresses, or ADDRESS), printing the "
        "address and a QR code for a phone; default: this machine only",
    )
    web.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"the port to serve on (default {DEFAULT_PORT}; 0: any free port)",
    )
    web.add_argument(
        "--pyodide",
        type=Path,
        metavar="PATH",
        help=f"a Pyodide {PYODIDE_VERSION} folder or npm tarball to use instead of "
        "fetching one",
    )


def _run_web(args: argparse.Namespace) -> int:
    return run_web(args, sys.stdout, sys.stderr)


def run_web(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Build (and serve) as *args* say; the exit status."""
    if not 0 <= args.port <= 65535:
        err.write(f"lacerda-bot web: --port takes 0 to 65535, not {args.port}\n")
        return 2
    if args.build is not None and args.host is not None:
        err.write("lacerda-bot web: --build only writes files; --host is for serving\n")
        return 2
    cache = cache_folder(os.environ)
    if args.build is not None:
        return _build(args.build, args.pyodide, cache, out, err)
    with tempfile.TemporaryDirectory(prefix="lacerda-web-") as folder:
        status = _build(Path(folder), args.pyodide, cache, out, err)
        if status:
            return status
        return _serve(Path(folder), args.host, args.port, out, err)


def _build(
    target: Path, pyodide: Path | None, cache: Path, out: TextIO, err: TextIO
) -> int:
    try:
        sizes = build_site(target, pyodide, cache)
    except WebBuildError as error:
        err.write(f"lacerda-bot web: {error}\n")
        return 1
    total = sum(sizes.values()) / 1e6
    out.write(
        f"Built the web companion in {target} ({len(sizes)} files, {total:.1f} MB).\n"
    )
    out.flush()
    return 0


def _serve(site: Path, host: str | None, port: int, out: TextIO, err: TextIO) -> int:
    bind = host or "127.0.0.1"
    try:
        server = make_server(site, bind, port)
    except OSError as error:
        err.write(f"lacerda-bot web: cannot listen on {bind}:{port}: {error}\n")
        return 2
    shown = lan_address() if bind == _ANY else bind
    address = f"http://{f'[{shown}]' if ':' in shown else shown}:{server.server_port}/"
    out.write(f"Serving the web companion at {address} (Ctrl-C stops).\n")
    if host is not None:
        lines = qr_lines(address)
        if lines is None:
            out.write('For a QR code of the address: pip install "lacerda_bot[web]"\n')
        else:
            out.write("Scan it with a phone on the same network:\n")
            out.write("".join(f"  {line}\n" for line in lines))
    out.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
