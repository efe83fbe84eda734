"""Play: the working state of one decision-making call, and the call's scaffolding.

A call threads one :class:`Play` through the rules: the facts (the working
copy of the board, R-SETUP-5), the bot state (deck, pointer, random counter)
and the decisions emitted so far. :meth:`Play.emit` is the only way a
decision enters the result, and it tells the facts first, so every later fact
reflects every decision before it. A :class:`Play` is private to its call and
changes in place; what leaves the call (:class:`~lacerda_bot.outcome.Outcome`)
is frozen.

:func:`run_call` is the scaffolding of every call: it checks the bot state,
runs the call's body, and packages the result. An observer, if given, sees
every decision and every tie-break as it happens: a table companion shows
them before it asks its next question.

:func:`rules_trace` is a memo keyed by value (a tuple of rule-ID strings) that
returns a frozen :class:`~lacerda_bot.trace.Trace`: it reads no board, so no
board's change can make it stale.
"""

import functools
from collections.abc import Callable, Sequence
from typing import Generic, TypeAlias, assert_never

from lacerda_bot import _queries as q
from lacerda_bot._deck import uniform_pick
from lacerda_bot._facts import PLACED, Choice, Facts, Numbered
from lacerda_bot._rules.tiebreak import break_tie, listed
from lacerda_bot._state import BotState, Turned, WorkingBot
from lacerda_bot._ties import PickedRule, TiedRule
from lacerda_bot.decisions import AdvanceProgressBot, Construct, D, Decision
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.model import Gain
from lacerda_bot.options import Options, SoloDeck, TiePolicy
from lacerda_bot.outcome import CallKind, CallTrace, Outcome
from lacerda_bot.trace import Explanation, TieBreak, TieRound, Trace

__all__ = [
    "Event",
    "GainResolver",
    "Observer",
    "Play",
    "check_bot",
    "rules_trace",
    "run_call",
]

Event: TypeAlias = Decision[D] | TieBreak
"""What an observer sees: a decision emitted, or a tie-break as it is broken."""
Observer: TypeAlias = Callable[[Event[D]], None]
"""A callback that sees each :data:`Event` of a call as it happens."""


@functools.lru_cache(maxsize=256)
def rules_trace(rules: tuple[str, ...]) -> Trace:
    """``Trace(rules=rules)``, one shared value per *rules* (R-TURN-10).

    Most decisions' traces name rules only, from a few dozen tuples; a
    :class:`~lacerda_bot.trace.Trace` is frozen, so equal ones may be the same
    object (a lookup instead of building one, some 4 times a turn).
    """
    return Trace(rules=rules)


class Play(Generic[D]):
    """The facts, the bot and the decisions of one call so far (mutable, call-private)."""

    __slots__ = (
        "bot",
        "card",
        "decisions",
        "depth",
        "facts",
        "notes",
        "observe",
        "reshuffled",
    )

    def __init__(
        self, facts: Facts[D], bot: BotState, observe: Observer[D] | None = None
    ) -> None:
        """Start a call's working state from *facts* and *bot*."""
        self.facts = facts
        self.observe = observe
        self.bot = WorkingBot(bot)
        """The bot state as the call moves it (built into a BotState at its end)."""
        self.decisions: list[Decision[D]] = []
        self.notes: list[str] = []
        self.card: int | None = None
        self.reshuffled = False
        self.depth = 0
        """How many gains are being resolved one inside another (T6)."""

    @property
    def options(self) -> Options:
        """The options pinned in the bot state (R-SETUP-6)."""
        return self.bot.options

    def emit(self, *decisions: Decision[D]) -> None:
        """Append *decisions*, telling the facts and moving the pointer (R-SETUP-5)."""
        for decision in decisions:
            self.facts.apply(decision)
            match decision:
                case Construct():
                    self.bot.point(decision.pointer_after)
                case AdvanceProgressBot():
                    self.bot.point(decision.after)
                case _:
                    pass
            self.decisions.append(decision)
            if self.observe is not None:
                self.observe(decision)

    def amend(self, position: int, decision: Decision[D]) -> None:
        """Replace the decision at *position* by *decision*, with the same board effect.

        Only R-COLONY-4 does this: whose Upgrade Tech allowed the extra
        upgrades is known only once they are all made.
        """
        self.decisions[position] = decision

    def insert(self, position: int, decision: Decision[D]) -> None:
        """Put *decision* at *position*; it must have no board effect (``GiveOxygen``)."""
        self.facts.apply(decision)
        self.decisions.insert(position, decision)
        if self.observe is not None:
            self.observe(decision)

    def explained(
        self,
        rules: tuple[str, ...],
        explain: Callable[[Facts[D]], Explanation],
        *,
        tie_breaks: tuple[TieBreak, ...] = (),
        note: str = "",
        later: Callable[[], Explanation] | None = None,
    ) -> Trace:
        """A decision's trace, its candidates and removals from *explain* (R-TURN-10).

        On a board, *explain* runs when the trace's candidates or removals are
        first read, on the board as it is now (most hosts never read them);
        the table's facts explain at once. *explain* may call only the facts'
        explanation methods (candidates, removals): those read the board and
        the options alone, and a deferred one runs on fresh facts of that board,
        which know neither what a decision referred to nor the read log.
        *later* is *explain* deferred earlier (:meth:`Facts.later`), on the board
        as it was then.
        """
        if later is None:
            later = self.facts.later(explain)
        if later is None:
            candidates, removed = explain(self.facts)
            return Trace(
                rules=rules,
                candidates=candidates,
                removed=removed,
                tie_breaks=tie_breaks,
                note=note,
            )
        return Trace.explained_later(rules, later, tie_breaks=tie_breaks, note=note)

    def note(self, text: str) -> None:
        """Record a rule note that produces no decision (e.g. R-MISSION-2)."""
        self.notes.append(text)

    def tie(
        self,
        labels: Sequence[str] | Numbered,
        *,
        rule: TiedRule,
        merged: Sequence[str] = (),
    ) -> tuple[int, tuple[TieBreak, ...]]:
        """Break a tie among *labels* (canonical order, R-TIE); the index and the record.

        One option is no tie: nothing is drawn and nothing recorded (R-TIE-1).
        """
        n = labels.count if isinstance(labels, Numbered) else len(labels)
        if n == 1:
            return 0, ()
        result = break_tie(
            self.bot, labels, rule=rule, merged=merged, turned=self.turned(tie=True)
        )
        if result.record is None:
            return result.index, ()
        if self.observe is not None:
            self.observe(result.record)
        return result.index, (result.record,)

    def turned(self, *, tie: bool) -> Turned | None:
        """Which card a reveal turns up (R-DECK-2, R-TIE-2).

        The seeded top (``None``), or with ``solo_deck = physical`` the card the
        facts name.
        """
        match self.options.solo_deck:
            case SoloDeck.SEEDED:
                return None
            case SoloDeck.PHYSICAL:
                facts = self.facts
                return lambda pile, reshuffled: facts.answer(
                    q.RevealedCard(pile, reshuffled, tie)
                )
            case unreachable:
                assert_never(unreachable)

    @property
    def player_places(self) -> bool:
        """Whether the player chooses among equal places (``tie_policy = chosen``).

        Then a rule that picks a place on the map reads no count of them: the
        table states the criterion and the player places (R-TIE-1, note of 1.3);
        a host takes the first in canonical order (:data:`PLACED`). Other ties
        (display cards, Tech tiles, Lab spaces) still draw his solo cards.
        """
        return self.options.tie_policy is TiePolicy.CHOSEN

    def choice(self, index: int, of: int, rule: TiedRule) -> Choice:
        """Option *index* of *of* tied by *rule*; :data:`PLACED` where the player chose."""
        if of > 1 and self.player_places and rule.is_place:
            return PLACED
        return Choice(index=index, of=of)

    def pick(self, n: int, *, rule: PickedRule) -> tuple[int, int]:
        """A uniform pick among *n* options (R-DECK-1, R-TIE-7): the index and the event.

        The observer sees it as a tie-break record of the ``uniform`` policy.
        """
        event = self.bot.next_event()
        index = uniform_pick(n, seed=self.bot.seed, event=event)
        if self.observe is not None:
            self.observe(
                TieBreak(
                    rule=rule.value,
                    options=listed(Numbered(n, lambda i: str(i + 1))),
                    count=n,
                    policy=TiePolicy.UNIFORM,
                    rounds=(
                        TieRound(
                            groups=((1, n),), chosen_group=1, random_events=(event,)
                        ),
                    ),
                    chosen=index + 1,
                )
            )
        return index, event


GainResolver: TypeAlias = Callable[[Play[D], Sequence[Gain], str], None]
"""Resolves gains in listed order (T6); :mod:`lacerda_bot._rules.gains` supplies it,
so the action modules that meet a gain need not import it (a one-way graph)."""


def check_bot(bot: object) -> None:
    """Check that *bot* is a bot state between calls (no card in progress, R-DECK-3).

    Raises:
        InvalidValueError: it is not; names the field.
    """
    if not isinstance(bot, BotState):
        raise InvalidValueError("bot", "a BotState", bot)
    if bot.current_card is not None:
        raise InvalidValueError(
            "bot.current_card", "None between calls", bot.current_card
        )


def run_call(
    call: CallKind,
    bot: BotState,
    facts: Facts[D],
    body: Callable[[Play[D]], None],
    observe: Observer[D] | None = None,
) -> Outcome[D]:
    """Run one decision-making call: check *bot*, run *body*, package the result.

    Raises:
        InvalidValueError: *bot* is not a bot state between calls.
    """
    check_bot(bot)
    play = Play(facts, bot, observe)
    body(play)
    after = play.bot.state()
    trace = CallTrace(
        call=call,
        options=play.bot.options,
        card=play.card,
        pass_count=play.bot.pass_count,
        reshuffled=play.reshuffled,
        random_events=tuple(range(bot.events, after.events)),
        notes=tuple(play.notes),
    )
    return Outcome(bot=after, decisions=tuple(play.decisions), trace=trace)
