"""TypeScript's compiler for the tests: a pinned ``tsc``, fetched with npm into the cache.

The compiler is the npm package :data:`TYPESCRIPT` (it has no dependencies, so its
unpacked folder runs as it is); the Node.js host is checked against Node's own
declarations, :data:`NODE_TYPES` with its one dependency :data:`UNDICI_TYPES`. Each is
checked against the registry's pinned SHA-512 of its tarball and kept under the user's
cache (``lacerda_bot.web._runtime.cache_folder``: ``$LACERDA_BOT_CACHE``, else
``$XDG_CACHE_HOME/lacerda_bot`` or ``~/.cache/lacerda_bot``), fetched once with
``npm pack`` (the ordinary client, so any configured registry or mirror works), like
the web companion's Pyodide runtime. Node.js runs it; ``.ci/run`` installs Node.js and
npm where they are missing.

:func:`run_tsc` compiles any files with any options; :data:`STRICT` is the check of the
TypeScript examples, :func:`node_options` what a JavaScript host on Node.js adds
(``--allowJs --checkJs`` and Node's types), and :func:`tsc_errors` reads what
``tsc --pretty false`` reports.
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


@final
@attrs.frozen(kw_only=True)
class NpmPackage:
    """One npm package the tests fetch, pinned to a version and its tarball's digest."""

    name: str
    """As npm spells it: ``typescript``, ``@types/node``."""
    version: str
    integrity: str
    """The npm registry's ``dist.integrity`` of its tarball (``npm view NAME@VERSION``)."""

    @property
    def spec(self) -> str:
        """What ``npm pack`` is given."""
        return f"{self.name}@{self.version}"

    @property
    def tarball(self) -> str:
        """The file ``npm pack`` writes: ``@types/node`` becomes ``types-node-...``."""
        return f"{self.name.removeprefix('@').replace('/', '-')}-{self.version}.tgz"


TYPESCRIPT: Final = NpmPackage(
    name="typescript",
    version="5.6.3",
    integrity="sha512-hjcS1mhfuyi4WW8IWtjP7brDrG2cuDZukyrYrSauoXGNgx0S7zceP07adYkJycEr56BOUTNPzbInooiN3fn1qw==",
)
NODE_TYPES: Final = NpmPackage(
    name="@types/node",
    version="20.19.43",
    integrity="sha512-6oYBAi5ikg4Pl+kGsoYtawUMBT2zZMCvPNF7pVLnHZfd1zf38DRiWn/gT01RYCdUqkv7Fhr+C9ot4/tb+2sVvA==",
)
"""Node.js 20's declarations (``node:child_process``, ``process``...), as .ci/run's Node."""
UNDICI_TYPES: Final = NpmPackage(
    name="undici-types",
    version="6.21.0",
    integrity="sha512-iwDZqg0QAGrg9Rav5H4n0M64c3mkR59cJ6wQp+7C4nI0gsmExaedaYLNO44eT4AtBBwjbTiGPMlt2Md0T9H9JQ==",
)
"""The one dependency of :data:`NODE_TYPES` (``undici-types: ~6.21.0``); none of its own."""

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
        pytest.fail(_NO_NPM.format(version=TYPESCRIPT.version) + f" ({name} not found)")
    return found


def _integrity(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def _fetch(package: NpmPackage, cache: Path, target: Path) -> None:
    """Unpack the checked tarball of ``npm pack`` *package* as *target*."""
    npm = _tool("npm")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache, prefix=".npm-pack-") as work:
        done = subprocess.run(
            [npm, "pack", package.spec, "--pack-destination", work],
            capture_output=True,
            text=True,
            timeout=_TIMEOUT,
            cwd=work,
            check=False,
        )
        if done.returncode != 0:
            said = " / ".join(done.stderr.strip().splitlines()[-3:])
            pytest.fail(f"npm pack {package.spec} failed: {said}")
        tarball = Path(work) / package.tarball
        actual = _integrity(tarball)
        if actual != package.integrity:
            pytest.fail(f"{package.spec}: expected {package.integrity}, got {actual}")
        unpacked = Path(work) / "unpacked"
        with tarfile.open(tarball, "r:gz") as archive:
            archive.extractall(unpacked, filter="data")
        # One folder: "package" for most, "node v20.19" for @types/node.
        [root] = unpacked.iterdir()
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.replace(root, target)  # atomic in one file system
        except OSError:  # another run unpacked it first
            if not (target / "package.json").is_file():
                raise


def _package_folder(package: NpmPackage, cache: Path, target: Path) -> Path:
    if not (target / "package.json").is_file():
        _fetch(package, cache, target)
    return target


def typescript_folder(cache: Path | None = None) -> Path:
    """The unpacked ``typescript`` package, fetched into *cache* the first time."""
    cache = cache_folder(os.environ) if cache is None else cache
    target = cache / f"typescript-{TYPESCRIPT.version}"
    return _package_folder(TYPESCRIPT, cache, target)


def node_types_folder(cache: Path | None = None) -> Path:
    """A ``node_modules`` folder holding :data:`NODE_TYPES` and :data:`UNDICI_TYPES`.

    Laid out as npm would install them, so that tsc resolves ``@types/node``'s imports
    of ``undici-types`` from it.
    """
    cache = cache_folder(os.environ) if cache is None else cache
    modules = cache / f"node-types-{NODE_TYPES.version}" / "node_modules"
    for package in (NODE_TYPES, UNDICI_TYPES):
        _package_folder(package, cache, modules / package.name)
    return modules


def node_options(cache: Path | None = None) -> tuple[str, ...]:
    """What :data:`STRICT` adds for a JavaScript host that runs on Node.js.

    JavaScript checked as TypeScript (its JSDoc types), Node's declarations as the only
    global types, and no DOM: the host sees what Node.js gives it.
    """
    types = node_types_folder(cache) / "@types"
    return (
        "--allowJs",
        "--checkJs",
        "--lib",
        "es2022",
        "--typeRoots",
        str(types),
        "--types",
        "node",
    )


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
