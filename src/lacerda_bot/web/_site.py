"""The static site of the web companion: pages, runtime, packages, offline cache.

:func:`site_files` returns every file of the site by its path; :func:`write_site`
writes them to a folder. The service worker's cache name and list of files are
written into it here, from a digest of every other file, so a new build replaces
an installed copy and an unchanged one keeps its cache.
"""

import hashlib
import importlib.resources
import json
import os
import struct
import tempfile
import zlib
from pathlib import Path
from typing import Final

from lacerda_bot import __version__
from lacerda_bot.errors import WebBuildError
from lacerda_bot.web._packages import packages_archive
from lacerda_bot.web._runtime import PYODIDE_VERSION

__all__ = ["site_files", "write_site"]

_STATIC: Final = (
    "index.html",
    "app.js",
    "words.js",
    "engine.js",
    "app.css",
    "icon.svg",
)
_WORKER: Final = "sw.js"
_COLOUR: Final = (0xB8, 0x4A, 0x1E)
"""The icon's Mars red."""


def _png(size: int) -> bytes:
    """A plain square icon: a red planet disc on a dark sky, *size* pixels wide."""
    sky = bytes((0x1B, 0x1D, 0x2B))
    planet = bytes(_COLOUR)
    centre = (size - 1) / 2
    radius2 = (size * 0.36) ** 2
    rows = bytearray()
    for y in range(size):
        rows.append(0)  # filter: none
        for x in range(size):
            inside = (x - centre) ** 2 + (y - centre) ** 2 <= radius2
            rows += planet if inside else sky
    chunks = [
        (b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)),
        (b"IDAT", zlib.compress(bytes(rows), 9)),
        (b"IEND", b""),
    ]
    out = bytearray(b"\x89PNG\r\n\x1a\n")
    for kind, data in chunks:
        out += struct.pack(">I", len(data)) + kind + data
        out += struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return bytes(out)


def _manifest() -> bytes:
    doc = {
        "name": "Lacerda: the On Mars solo bot (unofficial)",
        "short_name": "Lacerda",
        "description": "Runs the On Mars solo opponent at the table, offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#1b1d2b",
        "theme_color": "#b84a1e",
        "icons": [
            {"src": "icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return json.dumps(doc, indent=2).encode()


def _static(name: str) -> bytes:
    return (importlib.resources.files("lacerda_bot.web") / "static" / name).read_bytes()


def site_files(runtime: dict[str, bytes]) -> dict[str, bytes]:
    """Every file of the site by its path, for the Pyodide *runtime* files given."""
    files = {name: _static(name) for name in _STATIC}
    files["manifest.webmanifest"] = _manifest()
    files["icon-192.png"] = _png(192)
    files["icon-512.png"] = _png(512)
    files["lacerda.zip"] = packages_archive()
    for name, data in runtime.items():
        files[f"pyodide/{name}"] = data
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
    build = digest.hexdigest()[:16]
    files["build.json"] = json.dumps(
        {"lacerda_bot": __version__, "pyodide": PYODIDE_VERSION, "build": build}
    ).encode()
    cached = ["./", *sorted(files)]
    head = f"const BUILD = {json.dumps(build)};\nconst FILES = {json.dumps(cached)};\n"
    files[_WORKER] = head.encode() + _static(_WORKER)
    return files


def write_site(files: dict[str, bytes], target: Path) -> None:
    """Write *files* under *target* (created if needed), each file atomically.

    Raises:
        WebBuildError: *target* exists and is not a folder, or cannot be written.
    """
    try:
        target.mkdir(parents=True, exist_ok=True)
        for path, data in files.items():
            destination = target / path
            destination.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(
                dir=destination.parent, prefix=f".{destination.name}."
            )
            try:
                with os.fdopen(fd, "wb") as stream:
                    stream.write(data)
                os.chmod(temporary, 0o644)
                os.replace(temporary, destination)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
    except OSError as error:
        raise WebBuildError(f"{target}: cannot write the site ({error})") from None
