"""The table companion answered perfectly from the reference board; the questions per step counted."""

import pytest

from lacerda_bot import _queries as q
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.reference import play_game
from lacerda_bot.reference._table import (
    PerfectPlayer,
    TableMismatchError,
    questions_per_step,
)
from lacerda_bot.table._game.driver import StepKind


def test_a_perfect_player_plays_whole_games_and_counts_every_step() -> None:
    player = PerfectPlayer()
    record = play_game(4, watch=player)
    counts = player.result()

    assert len(counts.of(StepKind.SETUP)) == 1
    assert len(counts.of(StepKind.TURN)) == record.lacerda_turns
    assert len(counts.of(StepKind.SHUTTLE)) == record.rounds
    assert len(counts.of(StepKind.SCORE)) == 1
    assert player.state is not None
    assert player.state.final_score == record.score.total
    assert counts.most(StepKind.TURN) >= counts.median(StepKind.TURN) > 0


def test_counts_over_seeds_add_up() -> None:
    both = questions_per_step(range(2))
    one, two = questions_per_step([0]), questions_per_step([1])

    for kind in StepKind:
        assert both.of(kind) == one.of(kind) + two.of(kind)
    assert questions_per_step([]).median(StepKind.TURN) == 0.0


def test_a_table_that_reads_otherwise_than_the_board_is_caught() -> None:
    """The player refuses to answer a fact the board did not read at that place."""
    from lacerda_bot._facts import Read
    from lacerda_bot.reference._table import _FromLog
    from lacerda_bot.testing import reference_board

    source = _FromLog([Read(query=q.HisSide(), value=None)], reference_board())
    with pytest.raises(TableMismatchError, match="the board read side"):
        source.value(Read(query=q.HasFreeMarker(), value=None), 0)
    with pytest.raises(TableMismatchError, match="past the board"):
        source.value(Read(query=q.HisSide(), value=None), 1)
    # facts only the table asks are read off the board itself
    printed = source.value(Read(query=q.LabColumns(), value=None), 1)
    assert printed == reference_board().lab_columns


_COUNTS_OF_PLACES = (q.BestSites, q.DiscoverySites, q.NearestFreeHexes)
"""The questions that ask the player to count equal places on the map."""


@pytest.mark.parametrize("seed", [0, 3, 7])
def test_where_the_player_places_the_table_counts_no_places(seed: int) -> None:
    """R-TIE-1 (``tie_policy = chosen``): the table asks whether a place exists, never
    how many tie, and still decides as the board's calls do (the player places where
    the host takes the first in canonical order: the bot states agree)."""
    chosen = PerfectPlayer()
    play_game(seed, options=Options(tie_policy=TiePolicy.CHOSEN), watch=chosen)
    asked = {type(read.query) for read in chosen.asked}
    assert not asked & set(_COUNTS_OF_PLACES)
    assert q.BuildSize in asked  # he built: the criterion was asked, not the count
    cards = PerfectPlayer()
    play_game(seed, watch=cards)
    assert {type(read.query) for read in cards.asked} & set(_COUNTS_OF_PLACES)
