from typing import Any

import attrs
import pytest

from lacerda_bot import (
    Hex,
    InvalidHostStateError,
    InvalidValueError,
    new_bot,
    read_view,
    take_turn,
)
from lacerda_bot.lab import space_id, staggered
from lacerda_bot.model import (
    BuildingType,
    FigureKind,
    Gain,
    GainKind,
    HostId,
    Item,
    MissionSlot,
    Owner,
    TechType,
)
from lacerda_bot.records import Figure, GridTile, LabSpace, Mission, Stock
from lacerda_bot.testing import building, reference_board, small_board, tile


class PlainHost:
    """A host that inherits nothing: plain attributes copied from a reference board."""

    def __init__(self, **fields: Any) -> None:
        for name, value in fields.items():
            setattr(self, name, value)


def as_plain(**overrides: Any) -> Any:
    board = small_board()
    fields = {f.name: getattr(board, f.name) for f in attrs.fields(type(board))}
    fields.update(overrides)
    return PlainHost(**fields)


def test_read_view_sorts_into_canonical_order() -> None:
    """Spec §0: collections are sorted on reading, so host order never matters."""
    board = small_board(
        buildings=(building(1, 1, BuildingType.MINE), building(0, 0, BuildingType.MINE))
    )
    read = read_view(
        as_plain(
            buildings=list(reversed(board.buildings)), map_hexes=set(board.map_hexes)
        )
    )

    assert [b.hex for b in read.buildings] == [Hex(0, 0), Hex(1, 1)]


def test_a_plain_object_is_a_host() -> None:
    """The host contract needs no inheritance: any object with the properties works."""
    outcome = take_turn(new_bot(0), as_plain())

    assert outcome.decisions


CHEAT = Figure(hex=Hex(9, 9), kind=FigureKind.BOT, owner=Owner.HUMAN)


@pytest.mark.parametrize(
    ("field", "overrides"),
    [
        ("buildings[0].hex", {"buildings": (building(9, 9, BuildingType.MINE),)}),
        ("lacerda_rover", {"lacerda_rover": Hex(9, 9)}),
        ("human_rover", {"human_rover": Hex(9, 9)}),
        ("figures[0].hex", {"figures": (CHEAT,)}),
        ("spendable_crystals", {"spendable_crystals": -1}),
        ("free_depot_spaces", {"free_depot_spaces": -2}),
        ("colony_level", {"colony_level": True}),
        (
            "buildings.id",
            {
                "buildings": (
                    building(0, 0, BuildingType.MINE),
                    attrs.evolve(building(1, 0, BuildingType.MINE), id=HostId("b0,0")),
                )
            },
        ),
        (
            "buildings.hex",
            {
                "buildings": (
                    building(0, 0, BuildingType.MINE),
                    attrs.evolve(building(0, 0, BuildingType.MINE), id=HostId("x")),
                )
            },
        ),
        (
            "lab_spaces[6].column",
            {
                "lab_spaces": (
                    *staggered((2, 2, 2)),
                    LabSpace(id=HostId("far"), column=4, tech=TechType.MINE),
                ),
                "lab_columns": 3,
            },
        ),
        (
            "lab_spaces[0].touches",
            {
                "lab_spaces": staggered(
                    (2, 2), techs={space_id(1, 0, 2): TechType.MINE}
                ),
                "lab_columns": 1,
            },
        ),
        (
            "tiles.id",
            {
                "map_tiles": (
                    tile("T", 1, 0, Gain(kind=GainKind.BOT)),
                    tile("T", 2, 0, Gain(kind=GainKind.BOT)),
                )
            },
        ),
        (
            "map_tiles[0].hex",
            {"map_tiles": (tile("T", 0, 0, Gain(kind=GainKind.BOT)),)},
        ),
        (
            "tech_grid.id",
            {
                "tech_grid": (
                    GridTile(id=HostId("g"), tech=TechType.MINE),
                    GridTile(id=HostId("g"), tech=TechType.ROVER),
                )
            },
        ),
        (
            "missions.slot",
            {
                "missions": (
                    Mission(slot=MissionSlot.A, id=HostId("a")),
                    Mission(slot=MissionSlot.A, id=HostId("b")),
                )
            },
        ),
        ("buildings[0].owner", {"buildings": (building(0, 0, BuildingType.SHELTER),)}),
        ("initial_mine_hex", {"initial_mine_hex": Hex(9, 9)}),
        ("crystal_hexes", {"crystal_hexes": frozenset({Hex(9, 9)})}),
        ("buildings[0]", {"buildings": ("a mine",)}),
        ("map_hexes", {"map_hexes": frozenset({"0,0"})}),
        ("side", {"side": "colony"}),
        ("buildings", {"buildings": 5}),
        ("first_colonist_tiles[0]", {"first_colonist_tiles": ("S9",)}),
    ],
)
def test_bad_views_name_the_field(field: str, overrides: dict[str, Any]) -> None:
    """Bad input: a view breaking a precondition raises InvalidHostStateError naming the field."""
    with pytest.raises(InvalidHostStateError) as info:
        take_turn(new_bot(0), as_plain(**overrides))

    assert info.value.field == field
    assert field in str(info.value)


def test_records_refuse_negative_counts() -> None:
    """Bad input: records validate their numbers at construction."""
    with pytest.raises(InvalidValueError, match="units"):
        Stock(item=Item.WATER, units=-1)


def test_reference_board_is_consistent() -> None:
    """The reference host passes its own checks."""
    board = reference_board()

    assert read_view(board) == board


def test_lacerda_space_must_name_a_space() -> None:
    """Bad input: his Turn Order space must be a space id of the view."""
    with pytest.raises(InvalidHostStateError, match="lacerda_space"):
        take_turn(new_bot(0), as_plain(lacerda_space=7))
    with pytest.raises(InvalidHostStateError, match="lacerda_space"):
        take_turn(new_bot(0), as_plain(lacerda_space="S9"))


def test_hex_sets_must_hold_hexes() -> None:
    """Bad input: map hexes must be a collection of Hex."""
    with pytest.raises(InvalidHostStateError, match="map_hexes"):
        take_turn(new_bot(0), as_plain(map_hexes="(0,0)"))


def test_a_scientist_cannot_be_both_held_and_on_display() -> None:
    """V11: each Scientist exists once; a host that shows a held one is refused."""
    import attrs
    import pytest

    from lacerda_bot.errors import InvalidHostStateError
    from lacerda_bot.model import Scientist
    from lacerda_bot.testing import reference_board

    board = attrs.evolve(reference_board(), lacerda_scientists=(Scientist.GEOLOGIST,))
    with pytest.raises(InvalidHostStateError, match="scientist_display"):
        read_view(board)
