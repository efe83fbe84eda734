"""Colony level-up for Lacerda (R-LEVEL-1..6): a Shelter, a Ship, a Bot."""

from lacerda_bot.decisions import GainBot, GainShip, Outcome, Trace
from lacerda_bot.host import HostState
from lacerda_bot.perform import do_build_shelter
from lacerda_bot.state import BotState
from lacerda_bot.turn import finish, start

__all__ = ["colony_level_up"]


def colony_level_up(bot: BotState, view: HostState) -> Outcome:
    """What he does when the Colony levels up (R-LEVEL-1..6), once per level gained.

    The host calls it at the end of the turn in which the Colony levelled up
    (R-LEVEL-1). In order (R-LEVEL-6): he builds a Shelter, as a Complex if he
    can (R-LEVEL-2; the pointer stays unless ``shelter_moves_pointer``,
    R-LEVEL-3), gains a Ship (R-LEVEL-4) and a Bot (R-LEVEL-5); each is skipped,
    with a note in the trace, when its component is exhausted.
    """
    play = start(bot, view)
    built = do_build_shelter(play, rules=("R-LEVEL-1", "R-LEVEL-6"))
    if built is None:
        why = (
            "no Shelter left"
            if play.board.shelters_left < 1
            else "no legal Shelter site"
        )
        play = play.note(f"R-LEVEL-2: Shelter skipped ({why})")
    else:
        play = built
    if play.board.ships_left > 0:
        play = play.emit(GainShip(trace=Trace(rules=("R-LEVEL-4", "R-LEVEL-6"))))
    else:
        play = play.note("R-LEVEL-4: no Ship left")
    if play.board.bots_left > 0:
        play = play.emit(GainBot(trace=Trace(rules=("R-LEVEL-5", "R-LEVEL-6"))))
    else:
        play = play.note("R-LEVEL-5: no Bot left")
    return finish(play, bot, "colony_level_up")
