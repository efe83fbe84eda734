"""What a host may do its own way when it applies decisions, checked and set aside.

The contract (:mod:`lacerda_bot.contract`) leaves the host some choices and some
fields of its own (:data:`~lacerda_bot.contract.FIELD_OWNERS`): the ids of new
buildings, the nearest available hex a displaced figure takes (R-BUILD-4),
what refills a display, the Crystals of his Mission contributions
(R-MISSION-3), and its own OP, Mission and Colony tracks. The conformance kit
compares a host's board with the reference host's field by field; before it
does, :func:`reconciled` checks each of the host's own choices against what
the contract allows (and against the values the host declares,
:class:`~lacerda_bot.contract.HostValues`) and puts the reference host's
choice in its place, so that whatever else differs is a real difference.
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias, assert_never, final

import attrs

from lacerda_bot._board.board import _COLLECTIONS, Board, evolve_board
from lacerda_bot._board.effects import apply_decision
from lacerda_bot._board.paths import free_hexes_nearest
from lacerda_bot.contract import FIELD_OWNERS, FieldOwner, HostValues, MissionCredit
from lacerda_bot.decisions import (
    BuildShelter,
    CollectTile,
    Construct,
    Decision,
    DevelopTech,
    GainBot,
    GainCrystals,
    GainShip,
    HireScientist,
    LearnTech,
    ObtainBlueprint,
    RefillContractDisplay,
    Stay,
    TakeContract,
    Travel,
    Upgrade,
)
from lacerda_bot.hexmap import Hex, dist
from lacerda_bot.model import BuildingType, FigureKind, MissionSlot, Owner
from lacerda_bot.records import (
    AdvancedCount,
    ContractSlot,
    DisplayedBlueprint,
    Figure,
    ScientistSlot,
)

__all__ = ["Difference", "host_fields_set_aside", "reconciled"]

Difference: TypeAlias = tuple[str, object, object]
"""A field, its value on the reference host, and on the host."""

_HOST_FIELDS: Final = tuple(
    name for name, owner in FIELD_OWNERS.items() if owner is FieldOwner.HOST
)


def host_fields_set_aside(
    reference: Board, host: Board, values: HostValues | None
) -> Board | Difference:
    """*host* with its own fields (:attr:`FieldOwner.HOST`) taken from *reference*.

    With declared *values*, its Lab column values are checked first.
    """
    columns = None if values is None else values.lab_column_values
    if columns is not None and host.lab_column_values != columns:
        return (
            "lab_column_values",
            columns,
            host.lab_column_values,
        )
    return evolve_board(host, **{f: getattr(reference, f) for f in _HOST_FIELDS})


@final
@attrs.frozen
class _Call:
    """One call the host applied, as each of the host's choices is checked.

    The board it started from, the decisions, the reference host's board
    after them, and the values the host declares.
    """

    before: Board
    decisions: tuple[Decision, ...]
    reference: Board
    values: HostValues | None


def reconciled(
    before: Board,
    decisions: Sequence[Decision],
    reference: Board,
    host: Board,
    values: HostValues | None,
) -> Board | Difference:
    """*host* after *decisions*, its own choices checked and replaced by *reference*'s.

    *before* is the board both started from, *reference* the reference host's
    board after the decisions. The first choice outside what the contract
    allows is returned as a difference; otherwise the host's board, its
    choices now the reference's, ready to be compared field by field.
    """
    steps = (
        _host_owned,
        _refills,
        _new_ids,
        _displaced_rover,
        _displaced_figures,
        _arrow_crystals,
        _crystals,
        _shuttle,
    )
    call = _Call(before, tuple(decisions), reference, values)
    for step in steps:
        found = step(call, host)
        if not isinstance(found, Board):
            return found
        host = found
    return host


def _host_owned(call: _Call, host: Board) -> Board | Difference:
    """Its OP, Mission and Colony tracks, and its Advanced Building count, checked if declared."""
    if call.values is not None:
        advanced = _advanced(call.before, call.decisions, call.reference)
        if host.advanced_buildings_on_mars != advanced:
            field = "advanced_buildings_on_mars"
            return (field, advanced, host.advanced_buildings_on_mars)
        if call.values.lss_op is not None:
            op = call.before.op_track + _lss_op(
                call.before, call.decisions, call.values.lss_op
            )
            if host.op_track != op:
                return ("op_track", op, host.op_track)
    return host_fields_set_aside(call.reference, host, call.values)


def _advanced(
    before: Board, decisions: Sequence[Decision], after: Board
) -> tuple[AdvancedCount, ...]:
    """``advanced_buildings_on_mars`` after his Upgrades: one more of each type upgraded."""
    counts = Counter({c.building: c.count for c in before.advanced_buildings_on_mars})
    kinds = {b.hex: b.type for b in after.buildings}
    for decision in decisions:
        if isinstance(decision, Upgrade) and decision.hex in kinds:
            counts[kinds[decision.hex]] += 1
    listed = [c.building for c in before.advanced_buildings_on_mars]
    order = listed + [t for t in BuildingType if t in counts and t not in listed]
    return tuple(AdvancedCount(building=t, count=counts[t]) for t in order)


def _lss_op(before: Board, decisions: Sequence[Decision], table: Sequence[int]) -> int:
    """The OP his Constructs score on the host's LSS track (R-LSS-1), by *table*."""
    markers, op = before.lss_markers, 0
    for decision in decisions:
        if isinstance(decision, Construct) and decision.building is not (
            BuildingType.MINE
        ):
            markers = markers.raised(decision.building)
            space = markers.level(decision.building)
            op += table[space] if space < len(table) else 0
    return op


def _slot(item: DisplayedBlueprint | ScientistSlot | ContractSlot) -> object:
    """A display card's place: its slot (and a Blueprint's row)."""
    match item:
        case DisplayedBlueprint():
            return (item.row, item.slot)
        case ScientistSlot() | ContractSlot():
            return item.slot
        case unreachable:
            assert_never(unreachable)


def _refills(call: _Call, host: Board) -> Board | Difference:
    """The displays, but for the slots the call emptied or refilled."""
    refilled = {d.slot for d in call.decisions if isinstance(d, RefillContractDisplay)}
    for name, filled in (
        ("blueprint_display", set()),
        ("scientist_display", set()),
        ("contract_display", refilled),
    ):
        kept = tuple(getattr(call.reference, name))
        touched = {
            _slot(c) for c in getattr(call.before, name) if c not in kept
        } | filled
        theirs = tuple(c for c in getattr(host, name) if _slot(c) not in touched)
        ours = tuple(c for c in kept if _slot(c) not in touched)
        if theirs != ours:
            return (name, ours, theirs)
        host = evolve_board(host, **{name: kept})
    return host


def _new_ids(call: _Call, host: Board) -> Board | Difference:
    """The buildings, the host's names for the new ones replaced by the reference's."""
    old = {b.id for b in call.before.buildings}
    named = {b.hex: b.id for b in call.reference.buildings if b.id not in old}
    renamed = tuple(
        attrs.evolve(b, id=named[b.hex]) if b.id not in old and b.hex in named else b
        for b in host.buildings
    )
    return evolve_board(host, buildings=_ordered("buildings", renamed))


def _ordered(name: str, items: Iterable[object]) -> tuple[object, ...]:
    key = _COLLECTIONS[name][1]
    return tuple(items) if key is None else tuple(sorted(items, key=key))


def _sites(decisions: Sequence[Decision]) -> tuple[Hex, ...]:
    """The hexes his decisions build on or upgrade: where figures are displaced."""
    return tuple(
        d.hex for d in decisions if isinstance(d, Construct | Upgrade | BuildShelter)
    )


def _nearest(board: Board, sites: Sequence[Hex]) -> set[Hex]:
    """The available hexes nearest any of *sites* on *board* (R-BUILD-4)."""
    return {h for site in sites for h in free_hexes_nearest(board, site)}


def _displaced_rover(call: _Call, host: Board) -> Board | Difference:
    """The human's Rover, displaced to a nearest available hex of the host's choice."""
    if host.human_rover == call.reference.human_rover:
        return host
    if (
        call.reference.human_rover != call.before.human_rover
        and host.human_rover is not None
    ):
        room = evolve_board(call.reference, human_rover=None)
        if host.human_rover in _nearest(room, _sites(call.decisions)):
            return evolve_board(host, human_rover=call.reference.human_rover)
    return ("human_rover", call.reference.human_rover, host.human_rover)


def _displaced_figures(call: _Call, host: Board) -> Board | Difference:
    """The human's Bots, each displaced to a nearest available hex of the host's choice."""
    ours, theirs = Counter(call.reference.figures), Counter(host.figures)
    moved, placed = ours - theirs, theirs - ours
    if not moved and not placed:
        return host
    room = evolve_board(call.reference, figures=tuple((ours - moved).elements()))
    nearest = _nearest(room, _sites(call.decisions))
    if sum(moved.values()) == sum(placed.values()) and all(
        _bot(f) and f.hex in nearest for f in (*moved.elements(), *placed.elements())
    ):
        return evolve_board(host, figures=call.reference.figures)
    return ("figures", call.reference.figures, host.figures)


def _bot(figure: Figure) -> bool:
    return figure.kind is FigureKind.BOT and figure.owner is Owner.HUMAN


def _shuttle(call: _Call, host: Board) -> Board | Difference:
    """The Shuttle, which the host may move by its schedule in a Shuttle phase (R-SHUTTLE-1)."""
    if not any(isinstance(d, Travel | Stay) for d in call.decisions):
        return host
    return evolve_board(
        host,
        shuttle_departs=call.reference.shuttle_departs,
        shuttle_from=call.reference.shuttle_from,
    )


def _arrow_crystals(call: _Call, host: Board) -> Board | Difference:
    """Crystals the tile arrows of his sites put on the map hexes next to them (R-BUILD-11).

    The host's to place, from the supply: set aside here, so that the supply
    compares as if they were not placed.
    """
    placed = host.crystal_hexes - call.reference.crystal_hexes
    tiled = {t.hex for t in call.before.map_tiles}
    sites = [h for h in _sites(call.decisions) if h in tiled]
    if call.reference.crystal_hexes <= host.crystal_hexes and all(
        any(dist(h, site) == 1 for site in sites) for h in placed
    ):
        return evolve_board(
            host,
            crystal_hexes=call.reference.crystal_hexes,
            supply_crystals=host.supply_crystals + len(placed),
        )
    return ("crystal_hexes", call.reference.crystal_hexes, host.crystal_hexes)


_MOST_YIELD: Final = 3
"""The most Crystals a host may credit him per decision without declared values."""
_EARNS: Final = (
    Construct,
    Upgrade,
    BuildShelter,
    ObtainBlueprint,
    LearnTech,
    DevelopTech,
    HireScientist,
    TakeContract,
    CollectTile,
    GainShip,
    GainBot,
)
"""What he does that may contribute to a Mission (R-MISSION-3) or yield (R-BUILD-11)."""


def _crystals(call: _Call, host: Board) -> Board | Difference:
    """His Crystals, the host's Mission credits (R-MISSION-3) set aside."""
    if call.values is not None and call.values.mission_credits is not None:
        expected = _credited(call.before, call.decisions, call.values)
        for name, value in expected.items():
            if getattr(host, name) != value:
                return (name, value, getattr(host, name))
        return evolve_board(
            host, **{n: getattr(call.reference, n) for n in _CRYSTAL_FIELDS}
        )
    supply = call.reference.supply_crystals - host.supply_crystals
    held = call.reference.free_depot_spaces - host.free_depot_spaces
    spendable = host.spendable_crystals - call.reference.spendable_crystals
    most = max(
        (m.crystals for m in call.before.missions if not m.completed),
        default=_MOST_YIELD,
    )
    earning = sum(isinstance(d, _EARNS) for d in call.decisions)
    if 0 <= spendable <= held <= supply <= max(most, _MOST_YIELD) * earning:
        return evolve_board(
            host, **{n: getattr(call.reference, n) for n in _CRYSTAL_FIELDS}
        )
    for name in _CRYSTAL_FIELDS:
        if getattr(host, name) != getattr(call.reference, name):
            return (name, getattr(call.reference, name), getattr(host, name))
    raise AssertionError("unreachable: the three Crystal fields agree")


_CRYSTAL_FIELDS: Final = ("spendable_crystals", "free_depot_spaces", "supply_crystals")


def _credited(
    before: Board, decisions: Sequence[Decision], values: HostValues
) -> dict[str, int]:
    """His Crystal fields after *decisions* and the declared Mission credits.

    Applied in order: each credit is capped by the free Depot spaces and the
    supply left (R-CRYSTAL-2), and leaves less room for the gains after it,
    whose kept Crystals the host caps again.
    """
    rules = values.mission_credits or ()
    missions = {m.slot: m for m in before.missions}
    kinds = {b.hex: b.type for b in before.buildings}
    board, extra, taken = before, 0, 0
    for decision in decisions:
        room = board.free_depot_spaces - extra
        if isinstance(decision, GainCrystals):
            lost = max(0, decision.kept - room)
            extra -= lost
            taken -= lost if decision.source.from_supply else 0
        board = apply_decision(board, decision, gains_spendable=True)
        kinds.update({b.hex: b.type for b in board.buildings})
        slot = _credit_of(decision, kinds, rules)
        mission = missions.get(slot) if slot is not None else None
        due = mission.crystals if mission is not None and not mission.completed else 0
        if isinstance(decision, BuildShelter):
            due += values.shelter_crystals
        gain = min(due, board.free_depot_spaces - extra, board.supply_crystals - taken)
        extra, taken = extra + gain, taken + gain
    return {
        "spendable_crystals": board.spendable_crystals + extra,
        "free_depot_spaces": board.free_depot_spaces - extra,
        "supply_crystals": board.supply_crystals - taken,
    }


def _credit_of(
    decision: Decision,
    kinds: dict[Hex, BuildingType],
    rules: Sequence[MissionCredit],
) -> MissionSlot | None:
    """The Mission *decision* contributes to by the host's declared rules, if any."""
    match decision:
        case Construct():
            building, upgrade = decision.building, False
        case Upgrade() if decision.hex in kinds:
            building, upgrade = kinds[decision.hex], True
        case _:
            return None
    return next(
        (c.mission for c in rules if c.building is building and c.upgrade == upgrade),
        None,
    )
