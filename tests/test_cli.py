"""The lacerda-bot command."""

import io
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_no_arguments_means_simulate(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """lacerda-bot with no command runs the default simulate batch."""
    monkeypatch.setattr("lacerda_bot.cli.DEFAULT_GAMES", 2)
    monkeypatch.setattr(sys, "argv", ["lacerda-bot"])

    assert main() == 0
    assert "games" in capsys.readouterr().out
