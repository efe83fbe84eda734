"""Which gains he could carry out now: the test of a tile his Rover may head for (R-ROVER-2).

The rulebook's Rover rule: a Rover may not end on a tile whose benefit its
owner cannot take at least in part. So a tile is one he can use when at least
one gain of its reward could be carried out if he arrived now, each gain read
as T6 resolves it, on the board as it is when the move starts.
"""

from collections.abc import Callable
from typing import assert_never

from lacerda_bot._board.board import Board, evolve_board
from lacerda_bot._board.displays import (
    choose_tech_tiles,
    choose_warehouse_item,
    rank_blueprints,
)
from lacerda_bot._board.sites import legal_sites, qualifies
from lacerda_bot._dominance import gains_dominate
from lacerda_bot._lab import best_entries, developed, entry_space, free_ahead, movable
from lacerda_bot.model import (
    BUILDING_SEQUENCE,
    BuildingType,
    Gain,
    GainKind,
    Owner,
    TechType,
)
from lacerda_bot.model import scored_type as scored_by
from lacerda_bot.options import Options, UnknownGain
from lacerda_bot.records import LabSpace
from lacerda_bot.trace import Removal

__all__ = ["carried_gains", "lab_entries", "usable_gains"]

_Key = tuple[GainKind, BuildingType | None]


def usable_gains(board: Board, options: Options) -> Callable[[Gain], bool]:
    """R-ROVER-2: whether he could carry out a gain on *board* now (each kind tested once).

    ``RESOURCES`` never (nothing for him, T6); ``BLUEPRINT`` with a display
    card he may take (R-ORBIT-1..3); ``TECH`` with a grid tile of a type he
    lacks and a free Lab entry space (R-ORBIT-5); ``DEVELOP`` with a Tech of
    his that can advance (an empty space it touches, R-ORBIT-6); ``CONSTRUCT`` when its type, or for
    ``any`` a type of the sequence, qualifies and has a legal site, and for a
    Shelter when he has one left with a legal site (R-BUILD-2, R-BUILD-3,
    R-LEVEL-2); ``WAREHOUSE`` when R-TO-3 would take an item; ``UPGRADE`` with
    an unused Blueprint of his that has an eligible building (R-COLONY-3);
    ``SHIP`` with a Ship left (R-LEVEL-4); ``CRYSTALS``, ``BOT``, ``COLONIST``
    and ``ROVER`` always (a full Depot takes the Crystals, then R-CRYSTAL-2
    caps them); ``OTHER`` unless ``unknown_gain`` is ``skip``.

    Note:
        The spec lists the kinds above but ``UPGRADE`` and ``SHIP``; they
        follow its principle (a gain he could carry out), as R-TO-2 reads them.
    """
    known: dict[_Key, bool] = {}

    def can_take(gain: Gain) -> bool:
        key = (gain.kind, gain.building)
        found = known.get(key)
        if found is None:
            found = known[key] = _can_take(board, options, gain)
        return found

    return can_take


def _can_take(board: Board, options: Options, gain: Gain) -> bool:
    """One gain's test of :func:`usable_gains`."""
    match gain.kind:
        case GainKind.CRYSTALS | GainKind.BOT | GainKind.COLONIST | GainKind.ROVER:
            return True
        case GainKind.RESOURCES:
            return False
        case GainKind.OTHER:
            return options.unknown_gain is not UnknownGain.SKIP
        case GainKind.BLUEPRINT:
            return _can_obtain(board, options)
        case GainKind.TECH:
            lab_free = entry_space(board.lab_spaces) is not None
            return lab_free and bool(choose_tech_tiles(board).tiles)
        case GainKind.DEVELOP:
            return bool(movable(board.lab_spaces))
        case GainKind.CONSTRUCT:
            return _can_build(board, options, gain.building)
        case GainKind.WAREHOUSE:
            room = board.free_depot_spaces > 0
            return choose_warehouse_item(board.warehouse, room=room) is not None
        case GainKind.UPGRADE:
            return bool(rank_blueprints(board).candidates)
        case GainKind.SHIP:
            return board.ships_left > 0
        case unreachable:
            assert_never(unreachable)


def _can_obtain(board: Board, options: Options) -> bool:
    """R-ORBIT-1..3: a display card he may take."""
    if not board.blueprint_display or board.free_advanced_markers < 1:
        return False
    if not board.lacerda_scientists or options.blueprint_fallback_any_type:
        return True
    scored = {scored_by(s) for s in board.lacerda_scientists}
    return any(d.blueprint.building in scored for d in board.blueprint_display)


def _can_build(board: Board, options: Options, kind: BuildingType | None) -> bool:
    """R-BUILD-2, R-BUILD-3, R-LEVEL-2: a construction of *kind* (``None``: any) he can make."""
    if kind is BuildingType.SHELTER:
        return board.shelters_left > 0 and bool(
            legal_sites(board, kind, options, owner=Owner.LACERDA)
        )
    kinds = BUILDING_SEQUENCE if kind is None else (kind,)
    return any(qualifies(board, k) and legal_sites(board, k, options) for k in kinds)


def carried_gains(
    board: Board, options: Options, tech: TechType
) -> Callable[[LabSpace], tuple[Gain, ...]]:
    """R-ORBIT-6: the gains of a space he could carry out once his *tech* tile is on it.

    Each gain is tested as :func:`usable_gains` tests a tile's, on *board* with
    the tile moved onto that space (a ``TECH`` gain counts the entry space it
    has just left).
    """

    def carried(space: LabSpace) -> tuple[Gain, ...]:
        if not space.gains:
            return ()
        after = evolve_board(
            board, lab_spaces=developed(board.lab_spaces, tech, space.id)
        )
        can_take = usable_gains(after, options)
        return tuple(g for g in space.gains if can_take(g))

    return carried


def lab_entries(
    board: Board, options: Options, tech: TechType
) -> tuple[tuple[LabSpace, ...], tuple[LabSpace, ...], tuple[Removal, ...]]:
    """R-ORBIT-6: the empty spaces his *tech* tile touches, the best of them, the removals."""
    lab = board.lab_spaces
    at = next(s for s in lab if s.tech is tech)
    free = free_ahead(lab, at.id)
    best, removed = best_entries(
        free, carried_gains(board, options, tech), gains_dominate
    )
    return free, best, removed
