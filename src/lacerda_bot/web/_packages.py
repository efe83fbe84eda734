"""The Python packages the page installs: this package and what it needs, as installed.

One zip archive, unpacked into the browser's ``site-packages`` at start-up: the
installed ``lacerda_bot`` (its source folder, so an editable install works too)
and each distribution it requires, recursively, with their ``METADATA`` (the
package reads its own version from it). Requirements behind an environment
marker (``; python_version < '3.11'``, extras) are left out: the page runs a
newer Python and no extra. Every dependency must be pure Python, since the page
cannot load a compiled extension built for this machine.
"""

import importlib.metadata as metadata
import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from lacerda_bot.errors import WebBuildError

__all__ = ["packages_archive", "required_distributions"]

_ROOT: Final = "lacerda_bot"
_NAME: Final = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_STAMP: Final = (2020, 1, 1, 0, 0, 0)
"""A fixed time for every archive member, so the same install gives the same bytes."""
_COMPILED: Final = (".so", ".pyd", ".dylib", ".dll")
_OWN: Final = ("*.py", "py.typed", "schemas/*.json", "locale/*/LC_MESSAGES/*.mo")
"""The files of this package the page needs: its code and the data it reads."""


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def required_distributions() -> tuple[metadata.Distribution, ...]:
    """``lacerda_bot`` and every distribution it requires with no marker, in order.

    Raises:
        WebBuildError: a required distribution is not installed.
    """
    found: dict[str, metadata.Distribution] = {}
    pending = [_ROOT]
    while pending:
        name = _canonical(pending.pop(0))
        if name in found:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            raise WebBuildError(
                f"{name}: required by the page, but not installed here"
            ) from None
        found[name] = dist
        for requirement in dist.requires or ():
            if ";" in requirement:
                continue
            match = _NAME.match(requirement)
            if match is not None:
                pending.append(match.group(1))
    return tuple(found.values())


def _files(dist: metadata.Distribution) -> Iterator[tuple[str, Path]]:
    """(archive name, installed path) of a distribution's importable files."""
    if _canonical(dist.metadata["Name"]) == _canonical(_ROOT):
        root = Path(__file__).resolve().parent.parent
        own = {path for pattern in _OWN for path in root.rglob(pattern)}
        for path in sorted(own):
            if path.is_file() and "__pycache__" not in path.parts:
                yield f"{_ROOT}/{path.relative_to(root).as_posix()}", path
        return
    if dist.files is None:
        raise WebBuildError(
            f"{dist.metadata['Name']}: installed without a list of its files (RECORD), "
            "so the page cannot take it; install it with pip"
        )
    for file in sorted(dist.files, key=str):
        name = file.as_posix()
        top = name.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")) or name.startswith(".."):
            continue
        if "__pycache__" in file.parts or top.endswith(".pth"):
            continue
        yield name, Path(str(dist.locate_file(file)))


def _entry(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, _STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data)


def packages_archive() -> bytes:
    """The zip the page unpacks into ``site-packages``; the same install, same bytes.

    Raises:
        WebBuildError: a dependency is missing or is not pure Python.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for dist in required_distributions():
            name = dist.metadata["Name"]
            files = list(_files(dist))
            if all(member.startswith("__editable__") for member, _ in files):
                raise WebBuildError(
                    f"{name}: no importable file in its install (an editable install "
                    "of a dependency?); install it with pip"
                )
            for member, path in files:
                if member.endswith(_COMPILED):
                    raise WebBuildError(
                        f"{name}: the page needs pure-Python packages, but it "
                        f"installs the compiled {member}"
                    )
                _entry(archive, member, path.read_bytes())
            info = f"{_canonical(name).replace('-', '_')}-{dist.version}.dist-info"
            _entry(
                archive, f"{info}/METADATA", (dist.read_text("METADATA") or "").encode()
            )
    return buffer.getvalue()
