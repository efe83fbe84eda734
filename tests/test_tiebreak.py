from collections import Counter
from collections.abc import Sequence

import attrs
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import BotState, Options, new_bot
from lacerda_bot._rules.tiebreak import break_tie, group_sizes
from lacerda_bot._state import WorkingBot
from lacerda_bot._ties import TiedRule
from lacerda_bot.options import TiePolicy
from lacerda_bot.trace import TieBreak

from .helpers import bot_with
from .helpers_strategies import seeds


@attrs.frozen
class Tied:
    """What a tie-break chose and recorded, and the bot state it left."""

    index: int
    record: TieBreak | None
    bot: BotState


def tie(
    bot: BotState,
    options: Sequence[str],
    *,
    rule: TiedRule,
    merged: Sequence[str] = (),
) -> Tied:
    """Break a tie on a call's working copy of *bot*, as the rules do."""
    working = WorkingBot(bot)
    result = break_tie(working, options, rule=rule, merged=merged)
    return Tied(index=result.index, record=result.record, bot=working.state())


OPTIONS = ["H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "H10"]


def test_r_tie_1_single_option_needs_no_tie_break() -> None:
    """R-TIE-1: n = 1 needs nothing: no card moves, no record."""
    bot = new_bot(1)
    result = tie(bot, ["only"], rule=TiedRule.BUILD_SITE)

    assert result.index == 0
    assert result.bot == bot
    assert result.record is None


def test_r_tie_2_and_r_tie_4_spec_example() -> None:
    """R-TIE-2, R-TIE-4: card 8 (action 3) is passed over, card 7 (action 2) picks H2; both return."""
    bot = bot_with((8, 7))
    result = tie(bot, ["H1", "H2"], rule=TiedRule.BUILD_SITE)
    record = result.record

    assert result.index == 1
    assert record is not None
    assert record.rounds[0].revealed == (8, 7)
    assert record.chosen == 2
    assert sorted(result.bot.draw_pile) == list(range(1, 13))
    assert result.bot.discard_pile == bot.discard_pile
    assert result.bot.events == bot.events + 1
    assert record.rounds[0].random_events == (bot.events,)


def test_r_tie_1_chosen_places_take_the_first_and_other_ties_draw_cards() -> None:
    """R-TIE-1 (note of 1.3), ``tie_policy = chosen``: among places on the map the
    player chooses and a host takes the first, the deck untouched; a tie that is no
    place (equal Lab spaces) is drawn with his solo cards, as R-TIE-2 says."""
    bot = bot_with((8, 7), options=Options(tie_policy=TiePolicy.CHOSEN))
    placed = tie(bot, ["H1", "H2"], rule=TiedRule.BUILD_SITE)
    assert placed.index == 0
    assert placed.bot == bot
    assert placed.record is not None
    assert placed.record.policy is TiePolicy.CHOSEN
    assert placed.record.rounds == ()
    drawn = tie(bot, ["c3-top", "c3-middle"], rule=TiedRule.LAB_SPACE)
    assert drawn.index == 1  # card 8 (action 3) passed over, card 7 (action 2)
    assert drawn.record is not None
    assert drawn.record.policy is TiePolicy.CARDS
    assert drawn.bot.events == bot.events + 1


def test_r_tie_3_empty_pile_reshuffles_discard_and_counts_a_pass() -> None:
    """R-TIE-3: an empty draw pile takes the discard pile; the pass count goes up (option)."""
    bot = BotState(seed=4, events=1, draw_pile=(), discard_pile=tuple(range(1, 13)))
    result = tie(bot, ["a", "b"], rule=TiedRule.BUILD_SITE)
    record = result.record

    assert record is not None
    assert record.rounds[0].reshuffled is True
    assert result.bot.pass_count == 2
    assert result.bot.discard_pile == ()
    assert sorted(result.bot.draw_pile) == list(range(1, 13))
    assert result.bot.events == 3


def test_r_tie_3_reshuffle_need_not_count_as_pass() -> None:
    """R-TIE-3: with tie_reshuffle_counts_as_pass false the pass count stays."""
    options = Options(tie_reshuffle_counts_as_pass=False)
    bot = BotState(
        seed=4,
        events=1,
        draw_pile=(),
        discard_pile=tuple(range(1, 13)),
        options=options,
    )

    assert tie(bot, ["a", "b"], rule=TiedRule.BUILD_SITE).bot.pass_count == 1


def test_r_tie_3_mid_round_reshuffle_keeps_revealed_cards() -> None:
    """R-TIE-3, R-TIE-4: cards revealed before the reshuffle still return to the new draw pile."""
    bot = BotState(seed=2, events=1, draw_pile=(12,), discard_pile=tuple(range(1, 12)))
    result = tie(bot, ["a", "b"], rule=TiedRule.BUILD_SITE)
    record = result.record

    assert record is not None
    assert record.rounds[0].revealed[0] == 12
    assert sorted(result.bot.draw_pile) == list(range(1, 13))


def test_r_tie_5_group_sizes() -> None:
    """R-TIE-5: sizes floor(n/3)+1 for the first n mod 3 groups, floor(n/3) for the rest."""
    assert group_sizes(4) == (2, 1, 1)
    assert group_sizes(5) == (2, 2, 1)
    assert group_sizes(7) == (3, 2, 2)
    assert group_sizes(10) == (4, 3, 3)


def test_r_tie_5_spec_example_seven_options() -> None:
    """R-TIE-5: n = 7 -> groups {1,2,3},{4,5},{6,7}; a 2 picks {4,5}; then a 1 picks option 4."""
    bot = bot_with((7, 1))
    # after round 1 the pile is shuffled; choose a seed whose shuffle puts an action-1 card on top
    result = tie(bot, OPTIONS[:7], rule=TiedRule.BUILD_SITE)
    record = result.record

    assert record is not None
    first = record.rounds[0]
    assert first.groups == ((1, 3), (4, 5), (6, 7))
    assert first.revealed == (7,)
    assert first.chosen_group == 2
    second = record.rounds[1]
    assert second.groups == ((4, 4), (5, 5))
    assert result.index + 1 in (4, 5)
    assert result.index + 1 == second.groups[second.chosen_group - 1][0]


def test_r_tie_6_uniform_leaves_the_deck() -> None:
    """R-TIE-6: the uniform policy picks index int(random * n) and leaves the piles alone."""
    bot = new_bot(9, Options(tie_policy=TiePolicy.UNIFORM))
    result = tie(bot, OPTIONS[:4], rule=TiedRule.BUILD_SITE)

    assert result.bot.draw_pile == bot.draw_pile
    assert result.bot.events == bot.events + 1
    assert result.record is not None
    assert result.record.policy is TiePolicy.UNIFORM
    assert result.record.rounds[0].revealed == ()


def test_r_tie_8_record_names_rule_options_and_choice() -> None:
    """R-TIE-8: the record holds the rule, the ordered options, merges, policy and choice."""
    result = tie(new_bot(2), ["x", "y", "z"], rule=TiedRule.ROVER_TARGET, merged=["w"])
    record = result.record

    assert record is not None
    assert record.rule == "R-ROVER-3"
    assert record.options == ("x", "y", "z")
    assert record.merged == ("w",)
    assert record.policy is TiePolicy.CARDS
    assert record.chosen == result.index + 1


@given(seeds(), st.integers(2, 10), st.sampled_from(TiePolicy))
def test_tie_break_conserves_cards_and_stays_in_range(
    seed: int, n: int, policy: TiePolicy
) -> None:
    """R-DECK-4: a tie-break of any size keeps the 12 cards; the choice is one of the options."""
    bot = attrs.evolve(new_bot(seed), options=Options(tie_policy=policy))
    result = tie(bot, OPTIONS[:n], rule=TiedRule.BUILD_SITE)

    assert 0 <= result.index < n
    assert sorted(result.bot.draw_pile + result.bot.discard_pile) == list(range(1, 13))
    assert tie(bot, OPTIONS[:n], rule=TiedRule.BUILD_SITE) == result


def _odds(n: int, trials: int) -> list[float]:
    counts = Counter(
        tie(new_bot(seed), OPTIONS[:n], rule=TiedRule.BUILD_SITE).index
        for seed in range(trials)
    )
    return [counts[i] / trials for i in range(n)]


def test_r_tie_2_three_option_odds() -> None:
    """R-TIE-2: from a full deck the odds of 3 options are 5/12, 4/12, 3/12 (within 0.02)."""
    odds = _odds(3, 20_000)

    for got, expected in zip(odds, (5 / 12, 4 / 12, 3 / 12), strict=True):
        assert abs(got - expected) <= 0.02


def test_r_tie_2_two_option_odds() -> None:
    """R-TIE-2: from a full deck the odds of 2 options are 5/9, 4/9 (within 0.02)."""
    odds = _odds(2, 20_000)

    for got, expected in zip(odds, (5 / 9, 4 / 9), strict=True):
        assert abs(got - expected) <= 0.02
