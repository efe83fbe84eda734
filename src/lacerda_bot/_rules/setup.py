"""The start of the game for Lacerda (R-SETUP-7, R-SETUP-8)."""

from lacerda_bot import _queries as q
from lacerda_bot._facts import Choice, Facts
from lacerda_bot._rules.gains import resolve_gains
from lacerda_bot._rules.play import Observer, Play, run_call
from lacerda_bot._state import BotState
from lacerda_bot._ties import PickedRule
from lacerda_bot.decisions import D, StartingSpace
from lacerda_bot.outcome import CallKind, Outcome
from lacerda_bot.trace import Trace

__all__ = ["setup"]


def setup(
    bot: BotState, facts: Facts[D], observe: Observer[D] | None = None
) -> Outcome[D]:
    """Draw his First Colonist tile and place him (R-SETUP-7), then its gain (R-SETUP-8).

    The tile is one uniform pick (R-DECK-1, R-TIE-7) among the tiles in the order
    of the spaces they name; his starting side is that space's side. With
    ``starting_space_benefit`` he takes the space's gain, and nothing else: no
    travel and no arrival steps.
    """

    def body(play: Play[D]) -> None:
        facts = play.facts
        count = facts.answer(q.FirstColonistTileCount())
        index, event = play.pick(count, rule=PickedRule.FIRST_COLONIST_TILE)
        choice = Choice(index=index, of=count)
        trace = Trace(
            rules=("R-SETUP-7", "R-DECK-1", "R-TIE-7"), note=f"random event {event}"
        )
        start = StartingSpace(
            space=facts.name(q.StartingSpaceId(choice)),
            side=facts.answer(q.StartingSide(choice)),
            trace=trace,
        )
        play.emit(start)
        if play.options.starting_space_benefit:
            resolve_gains(
                play, facts.answer(q.SpaceGains()), f"starting space {start.space}"
            )
        else:
            play.note("R-SETUP-8: starting_space_benefit is off; no gain taken")

    return run_call(CallKind.SETUP, bot, facts, body, observe)
