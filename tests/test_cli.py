"""The lacerda-bot command."""

import errno
import io
import json
import os
import subprocess
import sys
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

import lacerda_bot
from lacerda_bot.cli import main


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate prints games, spreads and rates."""
    assert main(["simulate", "--games", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out

    assert "games                      3" in out
    assert "Lacerda final score" in out
    assert "fallback to the Rover" in out


def test_jobs_do_not_change_results(tmp_path: Path) -> None:
    """--jobs 1 and --jobs 2 write byte-identical --json files."""
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"

    assert main(["simulate", "--games", "6", "--jobs", "1", "--json", str(one)]) == 0
    assert main(["simulate", "--games", "6", "--jobs", "2", "--json", str(two)]) == 0
    assert one.read_bytes() == two.read_bytes()
    assert len(one.read_text().splitlines()) == 6


def test_bad_counts_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """--games 0 is a usage error."""
    assert main(["simulate", "--games", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_the_module_runs_as_a_command() -> None:
    """python -m lacerda_bot simulate works from a shell."""
    done = subprocess.run(
        [sys.executable, "-m", "lacerda_bot", "simulate", "--games", "2"],
        capture_output=True,
        text=True,
        check=False,
    )

    assert done.returncode == 0
    assert "games                      2" in done.stdout


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal() -> None:
    """On a terminal the command draws a progress bar on stderr."""
    from lacerda_bot.cli import _parser, simulate

    out, err = io.StringIO(), _Terminal()
    args = _parser().parse_args(["simulate", "--games", "2"])

    assert simulate(args, out, err) == 0
    assert "2/2 games" in err.getvalue()


def test_no_arguments_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    """lacerda-bot with no command prints help and plays nothing."""
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: lacerda-bot")
    for command in ("simulate", "play", "games"):
        assert command in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"lacerda-bot {lacerda_bot.__version__}\n"


def test_new_games_get_names_that_do_not_clash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --save, a game is saved as lacerda-SEED.json, then numbered; games lists them."""
    monkeypatch.chdir(tmp_path)
    for _ in range(3):
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        assert main(["play", "--seed", "7", "--plain"]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.json"))
    assert names == ["lacerda-7-2.json", "lacerda-7-3.json", "lacerda-7.json"]


def test_games_lists_the_saves_with_where_each_stands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each save with where it stands; a broken one flagged; other JSON left out."""
    from lacerda_bot.table._game.session import new_game, save_game

    save_game(new_game(5), tmp_path / "a.json")
    (tmp_path / "broken.json").write_text(
        '{"format": "lacerda_bot.table", "version": 2}', encoding="utf-8"
    )
    (tmp_path / "other.json").write_text("[1, 2]", encoding="utf-8")
    assert main(["games", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "a.json" in out
    assert "seed 5, first_colonists, not set up" in out
    assert "broken.json" in out
    assert "cannot be resumed" in out
    assert "other.json" not in out
    (tmp_path / "a.json.d").mkdir()
    assert main(["games", str(tmp_path / "a.json.d")]) == 0  # an empty folder
    assert "No lacerda-bot play saves" in capsys.readouterr().out


# --- simulate refuses bad input before playing, and streams -------------------


@pytest.mark.parametrize(
    "args", [["--seed", "-1"], ["--seed", str(2**63 - 1), "--games", "2"]]
)
def test_out_of_range_seeds_exit_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *args]) == 2
    assert "the seeds must lie from 0 to" in capsys.readouterr().err


def test_json_targets_are_checked_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder, a missing folder or a pipe as --json: exit 2 at once, nothing left."""
    import os

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for target, problem in (
        (tmp_path, "it is a folder"),
        (tmp_path / "missing" / "out.jsonl", "no folder"),
        (pipe, "not a regular file"),
    ):
        assert main(["simulate", "--games", "1", "--json", str(target)]) == 2
        assert problem in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_ctrl_c_leaves_no_partial_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> Iterator[object]:
        yield from ()
        raise KeyboardInterrupt

    monkeypatch.setattr("lacerda_bot.cli.run_batch", interrupted)
    with pytest.raises(KeyboardInterrupt):
        main(["simulate", "--games", "3", "--json", str(tmp_path / "out.jsonl")])
    assert list(tmp_path.iterdir()) == []


def test_a_huge_batch_over_processes_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    """--jobs 2 keeps a bounded window of work in flight, whatever the size."""
    import itertools

    from lacerda_bot.reference import _simulate as sim

    monkeypatch.setattr(sim, "_MOST_PER_CHUNK", 1)
    batch = sim.run_batch(range(10**12), jobs=2)
    first = list(itertools.islice(batch, 3))
    assert isinstance(batch, Generator)
    batch.close()
    assert [r.seed for r in first if not isinstance(r, str)] == [0, 1, 2]


def test_json_temporary_file_is_unique(tmp_path: Path) -> None:
    """A file named like the old fixed temporary name is neither used nor removed."""
    target = tmp_path / "out.jsonl"
    bystander = tmp_path / "out.jsonl.tmp"
    bystander.write_text("someone else's")
    assert main(["simulate", "--games", "2", "--json", str(target)]) == 0
    assert bystander.read_text() == "someone else's"
    assert len(target.read_text().splitlines()) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl", "out.jsonl.tmp"]


# --- no traceback on odd files, names or bytes; nothing lost -------------------

V1_SAVES = Path(__file__).parent / "fixtures" / "saves_v1.json"
GENEROUS = 120
"""Seconds a command is given to answer (it needs one or two); a hang fails the test."""
STRICT = {**os.environ, "PYTHONIOENCODING": "utf-8", "TERM": "dumb"}
"""A UTF-8 terminal that refuses what is not UTF-8, as most are (not the C locale)."""


def run_command(
    args: list[str], cwd: Path, given: bytes = b"quit\n"
) -> subprocess.CompletedProcess[bytes]:
    """The real command in a strict UTF-8 terminal, answering within GENEROUS seconds."""
    return subprocess.run(
        [sys.executable, "-m", "lacerda_bot", *args],
        input=given,
        capture_output=True,
        cwd=cwd,
        env=STRICT,
        timeout=GENEROUS,
        check=False,
    )


def v1_text() -> str:
    """A save of lacerda-bot 0.1.0."""
    saves = json.loads(V1_SAVES.read_text(encoding="utf-8"))
    return json.dumps(saves["11"]["save"])


@pytest.mark.parametrize("taken_by", ["folder", "pipe", "dangling link"])
def test_a_kept_original_name_taken_by_anything_is_left_alone(
    tmp_path: Path, taken_by: str
) -> None:
    """FILE.0.1.0 that is a folder, a pipe or a link: the original goes to FILE.0.1.0.1."""
    save = tmp_path / "old.json"
    save.write_text(v1_text(), encoding="utf-8")
    taken = tmp_path / "old.json.0.1.0"
    if taken_by == "folder":
        taken.mkdir()
    elif taken_by == "pipe":
        os.mkfifo(taken)
    else:
        taken.symlink_to(tmp_path / "elsewhere")
    done = run_command(["play", "--resume", "old.json", "--plain"], tmp_path)

    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"the original is kept as old.json.0.1.0.1." in done.stdout
    assert (tmp_path / "old.json.0.1.0.1").read_text(encoding="utf-8") == v1_text()
    assert not (tmp_path / "elsewhere").exists()  # a link is never written through


def test_an_original_that_cannot_be_kept_stops_the_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No copy of the 0.1.0 original, no game over it: one line, status 2, file as it was."""

    def full(path: Path, data: bytes) -> bool:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("lacerda_bot.table._game.storage._write_new", full)
    save = tmp_path / "old.json"
    save.write_text(v1_text(), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))

    assert main(["play", "--resume", str(save), "--plain"]) == 2
    err = capsys.readouterr().err
    assert "cannot resume" in err
    assert "No space left on device" in err
    assert "The file was not changed." in err
    assert save.read_text(encoding="utf-8") == v1_text()


def test_resuming_a_pipe_is_refused_at_once(tmp_path: Path) -> None:
    """A pipe given to --resume is not a save: status 2 at once, no wait for a writer."""
    os.mkfifo(tmp_path / "game.json")
    done = run_command(["play", "--resume", "game.json"], tmp_path)

    assert done.returncode == 2
    assert b"cannot resume game.json" in done.stderr
    assert b"not a file" in done.stderr
    assert b"Traceback" not in done.stderr


def test_games_shows_each_name_on_one_line(tmp_path: Path) -> None:
    """A newline or bytes that are not UTF-8 in a name: escaped, one line per real save."""
    from lacerda_bot.table._game.session import new_game, save_game

    fake = "x.json\ny.json  2026-01-01 00:00  seed 9, first_colonists, round 3.json"
    save_game(new_game(4), tmp_path / fake)
    save_game(new_game(3), tmp_path / os.fsdecode(b"bad\xff.json"))
    done = run_command(["games", "."], tmp_path)

    lines = done.stdout.decode("utf-8").splitlines()
    shown = {
        "$'bad\\xff.json'": "seed 3",
        "$'" + fake.replace("\n", "\\n") + "'": "seed 4",
    }

    assert done.returncode == 0, done.stderr
    assert len(lines) == 2
    for line in lines:
        name = next(n for n in shown if line.startswith(f"{n}  "))
        assert line.endswith(f"  {shown.pop(name)}, first_colonists, not set up")
    assert not shown


def test_a_new_game_with_a_name_that_is_not_utf_8(tmp_path: Path) -> None:
    """--save with bytes that are not UTF-8: saved, the name shown escaped, no traceback."""
    name = os.fsdecode(b"new\xff.json")
    done = run_command(["play", "--seed", "3", "--save", name, "--plain"], tmp_path)

    assert done.returncode == 0, done.stderr
    assert b"saved in $'new\\xff.json'." in done.stdout
    assert b"--resume $'new\\xff.json'" in done.stdout
    assert (tmp_path / name).exists()


def test_typed_bytes_that_are_not_utf_8_are_asked_again(tmp_path: Path) -> None:
    """An answer that is not UTF-8 is refused like any bad answer, the prompt again."""
    done = run_command(
        ["play", "--seed", "3", "--save", "g.json", "--plain"],
        tmp_path,
        b"\xff\xfe\nquit\n",
    )

    assert done.returncode == 0, done.stderr
    assert b"Please answer with" in done.stdout
    assert b"Saved in g.json." in done.stdout


def test_games_skips_a_file_nested_too_deeply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A .json file nested 100,000 deep is not a save: no RecursionError."""
    (tmp_path / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    (tmp_path / "pipe.json").symlink_to(tmp_path / "nowhere")

    assert main(["games", str(tmp_path)]) == 0
    assert "No lacerda-bot play saves in" in capsys.readouterr().out


@pytest.mark.parametrize("kind", ["missing", "file"])
def test_games_of_a_folder_that_is_not_one_exits_2(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing folder or a file is bad input: one line, status 2, not "no saves"."""
    folder = tmp_path / "saves"
    if kind == "file":
        folder.write_text("x", encoding="utf-8")

    assert main(["games", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("lacerda-bot games: ")
    assert ("no folder" if kind == "missing" else "is not a folder") in err


def test_a_reader_that_goes_away_ends_the_listing_quietly(tmp_path: Path) -> None:
    """lacerda-bot games | head -1: a closed pipe ends the command, no traceback."""
    from lacerda_bot.table._game.session import new_game, save_game

    for seed in range(3):
        save_game(new_game(seed), tmp_path / f"g{seed}.json")
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the command writes anything
    try:
        done = subprocess.run(
            [sys.executable, "-m", "lacerda_bot", "games", str(tmp_path)],
            stdout=write,
            stderr=subprocess.PIPE,
            env=STRICT,
            timeout=GENEROUS,
            check=False,
        )
    finally:
        os.close(write)

    assert done.returncode == 1
    assert done.stderr == b""


def test_a_json_target_with_a_newline_is_named_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """simulate's refusal names an odd --json path escaped, on one line."""
    target = tmp_path / "no\nsuch" / "out.jsonl"

    assert main(["simulate", "--games", "1", "--json", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no\\nsuch" in err


def test_a_closed_output_in_process_is_status_1(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A BrokenPipeError from any command is status 1, whatever standard output is."""

    def gone(folder: Path, out: object, words: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr("lacerda_bot.table._command.games", gone)
    monkeypatch.setattr("sys.stdout", io.StringIO())  # no file descriptor to replace

    assert main(["games", str(tmp_path)]) == 1


def test_an_unreadable_folder_is_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder that cannot be read: one line with the reason, status 2."""

    def refused(path: object) -> object:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "scandir", refused)

    assert main(["games", str(tmp_path)]) == 2
    assert "cannot read the folder" in capsys.readouterr().err


def test_resuming_a_file_that_is_not_text_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bytes that are not UTF-8 in a save: not a text file, status 2, file as it was."""
    path = tmp_path / "g.json"
    path.write_bytes(b"\xff\xfe{}")

    assert main(["play", "--resume", str(path), "--plain"]) == 2
    assert "not a text file" in capsys.readouterr().err
    assert path.read_bytes() == b"\xff\xfe{}"
