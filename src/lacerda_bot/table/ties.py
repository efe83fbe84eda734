"""Tie-breaks at the table (R-TIE): the player counts, the solo cards choose."""

from collections.abc import Sequence

import attrs

from lacerda_bot.deck import card_by_id
from lacerda_bot.options import TiePolicy
from lacerda_bot.table.dialogue import Proc, say
from lacerda_bot.table.state import TableState
from lacerda_bot.tiebreak import break_tie

__all__ = ["tie"]


def _round_words(policy: TiePolicy, revealed: Sequence[int], group: int) -> str:
    if policy is TiePolicy.UNIFORM:
        return f"seeded random pick: {group}"
    cards = ", ".join(f"{c} (action {card_by_id(c).action})" for c in revealed)
    return f"solo cards revealed: {cards} -> {group}"


def tie(
    state: TableState, n: int, rule: str, things: str, order: str
) -> Proc[tuple[TableState, int]]:
    """R-TIE-1..6: break a tie among *n* options the player numbered in *order*.

    Returns the state (its deck moved by the reveals) and the 0-based winner.
    """
    if n <= 1:
        return state, 0
    result = break_tie(state.bot, [f"{things} {i}" for i in range(1, n + 1)], rule=rule)
    assert result.record is not None  # for mypy: n >= 2 always makes a record
    record = result.record
    rounds = [
        _round_words(record.policy, r.revealed, r.chosen_group) for r in record.rounds
    ]
    how = "R-TIE-6" if record.policy is TiePolicy.UNIFORM else "R-TIE-2"
    rules = [rule, "R-TIE-1", how]
    if n > 3 and record.policy is TiePolicy.CARDS:
        rules.append("R-TIE-5")
    if any(r.reshuffled for r in record.rounds):
        rules.append("R-TIE-3")
    yield from say(
        f"Tie among {n} {things}: number them {order}; the tie-break picks "
        f"number {record.chosen}.",
        *rules,
        why=(
            *rounds,
            "revealed cards go back under the draw pile, then it is shuffled",
        ),
    )
    return attrs.evolve(state, bot=result.bot), result.index
