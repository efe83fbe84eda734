from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lacerda_bot import (
    SOLO_CARDS,
    BotState,
    InvalidValueError,
    Options,
    new_bot,
    redacted,
    take_turn,
)
from lacerda_bot import _queries as q
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._deck import (
    card_by_id,
    check_seed,
    random_value,
    shuffled,
    uniform_pick,
)
from lacerda_bot._rules import turn
from lacerda_bot._rules.tiebreak import break_tie
from lacerda_bot._state import WorkingBot
from lacerda_bot._ties import TiedRule
from lacerda_bot.decisions import AdvanceMission, RevealCard
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.model import MissionSlot, next_in_sequence
from lacerda_bot.options import SoloDeck, TiePolicy
from lacerda_bot.testing import apply, reference_board, small_board

from .helpers_strategies import bot_states, seeds


def test_solo_cards_match_table_t1() -> None:
    """T1: 4 cards per letter; actions 1x5, 2x4, 3x3; one X per letter (A-2, B-3, C-1)."""
    letters = Counter(c.mission for c in SOLO_CARDS)
    actions = Counter(c.action for c in SOLO_CARDS)
    xs = sorted((c.mission.value, c.action) for c in SOLO_CARDS if not c.travels)

    assert [c.id for c in SOLO_CARDS] == list(range(1, 13))
    assert letters == {MissionSlot.A: 4, MissionSlot.B: 4, MissionSlot.C: 4}
    assert actions == {1: 5, 2: 4, 3: 3}
    assert xs == [("a", 2), ("b", 3), ("c", 1)]
    assert [c.id for c in SOLO_CARDS if not c.travels] == [3, 8, 10]


def test_r_deck_1_test_vector() -> None:
    """R-DECK-1: seed 0, event 0 shuffles 1..12 into the spec's test vector."""
    assert int(random_value(0, 0) * 100_000) == 93317
    assert shuffled(range(1, 13), seed=0, event=0) == (
        7,
        4,
        9,
        2,
        11,
        3,
        10,
        8,
        6,
        5,
        1,
        12,
    )


def test_r_setup_6_new_bot_uses_event_0() -> None:
    """R-SETUP-6: pass 1, pointer Mine, no recent card, draw pile = the event-0 shuffle."""
    bot = new_bot(0)

    assert bot.draw_pile == (7, 4, 9, 2, 11, 3, 10, 8, 6, 5, 1, 12)
    assert bot.discard_pile == ()
    assert bot.pass_count == 1
    assert bot.pointer.value == "mine"
    assert bot.last_card is None
    assert bot.events == 1


@pytest.mark.parametrize("bad", [-1, 2**63, True, 1.5, "3", None])
def test_r_deck_1_seed_is_validated(bad: object) -> None:
    """R-DECK-1: a seed outside 0 <= seed < 2**63, or not an int, is refused."""
    with pytest.raises(InvalidValueError, match="seed"):
        new_bot(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        check_seed(bad)


def test_uniform_pick_refuses_no_options() -> None:
    """R-DECK-1: a pick among zero options is a misuse."""
    with pytest.raises(InvalidValueError):
        uniform_pick(0, seed=1, event=1)


def test_card_by_id_refuses_unknown_ids() -> None:
    """T1 ids are 1..12."""
    with pytest.raises(InvalidValueError):
        card_by_id(13)


@given(seeds())
def test_new_bot_holds_the_12_cards(seed: int) -> None:
    """R-DECK-4: a new bot's draw pile is a permutation of the 12 cards."""
    assert sorted(new_bot(seed).draw_pile) == list(range(1, 13))


def test_r_deck_2_reshuffle_on_turn_13_starts_pass_2() -> None:
    """R-DECK-2, R-DECK-3: turns 1-12 are pass 1; turn 13 reshuffles and its card moves a Mission.

    Uniform tie-breaks leave the deck alone, so no tie can reshuffle early.
    """
    board = reference_board()
    bot = new_bot(5, Options(tie_policy=TiePolicy.UNIFORM))
    seen: list[int | None] = []
    for _ in range(12):
        outcome = take_turn(bot, board)
        board, bot = apply(board, outcome.decisions), outcome.bot
        seen.append(outcome.trace.card)
        assert bot.last_card == outcome.trace.card
        assert bot.discard_pile[-1] == outcome.trace.card
        assert bot.pass_count == 1

    assert bot.draw_pile == ()
    assert sorted(c for c in seen if c is not None) == list(range(1, 13))
    outcome = take_turn(bot, board)
    reveal = outcome.decisions[0]
    assert isinstance(reveal, RevealCard)
    assert reveal.reshuffled is True
    assert outcome.bot.pass_count == 2
    assert isinstance(outcome.decisions[1], AdvanceMission)


def test_r_deck_2_never_reshuffles_when_the_last_card_is_drawn() -> None:
    """R-DECK-2: the 12th turn empties the pile and leaves it empty."""
    board = small_board()
    rest = tuple(c for c in range(1, 13) if c != 11)
    bot = BotState(seed=0, events=1, draw_pile=(11,), discard_pile=rest)
    outcome = take_turn(bot, board)

    assert outcome.bot.draw_pile == ()
    assert outcome.bot.pass_count == 1
    assert outcome.trace.reshuffled is False


def test_r_deck_5_redacted_view_hides_draw_order() -> None:
    """R-DECK-5: the redacted view shows the pile size, never its order."""
    bot = new_bot(3)
    view = redacted(bot)

    assert view.draw_pile_size == 12
    assert not hasattr(view, "draw_pile")
    assert view.pointer is bot.pointer
    assert view.pass_count == 1


@settings(deadline=None)  # slow on purpose: up to 30 whole turns per example
@given(seeds(), st.integers(1, 30))
def test_cards_are_conserved_over_turns(seed: int, turns: int) -> None:
    """R-DECK-4: draw + discard are the 12 cards after any number of turns and tie-breaks."""
    board = reference_board()
    bot = new_bot(seed)
    for _ in range(turns):
        outcome = take_turn(bot, board)
        board = apply(board, outcome.decisions)
        bot = outcome.bot

        assert sorted(bot.draw_pile + bot.discard_pile) == list(range(1, 13))
        assert bot.current_card is None


def test_reveal_and_discard_need_the_right_moment() -> None:
    """R-DECK-2, R-DECK-3: reveal only between turns, discard only during one."""
    import pytest

    from lacerda_bot import new_bot
    from lacerda_bot.errors import InvalidValueError

    bot = new_bot(0)
    with pytest.raises(InvalidValueError, match="current_card"):
        WorkingBot(bot).discard()
    working = WorkingBot(bot)
    card, _ = working.reveal()
    during = working.state()
    with pytest.raises(InvalidValueError, match="current_card"):
        WorkingBot(during).reveal()
    ending = WorkingBot(during)
    ending.discard()
    after = ending.state()
    assert (after.last_card, after.discard_pile, after.current_card) == (
        card,
        (card,),
        None,
    )


# --- a call's working bot state (R-DECK-2..4, R-TIE-3..4) ------------------------


def test_a_call_that_moves_nothing_gives_back_the_bot_state_it_was_given() -> None:
    bot = new_bot(5)
    working = WorkingBot(bot)
    working.point(bot.pointer)  # no move
    assert working.state() is bot


@given(
    bot=bot_states(),
    turns=st.lists(st.lists(st.integers(1, 9), max_size=3), min_size=1, max_size=30),
)
def test_the_moves_of_whole_turns_keep_the_twelve_cards(
    bot: BotState, turns: list[list[int]]
) -> None:
    """R-DECK-2..4: reveal (reshuffling an empty pile), ties (cards or uniform, with
    reshuffles inside them, R-TIE-3), the pointer along T2, the discard: the state
    each turn ends in is built through every check of a BotState, and is a turn on."""
    for ties in turns:
        working = WorkingBot(bot)
        card, _ = working.reveal()
        for n in ties:
            break_tie(working, [str(i) for i in range(n)], rule=TiedRule.BUILD_SITE)
        working.point(next_in_sequence(working.pointer))
        working.discard()
        after = working.state()
        assert after.current_card is None
        assert after.last_card == card
        assert after.discard_pile[-1] == card
        assert after.events >= bot.events
        assert after.pass_count >= bot.pass_count
        assert sorted(after.draw_pile + after.discard_pile) == list(range(1, 13))
        bot = after


def test_revealing_with_a_card_in_progress_is_refused_naming_it() -> None:
    working = WorkingBot(new_bot(5))
    working.reveal()
    with pytest.raises(InvalidValueError, match=r"bot\.current_card"):
        working.reveal()


def test_discarding_with_no_card_in_progress_is_refused_naming_it() -> None:
    with pytest.raises(InvalidValueError, match=r"bot\.current_card"):
        WorkingBot(new_bot(5)).discard()


class _OwnDeck:
    """The reference board's facts, but the player names each card turned up.

    *pick* picks among the candidates (the ids the draw pile holds); every
    ``RevealedCard`` read is kept in *asked*.
    """

    def __init__(self, facts: Any, pick: Callable[[tuple[int, ...]], int]) -> None:
        self.facts, self.pick = facts, pick
        self.asked: list[q.RevealedCard] = []

    def answer(self, query: Any) -> Any:
        if isinstance(query, q.RevealedCard):
            self.asked.append(query)
            return self.pick(query.candidates)
        return self.facts.answer(query)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.facts, attribute)


OWN_DECK = Options(solo_deck=SoloDeck.PHYSICAL)


def _own_turn(
    bot: BotState, board: Any, pick: Callable[[tuple[int, ...]], int]
) -> tuple[Any, _OwnDeck]:
    facts = _OwnDeck(BoardFacts.read(board, bot.options), pick)
    return turn.take_turn(bot, facts), facts


def test_r_deck_2_with_his_own_deck_the_card_named_is_revealed() -> None:
    """``solo_deck = physical``: the player says which card he turned up; the piles
    follow (R-DECK-3, R-DECK-4), whatever the seeded order would have given."""
    bot = new_bot(4, OWN_DECK)
    last = bot.draw_pile[-1]
    outcome, facts = _own_turn(bot, reference_board(), lambda pile: pile[-1])

    assert outcome.trace.card == last
    assert facts.asked[0] == q.RevealedCard(bot.draw_pile, False, False)
    assert sorted(outcome.bot.draw_pile) == sorted(bot.draw_pile[:-1])  # ties reshuffle
    assert outcome.bot.discard_pile == (last,)


def test_r_deck_2_a_card_not_in_his_draw_pile_is_refused() -> None:
    """A card already discarded cannot be turned up: refused, naming the faces left."""
    rest = tuple(c for c in range(1, 13) if c != 7)
    bot = BotState(
        seed=0, events=1, draw_pile=rest, discard_pile=(7,), options=OWN_DECK
    )
    with pytest.raises(InvalidHostStateError, match=r"revealed_card.*B3 X.*got 7"):
        _own_turn(bot, reference_board(), lambda pile: 7)


@settings(deadline=None)  # whole turns, several per example
@given(seeds(), st.randoms(use_true_random=False), st.integers(1, 26))
def test_his_own_deck_keeps_the_twelve_cards_and_the_passes(
    seed: int, random: Any, turns: int
) -> None:
    """R-DECK-2..4 with any cards named: the 12 cards each once, a reshuffle said to
    the player exactly when the draw pile is empty, tie reveals asked too (R-TIE-2)."""
    board = reference_board()
    bot = new_bot(seed, OWN_DECK)
    for _ in range(turns):
        before = bot
        outcome, facts = _own_turn(bot, board, random.choice)
        board, bot = apply(board, outcome.decisions), outcome.bot

        assert sorted(bot.draw_pile + bot.discard_pile) == list(range(1, 13))
        first = facts.asked[0]
        assert first.tie is False
        assert first.reshuffled is (before.draw_pile == ())
        assert outcome.trace.card in first.candidates
        assert all(query.tie for query in facts.asked[1:])
        ties = [
            t
            for d in outcome.decisions
            for t in d.trace.tie_breaks
            if t.policy is TiePolicy.CARDS
        ]
        assert len(facts.asked) == 1 + sum(
            len(r.revealed) for t in ties for r in t.rounds
        )
