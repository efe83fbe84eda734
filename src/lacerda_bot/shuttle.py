"""The Shuttle phase for Lacerda (R-SHUTTLE-1..6): stay, or travel and arrive."""

from typing import Protocol, final

import attrs

from lacerda_bot.decisions import (
    Candidate,
    LoseBenefit,
    Outcome,
    PlaceDiscoveryTile,
    Stay,
    Trace,
    Travel,
)
from lacerda_bot.deck import card_by_id, uniform_pick
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.gains import resolve_gains
from lacerda_bot.hexmap import Hex, dist, ring
from lacerda_bot.host import HostState, MapView, TileView
from lacerda_bot.model import Gain, GainKind, Side
from lacerda_bot.options import ImpossibleBenefit, Options
from lacerda_bot.perform import do_construct
from lacerda_bot.play import Play
from lacerda_bot.rover_move import do_rover_move
from lacerda_bot.state import BotState
from lacerda_bot.turn import finish, start

__all__ = [
    "DiscoverySites",
    "DiscoveryView",
    "discovery_sites",
    "shuttle_phase",
    "travel_reason",
]


def travel_reason(bot: BotState, view: HostState) -> str:
    """Why he stays this Shuttle phase (R-SHUTTLE-2), or ``""`` if he travels."""
    if not view.shuttle_departs:
        return "the Shuttle does not depart this round"
    if view.shuttle_from is not view.side:
        return f"the Shuttle departs from the {view.shuttle_from.value} side, not his"
    if bot.last_card is not None and not card_by_id(bot.last_card).travels:
        return f"his most recent card ({bot.last_card}) shows an X"
    return ""


def shuttle_phase(bot: BotState, view: HostState) -> Outcome:
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
    play = start(bot, view)
    reason = travel_reason(play.bot, play.board)
    if reason:
        stay = Stay(reason=reason, trace=Trace(rules=("R-SHUTTLE-1", "R-SHUTTLE-2")))
        return finish(play.emit(stay), bot, "shuttle_phase")
    arrival = Side.COLONY if play.board.side is Side.ORBIT else Side.ORBIT
    free = tuple(
        s for s in play.board.turn_order_spaces if s.side is arrival and not s.occupied
    )
    if not free:
        raise InvalidHostStateError(
            "turn_order_spaces", f"a free space on the {arrival.value} side", ()
        )
    event = play.bot.events
    space = free[uniform_pick(len(free), seed=play.bot.seed, event=event)]
    play = play.with_bot(events=event + 1)
    rules = ("R-SHUTTLE-3", "R-TIE-7", "R-TO-1") + (
        ("R-SHUTTLE-4",) if arrival is Side.ORBIT else ("R-SHUTTLE-5",)
    )
    travel = Travel(
        side=arrival,
        space=space.id,
        trace=Trace(
            rules=rules,
            candidates=tuple(
                Candidate(option=s.id, criteria=(("number", s.number),)) for s in free
            ),
            note=f"random event {event}",
        ),
    )
    if arrival is Side.COLONY:
        play = _place_discovery_tile(play)
    play = resolve_gains(play.emit(travel), space.gains, f"Turn Order space {space.id}")
    if arrival is Side.COLONY:
        play = _arrival_construction(play)
    return finish(play, bot, "shuttle_phase")


@final
@attrs.frozen(kw_only=True)
class DiscoverySites:
    """R-SHUTTLE-6: the hexes a Discovery tile may go on, best first, and their distances."""

    sites: tuple[Hex, ...]
    """Empty hexes at dist 3 from his Rover farthest from the human's, canonical order."""
    distance: int
    """Their ``dist`` from the human's Rover (0 when there is none)."""


class DiscoveryView(MapView, TileView, Protocol):
    """What Discovery placement reads: the map and the tiles on it."""


def discovery_sites(view: DiscoveryView, options: Options) -> DiscoverySites:
    """R-SHUTTLE-6: empty hexes at ``dist`` exactly 3 from his Rover, farthest from the human's.

    Empty: no building, tile or figure (either Rover included), and no Crystal
    unless ``discovery_site_allows_crystal``. Off-map Rovers stand on the
    initial-Mine hex.
    """
    mine = view.initial_mine_hex
    his = mine if view.lacerda_rover is None else view.lacerda_rover
    human = mine if view.human_rover is None else view.human_rover
    taken = {b.hex for b in view.buildings} | {t.hex for t in view.map_tiles}
    taken |= {f.hex for f in view.figures} | {
        h for h in (view.lacerda_rover, view.human_rover) if h
    }
    if not options.discovery_site_allows_crystal:
        taken |= set(view.crystal_hexes)
    on_map = set(view.map_hexes)
    empty = [h for h in ring(his, 3) if h in on_map and h not in taken]
    if not empty:
        return DiscoverySites(sites=(), distance=0)
    far = max(dist(h, human) for h in empty)
    return DiscoverySites(
        sites=tuple(h for h in empty if dist(h, human) == far), distance=far
    )


def _place_discovery_tile(play: Play) -> Play:
    """R-SHUTTLE-6: the leftmost Exploration tile, on a tied site chosen by R-TIE."""
    rules = ("R-SHUTTLE-5", "R-SHUTTLE-6")
    tiles = play.board.exploration_tiles
    if not tiles:
        decision = PlaceDiscoveryTile(
            tile=None,
            hex=None,
            reason="no Discovery tile is left",
            trace=Trace(rules=rules),
        )
        return play.emit(decision)
    found = discovery_sites(play.board, play.bot.options)
    if not found.sites:
        reason = "no empty hex at distance 3 from his Rover"
        return play.emit(
            PlaceDiscoveryTile(
                tile=tiles[0].id, hex=None, reason=reason, trace=Trace(rules=rules)
            )
        )
    index, play, ties = play.tie([str(h) for h in found.sites], rule="R-SHUTTLE-6")
    trace = Trace(
        rules=rules,
        candidates=tuple(
            Candidate(
                option=str(h), criteria=(("dist_from_human_rover", found.distance),)
            )
            for h in found.sites
        ),
        tie_breaks=ties,
    )
    return play.emit(
        PlaceDiscoveryTile(tile=tiles[0].id, hex=found.sites[index], trace=trace)
    )


def _arrival_construction(play: Play) -> Play:
    """R-SHUTTLE-5 step 4: construct as Colony action 1, free; impossible -> R-TO-2."""
    rules = ("R-SHUTTLE-5", "R-COLONY-2", "R-COST-6")
    built = do_construct(play, kind=None, rules=rules)
    if built is not None:
        return built
    construct = Gain(kind=GainKind.CONSTRUCT)
    if play.bot.options.impossible_benefit is ImpossibleBenefit.ROVER:
        base = play.bot.options.rover_base_movement
        moved = do_rover_move(
            play, resolve_gains, base=base, rules=("R-SHUTTLE-5", "R-TO-2", "R-ROVER-1")
        )
        if moved is not None:
            return moved
    reason = "no qualifying type has a legal site on arrival"
    return play.emit(
        LoseBenefit(
            gain=construct, reason=reason, trace=Trace(rules=("R-SHUTTLE-5", "R-TO-2"))
        )
    )
