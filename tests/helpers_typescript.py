"""TypeScript's compiler for the tests: a pinned ``tsc``, fetched with npm into the cache.

The compiler is the npm package ``typescript`` at :data:`TYPESCRIPT_VERSION`, checked
against the registry's pinned SHA-512 of its tarball (the package has no
dependencies, so its unpacked folder runs as it is). It is kept under the user's cache
(``lacerda_bot.web._runtime.cache_folder``: ``$LACERDA_BOT_CACHE``, else
``$XDG_CACHE_HOME/lacerda_bot`` or ``~/.cache/lacerda_bot``), fetched once with
``npm pack`` (the ordinary client, so any configured registry or mirror works), like
the web companion's Pyodide runtime. Node.js runs it; ``.ci/run`` installs Node.js and
npm where they are missing.

:func:`run_tsc` compiles any files with any options (``--allowJs --checkJs`` for a
JavaScript host); :data:`STRICT` is the check of the TypeScript examples, and
:func:`tsc_errors` reads what ``tsc --pretty false`` reports.
"""

import base64
import hashlib
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final, final

import attrs
import pytest

from lacerda_bot.web._runtime import cache_folder

TYPESCRIPT_VERSION: Final = "5.6.3"
TYPESCRIPT_INTEGRITY: Final = "sha512-hjcS1mhfuyi4WW8IWtjP7brDrG2cuDZukyrYrSauoXGNgx0S7zceP07adYkJycEr56BOUTNPzbInooiN3fn1qw=="
"""The npm registry's ``dist.integrity`` of ``typescript-5.6.3.tgz``."""

STRICT: Final = (
    "--strict",
    "--noEmit",
    "--pretty",
    "false",
    "--target",
    "es2022",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
)
"""How the TypeScript examples are checked: strict, nothing written, plain messages."""

_TIMEOUT: Final = 300.0
_NO_NPM: Final = (
    "npm and node are needed to fetch and run TypeScript {version} for the TypeScript"
    " tests: install Node.js and npm (Debian: apt-get install nodejs npm; .ci/run does"
    " so as root)"
)


@final
@attrs.frozen(kw_only=True)
class TscError:
    """One error ``tsc --pretty false`` reported."""

    file: str
    """The file as tsc names it (relative to the folder it ran in)."""
    line: int
    code: str
    """``TS2322`` and the like."""
    message: str


@final
@attrs.frozen(kw_only=True)
class TscRun:
    """What one run of ``tsc`` said."""

    returncode: int
    output: str

    @property
    def errors(self) -> tuple[TscError, ...]:
        """The errors it reported, in its order."""
        return tsc_errors(self.output)


_ERROR: Final = re.compile(
    r"^(?P<file>.+?)\((?P<line>\d+),\d+\): error (?P<code>TS\d+): (?P<message>.*)$",
    re.MULTILINE,
)


def tsc_errors(output: str) -> tuple[TscError, ...]:
    """The errors in the output of ``tsc --pretty false``."""
    return tuple(
        TscError(
            file=m["file"], line=int(m["line"]), code=m["code"], message=m["message"]
        )
        for m in _ERROR.finditer(output)
    )


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.fail(_NO_NPM.format(version=TYPESCRIPT_VERSION) + f" ({name} not found)")
    return found


def _integrity(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def _fetch(cache: Path, target: Path) -> None:
    """Unpack the checked tarball of ``npm pack typescript@VERSION`` as *target*."""
    npm = _tool("npm")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache, prefix=".typescript-") as work:
        spec = f"typescript@{TYPESCRIPT_VERSION}"
        done = subprocess.run(
            [npm, "pack", spec, "--pack-destination", work],
            capture_output=True,
            text=True,
            timeout=_TIMEOUT,
            cwd=work,
            check=False,
        )
        if done.returncode != 0:
            said = " / ".join(done.stderr.strip().splitlines()[-3:])
            pytest.fail(f"npm pack {spec} failed: {said}")
        tarball = Path(work) / f"typescript-{TYPESCRIPT_VERSION}.tgz"
        actual = _integrity(tarball)
        if actual != TYPESCRIPT_INTEGRITY:
            pytest.fail(f"{spec}: expected {TYPESCRIPT_INTEGRITY}, got {actual}")
        with tarfile.open(tarball, "r:gz") as archive:
            archive.extractall(work, filter="data")
        try:
            os.replace(Path(work) / "package", target)  # atomic in one folder
        except OSError:  # another run unpacked it first
            if not (target / "package.json").is_file():
                raise


def typescript_folder(cache: Path | None = None) -> Path:
    """The unpacked ``typescript`` package, fetched into *cache* the first time."""
    cache = cache_folder(os.environ) if cache is None else cache
    target = cache / f"typescript-{TYPESCRIPT_VERSION}"
    if not (target / "lib" / "tsc.js").is_file():
        _fetch(cache, target)
    return target


def run_tsc(files: Sequence[Path], *options: str, cwd: Path | None = None) -> TscRun:
    """Run the pinned ``tsc`` on *files* with *options* (e.g. :data:`STRICT`).

    *cwd* (default: the first file's folder) is where tsc runs, so its messages
    name the files relative to it.
    """
    node = _tool("node")
    compiler = typescript_folder() / "lib" / "tsc.js"
    folder = cwd if cwd is not None else files[0].parent
    done = subprocess.run(
        [node, str(compiler), *options, *(str(f) for f in files)],
        capture_output=True,
        text=True,
        timeout=_TIMEOUT,
        cwd=folder,
        check=False,
    )
    return TscRun(returncode=done.returncode, output=done.stdout + done.stderr)
