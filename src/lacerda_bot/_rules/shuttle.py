"""The Shuttle phase for Lacerda (R-SHUTTLE-1..6): stay, or travel and arrive."""

from lacerda_bot import _queries as q
from lacerda_bot._deck import card_by_id
from lacerda_bot._facts import PLACED, Choice, Facts
from lacerda_bot._rules.building import perform_construct, plan_construct
from lacerda_bot._rules.gains import resolve_gains
from lacerda_bot._rules.plans import Impossible
from lacerda_bot._rules.play import Observer, Play, rules_trace, run_call
from lacerda_bot._rules.rover import move_rover
from lacerda_bot._state import BotState
from lacerda_bot._ties import PickedRule, TiedRule
from lacerda_bot.decisions import D, LoseBenefit, PlaceDiscoveryTile, Stay, Travel
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.model import Gain, GainKind, Side
from lacerda_bot.options import ImpossibleBenefit
from lacerda_bot.outcome import CallKind, Outcome
from lacerda_bot.trace import TieBreak

__all__ = ["shuttle_phase", "travel_reason"]


def travel_reason(play: Play[D]) -> str:
    """Why he stays this Shuttle phase (R-SHUTTLE-2), or ``""`` if he travels."""
    facts = play.facts
    if not facts.answer(q.ShuttleDeparts()):
        return "the Shuttle does not depart this round"
    departs_from = facts.answer(q.ShuttleFrom())
    if departs_from is not facts.answer(q.HisSide()):
        return f"the Shuttle departs from the {departs_from.value} side, not his"
    last = play.bot.last_card
    if last is not None and not card_by_id(last).travels:
        return f"his most recent card ({card_by_id(last).face}) shows an X"
    return ""


def shuttle_phase(
    bot: BotState, facts: Facts[D], observe: Observer[D] | None = None
) -> Outcome[D]:
    """Lacerda's Shuttle phase (R-SHUTTLE-1..6).

    He stays unless the Shuttle departs from his side and his most recent card
    has no X. Travelling, he takes a uniformly random free Turn Order space of
    the other side (R-SHUTTLE-3). To Orbit he only takes its gain (R-SHUTTLE-4);
    to the Colony he first places a Discovery tile, then takes the space's gain,
    then constructs as Colony action 1 with no placement cost (R-SHUTTLE-5).

    Raises:
        InvalidHostStateError: he travels and no space of the arrival side is
            free; no partial result is returned.
    """
    return run_call(CallKind.SHUTTLE_PHASE, bot, facts, _shuttle, observe)


def _shuttle(play: Play[D]) -> None:
    reason = travel_reason(play)
    if reason:
        play.emit(
            Stay(reason=reason, trace=rules_trace(("R-SHUTTLE-1", "R-SHUTTLE-2")))
        )
        return
    facts = play.facts
    arrival = Side.COLONY if facts.answer(q.HisSide()) is Side.ORBIT else Side.ORBIT
    count = facts.answer(q.FreeSpaceCount(arrival))
    if count == 0:
        raise InvalidHostStateError(
            "turn_order_spaces", f"a free space on the {arrival.value} side", ()
        )
    index, event = play.pick(count, rule=PickedRule.ARRIVAL_SPACE)
    choice = Choice(index=index, of=count)
    rules = ("R-SHUTTLE-3", "R-TIE-7", "R-TO-1") + (
        ("R-SHUTTLE-4",) if arrival is Side.ORBIT else ("R-SHUTTLE-5",)
    )
    travel = Travel(
        side=arrival,
        space=facts.name(q.FreeSpaceId(arrival, choice)),
        trace=play.explained(
            rules,
            lambda f: (f.explain(q.FreeSpaceCandidates(arrival)), ()),
            note=f"random event {event}",
        ),
    )
    if arrival is Side.COLONY:
        _place_discovery_tile(play)
    play.emit(travel)
    resolve_gains(
        play, facts.answer(q.SpaceGains()), f"Turn Order space {travel.space}"
    )
    if arrival is Side.COLONY:
        _arrival_construction(play)


def _place_discovery_tile(play: Play[D]) -> None:
    """R-SHUTTLE-6: the leftmost Exploration tile, on a tied site chosen by R-TIE."""
    facts = play.facts
    rules: tuple[str, ...] = ("R-SHUTTLE-5", "R-SHUTTLE-6")
    if not facts.answer(q.ExplorationTileLeft()):
        play.emit(
            PlaceDiscoveryTile(
                tile=None,
                hex=None,
                reason="no Discovery tile is left",
                trace=rules_trace(rules),
            )
        )
        return
    choice: Choice | None = None
    ties: tuple[TieBreak, ...] = ()
    if play.player_places:  # the player places it among the equal hexes
        if facts.answer(q.AnyDiscoverySite()):
            choice = PLACED
    else:
        sites = facts.answer(q.DiscoverySites())
        if sites:
            index, ties = play.tie(sites, rule=TiedRule.ARRIVAL_HEX)
            choice = play.choice(index, len(sites), TiedRule.ARRIVAL_HEX)
    if choice is None:
        reason = "no empty hex at distance 3 from his Rover"
        play.emit(
            PlaceDiscoveryTile(
                tile=facts.name(q.ExplorationTileId()),
                hex=None,
                reason=reason,
                trace=rules_trace(rules),
            )
        )
        return
    if choice is PLACED:
        rules = (*rules, "R-TIE-1")
    trace = play.explained(
        rules, lambda f: (f.explain(q.DiscoveryCandidates()), ()), tie_breaks=ties
    )
    play.emit(
        PlaceDiscoveryTile(
            tile=facts.name(q.ExplorationTileId()),
            hex=facts.name(q.DiscoverySiteHex(choice)),
            trace=trace,
        )
    )


def _arrival_construction(play: Play[D]) -> None:
    """R-SHUTTLE-5 step 4: construct as Colony action 1, free; impossible -> R-TO-2."""
    plan = plan_construct(play, None)
    if not isinstance(plan, Impossible):
        perform_construct(play, plan, rules=("R-SHUTTLE-5", "R-COLONY-2", "R-COST-6"))
        return
    options = play.options
    if options.impossible_benefit is ImpossibleBenefit.ROVER:
        base = options.rover_base_movement
        rules = ("R-SHUTTLE-5", "R-TO-2", "R-ROVER-1")
        if move_rover(play, resolve_gains, base=base, rules=rules):
            return
    reason = "no qualifying type has a legal site on arrival"
    play.emit(
        LoseBenefit(
            gain=Gain(kind=GainKind.CONSTRUCT),
            reason=reason,
            trace=rules_trace(("R-SHUTTLE-5", "R-TO-2")),
        )
    )
