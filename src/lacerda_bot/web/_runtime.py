"""The Pyodide runtime the web companion runs on: fetched, checked and cached.

The runtime is the npm package ``pyodide`` at a pinned version, checked against a
pinned SHA-256 of its tarball. It comes from, in this order: a folder or tarball
the user names, the cache, or ``npm pack`` (the ordinary npm client, so any npm
registry or mirror the user has configured works, and no CDN is needed).
"""

import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from lacerda_bot.errors import WebBuildError

__all__ = [
    "PYODIDE_SHA256",
    "PYODIDE_VERSION",
    "RUNTIME_FILES",
    "RUNTIME_SHA256",
    "cache_folder",
    "runtime_files",
]

PYODIDE_VERSION: Final = "314.0.7"
"""The Pyodide release the page runs on (CPython 3.14 in WebAssembly)."""
PYODIDE_SHA256: Final = (
    "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
)
"""SHA-256 of ``pyodide-314.0.7.tgz`` as the npm registry serves it."""
RUNTIME_SHA256: Final = {
    "pyodide.mjs": "6f1d60f7bf529beb300f0f47983c921d3982363640ba20af0e38efdddbc66109",
    "pyodide.asm.mjs": "f7cdc8ece80678ceb712f8e65ebe6d3a83203a180c399865f49612a051693635",
    "pyodide.asm.wasm": "cc36e3cab04fdfc9a63ff13eb52eae2b911bf46c025cc7b281f394bd3de1d5e6",
    "python_stdlib.zip": "fa1957e5777068fc4f7437f96d860ae2fbe9c19732ba06c84e004ec16dd7dd7a",
    "pyodide-lock.json": "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010",
}
"""SHA-256 of each file the page loads (a named folder is checked file by file)."""
RUNTIME_FILES: Final = tuple(RUNTIME_SHA256)
"""The files of the npm package the page loads; the rest (maps, types) is left out."""
_TARBALL: Final = f"pyodide-{PYODIDE_VERSION}.tgz"
_NPM_TIMEOUT: Final = 300.0


def cache_folder(environ: Mapping[str, str]) -> Path:
    """Where fetched runtimes are kept: ``$LACERDA_BOT_CACHE``, else the XDG cache."""
    if environ.get("LACERDA_BOT_CACHE"):
        return Path(environ["LACERDA_BOT_CACHE"])
    base = environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lacerda_bot"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _checked_tarball(path: Path) -> Path:
    actual = _sha256(path)
    if actual != PYODIDE_SHA256:
        raise WebBuildError(
            f"{path}: expected the Pyodide {PYODIDE_VERSION} tarball with SHA-256 "
            f"{PYODIDE_SHA256}, got SHA-256 {actual}"
        )
    return path


def _from_tarball(path: Path) -> dict[str, bytes]:
    _checked_tarball(path)
    files: dict[str, bytes] = {}
    with tarfile.open(path, "r:gz") as archive:
        for name in RUNTIME_FILES:
            try:
                member = archive.getmember(f"package/{name}")
            except KeyError:
                raise WebBuildError(f"{path}: has no package/{name}") from None
            stream = archive.extractfile(member) if member.isfile() else None
            if stream is None:
                raise WebBuildError(f"{path}: package/{name} is not a file")
            files[name] = stream.read()
    return files


def _from_folder(path: Path) -> dict[str, bytes]:
    try:
        meta = json.loads((path / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise WebBuildError(
            f"{path}: expected an unpacked Pyodide npm package with its "
            f"package.json, got an unreadable one ({error})"
        ) from None
    version = meta.get("version") if isinstance(meta, dict) else None
    if version != PYODIDE_VERSION:
        raise WebBuildError(
            f"{path}/package.json: expected Pyodide version {PYODIDE_VERSION}, "
            f"got {version!r}"
        )
    files: dict[str, bytes] = {}
    for name, pinned in RUNTIME_SHA256.items():
        try:
            files[name] = (path / name).read_bytes()
        except OSError as error:
            raise WebBuildError(f"{path}: cannot read {name} ({error})") from None
        actual = hashlib.sha256(files[name]).hexdigest()
        if actual != pinned:
            raise WebBuildError(
                f"{path / name}: expected Pyodide {PYODIDE_VERSION}'s file with SHA-256 "
                f"{pinned}, got SHA-256 {actual}"
            )
    return files


def _npm_pack(cache: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise WebBuildError(
            "npm not found: install Node.js and npm to fetch the Pyodide runtime, "
            "or name a Pyodide folder or tarball with --pyodide"
        )
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache, prefix=".npm-pack-") as work:
        try:
            subprocess.run(
                [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", work],
                check=True,
                capture_output=True,
                timeout=_NPM_TIMEOUT,
                cwd=work,
            )
        except subprocess.CalledProcessError as error:
            said = error.stderr.decode(errors="replace").strip().splitlines()[-3:]
            raise WebBuildError(
                f"npm pack pyodide@{PYODIDE_VERSION} failed: {' / '.join(said)}"
            ) from None
        except subprocess.TimeoutExpired:
            raise WebBuildError(
                f"npm pack pyodide@{PYODIDE_VERSION} took over {_NPM_TIMEOUT:g} s"
            ) from None
        fetched = _checked_tarball(Path(work) / _TARBALL)
        target = cache / _TARBALL
        os.replace(fetched, target)  # same folder: atomic
    return target


def runtime_files(source: Path | None, cache: Path) -> dict[str, bytes]:
    """The runtime's files by name, from *source* (folder or tarball) or the cache.

    With no *source*, a checked tarball in *cache* is used, else one is fetched
    with ``npm pack`` into *cache*; a cached tarball that fails the check is
    fetched again.

    Raises:
        WebBuildError: the source is not the pinned runtime, or npm failed.
    """
    if source is not None:
        if source.is_dir():
            return _from_folder(source)
        if not source.is_file():
            raise WebBuildError(
                f"{source}: expected a Pyodide folder or {_TARBALL}, got nothing there"
            )
        return _from_tarball(source)
    cached = cache / _TARBALL
    if cached.is_file():
        try:
            return _from_tarball(cached)
        except (WebBuildError, tarfile.TarError, OSError):
            cached.unlink(missing_ok=True)
    try:
        return _from_tarball(_npm_pack(cache))
    except (tarfile.TarError, OSError) as error:
        raise WebBuildError(
            f"cannot read the fetched Pyodide runtime: {error}"
        ) from None
