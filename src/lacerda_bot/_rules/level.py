"""Colony level-up for Lacerda (R-LEVEL-1..6): a Shelter, a Ship, a Bot."""

from lacerda_bot import _queries as q
from lacerda_bot._facts import Facts
from lacerda_bot._rules.building import perform_shelter, plan_shelter
from lacerda_bot._rules.play import Observer, Play, rules_trace, run_call
from lacerda_bot._state import BotState
from lacerda_bot.decisions import D, GainBot, GainShip
from lacerda_bot.outcome import CallKind, Outcome

__all__ = ["colony_level_up"]


def colony_level_up(
    bot: BotState, facts: Facts[D], observe: Observer[D] | None = None
) -> Outcome[D]:
    """What he does when the Colony levels up (R-LEVEL-1..6), once per level gained.

    In order (R-LEVEL-6): he builds a Shelter, as a Complex if he can
    (R-LEVEL-2; the pointer stays unless ``shelter_moves_pointer``, R-LEVEL-3),
    gains a Ship (R-LEVEL-4) and a Bot (R-LEVEL-5); each is skipped, with a
    note in the trace, when its component is exhausted.
    """

    def body(play: Play[D]) -> None:
        why = plan_shelter(play)
        if why is None:
            perform_shelter(play, rules=("R-LEVEL-1", "R-LEVEL-6"))
        else:
            play.note(f"R-LEVEL-2: Shelter skipped ({why.reason})")
        if play.facts.answer(q.HasShipLeft()):
            play.emit(GainShip(trace=rules_trace(("R-LEVEL-4", "R-LEVEL-6"))))
        else:
            play.note("R-LEVEL-4: no Ship left")
        if play.facts.answer(q.HasBotLeft()):
            play.emit(GainBot(trace=rules_trace(("R-LEVEL-5", "R-LEVEL-6"))))
        else:
            play.note("R-LEVEL-5: no Bot left")

    return run_call(CallKind.COLONY_LEVEL_UP, bot, facts, body, observe)
