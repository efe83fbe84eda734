"""Boards that cannot go stale; decisions follow content, not identity.

A host may hand in lists and sets, keep them, and change them in place between
calls, in a :class:`~lacerda_bot.Board` or in a view of its own. Every decision
must equal the one made on a never-seen board of the same content.
"""

import copy
import pickle
import sys
import types
import typing
from collections.abc import Callable
from typing import Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lacerda_bot import (
    Board,
    BotState,
    InvalidHostStateError,
    LacerdaBotError,
    Outcome,
    new_bot,
    read_view,
    shuttle_phase,
    take_turn,
)
from lacerda_bot._board import board as board_module
from lacerda_bot._board import results
from lacerda_bot.decisions import CollectTile
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import BuildingType
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.reference import play_game
from lacerda_bot.testing import apply, building, reference_board, small_board

from .helpers_strategies import bot_states, host_states

FIELDS: Final = tuple(f.name for f in attrs.fields(Board))
TUPLE_FIELDS: Final = tuple(board_module._COLLECTIONS)
HEX_SETS: Final = ("map_hexes", "crystal_hexes")

Call = Callable[[BotState, Any], Outcome]


def evolved(board: Board, **changes: Any) -> Board:
    """``attrs.evolve`` with values mypy would refuse, as an untyped host passes them."""
    return attrs.evolve(board, **changes)


def by_back_door(board: Board, **changes: Any) -> Board:
    """A copy of *board* holding *changes* as given, past every freezing of Board's."""
    copied = board.__replace__()
    vars(copied).update(changes)
    return copied


def mutable_fields(board: Board) -> dict[str, Any]:
    """*board*'s fields as a careless host holds them: lists and sets it keeps."""
    fields: dict[str, Any] = {name: getattr(board, name) for name in FIELDS}
    for name in TUPLE_FIELDS:
        fields[name] = list(fields[name])
    for name in HEX_SETS:
        fields[name] = set(fields[name])
    return fields


def overwrite(fields: dict[str, Any], board: Board) -> None:
    """Make the host's *fields* say what *board* says, changing its lists and sets in place."""
    for name in FIELDS:
        value = getattr(board, name)
        if name in TUPLE_FIELDS:
            fields[name][:] = value
        elif name in HEX_SETS:
            fields[name].clear()
            fields[name].update(value)
        else:
            fields[name] = value


def fresh(fields: dict[str, Any]) -> Any:
    """A never-seen view of the same content: deep copies in plain tuples, no Board."""
    copied = copy.deepcopy(fields)
    for name in TUPLE_FIELDS:
        copied[name] = tuple(copied[name])
    for name in HEX_SETS:
        copied[name] = frozenset(copied[name])
    return types.SimpleNamespace(**copied)


def decide(call: Call, bot: BotState, view: Any) -> Outcome | str:
    """What *call* returns on *view*, or the error it raises, as text."""
    try:
        return call(bot, view)
    except LacerdaBotError as error:
        return f"{type(error).__name__}: {error}"


def kept_lists_view(fields: dict[str, Any]) -> Any:
    """A host's own view: a plain class whose properties return the objects it keeps."""

    def prop(name: str) -> property:
        return property(lambda self: self.fields[name])

    namespace: dict[str, Any] = {name: prop(name) for name in FIELDS}
    namespace["__init__"] = lambda self, fields: setattr(self, "fields", fields)
    return type("KeptListsView", (), namespace)(fields)


Change = Callable[[dict[str, Any], st.DataObject], None]


def removing(name: str) -> Change:
    """Remove one item of the host's list *name*, in place."""

    def change(fields: dict[str, Any], data: st.DataObject) -> None:
        del fields[name][data.draw(st.integers(0, len(fields[name]) - 1))]

    return change


def reversing(name: str) -> Change:
    """Reverse the host's list *name* in place (the same content, another order)."""

    def change(fields: dict[str, Any], data: st.DataObject) -> None:
        fields[name].reverse()

    return change


def canonical_hexes(hexes: set[Hex]) -> list[Hex]:
    return sorted(hexes, key=lambda h: (h.r, h.q))


def remove_a_crystal(fields: dict[str, Any], data: st.DataObject) -> None:
    """Take a Crystal off the map, in the host's set."""
    crystals = canonical_hexes(fields["crystal_hexes"])
    fields["crystal_hexes"].discard(data.draw(st.sampled_from(crystals)))


def add_a_crystal(fields: dict[str, Any], data: st.DataObject) -> None:
    """Put a Crystal on a map hex, in the host's set."""
    hexes = canonical_hexes(fields["map_hexes"])
    fields["crystal_hexes"].add(data.draw(st.sampled_from(hexes)))


def move_his_rover(fields: dict[str, Any], data: st.DataObject) -> None:
    """Put Lacerda's Rover on another map hex."""
    hexes = canonical_hexes(fields["map_hexes"])
    fields["lacerda_rover"] = data.draw(st.sampled_from(hexes))


def move_the_humans_rover(fields: dict[str, Any], data: st.DataObject) -> None:
    """Put the human's Rover on another map hex, or take it off."""
    hexes = canonical_hexes(fields["map_hexes"])
    fields["human_rover"] = data.draw(st.none() | st.sampled_from(hexes))


LISTS_CHANGED: Final = (
    "map_tiles",
    "buildings",
    "blueprint_display",
    "scientist_display",
    "contract_display",
    "figures",
    "warehouse",
    "turn_order_spaces",
)


def change_something(fields: dict[str, Any], data: st.DataObject) -> None:
    """Change one thing of the host's *fields*, in place, as a host does between calls."""
    options: list[tuple[str, Change]] = [
        ("add a Crystal", add_a_crystal),
        ("move his Rover", move_his_rover),
        ("move the human's Rover", move_the_humans_rover),
    ]
    for name in LISTS_CHANGED:
        if fields[name]:
            options += [(f"remove from {name}", removing(name))]
            options += [(f"reverse {name}", reversing(name))]
    if fields["crystal_hexes"]:
        options.append(("remove a Crystal", remove_a_crystal))
    _, change = data.draw(st.sampled_from(options), label="change")
    change(fields, data)


CALLS: Final[tuple[Call, ...]] = (take_turn, shuttle_phase)
ViewOf = Callable[[dict[str, Any], Any, st.DataObject], Any]


def play_against_fresh_boards(
    data: st.DataObject, board: Board, bot: BotState, view_of: ViewOf
) -> None:
    """Calls on the view the host keeps, each equal to the same call on a fresh board.

    Between calls the host applies the decisions to its lists and sets in
    place, then changes one more thing itself. The fresh board is read before
    the host's view, so the host's view is the one the library read last.
    """
    fields = mutable_fields(board)
    previous: Any = None
    for _ in range(data.draw(st.integers(1, 4), label="calls")):
        call = data.draw(st.sampled_from(CALLS), label="call")
        try:
            start: Board | None = read_view(fresh(fields))
        except LacerdaBotError:  # a change broke a rule: both must refuse alike
            start = None
        expected = decide(call, bot, fresh(fields) if start is None else start)
        view = view_of(fields, previous, data)
        made = decide(call, bot, view)

        assert made == expected
        if start is None or not isinstance(made, Outcome):
            return
        kept = copy.deepcopy(view) if isinstance(view, Board) else None
        overwrite(fields, apply(start, made.decisions))
        change_something(fields, data)
        if kept is not None:  # changing the host's lists changed no board
            assert view == kept
        previous, bot = view, made.bot


def a_board_of(fields: dict[str, Any], previous: Any, data: st.DataObject) -> Board:
    """A Board built from the host's lists, or evolved from the last one with them."""
    if isinstance(previous, Board) and data.draw(st.booleans(), label="evolve"):
        return attrs.evolve(previous, **fields)
    return Board(**fields)


@settings(deadline=None)  # slow on purpose: up to four calls and their fresh twins
@given(host_states(), bot_states(), st.data())
def test_a_board_built_from_lists_decides_on_its_content(
    board: Board, bot: BotState, data: st.DataObject
) -> None:
    """A Board of lists and sets the host changes in place decides as a fresh board does."""
    play_against_fresh_boards(data, board, bot, a_board_of)


@settings(deadline=None)  # slow on purpose: up to four calls and their fresh twins
@given(host_states(), bot_states(), st.data())
def test_a_view_returning_lists_it_changes_decides_on_its_content(
    board: Board, bot: BotState, data: st.DataObject
) -> None:
    """A view returning lists and sets it changes in place decides as a fresh board does."""

    def same_view(fields: dict[str, Any], previous: Any, data: st.DataObject) -> Any:
        return kept_lists_view(fields) if previous is None else previous

    play_against_fresh_boards(data, board, bot, same_view)


def test_tile_r2_removed_in_place_is_not_collected_again() -> None:
    """Regression (R-ROVER-2): R2 removed in place from the host's list is not collected again."""
    tiles = list(reference_board().map_tiles)
    board = evolved(reference_board(), map_tiles=tiles)
    first = take_turn(new_bot(0), board)
    assert [d.tile for d in first.decisions if type(d) is CollectTile] == ["R2"]
    after = apply(board, first.decisions)
    tiles[:] = after.map_tiles  # the host removes R2 in place
    assert "R2" not in [t.tile.id for t in tiles]

    moved = evolved(board, map_tiles=tiles, lacerda_rover=after.lacerda_rover)
    second = take_turn(first.bot, moved)

    assert "R2" not in [d.tile for d in second.decisions if type(d) is CollectTile]
    assert second == take_turn(first.bot, fresh(mutable_fields(moved)))


def test_a_board_holds_tuples_and_frozensets_of_what_it_was_given() -> None:
    """Board(...), attrs.evolve and copy.replace (``__replace__``) turn every
    collection into a tuple or frozenset."""
    board = reference_board()
    built = Board(**mutable_fields(board))

    def collections() -> dict[str, Any]:
        return {
            "map_tiles": list(board.map_tiles),
            "map_hexes": sorted(board.map_hexes, key=lambda h: (h.r, h.q)),
            "crystal_hexes": set(board.crystal_hexes),
            "exploration_tiles": iter(board.exploration_tiles),
            "missions": dict.fromkeys(board.missions),
        }

    changed = evolved(board, **collections())
    replaced = board.__replace__(**collections())

    assert built == board
    assert changed == board
    assert replaced == board
    for made in (built, changed, replaced):
        for name in TUPLE_FIELDS:
            assert type(getattr(made, name)) is tuple, name
        for name in HEX_SETS:
            assert type(getattr(made, name)) is frozenset, name
    assert read_view(built) == read_view(changed) == read_view(replaced) == board


def test_a_copy_of_a_checked_board_is_checked_only_where_it_changed_and_forgets_nothing() -> (
    None
):
    """A copy made from a checked board (``copy.replace``) reads as a fresh board of its
    content would: a change that breaks a precondition is refused, naming the field,
    and one that does not is read, however many copies lie between."""
    board = read_view(reference_board())
    broken = board.__replace__(lacerda_rover=Hex(40, 40)).__replace__(bots_left=2)
    with pytest.raises(InvalidHostStateError, match="lacerda_rover"):
        read_view(broken)
    moved = board.__replace__(bots_left=2).__replace__(lacerda_rover=None)
    assert read_view(moved) == read_view(
        attrs.evolve(reference_board(), bots_left=2, lacerda_rover=None)
    )
    assert pickle.loads(pickle.dumps(moved)) == moved
    assert read_view(pickle.loads(pickle.dumps(moved))) == read_view(moved)


def test_every_collection_field_is_frozen() -> None:
    """Each field declared a tuple is made one, each declared a frozenset is made one."""
    declared = {f.name: typing.get_origin(f.type) for f in attrs.fields(Board)}

    assert {n for n, kind in declared.items() if kind is tuple} == set(TUPLE_FIELDS)
    assert {n for n, kind in declared.items() if kind is frozenset} == set(HEX_SETS)


def test_a_board_keeps_its_own_tuples_and_frozensets() -> None:
    """A board of exact tuples and frozensets is stored as given: no copy is made."""
    board = reference_board()
    fields = {name: getattr(board, name) for name in FIELDS}

    built = Board(**fields)

    for name in FIELDS:
        assert getattr(built, name) is fields[name], name


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("map_tiles", None, "a collection"),
        ("buildings", "mine", "a collection"),
        ("figures", 3, "a collection"),
        ("map_hexes", "(0,0)", "a collection"),
        ("crystal_hexes", None, "a collection"),
        ("map_hexes", [[0, 0]], "Hex"),
        ("crystal_hexes", [Hex(0, 0), {1: 2}], "Hex"),
    ],
)
def test_what_is_not_a_collection_is_kept_for_read_view_to_refuse(
    name: str, value: object, expected: str
) -> None:
    """Bad input: None, a string, a number or unhashable hexes: read_view names the field."""
    board = evolved(small_board(), **{name: value})

    with pytest.raises(LacerdaBotError, match=name) as info:
        read_view(board)
    with pytest.raises(LacerdaBotError, match=name):
        take_turn(new_bot(0), board)

    assert expected in str(info.value)


def test_a_collection_whose_iteration_raises_is_refused_naming_it() -> None:
    """Bad input: a collection that raises when read makes no board, and no stale one."""

    class Cursor:
        def __iter__(self) -> Any:
            msg = "cursor closed"
            raise OSError(msg)

    cursor = Cursor()
    board = evolved(small_board(), buildings=cursor)

    assert vars(board)["buildings"] is cursor
    with pytest.raises(LacerdaBotError, match="buildings") as info:
        read_view(board)
    assert isinstance(info.value.__cause__, OSError)


def test_a_board_holding_a_list_is_never_matched_by_identity() -> None:
    """A list that reached a board by a back door (not Board(...)) is read afresh each time."""
    board = small_board(buildings=(building(0, 0, BuildingType.MINE),))
    shown = list(board.buildings)
    listed = by_back_door(board, buildings=shown)
    assert read_view(listed).buildings == tuple(shown)

    shown.append(building(1, 0, BuildingType.GENERATOR))
    again = by_back_door(listed, lacerda_rover=Hex(0, 1))

    assert read_view(again).buildings == tuple(shown)
    assert all(type(v) is not list for entry in board_module._RECENT for v in entry[0])


def test_a_hosts_own_view_is_never_remembered_for_testing_apply() -> None:
    """results keeps only Boards (immutable) by identity: a host's own view is never matched."""
    view = kept_lists_view(mutable_fields(reference_board()))

    outcome = take_turn(new_bot(0), view)

    assert all(type(entry[1]) is Board for entry in results._LAST)
    assert results.applied(view, outcome.decisions) is None


@pytest.mark.parametrize(
    "options",
    [Options(), Options(same_call_gains_spendable=True)],
    ids=["default", "gains spendable"],
)
def test_the_library_copies_boards_with_immutable_values_only(
    monkeypatch: pytest.MonkeyPatch, options: Options
) -> None:
    """In whole games the library's copies are given tuples and frozensets only (so its
    copies never need to freeze what they are given)."""
    original = board_module.evolve_board
    seen: dict[str, int] = {}

    def checked(board: Board, **changes: Any) -> Board:
        for name, value in changes.items():
            if name in TUPLE_FIELDS:
                assert type(value) is tuple, name
            elif name in HEX_SETS:
                assert type(value) is frozenset, name
            seen[name] = seen.get(name, 0) + 1
        return original(board, **changes)

    callers = [
        module
        for module in list(sys.modules.values())
        if getattr(module, "evolve_board", None) is original
    ]
    assert {m.__name__ for m in callers} >= {
        "lacerda_bot._board.effects",
        "lacerda_bot._board.results",
        "lacerda_bot.reference._game",
    }
    for module in callers:
        monkeypatch.setattr(module, "evolve_board", checked)
    for seed in range(6):
        play_game(seed, options=options, check=True)
    play_game(0, options=attrs.evolve(options, tie_policy=TiePolicy.UNIFORM))

    assert {"map_tiles", "crystal_hexes", "buildings", "figures"} <= set(seen)


def test_a_hand_in_a_list_by_a_back_door_is_applied_one_by_one() -> None:
    """testing.apply's fast path never reuses a call on a board holding a list."""
    board = reference_board()
    hand = [BuildingType.MINE, BuildingType.GENERATOR]
    listed = by_back_door(board, human_blueprints=hand)
    outcome = take_turn(new_bot(3), listed)
    hand.append(BuildingType.GREENHOUSE)  # the host changes it after the call

    assert results.applied(listed, outcome.decisions) is None
