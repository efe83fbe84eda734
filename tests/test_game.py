"""The reference game: whole seeded games reach their end, deterministically."""

import attrs

from lacerda_bot import Options
from lacerda_bot.options import ImpossibleBenefit, TiePolicy
from lacerda_bot.reference._game import MAX_ROUNDS, play_game
from lacerda_bot.reference._simulate import game_seeds, run_batch, summarise


def test_a_few_hundred_games_end_without_error() -> None:
    """Two hundred seeded games run to the end: no error, scores that add up."""
    results = list(run_batch(game_seeds(1000, 200)))
    summary = summarise(results)

    assert summary.errors == ()
    assert summary.games == 200
    for record in results:
        assert not isinstance(record, str)
        assert 1 <= record.rounds <= MAX_ROUNDS
        assert record.score.total == sum(attrs.astuple(record.score)[:-1])
        assert sum(n for _, n in record.actions) == record.lacerda_turns


def test_games_are_deterministic() -> None:
    """The same seed and options give the same game, call by call."""
    assert play_game(7, keep_calls=True) == play_game(7, keep_calls=True)
    assert play_game(7) != play_game(8)


def test_games_run_under_every_tie_policy_and_option_switch() -> None:
    """Games end with non-default options too (uniform ties, Rover for lost gains...)."""
    options = Options(
        tie_policy=TiePolicy.UNIFORM,
        impossible_benefit=ImpossibleBenefit.ROVER,
        prefer_own_tech=False,
        shelter_moves_pointer=True,
        same_call_gains_spendable=True,
    )
    summary = summarise(list(run_batch(game_seeds(0, 20), options=options)))

    assert summary.errors == ()
    assert summary.games == 20


def test_checked_games_find_no_invariant_break() -> None:
    """Checked games verify legality, cards, Depot and JSON after every call."""
    summary = summarise(list(run_batch(game_seeds(50, 10), check=True)))

    assert summary.errors == ()


def test_checks_catch_a_broken_decision() -> None:
    """The checker is not a rubber stamp: an illegal payment is reported."""
    import pytest

    from lacerda_bot import Outcome, new_bot
    from lacerda_bot.decisions import PayCrystals, PaymentPurpose
    from lacerda_bot.outcome import CallKind, CallTrace
    from lacerda_bot.reference._game import InvariantError, _checked
    from lacerda_bot.testing import small_board

    bot = new_bot(0)
    bad = Outcome(
        bot=bot,
        decisions=(PayCrystals(amount=5, purpose=PaymentPurpose.PLACEMENT),),
        trace=CallTrace(call=CallKind.TAKE_TURN, options=bot.options, pass_count=1),
    )
    with pytest.raises(InvariantError, match="can spend 0"):
        _checked("take_turn", small_board(), bad)
