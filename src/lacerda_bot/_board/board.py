"""Board: a frozen snapshot of the host's view, and the checks made on reading it.

Every decision-making call first reads the host's view into a :class:`Board`
with :func:`read_view`. Reading sorts every collection into the spec's
canonical order (§0) and checks the rules' preconditions; a broken view raises
:class:`~lacerda_bot.errors.InvalidHostStateError` naming the field, before any
decision is made. Within the call the library then applies its own decisions
to this working copy (R-SETUP-5, :mod:`lacerda_bot._board.effects`).

A :class:`Board` implements every view of :mod:`lacerda_bot.host`, so it is also
the reference host of :mod:`lacerda_bot.testing`.

**Checked boards.** A :class:`Board` remembers, as a memo outside its value
(not compared, hashed or printed, like a cached hash), the checked board it
was read as, or made from: :func:`read_view` notes every board it returns as
checked, and a copy made with :meth:`Board.__replace__` (``copy.replace``, as
applying decisions does) carries the note of the board it was made from. Such
a board passed again as a view is compared field by field, by identity, with
that checked board (or with the boards checked last): only the fields that
differ are read again, and only the cross-item checks that involve them run;
none differ, and it is returned as is. A board that fails, or is not in
canonical order, goes through the full read, which raises or sorts as before.

**Why identity cannot go stale.** The note, and the boards checked last, match
fields by identity, which is sound only for values no one can change: a
:class:`Board` turns every collection it is given into a ``tuple`` or
``frozenset`` (of frozen records, enums, ints, strings and hexes), so the same
object always has the same content. A board holding anything else (possible
only by bypassing ``__init__``) is read in full and never kept as a match; a
host's own view, not a :class:`Board`, is read in full at every call and
nothing is kept of it. Nothing is keyed by ``id()``: a note lives and dies with
its board.
"""

import operator
from collections import deque
from collections.abc import Callable, Collection
from itertools import compress
from typing import Any, ClassVar, Final, final

import attrs

from lacerda_bot._board.order import Order, by, ranked
from lacerda_bot._lab import own_techs
from lacerda_bot._validate import (
    a_name,
    check_is_view,
    is_plain_hex,
    unique,
    view_error,
)
from lacerda_bot.errors import InvalidHostStateError, InvalidValueError
from lacerda_bot.hexmap import Hex, canonical
from lacerda_bot.host import HostState, PlayView, ScoreView
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    ContractKind,
    HostId,
    Scientist,
    Side,
)
from lacerda_bot.records import (
    MAX_LAB_LEVEL,
    MAX_PROGRESS_CUBES,
    AdvancedCount,
    Building,
    ContractSlot,
    DisplayedBlueprint,
    Figure,
    GridTile,
    HeldBlueprint,
    HumanTech,
    LabSpace,
    LssMarkers,
    LssOffer,
    MapTile,
    Mission,
    Occupancy,
    OwnTech,
    ScientistSlot,
    Stock,
    Tile,
    TurnOrderSpace,
)

__all__ = ["Board", "evolve_board", "read_view"]

_Values = tuple[Any, ...]
_Basis = tuple[_Values, _Values]
"""A checked board's values as given, and as read (canonical)."""


# Not slotted (``slots=False``): :meth:`Board.__replace__` copies a board as one
# C-level dict update, ten times cheaper than ``__init__`` (the library copies it
# for every decision it applies).
@final
@attrs.frozen(kw_only=True, slots=False)
class Board:
    """Every item of the host view (V1..V20) as one frozen value.

    Field names are the property names of :class:`~lacerda_bot.host.HostState`.
    Build one with the helpers of :mod:`lacerda_bot.testing`, or read a host's
    view with :func:`read_view`.

    A board holds no object its host can change afterwards: made with a list,
    a set or any other collection where a ``tuple`` is declared, it holds a
    ``tuple`` of the same items, and a ``frozenset`` for ``map_hexes`` and
    ``crystal_hexes`` (``attrs.evolve`` converts the same way). What is not a
    collection (``None``, a string, a number) is kept as given, for
    :func:`read_view` to refuse, naming the field.
    """

    side: Side
    colony_level: int = 1
    lss_markers: LssMarkers = attrs.field(factory=LssMarkers)
    lss_rewards: tuple[LssOffer, ...] = ()
    map_hexes: frozenset[Hex]
    initial_mine_hex: Hex
    buildings: tuple[Building, ...] = ()
    figures: tuple[Figure, ...] = ()
    lacerda_rover: Hex | None = None
    human_rover: Hex | None = None
    crystal_hexes: frozenset[Hex] = frozenset()
    map_tiles: tuple[MapTile, ...] = ()
    exploration_tiles: tuple[Tile, ...] = ()
    tech_grid: tuple[GridTile, ...] = ()
    lab_spaces: tuple[LabSpace, ...] = ()
    lab_columns: int = 0
    human_techs: tuple[HumanTech, ...] = ()
    own_upgrade_capacity: int = 1
    human_upgrade_capacity: int = 1
    blueprint_display: tuple[DisplayedBlueprint, ...] = ()
    lacerda_blueprints: tuple[HeldBlueprint, ...] = ()
    human_blueprints: tuple[BuildingType, ...] = ()
    free_advanced_markers: int = 8
    scientist_display: tuple[ScientistSlot, ...] = ()
    lacerda_scientists: tuple[Scientist, ...] = ()
    colonist_on_hire_slot: bool = False
    contract_display: tuple[ContractSlot, ...] = ()
    contract_crystal_cost: int = 0
    colonists_present: Occupancy = attrs.field(factory=Occupancy)
    warehouse: tuple[Stock, ...] = ()
    turn_order_spaces: tuple[TurnOrderSpace, ...] = ()
    first_colonist_tiles: tuple[HostId, ...] = ()
    lacerda_space: HostId | None = None
    shuttle_departs: bool = False
    shuttle_from: Side = Side.ORBIT
    missions: tuple[Mission, ...] = ()
    spendable_crystals: int = 0
    free_depot_spaces: int = 0
    supply_crystals: int = 30
    shelters_left: int = 4
    ships_left: int = 5
    bots_left: int = 3
    op_track: int = 0
    progress_cubes: int = 0
    lab_column_values: tuple[int, ...] = ()
    living_quarters_top: int = 0
    advanced_buildings_on_mars: tuple[AdvancedCount, ...] = ()
    ships_in_hangar: int = 0
    lacerda_contracts: tuple[ContractKind, ...] = ()
    _checked: ClassVar[bool] = False
    """Whether it was read as checked and canonical, as it is (a memo, like the next)."""
    _basis: ClassVar[_Basis | None] = None
    """The checked board this one was read as or made from (see the module).

    A memo, not a field: not compared, hashed, printed or pickled, and not an
    argument of ``__init__``; a board that has none reads it from the class.
    """

    @property
    def lacerda_techs(self) -> tuple[OwnTech, ...]:
        """V9: his Techs, read from his Lab's spaces (a Tech's level is its column)."""
        return own_techs(self.lab_spaces)

    def __attrs_post_init__(self) -> None:
        """Freeze what the host handed in: its lists and sets become tuples and frozensets.

        The annotations stay the contract (mypy checks a host's ``Board(...)``
        against them); this makes an untyped host's board as safe. Almost
        every board holds exact tuples and frozensets already: one pass over
        the types, in C, finds that.
        """
        fields = self.__dict__
        if tuple(map(type, _COLLECTIONS_IN(fields))) != _FROZEN_TYPES:
            _freeze(fields)

    def __replace__(self, **changes: Any) -> "Board":
        """A copy with *changes*: what ``attrs.evolve`` gives, about ten times cheaper.

        ``copy.replace(board, **changes)`` calls it (Python 3.13). The copy is
        two dict updates in C, and a change that is a collection but not a
        ``tuple`` (or a ``frozenset`` for the hex sets) is frozen as
        ``__init__`` freezes it (:class:`Board` has no validators or
        converters). The copy carries the note of the checked board this one
        was read as or made from, so that reading it checks only what changed.

        Raises:
            TypeError: a name in *changes* is not a field.
        """
        new = evolve_board(self, **changes)
        fields = new.__dict__
        for name, value in changes.items():
            kind = _FROZEN_KIND.get(name)
            if kind is not None and type(value) is not kind:
                fields[name] = _frozen(value, kind)
        return new

    def __getstate__(self) -> dict[str, Any]:
        """Its fields, for pickling and copies: the notes stay behind."""
        return {k: v for k, v in self.__dict__.items() if k in _FIELD_SET}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore the fields (a restored board carries no note)."""
        self.__dict__.update(state)


_ROWS: Final = (BlueprintRow.BOTTOM, BlueprintRow.TOP)
_TYPES: Final = tuple(BuildingType)

# field -> (element type, canonical order or None to keep the host's order); the
# orders' keys read in C where no term is ranked (a flat key sorts as the nested one)
ORDERS: Final[dict[str, tuple[type, Order | None]]] = {
    "lss_rewards": (LssOffer, ranked("building", _TYPES)),
    "buildings": (Building, by("hex.r", "hex.q", "id")),
    "figures": (Figure, by("hex.r", "hex.q", "kind.value", "owner.value")),
    "map_tiles": (MapTile, by("hex.r", "hex.q", "tile.id")),
    "exploration_tiles": (Tile, None),
    "tech_grid": (GridTile, by("row", "column", "id")),
    "lab_spaces": (LabSpace, by("column", "position", "id")),
    "human_techs": (HumanTech, by("tech.value")),
    "blueprint_display": (DisplayedBlueprint, ranked("row", _ROWS, "slot")),
    "lacerda_blueprints": (HeldBlueprint, by("blueprint.id")),
    "human_blueprints": (BuildingType, by("value")),
    "scientist_display": (ScientistSlot, by("slot")),
    "lacerda_scientists": (Scientist, by("value")),
    "contract_display": (ContractSlot, by("slot")),
    "warehouse": (Stock, None),
    "turn_order_spaces": (TurnOrderSpace, by("number", "id")),
    "first_colonist_tiles": (str, None),
    "missions": (Mission, by("slot.value")),
    "lab_column_values": (int, None),
    "advanced_buildings_on_mars": (AdvancedCount, ranked("building", _TYPES)),
    "lacerda_contracts": (ContractKind, by("value")),
}
"""Each collection field: its item type and the order :func:`read_view` sorts it in."""
_Key = Callable[[Any], Any] | None
_COLLECTIONS: Final[dict[str, tuple[type, _Key]]] = {
    name: (kind, None if order is None else order.key)
    for name, (kind, order) in ORDERS.items()
}
_HEX_SETS: Final = ("map_hexes", "crystal_hexes")
_COLLECTIONS_IN: Final = operator.itemgetter(*_COLLECTIONS, *_HEX_SETS)
"""A board's collection fields, from its ``__dict__`` (faster than its attributes)."""
_FROZEN_TYPES: Final = (tuple,) * len(_COLLECTIONS) + (frozenset,) * len(_HEX_SETS)
"""Their types when every one is frozen (compared in C)."""
_NOT_COLLECTIONS: Final = (str, bytes, type(None))
"""What :func:`read_view` refuses as a collection although Python iterates some."""


def _holds_frozen(board: Board) -> bool:
    """Whether every collection field of *board* is an exact ``tuple`` or ``frozenset``."""
    return tuple(map(type, _COLLECTIONS_IN(board.__dict__))) == _FROZEN_TYPES


def _freeze(fields: dict[str, Any]) -> None:
    """Replace the mutable collections among a new board's *fields* by immutable ones."""
    for name in _COLLECTIONS:
        if type(fields[name]) is not tuple:
            fields[name] = _frozen(fields[name], tuple)
    for name in _HEX_SETS:
        if type(fields[name]) is not frozenset:
            fields[name] = _frozen(fields[name], frozenset)


def _frozen(items: Any, kind: type[tuple[Any, ...]] | type[frozenset[Any]]) -> Any:
    """*items* as a *kind*, or as given if :func:`read_view` is to refuse it.

    Not a collection (``None``, a string, a number), or a collection whose
    iteration raises: kept for :func:`read_view` to refuse, naming the field
    (it reads a board holding anything but a ``tuple`` or ``frozenset`` there
    in full, never by identity). Hexes that cannot be hashed: a ``tuple``, so
    that :func:`read_view` names the bad item.
    """
    if isinstance(items, _NOT_COLLECTIONS):
        return items
    try:
        return kind(items)
    except TypeError:  # not iterable, or (for a frozenset) an unhashable item
        return items if kind is tuple else _frozen(items, tuple)
    except Exception:  # the host's collection raised: read_view reports it
        return items


_VALUES: Final[dict[str, tuple[type, int | None]]] = {
    "side": (Side, None),
    "colony_level": (int, 0),
    "lab_columns": (int, 0),
    "lss_markers": (LssMarkers, None),
    "initial_mine_hex": (Hex, None),
    "own_upgrade_capacity": (int, 1),
    "human_upgrade_capacity": (int, 1),
    "free_advanced_markers": (int, 0),
    "colonist_on_hire_slot": (bool, None),
    "contract_crystal_cost": (int, 0),
    "colonists_present": (Occupancy, None),
    "shuttle_departs": (bool, None),
    "shuttle_from": (Side, None),
    "spendable_crystals": (int, 0),
    "free_depot_spaces": (int, 0),
    "supply_crystals": (int, 0),
    "shelters_left": (int, 0),
    "ships_left": (int, 0),
    "bots_left": (int, 0),
    "op_track": (int, 0),
    "progress_cubes": (int, 0),
    "living_quarters_top": (int, 0),
    "ships_in_hangar": (int, 0),
}

_MAXIMA: Final[dict[str, int]] = {
    "lab_columns": MAX_LAB_LEVEL,
    "progress_cubes": MAX_PROGRESS_CUBES,
}
"""The int fields with a greatest value (checked by ``_check_lab``, ``_check_scoring``)."""


def int_range(name: str) -> tuple[int, int | None] | None:
    """The ints :func:`read_view` accepts for field *name*: least, greatest (or ``None``).

    ``None`` for a field that is not an int.

    >>> int_range("lab_columns"), int_range("own_upgrade_capacity"), int_range("side")
    ((0, 20), (1, None), None)
    """
    kind, minimum = _VALUES.get(name, (None, None))
    if kind is not int or minimum is None:
        return None
    return minimum, _MAXIMA.get(name)


_PROPERTIES: Final[tuple[str, ...]] = tuple(
    dict.fromkeys(
        (
            *_VALUES,
            *_COLLECTIONS,
            *_HEX_SETS,
            "lacerda_rover",
            "human_rover",
            "lacerda_space",
        )
    )
)
"""Every property of the host view, in the order they are read."""
_SCORING: Final = frozenset(
    name for name, value in vars(ScoreView).items() if isinstance(value, property)
)
"""The properties only final scoring reads (:class:`~lacerda_bot.host.ScoreView`)."""
_PLAY_PROPERTIES: Final = tuple(n for n in _PROPERTIES if n not in _SCORING)
"""What the decision-making calls read: every property but the scoring ones."""
_Q: Final = operator.attrgetter("q")
_R: Final = operator.attrgetter("r")


def _read_properties(view: object, names: tuple[str, ...]) -> dict[str, Any]:
    """The properties *names* of *view*; one ``try`` costs nothing until it fails."""
    raw: dict[str, Any] = {}
    name = ""
    try:
        for name in names:
            raw[name] = getattr(view, name)
    except Exception as error:
        check_is_view(view, names)
        if name in ("lab_spaces", "lab_columns") and hasattr(view, "lab_rows"):
            raise InvalidHostStateError(
                name,
                "his Lab as spaces (spec 1.3): lab_spaces and lab_columns replace"
                " lab_rows and lacerda_techs (docs/host-contract.md, 'His Laboratory')",
                "a view with lab_rows",
            ) from error
        raise view_error(view, name, error) from error
    return raw


def _check_value(name: str, value: object) -> None:
    kind, minimum = _VALUES[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise InvalidHostStateError(name, "an int", value)
    if not isinstance(value, kind):
        raise InvalidHostStateError(name, a_name(kind), value)
    if minimum is not None and isinstance(value, int) and value < minimum:
        raise InvalidHostStateError(name, f"an int >= {minimum}", value)


def _items(view: object, name: str, items: Any) -> tuple[Any, ...]:
    """*items* as a tuple; ``None``, a string or a non-iterable is refused."""
    if type(items) is tuple:
        return items
    if items is None or isinstance(items, str | bytes):
        raise InvalidHostStateError(name, "a collection", items)
    try:
        return tuple(items)
    except TypeError as error:
        raise InvalidHostStateError(name, "a collection", items) from error
    except Exception as error:
        raise view_error(view, name, error) from error


def _read_collection(view: object, name: str, items: object) -> tuple[Any, ...]:
    kind, key = _COLLECTIONS[name]
    values = _items(view, name, items)
    # Records are final and validate themselves when built: only the item
    # types need checking here, and ``set(map(type, ...))`` runs in C.
    if values and set(map(type, values)) != {kind}:
        for i, item in enumerate(values):
            if not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
                raise InvalidHostStateError(f"{name}[{i}]", a_name(kind), item)
    if key is None:
        return values
    ordered = tuple(sorted(values, key=key))
    return (
        values if _same(ordered, values) else ordered
    )  # the host's own tuple if sorted


def _check_hex(name: str, value: object) -> None:
    if not is_plain_hex(value):
        raise InvalidHostStateError(name, "a Hex with int coordinates", value)


def _all_plain(hexes: Collection[Any]) -> bool:
    """Whether all *hexes* are Hex with exact int coordinates (a C-speed pass)."""
    if set(map(type, hexes)) != {Hex}:
        return False
    return set(map(type, map(_Q, hexes))) == set(map(type, map(_R, hexes))) == {int}


def _read_hex_set(view: object, name: str, items: object) -> frozenset[Hex]:
    hexes: Collection[Any] = (
        items if type(items) is frozenset else _items(view, name, items)
    )
    if hexes and not _all_plain(hexes):
        for item in hexes:
            _check_hex(name, item)
    return frozenset(hexes)


def read_view(view: HostState | PlayView, *, scoring: bool = True) -> Board:
    """Copy *view* into a canonical :class:`Board`, checking the rules' preconditions.

    Every property is read once; without *scoring*, the scoring properties
    (:class:`~lacerda_bot.host.ScoreView`) are not read at all and keep the
    board's defaults, so a host that only asks for decisions (a
    :class:`~lacerda_bot.host.PlayView`) need not have them. The records in the view check their own
    fields when built (an enum field holds its enum, a Hex has int
    coordinates); here every property is checked for its type, and the
    items of every collection for theirs.

    A :class:`Board` this function returned before is returned as is, with
    no second read or check, and so is any :class:`Board` that passes the
    checks of the fields it does not share with one (see the module's
    *Trusted boards*); such a board keeps its scoring properties even
    without *scoring*. A host that passes back the :class:`Board` it got, or
    one it made from it with :func:`~lacerda_bot.testing.apply` or
    ``attrs.evolve``, takes this fast path; so does the board
    :func:`~lacerda_bot.testing.apply` returns for a call's own decisions
    (:mod:`lacerda_bot._board.results`).

    Raises:
        InvalidValueError: *view* is ``None`` or has none of the properties of
            :class:`~lacerda_bot.host.HostState`.
        InvalidHostStateError: a property is missing or raises when read (the
            host's exception is chained), an item of the view has the wrong
            type, is off the map, is negative, repeats an id, or breaks
            another precondition; the error names the field and what was
            expected.
    """
    if type(view) is Board:
        if is_trusted(view):
            return view
        read = _read_board(view)
        if read is not None:
            return read
    fields = _read_properties(view, _PROPERTIES if scoring else _PLAY_PROPERTIES)
    for name in _VALUES:
        if name in fields:
            _check_value(name, fields[name])
    for name in _COLLECTIONS:
        if name in fields:
            fields[name] = _read_collection(view, name, fields[name])
    for name in _HEX_SETS:
        fields[name] = _read_hex_set(view, name, fields[name])
    _check_hex("initial_mine_hex", fields["initial_mine_hex"])
    for name in ("lacerda_rover", "human_rover"):
        rover = fields[name]
        if rover is not None and not is_plain_hex(rover):
            raise InvalidHostStateError(
                name, "a Hex with int coordinates or None", rover
            )
    space = fields["lacerda_space"]
    if space is not None and not isinstance(space, str):
        raise InvalidHostStateError("lacerda_space", "a space id or None", space)
    try:
        board = Board(**fields)
    except InvalidValueError as error:  # pragma: no cover - fields checked above
        raise InvalidHostStateError(error.field, error.expected, "") from error
    check_as_given(view, board, check_board)
    values = _VALUES_OF(board)
    _trust(board, values, values)
    return board


def _require(ok: bool, field: str, expected: str, got: object) -> None:
    if not ok:
        raise InvalidHostStateError(field, expected, got)


def in_host_order(view: object, board: Board) -> Board:
    """*board* with each collection it sorted in the order *view* holds it.

    For naming an item by its index in the host's collection; a property
    that cannot be read again keeps the board's order.
    """
    changes: dict[str, tuple[Any, ...]] = {}
    for name, (_, key) in _COLLECTIONS.items():
        if key is None:
            continue
        try:
            given = _items(view, name, getattr(view, name))
        except Exception:  # not readable again: keep the canonical order
            continue
        if len(given) == len(getattr(board, name)):
            changes[name] = given
    return evolve_board(board, **changes)


def check_as_given(view: object, board: Board, check: Callable[[Board], None]) -> None:
    """Run *check* on canonical *board*; if it refuses, name the item as *view* holds it.

    What a check accepts does not depend on the order of a collection, only
    which item its error names does: a refused board is checked again in the
    host's order, so that the index in the error is the host's (the same
    item a JSON host finds at ``$.view.buildings[3]``).

    Raises:
        InvalidHostStateError: *check* refuses *board*.
    """
    try:
        check(board)
    except InvalidHostStateError as error:
        refused = error
    else:
        return
    check(in_host_order(view, board))
    raise refused  # pragma: no cover - a check accepts a board in any order or none


def check_board(board: Board) -> None:
    """Check the cross-item preconditions of a board (spec §2); raise if broken."""
    for check, _ in _CHECKS:
        check(board)


def _check_map(board: Board) -> None:
    on_map = board.map_hexes
    _require(bool(on_map), "map_hexes", "at least one hex", on_map)
    _require(
        board.initial_mine_hex in on_map,
        "initial_mine_hex",
        "a map hex",
        board.initial_mine_hex,
    )


def _check_buildings(board: Board) -> None:
    on_map = board.map_hexes
    shelter = BuildingType.SHELTER
    if not all(
        b.hex in on_map and (b.owner is not None) == (b.type is shelter)
        for b in board.buildings
    ):
        _name_bad_building(board)
    buildings = board.buildings
    unique([b.id for b in buildings], "an id", ("buildings", buildings, _ID, ".id"))
    hexes = [b.hex for b in buildings]
    unique(hexes, "a hex", ("buildings", buildings, _HEX, ".hex"))


def _name_bad_building(board: Board) -> None:
    """Raise for the first building :func:`_check_buildings` refuses, naming it.

    The checks run first over all items with no message built; only a refused
    board gets here (each message names the item's index).
    """
    on_map = board.map_hexes
    for i, b in enumerate(board.buildings):
        _require(b.hex in on_map, f"buildings[{i}].hex", "a map hex", b.hex)
        is_shelter = b.type is BuildingType.SHELTER
        _require(
            (b.owner is not None) == is_shelter,
            f"buildings[{i}].owner",
            "an owner for Shelters only",
            b.owner,
        )


def _check_figures(board: Board) -> None:
    on_map = board.map_hexes
    if all(f.hex in on_map for f in board.figures):
        return
    for i, f in enumerate(board.figures):
        _require(f.hex in on_map, f"figures[{i}].hex", "a map hex", f.hex)


def _check_rovers(board: Board) -> None:
    on_map = board.map_hexes
    for name in ("lacerda_rover", "human_rover"):
        rover = getattr(board, name)
        _require(
            rover is None or rover in on_map,
            name,
            "a map hex, or none for no Rover",
            rover,
        )


def _check_crystals(board: Board) -> None:
    on_map = board.map_hexes
    if type(on_map) is frozenset and on_map.issuperset(board.crystal_hexes):
        return
    for i, h in enumerate(canonical(board.crystal_hexes)):  # the first refused
        _require(h in on_map, f"crystal_hexes[{i}]", "a map hex", h)


def _check_tiles(board: Board) -> None:
    on_map = board.map_hexes
    built = {b.hex for b in board.buildings}
    tiles = board.map_tiles
    if not all(t.hex in on_map and t.hex not in built for t in tiles):
        for i, t in enumerate(tiles):  # name the first one refused
            _require(t.hex in on_map, f"map_tiles[{i}].hex", "a map hex", t.hex)
            _require(
                t.hex not in built,
                f"map_tiles[{i}].hex",
                "a hex with no building",
                t.hex,
            )
    unique([t.hex for t in tiles], "a hex", ("map_tiles", tiles, _HEX, ".hex"))
    shown = board.exploration_tiles
    unique(
        [t.tile.id for t in tiles] + [t.id for t in shown],
        "a tile id",
        ("map_tiles", tiles, _TILE_ID, ".tile.id"),
        ("exploration_tiles", shown, _ID, ".id"),
    )


def _check_techs(board: Board) -> None:
    _check_lab(board.lab_spaces, board.lab_columns)
    techs = board.human_techs
    unique([t.tech for t in techs], "a Tech", ("human_techs", techs, _TECH, ".tech"))
    grid = board.tech_grid
    unique([t.id for t in grid], "an id", ("tech_grid", grid, _ID, ".id"))


def _check_lab(lab: tuple[LabSpace, ...], columns: int) -> None:
    """V9: spaces with unique ids in columns 1..*columns*, each touching the next column."""
    _require(
        columns <= MAX_LAB_LEVEL, "lab_columns", f"at most {MAX_LAB_LEVEL}", columns
    )
    unique([s.id for s in lab], "an id", ("lab_spaces", lab, _ID, ".id"))
    places = [(s.column, s.position) for s in lab]
    unique(places, "a column and position", ("lab_spaces", lab, _PLACE, ""))
    held = [s.tech for s in lab if s.tech is not None]  # an empty space holds none
    unique(held, "a Tech", ("lab_spaces", lab, _TECH, ".tech"))
    column_of = {s.id: s.column for s in lab}
    missing = sorted(set(range(1, columns + 1)) - set(column_of.values()))
    _require(
        not missing, "lab_spaces", "a space in every column of lab_columns", missing[:1]
    )
    for i, space in enumerate(lab):
        column, touches = space.column, space.touches
        if column > columns:
            raise InvalidHostStateError(
                f"lab_spaces[{i}].column",
                f"a column of lab_columns (1 to {columns})",
                column,
            )
        if column == columns:
            if touches:
                where = f"lab_spaces[{i}].touches"
                why = "none (a space of the last column touches nothing)"
                raise InvalidHostStateError(where, why, list(touches))
            continue
        if not 0 < len(touches) <= 2 or len(set(touches)) != len(touches):
            where = f"lab_spaces[{i}].touches"
            why = "one or two different spaces of the next column"
            raise InvalidHostStateError(where, why, list(touches))
        for touched in touches:
            if column_of.get(touched) != column + 1:
                where = f"lab_spaces[{i}].touches"
                raise InvalidHostStateError(
                    where, f"ids of spaces in column {column + 1}", touched
                )


def _check_blueprints(board: Board) -> None:
    display = board.blueprint_display
    slots = [(d.row, d.slot) for d in display]
    unique(slots, "a row and slot", ("blueprint_display", display, _ROW_SLOT, ""))
    his = board.lacerda_blueprints
    unique(
        [d.blueprint.id for d in display] + [b.blueprint.id for b in his],
        "a Blueprint id",
        ("blueprint_display", display, _BLUEPRINT_ID, ".blueprint.id"),
        ("lacerda_blueprints", his, _BLUEPRINT_ID, ".blueprint.id"),
    )


def _check_scientists(board: Board) -> None:
    display = board.scientist_display
    unique(
        [s.slot for s in display],
        "a slot",
        ("scientist_display", display, _SLOT, ".slot"),
    )
    his = board.lacerda_scientists
    unique(his, "a Scientist", ("lacerda_scientists", his, _itself, ""))
    shown = [s.scientist for s in display]
    where = ("scientist_display", display, _SCIENTIST, ".scientist")
    unique(shown, "a Scientist", where)
    if any(s in his for s in shown):
        for i, scientist in enumerate(shown):
            _require(
                scientist not in his,
                f"scientist_display[{i}].scientist",
                "a Scientist Lacerda does not hold (each Scientist exists once)",
                scientist,
            )


def _check_contracts(board: Board) -> None:
    display = board.contract_display
    unique(
        [c.slot for c in display],
        "a slot",
        ("contract_display", display, _SLOT, ".slot"),
    )
    unique([c.id for c in display], "an id", ("contract_display", display, _ID, ".id"))


def _check_spaces(board: Board) -> None:
    spaces = board.turn_order_spaces
    unique([s.id for s in spaces], "an id", ("turn_order_spaces", spaces, _ID, ".id"))
    space_ids = {s.id for s in board.turn_order_spaces}
    tiles = board.first_colonist_tiles
    if not space_ids.issuperset(tiles):
        for i, tile in enumerate(tiles):  # name the first one refused
            _require(
                tile in space_ids,
                f"first_colonist_tiles[{i}]",
                "a Turn Order space id",
                tile,
            )


def _check_missions(board: Board) -> None:
    missions = board.missions
    unique([m.slot for m in missions], "a slot", ("missions", missions, _SLOT, ".slot"))


def _check_his_space(board: Board) -> None:
    space = board.lacerda_space
    if space is not None:
        space_ids = {s.id for s in board.turn_order_spaces}
        _require(space in space_ids, "lacerda_space", "a Turn Order space id", space)


def _check_scoring(board: Board) -> None:
    for i, value in enumerate(board.lab_column_values):
        _require(value >= 0, f"lab_column_values[{i}]", "an int >= 0", value)
    cubes = board.progress_cubes
    most = MAX_PROGRESS_CUBES
    _require(cubes <= most, "progress_cubes", f"at most {most}", cubes)


_ID: Final = operator.attrgetter("id")
_HEX: Final = operator.attrgetter("hex")
_SLOT: Final = operator.attrgetter("slot")
_TECH: Final = operator.attrgetter("tech")
_SCIENTIST: Final = operator.attrgetter("scientist")
_TILE_ID: Final = operator.attrgetter("tile.id")
_BLUEPRINT_ID: Final = operator.attrgetter("blueprint.id")
_PLACE: Final = operator.attrgetter("column", "position")
_ROW_SLOT: Final = operator.attrgetter("row", "slot")


def _itself(item: object) -> object:
    return item


_Check = Callable[[Board], None]
_CHECKS: Final[tuple[tuple[_Check, frozenset[str]], ...]] = (
    (_check_map, frozenset({"map_hexes", "initial_mine_hex"})),
    (_check_buildings, frozenset({"map_hexes", "buildings"})),
    (_check_figures, frozenset({"map_hexes", "figures"})),
    (_check_rovers, frozenset({"map_hexes", "lacerda_rover", "human_rover"})),
    (_check_crystals, frozenset({"map_hexes", "crystal_hexes"})),
    (
        _check_tiles,
        frozenset({"map_hexes", "buildings", "map_tiles", "exploration_tiles"}),
    ),
    (
        _check_techs,
        frozenset({"lab_spaces", "lab_columns", "human_techs", "tech_grid"}),
    ),
    # The card and space checks, each with only what it reads (a board changed
    # between calls mostly changes his Turn Order space: the rest is not rechecked).
    (
        _check_blueprints,
        frozenset({"blueprint_display", "lacerda_blueprints"}),
    ),
    (_check_scientists, frozenset({"scientist_display", "lacerda_scientists"})),
    (_check_contracts, frozenset({"contract_display"})),
    (_check_spaces, frozenset({"turn_order_spaces", "first_colonist_tiles"})),
    (_check_missions, frozenset({"missions"})),
    (_check_his_space, frozenset({"turn_order_spaces", "lacerda_space"})),
    (_check_scoring, frozenset({"lab_column_values", "progress_cubes"})),
)
"""The checks of :func:`check_board` in order, each with the fields it reads."""

# --- trusted boards -------------------------------------------------------

_FIELDS: Final[tuple[str, ...]] = tuple(f.name for f in attrs.fields(Board) if f.init)
_VALUES_OF: Final = operator.attrgetter(*_FIELDS)
_FIELD_SET: Final = frozenset(_FIELDS)
_FROZEN_KIND: Final[dict[str, type]] = {
    **dict.fromkeys(_COLLECTIONS, tuple),
    **dict.fromkeys(_HEX_SETS, frozenset),
}
"""What each collection field holds: a ``tuple`` or a ``frozenset``."""


def evolve_board(board: Board, **changes: Any) -> Board:
    """A copy of *board* with *changes*, frozen already: the library's own copies.

    :meth:`Board.__replace__` is this, then freezes what it was given.

    Every change must be a ``tuple``, or a ``frozenset`` for the hex sets,
    where the field declares one (a test checks that the library's are, over
    whole reference games); a host's copies go through ``__replace__``.
    """
    if not _FIELD_SET.issuperset(changes):
        unknown = sorted(set(changes) - _FIELD_SET)
        raise TypeError(f"Board has no field(s) {unknown}")
    new = object.__new__(Board)
    fields = new.__dict__
    fields.update(board.__dict__)
    fields.update(changes)
    fields.pop("_checked", None)  # the note of what it was made from stays
    return new


_RECENT: Final[deque[_Basis]] = deque(maxlen=2)
"""The boards checked last: the values of the board given, and of the board returned.

A board with no note (one built with ``Board(...)`` or ``attrs.evolve``) is
compared with these, field by field; where it holds the very same object, the
checked (canonical) value is the second's. They hold only the immutable
values of checked boards.
"""


def _note(board: Board, given: _Values, values: _Values) -> None:
    """Note on *board* that a read takes what it shares with *given* as *values*.

    The note is a memo outside the board's value (like a cached hash), so
    it is written past the frozen guard.
    """
    board.__dict__["_basis"] = (given, values)


def is_trusted(board: object) -> bool:
    """Whether *board* is a :class:`Board` read as checked and canonical, as it is."""
    return type(board) is Board and board._checked


def values_of(board: Board) -> _Values:
    """The values of *board*'s fields, in the order of :func:`attrs.fields`."""
    values: _Values = _VALUES_OF(board)
    return values


def trust(board: Board) -> None:
    """Note *board* as checked: only a board the library made from a checked one.

    The decisions of a call, applied to a checked board, leave it checked
    (a test plays reference games and reads every such board in full).
    """
    if not is_trusted(board):
        values = _VALUES_OF(board)
        _trust(board, values, values)


def read_as(board: Board, values: _Values) -> None:
    """Note that *board*, and any board made from it, reads as *values*.

    Only for checked *values* (canonical) the library knows *board* to hold,
    some fields in another order: reading *board*, or a board made from it,
    takes each field that is the very object *board* holds as its value in
    *values*, unread.
    """
    given: _Values = _VALUES_OF(board)
    _note(board, given, values)
    _RECENT.append((given, values))


def _trust(board: Board, given: _Values, values: _Values) -> None:
    """Note *board*, read from *given*, as checked: it holds *values* (the same objects)."""
    notes = board.__dict__
    notes["_basis"] = (values, values)
    notes["_checked"] = True
    _RECENT.append((given, values))


def _nearest(given: _Values, view: Board) -> tuple[list[Any], frozenset[str]]:
    """The checked values of the board most like *given*, and what differs.

    The checked board *view* was made from, if it notes one (a board made by
    copies differs from it in what the copies changed); else the boards
    checked last, whose differing fields are counted in C for each (the first
    of the fewest wins). The fields that differ are named for the chosen one only.
    """
    basis = view._basis
    candidates = list(_RECENT) if basis is None else [basis]
    nearest: _Basis | None = None
    fewest = len(_FIELDS)
    for candidate in candidates:
        count = sum(map(operator.is_not, given, candidate[0]))
        if count < fewest:
            fewest, nearest = count, candidate
    if nearest is None:
        return list(given), frozenset(_FIELDS)
    known, values = nearest
    return list(values), frozenset(
        compress(_FIELDS, map(operator.is_not, given, known))
    )


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return len(a) == len(b) and all(map(operator.is_, a, b))


_INDEX: Final = {name: i for i, name in enumerate(_FIELDS)}


def _read_changed(view: Board, values: list[Any], changed: frozenset[str]) -> None:
    """Check the *changed* fields of *view* as :func:`read_view` does, into *values*.

    Raises:
        InvalidHostStateError: a field is not what :func:`read_view` accepts.
    """
    for name in changed:  # only these: each read as read_view reads it
        value = getattr(view, name)
        if name in _VALUES:
            _check_value(name, value)
        if name in _COLLECTIONS:
            value = _read_collection(view, name, value)
        elif name in _HEX_SETS:
            value = _read_hex_set(view, name, value)
        elif name == "initial_mine_hex":
            _check_hex(name, value)
        elif name in _ROVERS:
            _require(
                value is None or is_plain_hex(value),
                name,
                "a Hex with int coordinates or None",
                value,
            )
        elif name == "lacerda_space":
            _require(
                value is None or isinstance(value, str),
                name,
                "a space id or None",
                value,
            )
        values[_INDEX[name]] = value


_ROVERS: Final = frozenset({"lacerda_rover", "human_rover"})


def _read_board(view: Board) -> Board | None:
    """*view* read and checked for what it does not share with a checked board.

    *view* itself if it is canonical, else a canonical copy; None if it breaks
    a precondition (the full read then says which), or holds a collection
    that is not a ``tuple`` or ``frozenset`` (one a host could change: it is
    never matched by identity, nor kept as a checked board's value).
    """
    if not _holds_frozen(view):
        return None
    given: _Values = _VALUES_OF(view)
    values, changed = _nearest(given, view)
    try:
        _read_changed(view, values, changed)
        board = (
            view
            if _same(given, tuple(values))
            else Board(**dict(zip(_FIELDS, values, strict=True)))
        )
        for check, reads in _CHECKS:
            if not reads.isdisjoint(changed):
                check(board)
    except InvalidHostStateError:
        return None
    _trust(board, given, tuple(values))
    return board
