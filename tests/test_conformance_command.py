"""``lacerda-bot conformance -- COMMAND``: the kit against a host process (docs/protocol.md)."""

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from lacerda_bot.cli import main

HOST = [sys.executable, str(Path(__file__).parent / "hosts" / "line_host.py")]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    status = main(["conformance", *args])
    captured = capsys.readouterr()
    report = json.loads(captured.out) if captured.out else None
    return status, report, captured.err


def test_the_reference_host_over_the_line_protocol_passes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, report, _ = run(capsys, "--games", "2", "--", *HOST)

    assert status == 0
    assert report["ok"] is True
    assert report["games"] == 2
    assert report["decisions"] > 300


def test_the_first_difference_is_reported_as_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, report, _ = run(capsys, "--games", "3", "--", *HOST, "ships")

    assert status == 1
    difference = report["difference"]
    assert difference["decision_type"] == "GainShip"
    assert difference["field"] == "ships_left"
    assert difference["actual"] == difference["expected"] + 1
    assert report["replay"] == f"--seed {difference['seed']} --games 1"


def test_options_choose_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, report, _ = run(
        capsys, "--games", "1", "--option", "tie_policy=chosen", "--", *HOST
    )
    plain_status, plain, _ = run(capsys, "--games", "1", "--", *HOST)

    assert (status, plain_status) == (0, 0)
    assert report["decisions"] != plain["decisions"]


def test_declared_values_are_checked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The reference host scores no OP on the LSS track: a host declaring it does is caught."""
    values = tmp_path / "values.json"
    values.write_text(
        json.dumps(
            {
                "lss_op": [0, 1, 2, 3],
                "mission_credits": [],
                "lab_column_values": None,
                "shelter_crystals": 0,
            }
        )
    )

    status, report, _ = run(
        capsys, "--games", "1", "--values", str(values), "--", *HOST
    )

    assert status == 1
    assert report["difference"]["field"] == "op_track"


@pytest.mark.parametrize(
    ("fault", "kind"),
    [
        ("refuse", "refused"),
        ("garbage", "bad_line"),
        ("other-id", "bad_line"),
        ("no-view", "bad_view"),
        ("quit", "stopped"),
    ],
)
def test_a_failing_host_is_reported_by_kind(
    capsys: pytest.CaptureFixture[str], fault: str, kind: str
) -> None:
    status, report, _ = run(capsys, "--games", "1", "--", *HOST, fault)

    assert status == 1
    assert report["ok"] is False
    assert report["host_failed"]["kind"] == kind
    assert report["host_failed"]["requests"] == 1


def test_a_missing_field_of_the_host_s_board_is_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, report, _ = run(capsys, "--games", "1", "--", *HOST, "no-view")

    assert "ships_left" in report["host_failed"]["message"]


def test_a_host_that_never_answers_is_cut_off_at_the_bound(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The outcome is the same on any machine: the host never answers at all."""
    status, report, _ = run(capsys, "--timeout", "0.2", "--", *HOST, "silent")

    assert status == 1
    assert report["host_failed"]["kind"] == "timeout"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ([], "no host command"),
        (["--games", "0", "--", "x"], "--games"),
        (["--seed", "-1", "--", "x"], "--seed"),
        (["--timeout", "0", "--", "x"], "--timeout"),
        (["--option", "laser=1", "--", "x"], "--option"),
        (["--values", "/nonexistent/values.json", "--", "x"], "cannot read --values"),
        (["--", "/nonexistent/host"], "cannot start"),
    ],
)
def test_bad_arguments_say_why_with_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    status, report, err = run(capsys, *args)

    assert status == 2
    assert report is None
    assert said in err


def test_values_that_do_not_load_are_refused_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    values = tmp_path / "values.json"
    values.write_text(
        '{"lss_op": [0, -1], "mission_credits": null, "lab_column_values": null, "shelter_crystals": 0}'
    )

    status, _, err = run(capsys, "--values", str(values), "--", *HOST)

    assert status == 2
    assert "lss_op[1]" in err
