"""A host view with wrong types is refused, naming the field, before any decision.

Records check their own fields when built (InvalidValueError naming
``Class.field``); what a view's properties hold is checked when the view is
read (InvalidHostStateError naming the property); a wrong argument (no view at
all, a string for a Tech) raises InvalidValueError.
"""

import enum
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import (
    Board,
    InvalidHostStateError,
    InvalidValueError,
    LacerdaBotError,
    colony_level_up,
    human_used_tech,
    new_bot,
    read_view,
    score_lacerda,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.host import ScoreView
from lacerda_bot.model import (
    BuildingType,
    ContractKind,
    Gain,
    GainKind,
    HostId,
    Side,
    TechType,
    TileKind,
)
from lacerda_bot.records import (
    Blueprint,
    Building,
    ContractSlot,
    DisplayedBlueprint,
    GridTile,
    MapTile,
    OwnTech,
    Stock,
    Tile,
    TurnOrderSpace,
)
from lacerda_bot.testing import reference_board

from .helpers_strategies import host_states

PROPERTIES = tuple(f.name for f in attrs.fields(Board))
SCORING = {n for n, v in vars(ScoreView).items() if isinstance(v, property)}


def call_reading(field: str, host: object) -> object:
    """The call that reads *field*: final scoring for a scoring property (a
    decision never reads those), else his turn."""
    if field.partition("[")[0] in SCORING:
        return score_lacerda(host)  # type: ignore[arg-type]
    return take_turn(new_bot(0), host)  # type: ignore[arg-type]


# --- records refuse wrong types where they are made --------------------------


def _building_type() -> object:
    return Building(id=HostId("b"), hex=Hex(0, 0), type="mine")  # type: ignore[arg-type]


def _space_side() -> object:
    return TurnOrderSpace(id=HostId("s"), side="colony")  # type: ignore[arg-type]


def _grid_tech() -> object:
    return GridTile(id=HostId("t"), tech="rover")  # type: ignore[arg-type]


def _stock_item() -> object:
    return Stock(item="water", units=1)  # type: ignore[arg-type]


def _own_tech() -> object:
    return OwnTech(tech="rover", level=1, space=HostId("c1-top"))  # type: ignore[arg-type]


def _display_row() -> object:
    card = Blueprint(id=HostId("p"), building=BuildingType.MINE, level=1)
    return DisplayedBlueprint(row="top", blueprint=card)  # type: ignore[arg-type]


def _contract_kind() -> object:
    return ContractSlot(id=HostId("c"), kind="upgrade")  # type: ignore[arg-type]


def _gain_kind() -> object:
    return Gain(kind="crystals", n=2)  # type: ignore[arg-type]


def _string_hex() -> object:
    return Building(id=HostId("b"), hex=Hex("0", 0), type=BuildingType.MINE)  # type: ignore[arg-type]


def _bool_hex() -> object:
    return MapTile(hex=Hex(True, 0), tile=Tile(id=HostId("t"), kind=TileKind.RESEARCH))


def _tuple_hex() -> object:
    return Building(id=HostId("b"), hex=(0, 0), type=BuildingType.MINE)  # type: ignore[arg-type]


def _none_gains() -> object:
    return TurnOrderSpace(id=HostId("s"), side=Side.ORBIT, gains=None)  # type: ignore[arg-type]


def _list_gains() -> object:
    gains: Any = [Gain(kind=GainKind.BOT)]
    return TurnOrderSpace(id=HostId("s"), side=Side.ORBIT, gains=gains)


def _string_in_gains() -> object:
    return TurnOrderSpace(id=HostId("s"), side=Side.ORBIT, gains=("bot",))  # type: ignore[arg-type]


def _int_id() -> object:
    return GridTile(id=7, tech=TechType.ROVER)  # type: ignore[arg-type]


def _string_flag() -> object:
    return TurnOrderSpace(id=HostId("s"), side=Side.ORBIT, occupied="no")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (_building_type, "Building.type"),
        (_space_side, "TurnOrderSpace.side"),
        (_grid_tech, "GridTile.tech"),
        (_stock_item, "Stock.item"),
        (_own_tech, "OwnTech.tech"),
        (_display_row, "DisplayedBlueprint.row"),
        (_contract_kind, "ContractSlot.kind"),
        (_gain_kind, "Gain.kind"),
        (_string_hex, "Building.hex"),
        (_bool_hex, "MapTile.hex"),
        (_tuple_hex, "Building.hex"),
        (_none_gains, "TurnOrderSpace.gains"),
        (_list_gains, "TurnOrderSpace.gains"),
        (_string_in_gains, "TurnOrderSpace.gains[0]"),
        (_int_id, "GridTile.id"),
        (_string_flag, "TurnOrderSpace.occupied"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_records_refuse_wrong_types_where_they_are_made(
    make: Callable[[], object], field: str
) -> None:
    with pytest.raises(InvalidValueError) as info:
        make()

    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: expected ")


def test_gain_of_a_string_kind_is_refused_before_its_own_checks() -> None:
    """The cross-field check of Gain no longer reads ``.value`` off a string."""
    with pytest.raises(InvalidValueError, match=r"^Gain\.kind: expected a GainKind"):
        Gain(kind="crystals", n=2)  # type: ignore[arg-type]


# --- the view: wrong properties are refused when it is read ------------------


class PlainHost:
    """A host that inherits nothing: plain attributes copied from a board."""

    def __init__(self, board: Board, **overrides: Any) -> None:
        for name in PROPERTIES:
            setattr(self, name, overrides.get(name, getattr(board, name)))


def _host_class(missing: str, raising: Callable[[Any], Any] | None = None) -> object:
    """A host with read-only properties; *missing* is absent or raises."""
    board = reference_board()

    def reader(name: str) -> property:
        return property(lambda _self: getattr(board, name))

    namespace: dict[str, Any] = {
        name: reader(name) for name in PROPERTIES if name != missing
    }
    if raising is not None:
        namespace[missing] = property(raising)
    return type("Host", (), namespace)()


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"map_hexes": reference_board().map_hexes | {Hex("9", 0)}}, "map_hexes"),  # type: ignore[arg-type]
        ({"crystal_hexes": frozenset({Hex(0, False)})}, "crystal_hexes"),
        ({"initial_mine_hex": Hex(0.0, 0)}, "initial_mine_hex"),  # type: ignore[arg-type]
        ({"lacerda_rover": Hex("1", 0)}, "lacerda_rover"),  # type: ignore[arg-type]
        ({"human_rover": (1, 0)}, "human_rover"),
        ({"map_hexes": [(0, 0)]}, "map_hexes"),
        ({"map_hexes": [[0, 0]]}, "map_hexes"),
        ({"side": "colony"}, "side"),
        ({"shuttle_from": "orbit"}, "shuttle_from"),
        ({"lacerda_contracts": ("upgrade",)}, "lacerda_contracts[0]"),
        ({"human_blueprints": ("mine",)}, "human_blueprints[0]"),
        ({"lab_column_values": (True,)}, "lab_column_values[0]"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_wrong_types_in_the_view_are_refused(
    overrides: dict[str, Any], field: str
) -> None:
    host = PlainHost(reference_board(), **overrides)

    with pytest.raises(InvalidHostStateError) as info:
        call_reading(field, host)

    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: expected ")


@pytest.mark.parametrize("name", PROPERTIES)
def test_none_for_a_collection_or_value_is_refused(name: str) -> None:
    board = reference_board()
    if getattr(board, name) is None:  # rovers and his space may be None
        return
    with pytest.raises(InvalidHostStateError) as info:
        read_view(PlainHost(board, **{name: None}))  # type: ignore[arg-type]

    assert info.value.field == name


@pytest.mark.parametrize("name", PROPERTIES)
def test_a_missing_property_is_named(name: str) -> None:
    host = _host_class(name)

    with pytest.raises(InvalidHostStateError) as info:
        call_reading(name, host)

    assert info.value.field == name
    assert "missing" in str(info.value)
    assert isinstance(info.value.__cause__, AttributeError)


@pytest.mark.parametrize("name", PROPERTIES)
def test_a_raising_property_is_reported_with_the_host_error(name: str) -> None:
    def broken(_self: object) -> object:
        msg = "database is down"
        raise RuntimeError(msg)

    host = _host_class(name, broken)

    with pytest.raises(InvalidHostStateError) as info:
        call_reading(name, host)

    assert info.value.field == name
    assert "RuntimeError('database is down')" in str(info.value)
    assert isinstance(info.value.__cause__, RuntimeError)


def test_a_collection_whose_iteration_raises_is_reported() -> None:
    class Cursor:
        def __iter__(self) -> Iterator[Building]:
            msg = "cursor closed"
            raise OSError(msg)

    host = PlainHost(reference_board(), buildings=Cursor())

    with pytest.raises(InvalidHostStateError) as info:
        take_turn(new_bot(0), host)  # type: ignore[arg-type]

    assert info.value.field == "buildings"
    assert isinstance(info.value.__cause__, OSError)


# --- wrong arguments --------------------------------------------------------

CALLS: list[Callable[[Any], object]] = [
    lambda view: take_turn(new_bot(0), view),
    lambda view: setup(new_bot(0), view),
    lambda view: shuttle_phase(new_bot(0), view),
    lambda view: colony_level_up(new_bot(0), view),
    lambda view: human_used_tech(new_bot(0), view, TechType.ROVER),
    score_lacerda,
]
CALL_IDS = ["take_turn", "setup", "shuttle_phase", "colony_level_up", "tech", "score"]


@pytest.mark.parametrize("call", CALLS, ids=CALL_IDS)
@pytest.mark.parametrize("view", [None, 42, "a board"], ids=["None", "int", "str"])
def test_a_call_without_a_view_is_refused(
    call: Callable[[Any], object], view: object
) -> None:
    with pytest.raises(InvalidValueError) as info:
        call(view)

    assert info.value.field == "view"


def test_take_turn_with_none_names_the_view() -> None:
    with pytest.raises(InvalidValueError, match=r"^view: expected a host view"):
        take_turn(new_bot(0), None)  # type: ignore[arg-type]


def test_human_used_tech_refuses_a_string_tech() -> None:
    with pytest.raises(InvalidValueError) as info:
        human_used_tech(new_bot(0), reference_board(), "rover")  # type: ignore[arg-type]

    assert info.value.field == "tech"


# --- score_lacerda checks the view it reads -----------------------------------


def test_score_lacerda_refuses_a_bogus_contract() -> None:
    board = attrs.evolve(reference_board(), lacerda_contracts=("bogus",))  # type: ignore[arg-type]

    with pytest.raises(InvalidHostStateError) as info:
        score_lacerda(board)

    assert info.value.field == "lacerda_contracts[0]"
    assert "ContractKind" in str(info.value)


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"lacerda_contracts": None}, "lacerda_contracts"),
        ({"lacerda_contracts": ("delivery",)}, "lacerda_contracts[0]"),
        ({"lacerda_scientists": ("geologist",)}, "lacerda_scientists[0]"),
        ({"lacerda_blueprints": None}, "lacerda_blueprints"),
        ({"lab_column_values": None}, "lab_column_values"),
        ({"lab_column_values": ("3",)}, "lab_column_values[0]"),
        ({"advanced_buildings_on_mars": 3}, "advanced_buildings_on_mars"),
        ({"op_track": "40"}, "op_track"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_score_lacerda_refuses_wrong_types(
    overrides: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidHostStateError) as info:
        score_lacerda(PlainHost(reference_board(), **overrides))  # type: ignore[arg-type]

    assert info.value.field == field


def test_score_lacerda_reports_a_raising_property() -> None:
    def broken(_self: object) -> object:
        raise KeyError("ships")

    with pytest.raises(InvalidHostStateError) as info:
        score_lacerda(_host_class("ships_in_hangar", broken))  # type: ignore[arg-type]

    assert info.value.field == "ships_in_hangar"
    assert isinstance(info.value.__cause__, KeyError)


def test_score_lacerda_still_scores_a_good_view() -> None:
    board = attrs.evolve(
        reference_board(), lacerda_contracts=(ContractKind.UPGRADE,), op_track=10
    )

    assert score_lacerda(board).total == score_lacerda(PlainHost(board)).total  # type: ignore[arg-type]


# --- the property: any enum field given as its string is refused, named -------

Path = tuple[str | int, ...]


def _enum_paths(value: object, path: Path = ()) -> Iterator[Path]:
    """The path of every enum member inside *value* (records and tuples)."""
    if isinstance(value, enum.Enum):
        yield path
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _enum_paths(item, (*path, i))
    elif attrs.has(type(value)) and not isinstance(value, Hex):
        for f in attrs.fields(type(value)):  # type: ignore[arg-type]
            yield from _enum_paths(getattr(value, f.name), (*path, f.name))


def _replaced(value: Any, path: Path, new: object) -> Any:
    """*value* with the item at *path* replaced by *new* (records re-validate)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(head, int):
        return (*value[:head], _replaced(value[head], rest, new), *value[head + 1 :])
    return attrs.evolve(value, **{head: _replaced(getattr(value, head), rest, new)})


def _expected_field(board: Board, path: Path) -> tuple[type[LacerdaBotError], str]:
    """Who refuses the string: the innermost record (by name), else the view."""
    owner: type = Board
    start = 0
    value: Any = board
    for i, step in enumerate(path):
        if attrs.has(type(value)):
            owner, start = type(value), i
        value = value[step] if isinstance(step, int) else getattr(value, step)
    name = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in path[start:])
    if owner is Board:
        return InvalidHostStateError, name.removeprefix(".")
    return InvalidValueError, owner.__name__ + name


@given(
    board=st.one_of(st.just(reference_board()), host_states()),
    data=st.data(),
)
def test_any_enum_field_given_as_its_string_is_refused(
    board: Board, data: st.DataObject
) -> None:
    path = data.draw(st.sampled_from(list(_enum_paths(board))))
    member: Any = board
    for step in path:
        member = member[step] if isinstance(step, int) else getattr(member, step)
    assert isinstance(member, enum.Enum)
    error, field = _expected_field(board, path)

    with pytest.raises(LacerdaBotError) as info:
        call_reading(str(path[0]), _replaced(board, path, member.value))

    assert type(info.value) is error
    assert isinstance(info.value, InvalidHostStateError | InvalidValueError)
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: expected ")


@given(board=host_states())
def test_every_board_of_the_strategy_has_enum_fields_and_plays(board: Board) -> None:
    """Control for the property: the untouched boards are accepted."""
    assert any(True for _ in _enum_paths(board))
    assert take_turn(new_bot(0), board).decisions


# --- what is still accepted -------------------------------------------------


class Coordinate(int):
    """An int subclass: still an int, so a hex made of it is accepted."""


def test_int_subclasses_and_str_subclasses_are_accepted() -> None:
    board = reference_board()
    odd = Hex(Coordinate(9), Coordinate(9))
    host = PlainHost(
        board,
        map_hexes=[*board.map_hexes, odd],
        lab_column_values=(Coordinate(2), 3),
    )

    read = read_view(host)  # type: ignore[arg-type]

    assert odd in read.map_hexes
    assert read.lab_column_values == (2, 3)


def test_a_blueprint_level_must_be_one_or_three() -> None:
    with pytest.raises(InvalidValueError) as info:
        Blueprint(id=HostId("p"), building=BuildingType.MINE, level=2)

    assert info.value.field == "Blueprint.level"


def test_score_lacerda_reports_a_collection_whose_iteration_raises() -> None:
    class Cursor:
        def __iter__(self) -> Iterator[int]:
            msg = "cursor closed"
            raise OSError(msg)

    host = PlainHost(reference_board(), lab_column_values=Cursor())

    with pytest.raises(InvalidHostStateError) as info:
        score_lacerda(host)  # type: ignore[arg-type]

    assert info.value.field == "lab_column_values"
    assert isinstance(info.value.__cause__, OSError)
