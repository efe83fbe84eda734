"""Lacerda's turn (R-TURN-1) and his reaction to the human using his Tech (R-TURN-6)."""

from lacerda_bot import _queries as q
from lacerda_bot._deck import SoloCard, card_by_id
from lacerda_bot._facts import Facts
from lacerda_bot._rules.actions import run_action
from lacerda_bot._rules.crystals import gain_crystals
from lacerda_bot._rules.gains import resolve_gains
from lacerda_bot._rules.orbit import develop_step
from lacerda_bot._rules.play import Observer, Play, rules_trace, run_call
from lacerda_bot._state import BotState
from lacerda_bot.decisions import AdvanceMission, CrystalSource, D, RevealCard
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.model import Action, MissionSlot, TechType
from lacerda_bot.outcome import CallKind, Outcome

__all__ = ["human_used_tech", "take_turn"]


def take_turn(
    bot: BotState, facts: Facts[D], observe: Observer[D] | None = None
) -> Outcome[D]:
    """Lacerda's whole turn (R-TURN-1): reveal, Mission step, action or Rover, discard."""

    def body(play: Play[D]) -> None:
        card = _reveal(play)
        if play.bot.pass_count >= 2:
            _mission_step(play, card.mission)
        side = play.facts.answer(q.HisSide())
        action = Action.for_card(side, card.action)
        play.note(
            f"R-TURN-1: card {card.id} action {card.action} on {side.value} is {action.value}"
        )
        run_action(play, action)
        play.bot.discard()

    return run_call(CallKind.TAKE_TURN, bot, facts, body, observe)


def _reveal(play: Play[D]) -> SoloCard:
    """R-DECK-2, R-DECK-3: reveal his card (reshuffling an empty draw pile).

    With ``solo_deck = physical`` the facts say which card the player turned up.
    """
    card, reshuffled = play.bot.reveal(play.turned(tie=False))
    play.card, play.reshuffled = card, reshuffled
    trace = rules_trace(("R-DECK-2", "R-DECK-3"))
    play.emit(
        RevealCard(
            card=card,
            pass_count=play.bot.pass_count,
            reshuffled=reshuffled,
            trace=trace,
        )
    )
    return card_by_id(card)


def _mission_step(play: Play[D], slot: MissionSlot) -> None:
    """R-MISSION-1, R-MISSION-2: advance the card's Mission and gain its Crystals, unless completed."""
    facts = play.facts
    if facts.answer(q.MissionCompleted(slot)):
        play.note(
            f"R-MISSION-2: Mission {facts.name(q.MissionId(slot))} is completed; nothing moves or is paid"
        )
        return
    trace = rules_trace(("R-MISSION-1",))
    play.emit(
        AdvanceMission(slot=slot, mission=facts.name(q.MissionId(slot)), trace=trace)
    )
    crystals = facts.answer(q.MissionCrystals(slot))
    if crystals:
        gain_crystals(play, crystals, CrystalSource.MISSION, "R-MISSION-1")


def human_used_tech(
    bot: BotState,
    facts: Facts[D],
    tech: TechType,
    observe: Observer[D] | None = None,
) -> Outcome[D]:
    """R-TURN-6: the human used his *tech*: it develops one step, free, with its gain.

    Nothing happens if it cannot advance (no empty space it touches, R-ORBIT-6).

    Raises:
        InvalidHostStateError: he has no *tech* Tech.
    """

    def body(play: Play[D]) -> None:
        if not play.facts.answer(q.HasTech(tech)):
            raise InvalidHostStateError("tech", "one of Lacerda's Techs", tech)
        if develop_step(play, resolve_gains, tech, rules=("R-TURN-6",)) is None:
            play.note(
                f"R-TURN-6: his {tech.value} Tech cannot advance"
                " (no empty space of the next column touches it)"
            )

    return run_call(CallKind.HUMAN_USED_TECH, bot, facts, body, observe)
