from collections import Counter

import attrs
import pytest

from lacerda_bot import InvalidHostStateError, Options, new_bot, setup
from lacerda_bot._deck import random_value
from lacerda_bot.decisions import StartingSpace, TakeBenefit
from lacerda_bot.model import Gain, GainKind, HostId, Side
from lacerda_bot.options import TiePolicy
from lacerda_bot.records import TurnOrderSpace
from lacerda_bot.testing import reference_board

from .helpers import kinds, of_type

SPEC_TILES = tuple(HostId(f"S{n}") for n in (2, 3, 4, 6, 7, 8))


def test_r_setup_7_spec_example_draw_names_space_and_side() -> None:
    """R-SETUP-7: tiles name {2,3,4,6,7,8}; the uniform pick chooses one; its side is his."""
    board = reference_board()
    for seed in range(40):
        bot = new_bot(seed, Options(starting_space_benefit=False))
        outcome = setup(bot, board)
        (start,) = of_type(outcome, StartingSpace)
        expected = SPEC_TILES[int(random_value(seed, bot.events) * 6)]

        assert start.space == expected
        assert start.side is (Side.ORBIT if int(expected[1:]) <= 4 else Side.COLONY)
        assert outcome.bot.events == bot.events + 1
    seven = [s for s in range(40) if SPEC_TILES[int(random_value(s, 1) * 6)] == "S7"]
    assert seven
    assert (
        of_type(setup(new_bot(seven[0]), board), StartingSpace)[0].side is Side.COLONY
    )


def test_r_setup_7_never_starts_on_1_or_5() -> None:
    """R-SETUP-7: the First Colonist tiles never name space 1 or 5 (the host's tiles)."""
    starts = {
        of_type(setup(new_bot(s), reference_board()), StartingSpace)[0].space
        for s in range(200)
    }

    assert starts == set(SPEC_TILES)


def test_r_tie_7_the_starting_pick_ignores_the_tie_policy() -> None:
    """R-TIE-7: the starting tile is a uniform pick whatever the tie_policy."""
    cards = setup(new_bot(3), reference_board())
    uniform = setup(
        new_bot(3, Options(tie_policy=TiePolicy.UNIFORM)), reference_board()
    )

    assert cards.decisions[0].space == uniform.decisions[0].space  # type: ignore[union-attr]


def test_r_setup_7_pick_is_uniform() -> None:
    """R-SETUP-7, R-DECK-1: over many seeds each of the 6 tiles comes up about 1/6 of the time."""
    counts = Counter(
        of_type(setup(new_bot(seed), reference_board()), StartingSpace)[0].space
        for seed in range(6000)
    )

    for tile in SPEC_TILES:
        assert abs(counts[tile] / 6000 - 1 / 6) < 0.02


def test_r_setup_8_takes_only_the_spaces_gain() -> None:
    """R-SETUP-8: with the option he takes the space's gain, and no travel or arrival steps."""
    spaces = tuple(
        TurnOrderSpace(
            id=HostId(f"S{n}"),
            side=Side.COLONY,
            number=n,
            gains=(Gain(kind=GainKind.CRYSTALS, n=2),),
        )
        for n in (6, 7)
    )
    board = attrs.evolve(
        reference_board(),
        turn_order_spaces=spaces,
        first_colonist_tiles=(HostId("S6"), HostId("S7")),
    )
    outcome = setup(new_bot(1), board)
    without = setup(new_bot(1, Options(starting_space_benefit=False)), board)

    assert kinds(outcome.decisions) == ["StartingSpace", "TakeBenefit", "GainCrystals"]
    assert of_type(outcome, TakeBenefit)[0].gain.n == 2
    assert kinds(without.decisions) == ["StartingSpace"]
    assert "R-SETUP-8" in without.trace.notes[0]


def test_r_setup_9_his_bot_starts_on_the_mine_icon() -> None:
    """R-SETUP-9: his Progress-area Bot starts on the Mine icon (the pointer)."""
    assert new_bot(0).pointer.value == "mine"


def test_setup_without_tiles_is_a_host_error() -> None:
    """Bad input: no First Colonist tile -> InvalidHostStateError naming the field."""
    board = attrs.evolve(reference_board(), first_colonist_tiles=())

    with pytest.raises(InvalidHostStateError, match="first_colonist_tiles"):
        setup(new_bot(0), board)
