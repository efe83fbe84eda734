"""Tie-breaks (R-TIE): solo cards or a uniform pick choose among equal options.

Options reach this module already numbered in canonical order, after the
rule's own criteria and after merging options with identical outcomes
(R-TIE-1). The card procedure (R-TIE-2..5) changes the draw pile; the uniform
policy (R-TIE-6) leaves the deck alone.
"""

from collections.abc import Sequence
from typing import assert_never, final

import attrs

from lacerda_bot._deck import card_by_id, shuffled, uniform_pick
from lacerda_bot._facts import Numbered
from lacerda_bot._state import Turned, WorkingBot, drawn
from lacerda_bot._ties import TiedRule
from lacerda_bot.options import TiePolicy
from lacerda_bot.trace import LISTED_OPTIONS, TieBreak, TieRound

__all__ = ["TieResult", "break_tie", "group_sizes", "listed"]


@final
@attrs.frozen(kw_only=True)
class TieResult:
    """The chosen option (0-based) and the record of the tie-break."""

    index: int
    record: TieBreak | None
    """``None`` when there was a single option and nothing to break."""


def group_sizes(n: int) -> tuple[int, int, int]:
    """R-TIE-5: sizes of the 3 groups n > 3 options split into.

    >>> group_sizes(7), group_sizes(4), group_sizes(10)
    ((3, 2, 2), (2, 1, 1), (4, 3, 3))
    """
    base, extra = divmod(n, 3)
    sizes = tuple(base + 1 if i < extra else base for i in range(3))
    return (sizes[0], sizes[1], sizes[2])


def break_tie(
    bot: WorkingBot,
    options: Sequence[str] | Numbered,
    *,
    rule: TiedRule,
    merged: Sequence[str] = (),
    turned: Turned | None = None,
) -> TieResult:
    """Choose one of *options* (canonical order) by the bot's ``tie_policy`` (R-TIE-1..6).

    One option needs nothing. With ``cards``, at most 3 options are decided by
    one reveal round (R-TIE-2) and more by groups of three (R-TIE-5); with
    ``uniform``, one random event picks (R-TIE-6); with ``chosen``, the player
    chose among places on the map and a host takes the first (R-TIE-1), the deck
    untouched, while other ties draw cards. A reveal turns up the top card, or
    with *turned* the card it names (the player's own deck). *options* may be a
    :class:`~lacerda_bot._facts.Numbered` too many to list: the rounds work on
    runs of option numbers, and the record lists the first
    :data:`~lacerda_bot.trace.LISTED_OPTIONS` labels.
    """
    numbered = options if isinstance(options, Numbered) else Numbered.of(options)
    n = numbered.count
    if n == 1:
        return TieResult(index=0, record=None)
    policy = bot.options.tie_policy
    if policy is TiePolicy.CHOSEN and not rule.is_place:
        policy = TiePolicy.CARDS  # the player places only among places (R-TIE-1)
    rounds: tuple[TieRound, ...]
    match policy:
        case TiePolicy.UNIFORM:
            event = bot.next_event()
            index = uniform_pick(n, seed=bot.seed, event=event)
            rounds = (
                TieRound(groups=((1, n),), chosen_group=1, random_events=(event,)),
            )
        case TiePolicy.CARDS:
            index, rounds = _card_tie(bot, n, turned)
        case TiePolicy.CHOSEN:
            index, rounds = 0, ()
        case _:
            assert_never(policy)
    record = TieBreak(
        rule=rule.value,
        options=listed(numbered),
        count=n,
        merged=tuple(merged),
        policy=policy,
        rounds=rounds,
        chosen=index + 1,
    )
    return TieResult(index=index, record=record)


def listed(options: Numbered) -> tuple[str, ...]:
    """The labels a tie record lists: all, or the first :data:`LISTED_OPTIONS`."""
    return tuple(options.label(i) for i in range(min(options.count, LISTED_OPTIONS)))


_Run = tuple[int, int]
"""A run of consecutive option numbers, first and last (1-based)."""


def _card_tie(
    bot: WorkingBot, n: int, turned: Turned | None
) -> tuple[int, tuple[TieRound, ...]]:
    """Narrow options 1..*n* to one by card rounds (R-TIE-2, R-TIE-5)."""
    rounds: list[TieRound] = []
    first, last = 1, n
    while first < last:
        groups = _split((first, last))
        chosen, tie_round = _card_round(bot, groups, turned)
        rounds.append(tie_round)
        first, last = groups[chosen]
    return first - 1, tuple(rounds)


def _split(run: _Run) -> tuple[_Run, ...]:
    """R-TIE-2, R-TIE-5: up to 3 options one each; more in 3 consecutive groups."""
    first, last = run
    n = last - first + 1
    if n <= 3:
        return tuple((number, number) for number in range(first, last + 1))
    a, b, _ = group_sizes(n)
    return (
        (first, first + a - 1),
        (first + a, first + a + b - 1),
        (first + a + b, last),
    )


def _card_round(
    bot: WorkingBot, groups: tuple[_Run, ...], turned: Turned | None
) -> tuple[int, TieRound]:
    """Reveal until a card's action <= len(groups) (R-TIE-2), then shuffle back (R-TIE-4)."""
    draw, discard = list(bot.draw_pile), bot.discard_pile
    passes = bot.pass_count
    used: list[int] = []
    revealed: list[int] = []
    reshuffled = False
    while True:
        if not draw:  # R-TIE-3: the discard pile becomes the draw pile
            if not discard:  # pragma: no cover - 4 action-1 cards are always out
                raise RuntimeError("no card left to reveal")
            event = bot.next_event()
            draw, discard = list(shuffled(discard, seed=bot.seed, event=event)), ()
            used.append(event)
            reshuffled = fresh = True
            passes += 1 if bot.options.tie_reshuffle_counts_as_pass else 0
        else:
            fresh = False
        card = draw[0] if turned is None else turned(tuple(draw), fresh)
        draw = list(drawn(tuple(draw), card))
        revealed.append(card)
        action = card_by_id(card).action
        if action <= len(groups):
            break
    event = bot.next_event()
    pile = shuffled([*draw, *revealed], seed=bot.seed, event=event)
    used.append(event)
    bot.deal(pile, discard, passes)
    tie_round = TieRound(
        groups=groups,
        revealed=tuple(revealed),
        chosen_group=action,
        reshuffled=reshuffled,
        random_events=tuple(used),
    )
    return action - 1, tie_round
