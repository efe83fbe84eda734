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
from lacerda_bot import _queries as q
from lacerda_bot._board.board import Board
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._facts import Choice, Facts, Query, Read
from lacerda_bot.decisions import Criterion, Described, TakeContract
from lacerda_bot.errors import InvalidValueError, LacerdaBotError
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
from lacerda_bot.table._engine.asked import AskedFacts
from lacerda_bot.table._engine.dialogue import Answer, Question

from .helpers_conformance import calls
from .helpers_strategies import bot_states, host_states

Probe = tuple[type[Query[Any]], Callable[[Facts[Any]], object]]


Reader = Callable[[Facts[Any]], object]


def _mission(slot: MissionSlot) -> Reader:
    return lambda f: f.answer(q.MissionCompleted(slot))


def _size(kind: BuildingType) -> Reader:
    return lambda f: f.answer(q.BuildSize(kind))


def _sites(kind: BuildingType) -> Reader:
    return lambda f: f.answer(q.BestSites(kind))


def _level(tech: TechType, owner: Owner) -> Reader:
    return lambda f: f.answer(q.TechLevel(tech, owner))


def _advance(tech: TechType) -> Reader:
    return lambda f: f.answer(q.CanAdvanceTech(tech))


def _capacity(owner: Owner) -> Reader:
    return lambda f: f.answer(q.UpgradeCapacity(owner))


def _present(action: Action) -> Reader:
    return lambda f: f.answer(q.ColonistsPresent(action))


def _free(side: Side) -> Reader:
    return lambda f: f.answer(q.FreeSpaceCount(side))


def probes(board: BoardFacts) -> Iterator[Probe]:
    """Every fact a rule may read, with arguments that make sense on *board*."""
    yield q.SupplyHasCrystal, lambda f: f.answer(q.SupplyHasCrystal())
    yield q.SpendableCrystals, lambda f: f.answer(q.SpendableCrystals())
    yield q.HasShipLeft, lambda f: f.answer(q.HasShipLeft())
    yield q.HasBotLeft, lambda f: f.answer(q.HasBotLeft())
    yield q.HasShelterLeft, lambda f: f.answer(q.HasShelterLeft())
    yield q.BlueprintDisplay, lambda f: f.answer(q.BlueprintDisplay())
    yield q.HasFreeMarker, lambda f: f.answer(q.HasFreeMarker())
    yield q.HasScientist, lambda f: f.answer(q.HasScientist())
    yield q.LabEntryFree, lambda f: f.answer(q.LabEntryFree())
    yield q.CheapestTechTiles, lambda f: f.answer(q.CheapestTechTiles())
    yield q.CanAdvanceAny, lambda f: f.answer(q.CanAdvanceAny())
    yield q.UpgradeBlueprints, lambda f: f.answer(q.UpgradeBlueprints())
    blueprints = board.answer(q.UpgradeBlueprints())
    if blueprints:
        first = Choice(index=0, of=len(blueprints))
        yield q.EligibleBuildings, lambda f: f.answer(q.EligibleBuildings(first))
    yield q.ScientistCount, lambda f: f.answer(q.ScientistCount())
    yield q.BestScientists, lambda f: f.answer(q.BestScientists())
    yield q.BestContracts, lambda f: f.answer(q.BestContracts())
    yield q.ColonistOnHireSlot, lambda f: f.answer(q.ColonistOnHireSlot())
    yield q.ExplorationTileLeft, lambda f: f.answer(q.ExplorationTileLeft())
    yield q.NearestTiles, lambda f: f.answer(q.NearestTiles())
    nearest = board.answer(q.NearestTiles())
    if nearest:
        target = Choice(index=0, of=len(nearest))
        yield q.TargetSteps, lambda f: f.answer(q.TargetSteps(target))
        yield q.TargetCrystalCost, lambda f: f.answer(q.TargetCrystalCost(target))
        yield q.CrystalsOnWay, lambda f: f.answer(q.CrystalsOnWay(target, 3))
    for slot in MissionSlot:
        yield q.MissionCompleted, _mission(slot)
    for kind in BuildingType:
        yield q.BuildSize, _size(kind)
        if board.answer(q.BuildSize(kind)):
            yield q.BestSites, _sites(kind)
    for tech in TechType:
        for owner in Owner:
            yield q.TechLevel, _level(tech, owner)
        yield q.CanAdvanceTech, _advance(tech)
    for owner in Owner:
        yield q.UpgradeCapacity, _capacity(owner)
    for action in Action:
        yield q.ColonistsPresent, _present(action)
    for side in Side:
        yield q.FreeSpaceCount, _free(side)


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
                value = ("option",) * len(value) if table.pending.query.tied else value
            self.queue = list(table.pending_shape.answers(value))
        return self.queue.pop(0)


def comparable(query: Query[object], value: object) -> object:
    """Tied options compare by their number (labels differ between the two sources)."""
    return len(value) if query.tied and isinstance(value, tuple) else value


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
            try:
                read(at_table)
            except InvalidValueError:  # an answer no table takes (0 free spaces)
                continue
            asked.append((log[-1], read))
        on_board.apply(decision)
        at_table.apply(decision)
        event(type(decision).__name__)
        for first, read in asked:
            if at_table.remembers(first.query):
                remembered = read(at_table)
                now = read(on_board)
                assert comparable(first.query, remembered) == comparable(
                    first.query, now
                ), (name, decision, first.query)


def test_r_cost_5_the_table_knows_his_colonist_stays_after_a_contract() -> None:
    """R-COST-5: after a Contract the table knows, unasked, his Colonist is on the slot."""

    def never(question: Question) -> Answer:
        raise AssertionError(question.key)

    at_table = AskedFacts(never, step="x", side=Side.COLONY, options=Options())
    contract = Described(criterion=Criterion.CONTRACT)
    at_table.apply(
        TakeContract(contract=contract, slot=contract, kind=ContractKind.DELIVERY)
    )

    assert at_table.remembers(q.ColonistOnHireSlot())
    assert at_table.answer(q.ColonistOnHireSlot()) is True
