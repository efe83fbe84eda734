"""The lacerda-bot command."""

import io
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
    """Issue 10: lacerda-bot with no command prints help and plays nothing."""
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
    """Issue 10: without --save, lacerda-SEED.json, then numbered; games lists them."""
    monkeypatch.chdir(tmp_path)
    for _ in range(3):
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        assert main(["play", "--seed", "7", "--plain"]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.json"))
    assert names == ["lacerda-7-2.json", "lacerda-7-3.json", "lacerda-7.json"]


def test_games_lists_the_saves_with_where_each_stands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lacerda_bot.table.session import new_game, save_game

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
    assert main(["games", str(tmp_path / "a.json.d")]) == 0  # an empty folder
    assert "No lacerda-bot play saves" in capsys.readouterr().out


# --- issue 11: simulate refuses bad input before playing, and streams ---------


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
    """Issue 11: --jobs 2 keeps a bounded window of work in flight, whatever the size."""
    import itertools

    from lacerda_bot.reference import simulate as sim

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
