"""``lacerda-bot play`` never loses a step: bad answers, failed writes,
two sessions on one save, symbolic links, stale temporary files."""

import errno
import io
import json
import os
from pathlib import Path
from typing import TextIO, cast

import pytest

from lacerda_bot.cli import main
from lacerda_bot.table._game.session import (
    SaveConflictError,
    load_game,
    loads_game,
    new_game,
    remove_stale_temporaries,
    save_game,
)
from lacerda_bot.table.terminal import Style, Terminal

from .helpers_terminal import SETUP, SKIP_TURN, session


def terminal(path: Path, lines: list[str], saved: bytes | None = None) -> Terminal:
    return Terminal(
        load_game(path) if path.exists() else new_game(0),
        path,
        io.StringIO("\n".join(lines) + "\n"),
        io.StringIO(),
        Style(colour=False),
        width=1000,
        saved=saved,
    )


def output(t: Terminal) -> str:
    assert isinstance(t.stdout, io.StringIO)
    return t.stdout.getvalue()


# --- answers ------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["²", "٣", "9" * 5000, "\uff13"])
def test_unicode_and_huge_numbers_are_asked_again(tmp_path: Path, typed: str) -> None:
    """'²', '٣' or 5,000 digits get 'please answer with', not a crash."""
    out, t = session(["setup", typed, "2", *SETUP[2:]], tmp_path / "g.json")
    assert "Please answer with a whole number from 0 to 30" in out
    assert t.state.side is not None


@pytest.mark.parametrize("value", ["²", "9" * 5000, "-1"])
def test_a_bad_number_option_exits_2(
    tmp_path: Path, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.json"
    code = main(
        ["play", "--save", str(save), "--option", f"rover_base_movement={value}"]
    )
    assert code == 2
    assert "rover_base_movement" in capsys.readouterr().err
    assert not save.exists()


# --- a save that cannot be written --------------------------------------------------


def test_a_failed_write_keeps_the_step_and_saves_elsewhere(tmp_path: Path) -> None:
    """A file where the folder should be: say so, keep the step, save elsewhere."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    elsewhere = tmp_path / "elsewhere.json"
    t = terminal(blocker / "g.json", [*SETUP, str(elsewhere), "quit"])
    assert t.loop() == 0
    out = output(t)
    assert f"Could not save to {blocker / 'g.json'}" in out
    assert "The step is kept" in out
    assert len(load_game(elsewhere).steps) == 1
    assert f"Saved in {elsewhere}." in out


def test_a_file_name_no_file_can_have_is_asked_again(tmp_path: Path) -> None:
    """A typed name with a NUL is asked again; an escape code is shown escaped."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    odd = tmp_path / "\x1b[31mred.json"  # a terminal would turn red
    t = terminal(blocker / "g.json", [*SETUP, "a\x00b.json", str(odd), "quit"])
    assert t.loop() == 0
    out = output(t)

    assert "Could not save to a\x00b.json" not in out  # no raw NUL printed
    assert "a file name (text, no NUL character)" in out
    assert len(load_game(odd).steps) == 1
    assert "\x1b" not in out
    assert f"Saved in $'{tmp_path}/\\e[31mred.json'." in out
    assert f"--resume $'{tmp_path}/\\e[31mred.json'" in out


def test_a_full_disk_then_retry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails once (no space left) is retried with Enter; the old save stays."""
    path = tmp_path / "g.json"
    save_game(new_game(0), path)
    before = path.read_bytes()
    real = os.fsync
    calls = []

    def full(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd)

    monkeypatch.setattr(os, "fsync", full)
    t = terminal(path, [*SETUP, "", "quit"], saved=before)
    assert t.loop() == 0
    assert "No space left on device" in output(t)
    assert len(load_game(path).steps) == 1
    assert not list(tmp_path.glob(".*.tmp"))


def test_quitting_while_a_save_fails_says_the_step_is_lost(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    t = terminal(blocker / "g.json", SETUP)  # input ends at the retry prompt
    assert t.loop() == 1
    assert "Stopped without saving the last step" in output(t)


# --- two sessions, one file ---------------------------------------------------------


def test_a_second_session_on_one_save_is_refused(tmp_path: Path) -> None:
    """The file changed since this session read it: refuse, keep the step."""
    path = tmp_path / "g.json"
    save_game(new_game(0), path)
    read = path.read_bytes()
    other = terminal(path, [*SETUP, "quit"], saved=read)
    mine = terminal(path, [*SETUP, str(tmp_path / "mine.json"), "quit"], saved=read)
    assert other.loop() == 0  # the other session saves a step first
    assert mine.loop() == 0
    assert "changed since this session read it" in output(mine)
    assert len(load_game(path).steps) == 1  # the other session's step is kept
    assert len(load_game(tmp_path / "mine.json").steps) == 1


def test_save_game_refuses_what_it_must_not_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    first = save_game(new_game(0), path, create=True)
    with pytest.raises(SaveConflictError, match="already exists"):
        save_game(new_game(1), path, create=True)
    with pytest.raises(SaveConflictError, match="changed since"):
        save_game(new_game(1), path, expect=first + b" ")
    assert path.read_bytes() == first


def test_two_new_games_on_one_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The second new game with the same --save does not start."""
    save = tmp_path / "g.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "1", "--save", str(save)]) == 0
    first = save.read_bytes()
    assert main(["play", "--seed", "2", "--save", str(save)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert save.read_bytes() == first


# --- links, temporary files, the resume hint ----------------------------------------


def test_a_symbolic_link_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    save_game(new_game(0), real)
    link.symlink_to(real)
    t = terminal(link, [*SETUP, "quit"], saved=link.read_bytes())
    assert t.loop() == 0
    assert link.is_symlink()
    assert len(load_game(real).steps) == 1


def test_stale_temporaries_of_dead_sessions_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save_game(new_game(0), path)
    dead = tmp_path / ".g.json.999999999.tmp"
    live = tmp_path / f".g.json.{os.getpid()}.tmp"
    other = tmp_path / ".h.json.999999999.tmp"
    for f in (dead, live, other):
        f.write_text("partial")
    assert remove_stale_temporaries(path) == 1
    assert not dead.exists()
    assert live.exists()
    assert other.exists()


def test_the_resume_hint_is_shell_quoted(tmp_path: Path) -> None:
    path = tmp_path / "my game's save.json"
    save_game(new_game(0), path)
    t = terminal(path, ["quit"])
    assert t.loop() == 0
    assert "lacerda-bot play --resume '" in output(t)
    assert "my game'\"'\"'s save.json'" in output(t)


# --- review fixes ---------------------------------------------------------------------


def test_commands_at_the_retry_prompt_are_not_file_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'quit' at the failing-save prompt quits unsaved; 'help' is no file name."""
    monkeypatch.chdir(tmp_path)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    t = terminal(blocker / "g.json", [*SETUP, "help", "quit"])
    assert t.loop() == 1
    assert "Only Enter, a file name or quit here." in output(t)
    assert "Stopped without saving the last step" in output(t)
    assert not (tmp_path / "help").exists()
    assert not (tmp_path / "quit").exists()


def test_ctrl_c_at_the_retry_prompt_says_the_step_is_lost(tmp_path: Path) -> None:
    class Interrupting:
        """Gives the lines, then Ctrl-C."""

        def __init__(self, lines: list[str]) -> None:
            self.lines = lines

        def readline(self) -> str:
            if not self.lines:
                raise KeyboardInterrupt
            return self.lines.pop(0) + "\n"

    blocker = tmp_path / "file"
    blocker.write_text("x")
    t = terminal(blocker / "g.json", [])
    t.stdin = cast(TextIO, Interrupting(list(SETUP)))
    assert t.loop() == 1
    assert "Stopped without saving the last step" in output(t)


def test_a_folder_that_cannot_sync_still_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rename happened: a failing folder sync is not a failed save."""
    from lacerda_bot.table._game import session as module

    def broken(folder: Path) -> None:
        raise OSError(errno.EIO, "sync failed")

    monkeypatch.setattr(module, "_sync_directory", broken)
    path = tmp_path / "g.json"
    written = save_game(new_game(0), path, create=True)
    assert path.read_bytes() == written


def test_without_hard_links_a_new_save_is_still_exclusive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(src: object, dst: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "g.json"
    first = save_game(new_game(0), path, create=True)
    assert load_game(path) == new_game(0)
    with pytest.raises(SaveConflictError, match="already exists"):
        save_game(new_game(1), path, create=True)
    assert path.read_bytes() == first


def test_temporary_names_are_unique_and_never_follow_a_planted_link(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.json"
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    planted = tmp_path / f".g.json.{os.getpid()}.tmp"
    planted.symlink_to(victim)
    save_game(new_game(0), path, create=True)
    assert victim.read_text() == "keep me"
    assert not path.is_symlink()


def test_stale_temporaries_match_the_name_literally(tmp_path: Path) -> None:
    path = tmp_path / "g[1X].json"
    save_game(new_game(0), path)
    other = tmp_path / ".gX.json.999999999.tmp"
    mine = tmp_path / ".g[1X].json.999999999.abc.tmp"
    for f in (other, mine):
        f.write_text("partial")
    assert remove_stale_temporaries(path) == 1
    assert other.exists()
    assert not mine.exists()


def test_a_dangling_link_takes_its_default_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lacerda-5.json").symlink_to(tmp_path / "lacerda-5.json")  # a loop
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "5"]) == 0
    assert (tmp_path / "lacerda-5-2.json").is_file()


def test_a_save_from_before_the_tile_under_his_rover_was_asked_loads(
    tmp_path: Path,
) -> None:
    """R-ROVER-3: a save holding a "none" to his Rover's tile with no follow-up (written
    before the table asked whether a tile lies under his Rover) loads as the same game:
    that "none" meant no tile at all."""
    path = tmp_path / "g.json"
    session([*SETUP, *SKIP_TURN], path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    turn = doc["steps"][-1]
    assert turn["answers"] == [
        ["turn1.any_target", 0],
        ["turn1.any_target.at_zero", False],
    ]
    turn["answers"] = turn["answers"][:1]

    assert loads_game(json.dumps(doc)) == load_game(path)
