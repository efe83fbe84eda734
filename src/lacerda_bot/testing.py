"""A reference host for examples, tests and host authors (like ``trio.testing``).

:class:`~lacerda_bot.Board` is a frozen in-memory board implementing every
view of :mod:`lacerda_bot.host`. This module builds boards in a few lines and
applies decisions to them with :func:`apply`, the same effects the library
applies to its working copy (:mod:`lacerda_bot._board.effects`).

The reference map is **illustrative**: a hexagon of axial hexes around the
initial Mine. It is not the geometry of the printed On Mars board.
"""

import functools
from collections.abc import Iterable
from typing import Final

import attrs

from lacerda_bot._board import legality
from lacerda_bot._board.board import Board, read_view
from lacerda_bot._board.effects import apply_decision
from lacerda_bot._board.results import applied
from lacerda_bot.decisions import (
    Decision,
)
from lacerda_bot.errors import IllegalDecisionError, InvalidValueError
from lacerda_bot.hexmap import Hex, dist
from lacerda_bot.host import HostState
from lacerda_bot.lab import PRINTED_COLUMNS, staggered
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    ContractKind,
    Gain,
    GainKind,
    HostId,
    Item,
    MissionSlot,
    Scientist,
    Side,
    TechType,
    TileKind,
)
from lacerda_bot.options import Options
from lacerda_bot.records import (
    Blueprint,
    Building,
    ContractSlot,
    DisplayedBlueprint,
    GridTile,
    LabSpace,
    MapTile,
    Mission,
    ScientistSlot,
    Stock,
    Tile,
    TurnOrderSpace,
)

__all__ = [
    "apply",
    "building",
    "hex_map",
    "level_up",
    "reference_board",
    "small_board",
    "tile",
    "why_illegal",
]

ORIGIN = Hex(0, 0)


@functools.lru_cache(maxsize=16)
def hex_map(radius: int, center: Hex = ORIGIN) -> frozenset[Hex]:
    """Every hex within *radius* of *center*: a hexagon-shaped map.

    The same map is returned for the same arguments (the last 16 kept): boards
    built on it share it, so the library's per-map index is found by identity
    (an equal but distinct map costs a comparison of every hex at each look-up).

    >>> len(hex_map(3))
    37
    """
    return frozenset(
        Hex(center.q + dq, center.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if dist(ORIGIN, Hex(dq, dr)) <= radius
    )


def building(q: int, r: int, kind: BuildingType, **fields: object) -> Building:
    """A building on ``Hex(q, r)`` with an id made from its place."""
    return Building(id=HostId(f"b{q},{r}"), hex=Hex(q, r), type=kind, **fields)  # type: ignore[arg-type]


def tile(
    tile_id: str,
    q: int,
    r: int,
    *gains: Gain,
    kind: TileKind = TileKind.RESEARCH,
    cost: int = 0,
) -> MapTile:
    """A tile on ``Hex(q, r)`` whose reward is *gains*."""
    return MapTile(
        hex=Hex(q, r),
        tile=Tile(
            id=HostId(tile_id), kind=kind, crystal_cost=cost, reward=tuple(gains)
        ),
    )


def small_board(**fields: object) -> Board:
    """A radius-3 Colony board with the initial Mine at the centre; override any field.

    The board is read back through :func:`~lacerda_bot.read_view`, so it is
    in canonical order and a broken override raises InvalidHostStateError.

    >>> small_board(side=Side.ORBIT).side
    <Side.ORBIT: 'orbit'>
    """
    base: dict[str, object] = {
        "side": Side.COLONY,
        "map_hexes": hex_map(3),
        "initial_mine_hex": ORIGIN,
        "buildings": (building(0, 0, BuildingType.MINE),),
        "missions": _missions(),
        "free_depot_spaces": 5,
    }
    base.update(fields)
    return read_view(Board(**base))  # type: ignore[arg-type]


def _missions() -> tuple[Mission, ...]:
    return tuple(
        Mission(slot=slot, id=HostId(f"mission-{slot.value}"), crystals=1)
        for slot in MissionSlot
    )


def _gain(kind: GainKind, n: int = 1) -> Gain:
    return Gain(kind=kind, n=n)


@functools.lru_cache(maxsize=1)
def reference_board() -> Board:
    """The built-in reference board: a radius-5 map with every display filled.

    Used by the examples, the benchmarks and the stateful tests. Its tiles,
    Lab gains, Turn Order spaces and catalogues are illustrative values.
    The board is built once and the same (frozen) value returned each time.
    """
    starting = (
        building(0, 0, BuildingType.MINE),
        building(2, -1, BuildingType.GENERATOR),
        building(-2, 1, BuildingType.WATER_EXTRACTOR),
        building(1, 1, BuildingType.GREENHOUSE),
        building(-1, -1, BuildingType.OXYGEN_CONDENSER),
    )
    board = Board(
        side=Side.COLONY,
        colony_level=1,
        map_hexes=hex_map(5),
        initial_mine_hex=ORIGIN,
        buildings=starting,
        crystal_hexes=frozenset(
            {Hex(3, 0), Hex(-3, 2), Hex(0, -3), Hex(2, 2), Hex(-4, 1)}
        ),
        map_tiles=_reference_tiles(),
        exploration_tiles=tuple(
            Tile(
                id=HostId(f"D{i}"),
                kind=TileKind.DISCOVERY,
                reward=(_gain(GainKind.CRYSTALS, 1),),
            )
            for i in range(1, 9)
        ),
        tech_grid=_reference_grid(),
        lab_spaces=_reference_lab(),
        lab_columns=len(PRINTED_COLUMNS),
        # the OP under each column (illustrative): his Shelter Tech stands in
        # column 2, so a scoring view needs them (R-SCORE-1)
        lab_column_values=_REFERENCE_COLUMN_VALUES,
        blueprint_display=_reference_blueprints(),
        scientist_display=tuple(
            ScientistSlot(slot=i, scientist=s) for i, s in enumerate(Scientist)
        ),
        contract_display=(
            ContractSlot(slot=6, id=HostId("C1"), kind=ContractKind.UPGRADE),
            ContractSlot(slot=7, id=HostId("C7"), kind=ContractKind.DELIVERY),
            ContractSlot(slot=8, id=HostId("C11"), kind=ContractKind.DELIVERY),
        ),
        contract_crystal_cost=1,
        warehouse=tuple(Stock(item=item, units=2) for item in Item),
        turn_order_spaces=_reference_spaces(),
        first_colonist_tiles=tuple(HostId(f"S{n}") for n in (2, 3, 4, 6, 7, 8)),
        missions=_missions(),
        spendable_crystals=2,
        free_depot_spaces=4,
        living_quarters_top=10,
        supply_crystals=25,
    )
    return read_view(board)


def _reference_tiles() -> tuple[MapTile, ...]:
    crystals, tech = _gain(GainKind.CRYSTALS, 2), _gain(GainKind.TECH)
    return (
        tile("R1", 4, -2, crystals),
        tile("R2", -3, 4, tech),
        tile("R3", 0, 4, _gain(GainKind.DEVELOP, 1)),
        tile("R4", -4, 0, _gain(GainKind.BLUEPRINT)),
        tile("R5", 3, -4, _gain(GainKind.RESOURCES)),
        tile("R6", 1, -4, _gain(GainKind.BOT), cost=1),
        tile("R7", 4, 1, Gain(kind=GainKind.CONSTRUCT)),
        tile("R8", -2, -2, _gain(GainKind.WAREHOUSE)),
    )


def _reference_grid() -> tuple[GridTile, ...]:
    techs = (
        TechType.ROVER,
        TechType.MINE,
        TechType.GENERATOR,
        TechType.WATER_EXTRACTOR,
        TechType.GREENHOUSE,
        TechType.OXYGEN_CONDENSER,
        TechType.UPGRADE,
        TechType.SHELTER,
    )
    return tuple(
        GridTile(id=HostId(f"T{i}"), tech=t, row=i // 4, column=i % 4, cost_rank=i % 4)
        for i, t in enumerate(techs)
    )


_REFERENCE_COLUMN_VALUES: Final = (0, 1, 2, 4, 6, 9)


def _reference_lab() -> tuple[LabSpace, ...]:
    """The printed shape (:data:`~lacerda_bot.lab.PRINTED_COLUMNS`), illustrative gains.

    His Shelter Tech stands on its start space, the middle of column 2.

    Where two spaces touch one tile, their gains differ somewhere, so that
    R-ORBIT-6 has choices to make: a gain he can carry out against a blank
    space, two gains of different kinds (R-TIE), two blank spaces (R-TIE).
    """
    crystal, two = _gain(GainKind.CRYSTALS, 1), _gain(GainKind.CRYSTALS, 2)
    warehouse, bot = _gain(GainKind.WAREHOUSE), _gain(GainKind.BOT)
    gains = {
        "c1-bottom": (crystal,),
        "c2-top": (warehouse,),
        "c2-bottom": (bot,),
        "c3-top": (crystal,),
        "c4-middle": (warehouse,),
        "c4-bottom": (two,),
        "c5-top": (bot,),
    }
    return staggered(
        gains={HostId(k): v for k, v in gains.items()},
        techs={HostId("c2-middle"): TechType.SHELTER},  # his start (set-up step 6)
    )


def _reference_blueprints() -> tuple[DisplayedBlueprint, ...]:
    kinds = list(BuildingType)
    return tuple(
        DisplayedBlueprint(
            row=BlueprintRow.BOTTOM if i < 3 else BlueprintRow.TOP,
            slot=i % 3,
            blueprint=Blueprint(
                id=HostId(f"B{i + 1}"), building=kinds[i], level=1 if i < 3 else 3
            ),
            pickup_crystals=1 if kinds[i] is BuildingType.SHELTER else 0,
        )
        for i in range(6)
    )


def _reference_spaces() -> tuple[TurnOrderSpace, ...]:
    gains = (
        (_gain(GainKind.WAREHOUSE),),
        (_gain(GainKind.TECH),),
        (_gain(GainKind.BLUEPRINT),),
        (_gain(GainKind.CRYSTALS, 2),),
        (_gain(GainKind.COLONIST),),
        (_gain(GainKind.BOT),),
        (Gain(kind=GainKind.CONSTRUCT),),
        (_gain(GainKind.ROVER, 3),),
    )
    return tuple(
        TurnOrderSpace(
            id=HostId(f"S{n}"),
            side=Side.ORBIT if n <= 4 else Side.COLONY,
            number=n,
            gains=gains[n - 1],
        )
        for n in range(1, 9)
    )


def level_up(host: Board) -> tuple[Board, bool]:
    """The reference host's (illustrative) level-up rule: whether the Colony gains a level.

    The Colony gains a level when every LSS marker has reached its level. This
    is a stand-in for the printed game's track, enough to exercise
    :func:`~lacerda_bot.colony_level_up`.
    """
    markers = host.lss_markers
    levels = (
        markers.generator,
        markers.water_extractor,
        markers.greenhouse,
        markers.oxygen_condenser,
    )
    if min(levels) >= host.colony_level:
        return attrs.evolve(host, colony_level=host.colony_level + 1), True
    return host, False


def apply(
    host: Board, decisions: Iterable[Decision], *, options: Options | None = None
) -> Board:
    """Carry out *decisions* on the reference host, in order, as a host would.

    Gained Crystals become spendable at once (the host's choice, R-CRYSTAL-1).

    Each decision is first checked against the board just before it
    (:func:`why_illegal`); *options* are the options the decisions were made
    under, and when they are not given a check that depends on an option
    (legal sites, Discovery sites, the miner) accepts what any option set
    allows. The first decision that contradicts its board is refused, and
    nothing is returned: *host* itself is never changed, so nothing is lost.

    Given the decisions of one of the last calls (the ``decisions`` tuple of
    its :class:`~lacerda_bot.Outcome`) and the board that call was given, it
    returns what applying them gives without applying (or checking) them
    again, already checked (the board the library ended the call on, with
    the gained Crystals spendable): pass both back unchanged to get that fast
    path.

    >>> from lacerda_bot.decisions import GainShip
    >>> apply(small_board(ships_left=0), [GainShip()])
    Traceback (most recent call last):
    ...
    lacerda_bot.errors.IllegalDecisionError: decisions[0] (GainShip): no Ship left (R-LEVEL-4)

    Raises:
        IllegalDecisionError: a decision contradicts the board it would be
            applied to (its index in *decisions*, its type and why_illegal's
            reason), or is not a decision.
        InvalidValueError: *decisions* is not an iterable of decisions.
    """
    board = applied(host, decisions)
    if board is not None:
        return board
    try:
        batch = iter(decisions)
    except TypeError as error:
        raise InvalidValueError(
            "decisions", "an iterable of decisions", decisions
        ) from error
    for index, decision in enumerate(batch):
        reason = legality.why_illegal(host, decision, options)
        if reason:
            raise IllegalDecisionError(index, decision, reason)
        host = apply_decision(host, decision, gains_spendable=True)
    return host  # a copy of the board it started from: read again, only changes are checked


def why_illegal(host: HostState, decision: Decision, options: Options | None) -> str:
    """Why *decision* could not be carried out on *host* (the view just before it), or ``""``.

    A conformance checker for hosts, simulations and property tests, and what
    :func:`apply` checks before each decision. For each decision type, every
    field that can contradict the board is checked, and the first that does is
    named in one short sentence: a site that is not legal or a size that does
    not match, a Rover path that jumps, leaves the map, is not a shortest path
    toward its target tile or stops short of where the rules stop it, Crystal
    hexes off the path or holding no Crystal, a card or a Scientist not in the
    slot named or of another kind, a Tech tile of another type, a Tech at
    another level, a Turn Order space of the other side or occupied, an empty
    Warehouse stock, a Discovery tile not the leftmost or a hex that is not a
    Discovery site, a supply that is exhausted, an amount out of range. A
    decision that is always legal (``RevealCard``, ``SkipTurn``...) gives ``""``.
    A malformed decision (a field of the wrong type, or no decision at all)
    gives a reason too; it never raises.

    *options* are the options the decision was made under; with ``None``, a
    check that depends on an option accepts what any option set allows.
    *host* is any host view; one that is not a :class:`~lacerda_bot.Board` is
    first read with :func:`~lacerda_bot.read_view`.

    >>> from lacerda_bot import Options
    >>> from lacerda_bot.decisions import PayCrystals
    >>> from lacerda_bot.decisions import PaymentPurpose
    >>> pay = PayCrystals(amount=3, purpose=PaymentPurpose.MOVEMENT)
    >>> why_illegal(small_board(spendable_crystals=1), pay, Options())
    'pays 3, can spend 1'

    Raises:
        InvalidHostStateError: *host* is a view that breaks a precondition,
            lacks a property or a property raises; names the field.
    """
    board = host if isinstance(host, Board) else read_view(host)
    return legality.why_illegal(board, decision, options)
