from typing import Any

import attrs
import pytest

from lacerda_bot import (
    Board,
    InvalidHostStateError,
    InvalidValueError,
    new_bot,
    read_view,
    take_turn,
)
from lacerda_bot._board import board as board_module
from lacerda_bot._board import effects
from lacerda_bot.decisions import PayCrystals, PaymentPurpose, RelocateRover
from lacerda_bot.hexmap import Hex
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
    Scientist,
    TechType,
)
from lacerda_bot.records import (
    AdvancedCount,
    Figure,
    GridTile,
    HeldBlueprint,
    LabSpace,
    Mission,
    Stock,
)
from lacerda_bot.testing import apply, building, reference_board, small_board, tile

from .helpers_checks import Counting


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
            "buildings[1].id",
            {
                "buildings": (
                    building(0, 0, BuildingType.MINE),
                    attrs.evolve(building(1, 0, BuildingType.MINE), id=HostId("b0,0")),
                )
            },
        ),
        (
            "buildings[1].hex",
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
            "map_tiles[1].tile.id",
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
            "tech_grid[1].id",
            {
                "tech_grid": (
                    GridTile(id=HostId("g"), tech=TechType.MINE),
                    GridTile(id=HostId("g"), tech=TechType.ROVER),
                )
            },
        ),
        (
            "missions[1].slot",
            {
                "missions": (
                    Mission(slot=MissionSlot.A, id=HostId("a")),
                    Mission(slot=MissionSlot.A, id=HostId("b")),
                )
            },
        ),
        ("buildings[0].owner", {"buildings": (building(0, 0, BuildingType.SHELTER),)}),
        ("initial_mine_hex", {"initial_mine_hex": Hex(9, 9)}),
        ("crystal_hexes[0]", {"crystal_hexes": frozenset({Hex(9, 9)})}),
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


def test_a_board_read_is_not_read_or_checked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The trusted path: a Board read_view returned comes back as is, unchecked."""
    board = reference_board()
    counting = Counting(monkeypatch)

    assert read_view(board) is board
    assert read_view(board, scoring=False) is board
    take_turn(new_bot(0), board)
    assert counting.full == 0
    assert counting.checks == []


def test_a_board_made_by_applying_decisions_is_checked_only_where_it_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An applied board needs no full check: only the fields that differ are read."""
    board = small_board(
        spendable_crystals=3,
        lacerda_rover=Hex(0, 1),
        buildings=(
            building(0, 0, BuildingType.MINE),
            building(0, 1, BuildingType.GENERATOR),
        ),
    )
    after = apply(
        board,
        (
            PayCrystals(amount=1, purpose=PaymentPurpose.MOVEMENT),
            RelocateRover(from_hex=Hex(0, 1), to_hex=Hex(1, 1)),
        ),
    )
    counting = Counting(monkeypatch)

    assert read_view(after) is after
    assert counting.full == 0
    assert counting.checks == ["_check_rovers"]  # no building, card or Tech check
    assert read_view(after) is after
    assert counting.checks == ["_check_rovers"]  # trusted from now on


def test_an_applied_board_that_breaks_a_precondition_is_refused() -> None:
    """A board the effects made from a checked one is not trusted: a read says what broke.

    ``testing.apply`` refuses such a payment before it is made; the library's
    own effects do not check, the next read does.
    """
    board = small_board(spendable_crystals=1)
    pay = PayCrystals(amount=3, purpose=PaymentPurpose.MOVEMENT)
    broke = effects.apply_decision(board, pay, gains_spendable=True)

    with pytest.raises(InvalidHostStateError, match="spendable_crystals"):
        read_view(broke)


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"lacerda_rover": Hex(9, 9)}, "lacerda_rover"),
        ({"spendable_crystals": -1}, "spendable_crystals"),
        ({"progress_cubes": 6}, "progress_cubes"),
        (
            {
                "buildings": (
                    building(0, 0, BuildingType.MINE),
                    building(0, 0, BuildingType.MINE),
                )
            },
            "buildings",
        ),
        ({"initial_mine_hex": Hex(7, 0)}, "initial_mine_hex"),
    ],
)
def test_a_board_built_by_hand_is_still_checked(
    overrides: dict[str, Any], field: str
) -> None:
    """Bad input: a hand-made Board (from scratch or from a checked one) is refused."""
    checked = small_board()
    from_scratch = {f.name: getattr(checked, f.name) for f in attrs.fields(Board)}
    from_scratch.update(overrides)
    for board in (Board(**from_scratch), attrs.evolve(checked, **overrides)):
        with pytest.raises(InvalidHostStateError, match=field):
            read_view(board)
        if field not in board_module._SCORING:  # decisions do not read these
            with pytest.raises(InvalidHostStateError, match=field):
                take_turn(new_bot(0), board)


def test_a_board_out_of_canonical_order_is_read_into_it() -> None:
    """A Board whose collections are out of order is returned sorted, as before."""
    board = reference_board()
    shuffled = attrs.evolve(board, lab_spaces=tuple(reversed(board.lab_spaces)))
    assert len(board.lab_spaces) > 1

    read = read_view(shuffled)

    assert read is not shuffled
    assert read == board
    assert read_view(shuffled) == board


def test_every_check_declares_the_fields_it_reads() -> None:
    """The trusted path reruns a check only when one of its fields changed: the list must be whole."""

    class Recorder:
        def __init__(self, board: Board) -> None:
            self.board = board
            self.read: set[str] = set()

        def __getattr__(self, name: str) -> Any:
            self.read.add(name)
            return getattr(self.board, name)

    fields = {f.name for f in attrs.fields(Board)}
    assert set(board_module._FIELDS) == fields
    assert set(board_module._PROPERTIES) == fields
    for check, reads in board_module._CHECKS:
        recorder = Recorder(reference_board())
        check(recorder)  # type: ignore[arg-type]
        assert recorder.read <= reads, check.__name__


def test_evolve_board_makes_what_attrs_evolve_makes() -> None:
    board = reference_board()
    changes: dict[str, Any] = {"bots_left": 1, "spendable_crystals": 3}
    copied = board_module.evolve_board(board, **changes)
    assert copied == attrs.evolve(board, **changes)
    assert hash(copied) == hash(attrs.evolve(board, **changes))
    assert copied is not board
    assert board.bots_left == 3  # the original is unchanged
    for field in attrs.fields(Board):  # unchanged fields are shared, not copied
        if field.name not in changes:
            assert getattr(copied, field.name) is getattr(board, field.name)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copied.bots_left = 0  # type: ignore[misc]
    with pytest.raises(TypeError, match="no_such_field"):
        board_module.evolve_board(board, no_such_field=1)


def test_board_init_does_nothing_evolve_board_skips_on_frozen_values() -> None:
    """evolve_board bypasses ``__init__``, which only freezes collections: given tuples
    and frozensets it stores them as they are (the library passes only those:
    ``tests/test_stale_boards.py``)."""
    for field in attrs.fields(Board):
        assert field.validator is None, field.name
        assert field.converter is None, field.name
    assert not hasattr(Board, "__attrs_pre_init__")
    board = reference_board()
    fields = {f.name: getattr(board, f.name) for f in attrs.fields(Board)}
    built = Board(**fields)
    assert built.__dict__ == fields
    assert all(built.__dict__[name] is value for name, value in fields.items())


def test_decisions_with_no_board_effect_are_found_by_exact_type() -> None:
    """apply_decision's shortcut tests ``type(decision)``: only right for final classes."""
    for kind in effects._NO_EFFECT:
        assert getattr(kind, "__final__", False), kind.__name__


# --- errors name items as the host holds them -------------------------------------------

UNSORTED = (
    building(1, 1, BuildingType.MINE),
    building(0, 0, BuildingType.MINE),
    building(1, 0, BuildingType.GENERATOR),
)
"""Three buildings out of canonical order (by r, then q): the host's order is 0, 1, 2."""


def test_a_refused_item_is_named_by_its_index_in_the_host_collection() -> None:
    """The index is the host's own, not that of the sorted copy the checks run on."""
    off_map = attrs.evolve(UNSORTED[2], hex=Hex(9, 9))
    host = as_plain(buildings=[*UNSORTED[:2], off_map])

    with pytest.raises(InvalidHostStateError) as refused:
        take_turn(new_bot(0), host)

    assert refused.value.field == "buildings[2].hex"
    assert refused.value.value == Hex(9, 9)
    assert (
        str(refused.value) == "buildings[2].hex: expected a map hex, got Hex(q=9, r=9)"
    )


def test_a_repeated_id_names_the_second_item_and_the_first() -> None:
    """A repeat is named where the host holds it the second time; the first is in expected."""
    again = attrs.evolve(UNSORTED[2], id=UNSORTED[0].id)
    board = attrs.evolve(small_board(), buildings=(*UNSORTED[:2], again))

    with pytest.raises(InvalidHostStateError) as refused:
        read_view(board)

    assert refused.value.field == "buildings[2].id"
    assert (
        refused.value.expected == "an id no other item has (buildings[0].id has it too)"
    )
    assert refused.value.value == UNSORTED[0].id


@pytest.mark.parametrize(
    ("changes", "field", "first"),
    [
        (
            {"lacerda_scientists": (Scientist.GEOLOGIST, Scientist.GEOLOGIST)},
            "lacerda_scientists[1]",
            "lacerda_scientists[0]",
        ),
        (
            {"exploration_tiles": (reference_board().map_tiles[0].tile,)},
            "exploration_tiles[0].id",
            "map_tiles[0].tile.id",
        ),
        (
            {
                "lacerda_blueprints": (
                    HeldBlueprint(
                        blueprint=reference_board().blueprint_display[1].blueprint
                    ),
                )
            },
            "lacerda_blueprints[0].blueprint.id",
            "blueprint_display[1].blueprint.id",
        ),
    ],
    ids=["scientists", "tile ids", "blueprint ids"],
)
def test_an_id_repeated_across_two_collections_names_both(
    changes: dict[str, Any], field: str, first: str
) -> None:
    with pytest.raises(InvalidHostStateError) as refused:
        read_view(attrs.evolve(reference_board(), **changes))

    assert refused.value.field == field
    assert f"({first} has it too)" in refused.value.expected


def test_a_view_with_only_the_play_properties_names_the_host_index() -> None:
    """A host with no scoring properties: its collections read again, the rest kept."""
    off_map = attrs.evolve(UNSORTED[2], hex=Hex(9, 9))
    board = attrs.evolve(small_board(), buildings=(*UNSORTED[:2], off_map))
    scoring = board_module._SCORING

    class PlayOnly:
        def __getattr__(self, name: str) -> Any:
            if name in scoring:
                raise AttributeError(name)
            return getattr(board, name)

    with pytest.raises(InvalidHostStateError) as refused:
        take_turn(new_bot(0), PlayOnly())

    assert refused.value.field == "buildings[2].hex"


def test_a_board_with_scoring_items_names_the_host_index() -> None:
    """A decision call reads no scoring property: those keep their own order."""
    counts = (AdvancedCount(building=BuildingType.MINE, count=1),)
    again = attrs.evolve(UNSORTED[2], id=UNSORTED[0].id)
    board = attrs.evolve(
        small_board(),
        buildings=(*UNSORTED[:2], again),
        advanced_buildings_on_mars=counts,
    )

    with pytest.raises(InvalidHostStateError) as refused:
        take_turn(new_bot(0), board)

    assert refused.value.field == "buildings[2].id"
