"""Building and serving the web companion: the runtime, the packages, the site, the command."""

import argparse
import hashlib
import http.client
import io
import json
import os
import re
import shutil
import socket
import tarfile
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno

from lacerda_bot.cli import main
from lacerda_bot.errors import WebBuildError
from lacerda_bot.web import _runtime, build_site, make_server
from lacerda_bot.web._command import run_web
from lacerda_bot.web._packages import packages_archive, required_distributions
from lacerda_bot.web._runtime import (
    PYODIDE_SHA256,
    PYODIDE_VERSION,
    RUNTIME_FILES,
    cache_folder,
    runtime_files,
)
from lacerda_bot.web._serve import CONTENT_TYPES, qr_lines
from lacerda_bot.web._site import site_files


@pytest.fixture(scope="module")
def runtime() -> dict[str, bytes]:
    """The pinned runtime, from the user's cache (fetched with npm the first time)."""
    return runtime_files(None, cache_folder(os.environ))


@pytest.fixture(scope="module")
def tarball(runtime: dict[str, bytes]) -> Path:
    path = cache_folder(os.environ) / f"pyodide-{PYODIDE_VERSION}.tgz"
    assert path.is_file()
    return path


def fake_tarball(path: Path, version: str = PYODIDE_VERSION) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        for name, data in [("package.json", json.dumps({"version": version}).encode())]:
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


# --- the runtime -------------------------------------------------------------------


def test_the_cached_runtime_matches_the_pinned_hash(tarball: Path) -> None:
    assert hashlib.sha256(tarball.read_bytes()).hexdigest() == PYODIDE_SHA256


def test_the_runtime_has_the_files_the_page_loads(runtime: dict[str, bytes]) -> None:
    assert sorted(runtime) == sorted(RUNTIME_FILES)
    assert runtime["pyodide.asm.wasm"][:4] == b"\0asm"


def test_a_named_tarball_with_another_hash_is_refused(tmp_path: Path) -> None:
    other = fake_tarball(tmp_path / "pyodide.tgz")
    with pytest.raises(
        WebBuildError, match=re.escape("expected the Pyodide 314.0.7 tarball")
    ):
        runtime_files(other, tmp_path)


def test_a_named_folder_of_another_version_is_refused(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"version": "0.27.0"}))
    with pytest.raises(
        WebBuildError, match=re.escape("expected Pyodide version 314.0.7, got '0.27.0'")
    ):
        runtime_files(tmp_path, tmp_path)


def test_a_named_folder_without_package_json_is_refused(tmp_path: Path) -> None:
    with pytest.raises(WebBuildError, match="unpacked Pyodide npm package"):
        runtime_files(tmp_path, tmp_path)


def test_a_named_folder_with_a_changed_file_is_refused(
    tmp_path: Path, runtime: dict[str, bytes]
) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"version": PYODIDE_VERSION}))
    for name, data in runtime.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "pyodide.mjs").write_bytes(runtime["pyodide.mjs"] + b"\n")
    with pytest.raises(
        WebBuildError, match=r"pyodide\.mjs: expected Pyodide 314\.0\.7's"
    ):
        runtime_files(tmp_path, tmp_path / "cache")


def test_a_named_folder_missing_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"version": PYODIDE_VERSION}))
    with pytest.raises(WebBuildError, match=re.escape("cannot read pyodide.mjs")):
        runtime_files(tmp_path, tmp_path)


def test_a_named_folder_of_the_pinned_version_is_used(
    tmp_path: Path, runtime: dict[str, bytes]
) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"version": PYODIDE_VERSION}))
    for name, data in runtime.items():
        (tmp_path / name).write_bytes(data)
    assert runtime_files(tmp_path, tmp_path / "cache") == runtime


def test_a_missing_source_is_refused(tmp_path: Path) -> None:
    with pytest.raises(WebBuildError, match="got nothing there"):
        runtime_files(tmp_path / "nowhere.tgz", tmp_path)


def test_without_npm_the_error_says_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(WebBuildError, match=r"npm not found.*--pyodide"):
        runtime_files(None, tmp_path)


def test_a_failing_npm_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    npm = tmp_path / "npm"
    npm.write_text("#!/bin/sh\necho 'npm error 404 Not Found' >&2\nexit 1\n")
    npm.chmod(0o755)
    monkeypatch.setattr(shutil, "which", lambda name: str(npm))
    with pytest.raises(
        WebBuildError, match=re.escape("npm pack pyodide@314.0.7 failed: npm error 404")
    ):
        runtime_files(None, tmp_path / "cache")


def test_a_corrupt_cached_tarball_is_fetched_again(
    tmp_path: Path, tarball: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    fake_tarball(cache / tarball.name)
    fetched: list[Path] = []

    def npm_pack(folder: Path) -> Path:
        fetched.append(folder)
        target = folder / tarball.name
        target.write_bytes(tarball.read_bytes())
        return target

    monkeypatch.setattr(_runtime, "_npm_pack", npm_pack)
    files = runtime_files(None, cache)
    assert fetched == [cache]
    assert sorted(files) == sorted(RUNTIME_FILES)


def test_the_cache_folder_follows_the_environment(tmp_path: Path) -> None:
    assert cache_folder({"LACERDA_BOT_CACHE": str(tmp_path)}) == tmp_path
    assert cache_folder({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "lacerda_bot"


# --- the packages ------------------------------------------------------------------


def test_the_page_gets_this_package_and_its_pure_python_dependencies() -> None:
    names = [
        d.metadata["Name"].lower().replace("-", "_") for d in required_distributions()
    ]
    assert names[0] == "lacerda_bot"
    assert {"attrs", "cattrs", "typing_extensions"} <= set(names)
    assert "exceptiongroup" not in names  # behind python_version < '3.11'
    with zipfile.ZipFile(io.BytesIO(packages_archive())) as archive:
        members = archive.namelist()
    assert "lacerda_bot/table/screen.py" in members
    assert "lacerda_bot/schemas/board.json" in members
    assert "lacerda_bot/py.typed" in members
    assert not any(m.startswith("lacerda_bot/web/static/") for m in members)
    assert "attr/__init__.py" in members
    assert "cattrs/__init__.py" in members
    assert any(m.startswith("lacerda_bot-") and m.endswith("METADATA") for m in members)
    assert not any("__pycache__" in m or m.endswith((".so", ".pyc")) for m in members)


def test_two_builds_of_the_same_install_are_the_same_bytes(tmp_path: Path) -> None:
    cache = cache_folder(os.environ)
    build_site(tmp_path / "one", None, cache)
    build_site(tmp_path / "two", None, cache)
    one = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*"))
    two = sorted(p.relative_to(tmp_path / "two") for p in (tmp_path / "two").rglob("*"))
    assert one == two
    for path in one:
        if (tmp_path / "one" / path).is_file():
            assert (tmp_path / "one" / path).read_bytes() == (
                tmp_path / "two" / path
            ).read_bytes(), path


def test_a_dependency_installed_without_its_file_list_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lacerda_bot.web import _packages

    real = _packages.required_distributions()

    class NoRecord:
        def __init__(self, dist: Any) -> None:
            self.metadata = dist.metadata
            self.files = None

    monkeypatch.setattr(
        _packages, "required_distributions", lambda: (real[0], NoRecord(real[1]))
    )
    with pytest.raises(WebBuildError, match="without a list of its files"):
        packages_archive()


# --- the site ----------------------------------------------------------------------


def test_the_service_worker_caches_every_file_of_the_build(
    runtime: dict[str, bytes],
) -> None:
    files = site_files(runtime)
    worker = files["sw.js"].decode()
    build = json.loads(files["build.json"])
    assert f'const BUILD = "{build["build"]}";' in worker
    listed = json.loads(worker.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert set(listed) == {"./", *files} - {"sw.js"}
    assert build["pyodide"] == PYODIDE_VERSION


def test_a_change_of_any_file_changes_the_build(runtime: dict[str, bytes]) -> None:
    one = json.loads(site_files(runtime)["build.json"])["build"]
    changed = {**runtime, "pyodide-lock.json": b"{}"}
    assert json.loads(site_files(changed)["build.json"])["build"] != one


def test_the_manifest_and_icons_make_it_installable(runtime: dict[str, bytes]) -> None:
    files = site_files(runtime)
    manifest = json.loads(files["manifest.webmanifest"])
    assert manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert icon["src"] in files
    png = files["icon-512.png"]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") == 512  # IHDR width


def test_the_page_says_it_is_unofficial(runtime: dict[str, bytes]) -> None:
    page = site_files(runtime)["index.html"].decode()
    assert "Unofficial: not affiliated" in page
    assert 'lang="en"' in page
    assert 'name="viewport"' in page


def test_a_site_cannot_be_written_over_a_file(tmp_path: Path) -> None:
    blocker = tmp_path / "site"
    blocker.write_text("a file")
    with pytest.raises(WebBuildError, match="cannot write the site"):
        build_site(blocker, None, cache_folder(os.environ))


# --- serving ------------------------------------------------------------------------


@pytest.fixture
def served(tmp_path: Path) -> Iterator[int]:
    (tmp_path / "pyodide").mkdir()
    for name in ("index.html", "sw.js", "app.js", "pyodide/pyodide.mjs", "x.wasm"):
        (tmp_path / name).write_bytes(b"x")
    server = make_server(tmp_path, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port
    server.shutdown()
    server.server_close()


def get(port: int, path: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    return connection.getresponse()


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
        ("/x.wasm", "application/wasm"),
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/", "text/html; charset=utf-8"),
    ],
)
def test_content_types_are_our_own(served: int, path: str, kind: str) -> None:
    response = get(served, path)
    assert response.status == 200
    assert response.getheader("Content-Type") == kind
    assert response.getheader("X-Content-Type-Options") == "nosniff"


@pytest.mark.parametrize("path", ["/", "/sw.js", "/app.js", "/pyodide/pyodide.mjs"])
def test_every_file_is_checked_again_on_every_load(served: int, path: str) -> None:
    """A rebuilt site never pairs a new page with an old script or package."""
    assert get(served, path).getheader("Cache-Control") == "no-cache"


def test_nothing_outside_the_site_is_served(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("page")
    (tmp_path / "secret.txt").write_text("secret")
    (site / "out").symlink_to(tmp_path)
    server = make_server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        assert get(server.server_port, "/out/secret.txt").status == 404
        assert get(server.server_port, "/../secret.txt").status == 404
        assert get(server.server_port, "/index.html").status == 200
    finally:
        server.shutdown()
        server.server_close()


def test_an_ipv6_address_is_served(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("page")
    try:
        server = make_server(tmp_path, "::1", 0)
    except OSError as error:  # pragma: no cover - a machine with IPv6 switched off
        pytest.skip(f"no IPv6 loopback here: {error}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        connection = http.client.HTTPConnection("::1", server.server_port, timeout=10)
        connection.request("GET", "/")
        assert connection.getresponse().status == 200
    finally:
        server.shutdown()
        server.server_close()


def test_folders_are_not_listed(served: int) -> None:
    assert get(served, "/pyodide/").status == 404


@pytest.mark.parametrize("path", ["/%00", "/app.js%00", "/%ed%a0%80", "/%ff"])
def test_a_path_no_file_can_have_is_not_found(
    served: int, path: str, capfd: pytest.CaptureFixture[str]
) -> None:
    """A NUL byte or a lone surrogate in the path is a 404, no traceback."""
    assert get(served, path).status == 404
    assert get(served, "/app.js").status == 200  # and the server goes on
    assert "Traceback" not in capfd.readouterr().err


def test_a_request_that_fails_is_one_line_and_a_phone_gone_is_none(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """A connection reset says nothing; any other failure says one line, no traceback."""
    server = make_server(tmp_path, "127.0.0.1", 0)
    with socket.socket() as request:
        for error in (ConnectionResetError(104, "reset"), BrokenPipeError(32, "pipe")):
            try:
                raise error
            except OSError:
                server.handle_error(request, ("192.0.2.1", 5000))
        assert capfd.readouterr().err == ""
        try:
            raise RuntimeError("odd")
        except RuntimeError:
            server.handle_error(request, ("192.0.2.1", 5000))
    server.server_close()
    said = capfd.readouterr().err

    assert (
        said
        == "lacerda-bot web: a request from 192.0.2.1 failed: RuntimeError('odd')\n"
    )


def test_content_types_do_not_come_from_the_system() -> None:
    assert CONTENT_TYPES[".wasm"] == "application/wasm"
    assert CONTENT_TYPES[".mjs"].startswith("text/javascript")


def test_the_qr_code_is_the_address() -> None:
    address = "http://192.168.1.20:8765/"
    lines = qr_lines(address)
    assert lines is not None
    matrix = [
        list(map(bool, row))
        for row in segno.make(address, error="m").matrix_iter(border=2)
    ]
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    top = {"\u2588": False, " ": True, "\u2580": False, "\u2584": True}
    bottom = {"\u2588": False, " ": True, "\u2580": True, "\u2584": False}
    assert [[top[c] for c in line] for line in lines] == matrix[::2]
    assert [[bottom[c] for c in line] for line in lines] == matrix[1::2]


# --- the command --------------------------------------------------------------------


def web_args(**given: object) -> argparse.Namespace:
    defaults: dict[str, object] = {
        "build": None,
        "host": None,
        "port": 8765,
        "pyodide": None,
    }
    return argparse.Namespace(**{**defaults, **given})


def test_build_only_writes_the_site(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["web", "--build", str(tmp_path / "site")]) == 0
    out = capsys.readouterr().out
    assert "Built the web companion in" in out
    assert "17 files" in out
    assert (tmp_path / "site" / "pyodide" / "pyodide.asm.wasm").is_file()


def test_a_bad_runtime_fails_the_build_with_its_reason(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    args = web_args(build=tmp_path / "site", pyodide=fake_tarball(tmp_path / "p.tgz"))
    assert run_web(args, out, err) == 1
    assert "lacerda-bot web:" in err.getvalue()
    assert "SHA-256" in err.getvalue()
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ({"port": 70000}, "--port takes 0 to 65535"),
        ({"build": Path("x"), "host": "0.0.0.0"}, "--build only writes files"),
    ],
)
def test_bad_arguments_are_refused(given: dict[str, object], said: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run_web(web_args(**given), out, err) == 2
    assert said in err.getvalue()


class StoppedAtOnce:
    """A server whose serve_forever ends as Ctrl-C ends it."""

    server_port = 8765
    closed = False

    def serve_forever(self) -> None:
        raise KeyboardInterrupt

    def server_close(self) -> None:
        StoppedAtOnce.closed = True


def test_serving_on_the_network_prints_the_address_and_a_qr_code(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from lacerda_bot.web import _command

    monkeypatch.setattr(
        _command, "make_server", lambda site, host, port: StoppedAtOnce()
    )
    monkeypatch.setattr(_command, "lan_address", lambda: "192.168.1.20")
    out, err = io.StringIO(), io.StringIO()
    assert run_web(web_args(host="0.0.0.0"), out, err) == 0
    text = out.getvalue()
    assert "Serving the web companion at http://192.168.1.20:8765/" in text
    assert "Scan it with a phone" in text
    assert "\u2588" in text
    assert StoppedAtOnce.closed


def test_without_segno_the_address_comes_with_how_to_get_a_qr_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lacerda_bot.web import _command

    monkeypatch.setattr(
        _command, "make_server", lambda site, host, port: StoppedAtOnce()
    )
    monkeypatch.setattr(_command, "qr_lines", lambda url: None)
    out, err = io.StringIO(), io.StringIO()
    assert run_web(web_args(host="::1"), out, err) == 0
    assert "http://[::1]:8765/" in out.getvalue()
    assert 'pip install "lacerda_bot[web]"' in out.getvalue()


def test_a_port_in_use_is_reported(tmp_path: Path) -> None:
    taken = make_server(tmp_path, "127.0.0.1", 0)
    try:
        out, err = io.StringIO(), io.StringIO()
        assert run_web(web_args(port=taken.server_port), out, err) == 2
        assert f"cannot listen on 127.0.0.1:{taken.server_port}" in err.getvalue()
    finally:
        taken.server_close()


def test_the_local_address_is_an_address() -> None:
    from lacerda_bot.web._serve import lan_address

    parts = lan_address().split(".")
    assert len(parts) == 4
    assert all(p.isdigit() for p in parts)


def test_an_editable_dependency_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from lacerda_bot.web import _packages

    real = _packages.required_distributions()
    finder = Path(__file__)
    monkeypatch.setattr(_packages, "required_distributions", lambda: real[:2])
    original = _packages._files

    def files(dist: Any) -> Any:
        if dist is real[1]:
            return iter([("__editable___attrs_finder.py", finder)])
        return original(dist)

    monkeypatch.setattr(_packages, "_files", files)
    with pytest.raises(WebBuildError, match="editable install"):
        packages_archive()
