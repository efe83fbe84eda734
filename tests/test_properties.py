"""Whole-call properties of take_turn: determinism, purity, legality, Crystals, conservation."""

from hypothesis import given

from lacerda_bot import (
    Board,
    BotState,
    colony_level_up,
    dumps,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot.decisions import Construct, GainCrystals, MoveRover, PayCrystals
from lacerda_bot.model import next_in_sequence
from lacerda_bot.testing import apply, why_illegal

from .helpers_strategies import bot_states, host_states


@given(host_states(), bot_states())
def test_take_turn_is_deterministic(board: Board, bot: BotState) -> None:
    """R-SETUP-3: the same bot and view give the same outcome."""
    assert take_turn(bot, board) == take_turn(bot, board)


@given(host_states(), bot_states())
def test_take_turn_leaves_its_inputs_unchanged(board: Board, bot: BotState) -> None:
    """R-SETUP-3: no call changes the view or the bot state it was given."""
    before = (dumps(board), dumps(bot))
    take_turn(bot, board)

    assert (dumps(board), dumps(bot)) == before


@given(host_states(), bot_states())
def test_every_decision_is_legal_where_it_is_applied(
    board: Board, bot: BotState
) -> None:
    """Legality: each decision passes why_illegal on the board as the host holds it then."""
    outcome = take_turn(bot, board)
    here = board
    for decision in outcome.decisions:
        assert why_illegal(here, decision, bot.options) == ""
        here = apply(here, (decision,))


@given(host_states(), bot_states())
def test_crystals_spent_never_exceed_spendable(board: Board, bot: BotState) -> None:
    """R-CRYSTAL-3, R-COST-3: he spends at most the spendable Crystals (plus same-call gains if allowed)."""
    outcome = take_turn(bot, board)
    spent = sum(d.amount for d in outcome.decisions if isinstance(d, PayCrystals))
    gained = sum(d.kept for d in outcome.decisions if isinstance(d, GainCrystals))
    budget = board.spendable_crystals + (
        gained if bot.options.same_call_gains_spendable else 0
    )

    assert spent <= budget


@given(host_states(), bot_states())
def test_crystals_kept_fit_the_depot(board: Board, bot: BotState) -> None:
    """R-CRYSTAL-2: Crystals kept never exceed the free Depot spaces (payments free some)."""
    outcome = take_turn(bot, board)
    after = apply(board, outcome.decisions)

    assert after.free_depot_spaces >= 0
    assert after.spendable_crystals >= 0


@given(host_states(), bot_states())
def test_cards_are_conserved_through_any_turn(board: Board, bot: BotState) -> None:
    """R-DECK-4: after a turn (tie-breaks included) the piles hold the 12 cards, none in progress."""
    outcome = take_turn(bot, board)

    assert sorted(outcome.bot.draw_pile + outcome.bot.discard_pile) == list(
        range(1, 13)
    )
    assert outcome.bot.current_card is None
    assert outcome.bot.last_card == outcome.trace.card


@given(host_states(), bot_states())
def test_between_turn_calls_are_pure_deterministic_and_legal(
    board: Board, bot: BotState
) -> None:
    """R-SETUP-3: set-up, Shuttle phase and level-up are deterministic, pure and legal."""
    before = (dumps(board), dumps(bot))
    calls = [colony_level_up]
    if board.first_colonist_tiles:
        calls.append(setup)
    free = [
        s
        for s in board.turn_order_spaces
        if s.side is not board.side and not s.occupied
    ]
    if free or not board.shuttle_departs:
        calls.append(shuttle_phase)
    for call in calls:
        outcome = call(bot, board)
        assert call(bot, board) == outcome
        here = board
        for decision in outcome.decisions:
            assert why_illegal(here, decision, bot.options) == ""
            here = apply(here, (decision,))
        assert sorted(outcome.bot.draw_pile + outcome.bot.discard_pile) == list(
            range(1, 13)
        )
    assert (dumps(board), dumps(bot)) == before


@given(host_states(), bot_states())
def test_decision_fields_agree_with_their_rules(board: Board, bot: BotState) -> None:
    """R-BUILD-1, R-ROVER-5, R-ROVER-9, R-TURN-10: fields that rules tie together agree."""
    outcome = take_turn(bot, board)
    tiles = {t.tile.id: t.hex for t in board.map_tiles}
    for decision in outcome.decisions:
        assert decision.trace.rules
        assert all(rule.startswith("R-") for rule in decision.trace.rules)
        if isinstance(decision, Construct):
            assert decision.pointer_after is next_in_sequence(decision.building)
            assert decision.resulting_size == 1 + sum(decision.joined_sizes)
        if isinstance(decision, MoveRover):
            if not decision.reached:
                assert decision.crystals_paid == 0
            elif decision.path:
                assert decision.path[-1] == tiles[decision.target]
            assert set(decision.crystal_hexes) <= set(decision.path)
            assert set(decision.crystal_hexes) <= board.crystal_hexes


@given(host_states(), bot_states())
def test_tie_breaks_leave_the_discard_pile_alone(board: Board, bot: BotState) -> None:
    """R-TIE-4: tie-breaks only touch the discard pile through an R-TIE-3 reshuffle."""
    outcome = take_turn(bot, board)
    reshuffled = outcome.trace.reshuffled or any(
        r.reshuffled
        for d in outcome.decisions
        for t in d.trace.tie_breaks
        for r in t.rounds
    )
    if not reshuffled:
        assert outcome.bot.discard_pile == (*bot.discard_pile, outcome.trace.card)
