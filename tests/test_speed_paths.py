"""The trusted path for boards the library produced, and the bounded caches."""

import inspect
import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import (
    Board,
    BotState,
    Hex,
    InvalidHostStateError,
    Options,
    SerializationError,
    dumps,
    loads,
    new_bot,
    read_view,
    take_turn,
)
from lacerda_bot._board import board as board_module
from lacerda_bot._board import effects, paths
from lacerda_bot._board import facts as facts_module
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._rules.play import rules_trace
from lacerda_bot._strategies import host_states
from lacerda_bot.decisions import PayCrystals, PaymentPurpose, RelocateRover
from lacerda_bot.hexmap import STEPS_PER_MAP, map_index, steps_from
from lacerda_bot.model import BuildingType
from lacerda_bot.options import ComplexTechThreshold, StandaloneRule
from lacerda_bot.testing import apply, building, hex_map, reference_board, small_board
from lacerda_bot.trace import Trace

from .helpers_checks import Counting


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


def test_map_index_is_shared_and_bounded() -> None:
    """Per-map precomputation: equal maps share one index; only four maps are kept."""
    hexes = hex_map(3)
    assert map_index(hexes) is map_index(frozenset(hexes))
    for radius in range(4, 10):
        map_index(hex_map(radius))
    info = map_index.cache_info()
    assert info.maxsize == 4
    assert info.currsize <= 4


def test_searches_kept_per_map_are_bounded() -> None:
    """Memory stays flat on a large map: at most STEPS_PER_MAP searches are kept."""
    hexes = hex_map(12)
    index = map_index(hexes)
    for h in sorted(hexes, key=lambda h: (h.r, h.q))[: STEPS_PER_MAP + 40]:
        expected = steps_from(list(hexes), h)  # a list: searched afresh
        assert index.steps_from(h) == expected
    assert len(index._steps) <= STEPS_PER_MAP


def test_a_shared_search_is_the_same_as_a_fresh_one() -> None:
    """Off-map starts still spread, and cached results equal fresh ones."""
    hexes = hex_map(3)
    for start in (Hex(0, 0), Hex(3, 0), Hex(4, 0), Hex(9, 9)):
        assert steps_from(hexes, start) == steps_from(set(hexes), start)
        assert steps_from(hexes, start)[start] == 0
    assert (4, 0) not in {(h.q, h.r) for h in map_index(hexes)._graph.by_pair.values()}


def test_remembered_options_keep_the_strict_checks() -> None:
    """A load of remembered options still refuses 1 for true, or a missing field."""
    bot = new_bot(3)
    text = dumps(bot)
    assert loads(text, BotState) == bot
    assert loads(text, BotState).options is loads(text, BotState).options

    document = json.loads(text)
    document["data"]["options"]["same_call_gains_spendable"] = 0
    with pytest.raises(SerializationError, match="same_call_gains_spendable"):
        loads(json.dumps(document), BotState)
    del document["data"]["options"]["same_call_gains_spendable"]
    with pytest.raises(SerializationError, match="same_call_gains_spendable"):
        loads(json.dumps(document), BotState)
    assert loads(text, BotState) == bot


def test_options_remembered_are_bounded() -> None:
    """Memory stays flat: a converter remembers a bounded number of option documents."""
    for movement in range(100):
        bot = new_bot(1, Options(rover_base_movement=movement))
        assert loads(dumps(bot), BotState).options.rover_base_movement == movement


def test_a_duplicate_key_is_still_refused() -> None:
    """Bad input: a key twice in one object is refused (the faster check keeps it)."""
    text = dumps(new_bot(3)).replace('"data":{', '"data":{"draw_pile":[],', 1)
    with pytest.raises(SerializationError, match="draw_pile"):
        loads(text, BotState)


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


def test_steps_to_his_rover_on_ranks_are_the_steps_on_hexes() -> None:
    """eligible_tiles' search on ranks gives steps_from's answer for every hex."""
    board = reference_board()
    on_map = sorted(board.map_hexes)
    for rover in [None, *on_map[::7]]:
        view = attrs.evolve(board, lacerda_rover=rover)
        start = board.initial_mine_hex if rover is None else rover
        expected = steps_from(frozenset(on_map), start)
        steps = paths._steps_to(view)
        for h in [*on_map, Hex(40, 40)]:
            assert steps(h) == expected.get(h)


def test_free_hexes_nearest_on_ranks_are_the_nearest_available_hexes() -> None:
    """free_hexes_nearest on ranks gives what R-BUILD-4's definition on steps_from gives."""
    board = reference_board()
    built = {b.hex for b in board.buildings}
    figures = {f.hex for f in board.figures}
    figures |= {b.hex for b in board.buildings if b.upgraded_by is not None}
    figures |= {h for h in (board.lacerda_rover, board.human_rover) if h is not None}
    cluttered = {t.hex for t in board.map_tiles} | set(board.crystal_hexes)
    for start in sorted(board.map_hexes)[::5]:
        by_steps = steps_from(board.map_hexes, start)
        free = {
            h: d
            for h, d in by_steps.items()
            if h not in figures and (h in built or h not in cluttered)
        }
        nearest = min(free.values())
        expected = tuple(sorted(h for h, d in free.items() if d == nearest))
        assert paths.free_hexes_nearest(board, start) == expected


def test_every_enum_of_the_package_hashes_by_identity() -> None:
    """The library's enums derive from its base, hashed in C by identity."""
    import enum
    import importlib
    import pkgutil

    import lacerda_bot
    from lacerda_bot._enum import IdentityEnum

    found: list[type[enum.Enum]] = []
    for info in pkgutil.walk_packages(lacerda_bot.__path__, "lacerda_bot."):
        if info.name.endswith("__main__") or info.name.startswith(
            ("lacerda_bot.web", "lacerda_bot.reference.cluster")
        ):
            continue
        module = importlib.import_module(info.name)
        found.extend(
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, enum.Enum)
            and value.__module__ == info.name
            and not issubclass(value, str)  # a StrEnum hashes as its text
            and len(value) > 0  # not the base itself
        )
    assert len(found) > 30
    for cls in found:
        assert issubclass(cls, IdentityEnum), cls
        member = next(iter(cls))
        assert hash(member) == object.__hash__(member)
        assert {member: 1}[cls(member.value)] == 1


def test_the_decisions_the_facts_remember_are_those_their_match_names() -> None:
    """BoardFacts.apply skips _remember for other decisions: its list and the match agree."""
    import ast
    import textwrap

    from lacerda_bot._board import facts

    tree = ast.parse(textwrap.dedent(inspect.getsource(facts.BoardFacts._remember)))
    named = {
        node.cls.id
        for node in ast.walk(tree)
        if isinstance(node, ast.MatchClass) and isinstance(node.cls, ast.Name)
    }
    assert named == {cls.__name__ for cls in facts._REFERRING}


@given(
    st.lists(st.sampled_from(["R-TURN-4", "R-ROVER-1", "R-TO-2", "R-X"]), max_size=5)
)
def test_a_shared_rules_trace_is_the_trace_built_for_it(rules: list[str]) -> None:
    """R-TURN-10: ``rules_trace`` gives a trace equal to a fresh one, shared per rules."""
    key = tuple(rules)
    shared = rules_trace(key)

    assert shared == Trace(rules=key)
    assert shared.rules == tuple(dict.fromkeys(rules))
    assert rules_trace(tuple(rules)) is shared
    assert rules_trace.cache_info().maxsize is not None  # bounded


def test_a_trace_of_one_rule_is_kept_and_a_bad_one_still_refused() -> None:
    """The converter's short cut for one rule refuses what the merge refused."""
    from lacerda_bot.trace import Trace

    one = ("R-ROVER-9",)
    assert Trace(rules=one).rules is one
    assert Trace(rules=("R-A", "R-B", "R-A")).rules == ("R-A", "R-B")
    with pytest.raises(TypeError):
        Trace(rules=([1],))  # type: ignore[arg-type]


_MEMO_READERS: dict[object, Callable[[BoardFacts], object]] = {
    "best": lambda f: [f._best(kind) for kind in BuildingType],
    "scientists": lambda f: f._scientists(),
    "contracts": lambda f: f._contracts(),
    "rank": lambda f: f._rank(),
}
_BOARD_FIELDS = frozenset(f.name for f in attrs.fields(Board))


def fields_read(board: Board, options: Options, kind: object) -> set[str]:
    """The board fields the memo kind *kind* reads on *board*, recorded."""
    facts = BoardFacts(board, options)
    read: set[str] = set()
    plain = Board.__getattribute__

    def recording(self: Board, name: str) -> Any:
        if name in _BOARD_FIELDS:
            read.add(name)
        return plain(self, name)

    Board.__getattribute__ = recording  # type: ignore[method-assign,assignment]
    try:
        _MEMO_READERS[kind](facts)
    finally:
        Board.__getattribute__ = plain  # type: ignore[method-assign]
    return read


def test_every_lasting_memo_kind_is_recorded() -> None:
    assert set(_MEMO_READERS) == set(facts_module._READS)


@pytest.mark.parametrize(
    "options",
    [
        Options(),
        Options(
            complex_tech_threshold=ComplexTechThreshold.RESULTING,
            standalone_rule=StandaloneRule.ANY,
        ),
    ],
)
def test_lasting_memo_kinds_read_only_the_fields_they_name(options: Options) -> None:
    """A value kept past a decision reads only fields that decision kept the same."""
    for seed in range(40):
        board, bot = reference_board(), new_bot(seed, options)
        for _ in range(seed % 20):
            outcome = take_turn(bot, board)
            board, bot = apply(board, outcome.decisions), outcome.bot
        for kind, reads in facts_module._READS.items():
            assert fields_read(board, options, kind) <= reads, kind


@given(board=host_states())
def test_lasting_memo_kinds_read_only_their_fields_on_any_board(board: Board) -> None:
    for kind, reads in facts_module._READS.items():
        assert fields_read(board, Options(), kind) <= reads, kind
