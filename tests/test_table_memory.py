"""What the table remembers stays true: no fact is reused after a decision changed it.

Within a step the companion asks a fact once and remembers the answer until one of
Lacerda's decisions may change it (``AskedFacts.apply``). This property reads every
fact of a generated board at the table (answered from the board), applies each
decision of a real call to both the board and the table, and checks that every
answer the table still remembers is what the board now says.
"""

from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from lacerda_bot import BotState
from lacerda_bot._board.board import Board
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot.decisions import Criterion, Described, TakeContract
from lacerda_bot.errors import LacerdaBotError
from lacerda_bot.facts import Choice, Fact, Facts, Read
from lacerda_bot.model import (
    Action,
    BuildingType,
    ContractKind,
    MissionSlot,
    Owner,
    Side,
    TechType,
)
from lacerda_bot.options import Options
from lacerda_bot.table.asked import AskedFacts
from lacerda_bot.table.dialogue import Answer, Question

from .helpers_conformance import calls
from .strategies import bot_states, host_states

Probe = tuple[Fact, Callable[[Facts[Any]], object]]


Reader = Callable[[Facts[Any]], object]


def _mission(slot: MissionSlot) -> Reader:
    return lambda f: f.mission_completed(slot)


def _size(kind: BuildingType) -> Reader:
    return lambda f: f.build_size(kind)


def _sites(kind: BuildingType) -> Reader:
    return lambda f: f.best_sites(kind)


def _level(tech: TechType, owner: Owner) -> Reader:
    return lambda f: f.tech_level(tech, owner)


def _advance(tech: TechType) -> Reader:
    return lambda f: f.can_advance_tech(tech)


def _capacity(owner: Owner) -> Reader:
    return lambda f: f.upgrade_capacity(owner)


def _present(action: Action) -> Reader:
    return lambda f: f.colonists_present(action)


def _free(side: Side) -> Reader:
    return lambda f: f.free_space_count(side)


def probes(board: BoardFacts) -> Iterator[Probe]:
    """Every fact a rule may read, with arguments that make sense on *board*."""
    yield Fact.SUPPLY_HAS_CRYSTAL, lambda f: f.supply_has_crystal()
    yield Fact.SPENDABLE_CRYSTALS, lambda f: f.spendable_crystals()
    yield Fact.HAS_SHIP_LEFT, lambda f: f.has_ship_left()
    yield Fact.HAS_BOT_LEFT, lambda f: f.has_bot_left()
    yield Fact.HAS_SHELTER_LEFT, lambda f: f.has_shelter_left()
    yield Fact.BLUEPRINT_DISPLAY, lambda f: f.blueprint_display()
    yield Fact.HAS_FREE_MARKER, lambda f: f.has_free_marker()
    yield Fact.HAS_SCIENTIST, lambda f: f.has_scientist()
    yield Fact.LAB_ENTRY_FREE, lambda f: f.lab_entry_free()
    yield Fact.CHEAPEST_TECH_TILES, lambda f: f.cheapest_tech_tiles()
    yield Fact.CAN_ADVANCE_ANY, lambda f: f.can_advance_any()
    yield Fact.UPGRADE_BLUEPRINTS, lambda f: f.upgrade_blueprints()
    if board.upgrade_blueprints():
        first = Choice(index=0, of=len(board.upgrade_blueprints()))
        yield Fact.ELIGIBLE_BUILDINGS, lambda f: f.eligible_buildings(first)
    yield Fact.SCIENTIST_COUNT, lambda f: f.scientist_count()
    yield Fact.BEST_SCIENTISTS, lambda f: f.best_scientists()
    yield Fact.BEST_CONTRACTS, lambda f: f.best_contracts()
    yield Fact.COLONIST_ON_HIRE_SLOT, lambda f: f.colonist_on_hire_slot()
    yield Fact.EXPLORATION_TILE_LEFT, lambda f: f.exploration_tile_left()
    yield Fact.NEAREST_TILES, lambda f: f.nearest_tiles()
    nearest = board.nearest_tiles()
    if nearest:
        target = Choice(index=0, of=len(nearest))
        yield Fact.TARGET_STEPS, lambda f: f.target_steps(target)
        yield Fact.TARGET_CRYSTAL_COST, lambda f: f.target_crystal_cost(target)
        yield Fact.CRYSTALS_ON_WAY, lambda f: f.crystals_on_way(target, 3)
    for slot in MissionSlot:
        yield Fact.MISSION_COMPLETED, _mission(slot)
    for kind in BuildingType:
        yield Fact.BUILD_SIZE, _size(kind)
        if board.build_size(kind):
            yield Fact.BEST_SITES, _sites(kind)
    for tech in TechType:
        for owner in Owner:
            yield Fact.TECH_LEVEL, _level(tech, owner)
        yield Fact.CAN_ADVANCE_TECH, _advance(tech)
    for owner in Owner:
        yield Fact.UPGRADE_CAPACITY, _capacity(owner)
    for action in Action:
        yield Fact.COLONISTS_PRESENT, _present(action)
    for side in Side:
        yield Fact.FREE_SPACE_COUNT, _free(side)


class FromBoard:
    """Answers the question being asked with what the board says of its fact."""

    def __init__(self) -> None:
        self.table: AskedFacts | None = None
        self.value: object = None
        self.queue: list[Answer] = []

    def __call__(self, question: Question) -> Answer:
        table = self.table
        assert table is not None
        assert table.pending_shape is not None
        if not self.queue:
            value = self.value
            if isinstance(value, tuple) and table.pending is not None:
                value = ("option",) * len(value) if table.pending.fact.tied else value
            self.queue = list(table.pending_shape.answers(value))
        return self.queue.pop(0)


def comparable(fact: Fact, value: object) -> object:
    """Tied options compare by their number (labels differ between the two sources)."""
    return len(value) if fact.tied and isinstance(value, tuple) else value


@settings(max_examples=100, deadline=None)
@given(board=host_states(), bot=bot_states(), data=st.data())
def test_every_remembered_answer_is_still_true(
    board: Board, bot: BotState, data: st.DataObject
) -> None:
    name, call = data.draw(st.sampled_from(calls(board)), label="call")
    try:
        outcome = call(bot, BoardFacts.read(board, bot.options))
    except LacerdaBotError:
        return
    on_board = BoardFacts.read(board, bot.options)
    source = FromBoard()
    log: list[Read] = []
    at_table = AskedFacts(
        source, step="x", side=board.side, options=bot.options, log=log
    )
    source.table = at_table
    for decision in outcome.decisions:
        asked: list[tuple[Read, Callable[[Facts[Any]], object]]] = []
        for _, read in probes(on_board):
            try:
                source.value, source.queue = read(on_board), []
            except LacerdaBotError:  # a fact this board cannot give (no free space)
                continue
            read(at_table)
            asked.append((log[-1], read))
        on_board.apply(decision)
        at_table.apply(decision)
        event(type(decision).__name__)
        for first, read in asked:
            if at_table.remembers(first.fact, *first.args):
                remembered = read(at_table)
                now = read(on_board)
                assert comparable(first.fact, remembered) == comparable(
                    first.fact, now
                ), (name, decision, first.fact, first.args)


def test_r_cost_5_the_table_knows_his_colonist_stays_after_a_contract() -> None:
    """R-COST-5: after a Contract the table knows, unasked, his Colonist is on the slot."""

    def never(question: Question) -> Answer:
        raise AssertionError(question.key)

    at_table = AskedFacts(never, step="x", side=Side.COLONY, options=Options())
    contract = Described(criterion=Criterion.CONTRACT)
    at_table.apply(
        TakeContract(contract=contract, slot=contract, kind=ContractKind.DELIVERY)
    )

    assert at_table.remembers(Fact.COLONIST_ON_HIRE_SLOT)
    assert at_table.colonist_on_hire_slot() is True
