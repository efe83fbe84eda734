"""The reference host's legality checker must catch illegal decisions, not only pass legal ones."""

import pytest

from lacerda_bot import Decision, Options
from lacerda_bot.hexmap import Hex
from lacerda_bot.testing import why_illegal

from .helpers_illegal import BOARD, ILLEGAL, construct


@pytest.mark.parametrize(
    ("decision", "reason"),
    ILLEGAL,
    ids=lambda v: type(v).__name__ if not isinstance(v, str) else "",
)
def test_why_illegal_catches_each_kind(decision: Decision, reason: str) -> None:
    """why_illegal names the broken precondition of every checked decision kind."""
    assert reason in why_illegal(BOARD, decision, Options())


def test_why_illegal_passes_a_legal_build() -> None:
    """A legal stand-alone Mine at dist 2 passes."""
    assert why_illegal(BOARD, construct(Hex(2, 0)), Options()) == ""
