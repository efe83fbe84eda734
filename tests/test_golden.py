"""Golden traces: complete decision traces of reference games for fixed seeds.

A behaviour change shows up here as a diff, which the CHANGELOG must explain.
Regenerate with ``pytest tests/test_golden.py --update-golden``.
"""

from pathlib import Path

import pytest

from lacerda_bot import dumps
from lacerda_bot.reference import play_game

GOLDEN = Path(__file__).parent / "golden"
SEEDS = (0, 1, 2)


def trace_lines(seed: int) -> list[str]:
    """One JSON line per library call of the game: round, call, outcome."""
    record = play_game(seed, keep_calls=True)
    return [dumps(call) for call in record.calls]


@pytest.mark.parametrize("seed", SEEDS)
def test_golden_trace(seed: int, update_golden: bool) -> None:
    """A fresh game replays its stored decision trace exactly."""
    path = GOLDEN / f"seed_{seed}.jsonl"
    lines = trace_lines(seed)
    if update_golden:
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    stored = path.read_text(encoding="utf-8").splitlines()

    assert len(lines) == len(stored)
    for number, (got, expected) in enumerate(zip(lines, stored, strict=True), start=1):
        assert got == expected, f"{path.name}: call {number} differs"
