"""The host contract: complete, consistent with the code, and what the reference host does."""

import functools
import re
import runpy
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import (
    Board,
    BotState,
    LacerdaBotError,
    Outcome,
    colony_level_up,
    human_used_tech,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot._board.effects import apply_decision
from lacerda_bot.contract import (
    DECISION_CONTRACTS,
    HOST_DUTIES,
    DecisionContract,
    contract_of,
    format_markdown,
)
from lacerda_bot.decisions import (
    DECISION_TYPES,
    BuildShelter,
    ChooseLssReward,
    Construct,
    CrystalSource,
    Decision,
    DevelopTech,
    GainCrystals,
    HireScientist,
    LearnTech,
    ObtainBlueprint,
    RefillContractDisplay,
    StartingSpace,
    TakeContract,
    Upgrade,
)
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.hexmap import Hex
from lacerda_bot.host import HostState
from lacerda_bot.lab import staggered
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    ContractKind,
    FigureKind,
    HostId,
    LssReward,
    Owner,
    Scientist,
    Side,
    TechType,
    TechUsed,
)
from lacerda_bot.records import (
    Blueprint,
    ContractSlot,
    DisplayedBlueprint,
    Figure,
    GridTile,
    HeldBlueprint,
    LssOffer,
    ScientistSlot,
)
from lacerda_bot.reference import play_game
from lacerda_bot.testing import apply, building, reference_board, small_board

from .helpers_strategies import bot_states, host_states

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "host-contract.md"
REGENERATE = "python -m lacerda_bot.contract > docs/host-contract.md"
BOARD_FIELDS = tuple(f.name for f in attrs.fields(Board))
GAME_SEEDS = range(20)


def _texts(contract: DecisionContract) -> tuple[str, ...]:
    return (
        *(c.how for c in contract.changes),
        *contract.host_decides,
        *contract.notes,
    )


def _forecast(decision: type) -> set[str]:
    return {c.field for c in contract_of(decision).changes if c.forecast}


def _changed(before: Board, after: Board) -> set[str]:
    return {f for f in BOARD_FIELDS if getattr(before, f) != getattr(after, f)}


# --- the data itself ---------------------------------------------------------


def test_every_decision_type_has_one_contract_in_order() -> None:
    """R-TURN-9: one contract per class of the closed Decision union, in its order."""
    assert [c.decision for c in DECISION_CONTRACTS] == list(DECISION_TYPES)
    for decision in DECISION_TYPES:
        assert contract_of(decision).decision is decision


def test_changed_fields_are_host_view_properties() -> None:
    """R-SETUP-2: every field named is a HostState property and a Board field, once per decision."""
    for contract in DECISION_CONTRACTS:
        fields = [c.field for c in contract.changes]

        assert len(fields) == len(set(fields)), contract.decision.__name__
        for field in fields:
            assert field in BOARD_FIELDS
            assert isinstance(getattr(HostState, field), property)


def test_italic_names_are_fields_of_the_decision() -> None:
    """A name in *italics* is a field of the decision, so a renamed field cannot go stale."""
    for contract in DECISION_CONTRACTS:
        names = set(attrs.fields_dict(contract.decision))
        for text in _texts(contract):
            for name in re.findall(r"\*([a-z_]+)\*", text):
                assert name in names, f"{contract.decision.__name__}: *{name}*"


def test_rule_ids_are_rules_of_the_spec() -> None:
    """Every rule ID the contract cites is a rule of the spec (docs/rules-coverage.md lists them all)."""
    coverage = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    known = set(re.findall(r"^\| (R-[A-Z]+-\d+) \|", coverage, flags=re.MULTILINE))
    cited = set(re.findall(r"R-[A-Z]+-\d+", " ".join(HOST_DUTIES)))
    for contract in DECISION_CONTRACTS:
        assert contract.rules
        cited |= set(contract.rules)
        cited |= set(re.findall(r"R-[A-Z]+-\d+", " ".join(_texts(contract))))

    assert len(known) > 100
    assert cited - known == set()


def test_texts_fit_in_a_table_cell() -> None:
    """No text breaks the Markdown table: no pipe, no line break."""
    for contract in DECISION_CONTRACTS:
        for text in (*_texts(contract), *HOST_DUTIES):
            assert text.strip() == text
            assert "|" not in text
            assert "\n" not in text


def test_contract_of_refuses_what_is_not_a_decision_class() -> None:
    """Misuse raises InvalidValueError naming the argument."""
    with pytest.raises(InvalidValueError, match="decision_type: expected a class of"):
        contract_of(int)
    with pytest.raises(InvalidValueError, match="decision_type"):
        contract_of([])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("decision", "field", "words"),
    [
        (GainCrystals, "supply_crystals", ("unless", "rover_path", "warehouse")),
        (Construct, "figures", ("*miner*", "`colonist`", "`lacerda`")),
        (ChooseLssReward, "colonist_on_hire_slot", ("retrieve_colonist", "Hire slot")),
        (LearnTech, "lab_spaces", ("entry space", "*lab_space*", "`tech`")),
        (DevelopTech, "lab_spaces", ("leaves its space", "*space*", "*to_level*")),
        (ObtainBlueprint, "blueprint_display", ("keeps its number",)),
        (HireScientist, "scientist_display", ("keeps its number",)),
        (TakeContract, "contract_display", ("keeps its number",)),
        (TakeContract, "lacerda_contracts", ("*kind*",)),
        (StartingSpace, "shuttle_from", ("red space",)),
    ],
)
def test_the_contract_states_what_hosts_get_wrong(
    decision: type, field: str, words: tuple[str, ...]
) -> None:
    """Each mistake host authors are known to make is stated where they look: the change's how."""
    how = next(c.how for c in contract_of(decision).changes if c.field == field)

    for word in words:
        assert word in how


def test_the_host_names_new_buildings_and_refills() -> None:
    """R-BUILD-4, R-COLONY-8, R-CRYSTAL-1: new ids, displacement and spendable Crystals are the host's."""
    for decision in (Construct, BuildShelter):
        decides = " ".join(contract_of(decision).host_decides)
        assert "building's id" in decides
        assert "displaced figure" in decides
    assert "its id" in " ".join(contract_of(RefillContractDisplay).host_decides)
    assert "spendable" in " ".join(contract_of(GainCrystals).host_decides)


# --- the generated table ---------------------------------------------------------


def test_docs_table_is_generated_from_the_contract() -> None:
    """docs/host-contract.md is the contract as the code holds it."""
    committed = DOC.read_text(encoding="utf-8")

    assert committed == format_markdown(), f"stale: regenerate with `{REGENERATE}`"


def test_the_table_has_a_row_per_decision() -> None:
    """Each decision is one row of the table, in DECISION_TYPES order."""
    table = format_markdown().split("| Decision |", 1)[1]
    rows = [line for line in table.splitlines() if line.startswith("| `")]

    assert [row.split("`")[1] for row in rows] == [t.__name__ for t in DECISION_TYPES]


def test_running_the_module_prints_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`python -m lacerda_bot.contract` writes the table to stdout."""
    import lacerda_bot.contract as module

    runpy.run_path(module.__file__, run_name="__main__")

    assert capsys.readouterr().out == format_markdown()


# --- checked against the reference host ------------------------------------------


_CALLS: tuple[Callable[[BotState, Board], Outcome], ...] = (
    setup,
    take_turn,
    shuttle_phase,
    colony_level_up,
)


@given(host_states(), bot_states(), st.sampled_from(_CALLS), st.booleans(), st.data())
def test_decisions_change_only_their_forecast_fields(
    board: Board,
    bot: BotState,
    call: Callable[[BotState, Board], Outcome],
    gains_spendable: bool,
    data: st.DataObject,
) -> None:
    """R-SETUP-5, R-TURN-9: applied in order, a decision changes only its contract's forecast fields."""
    techs = [t.tech for t in board.lacerda_techs]
    use_tech: bool = data.draw(st.booleans())
    if techs and use_tech:  # R-TURN-6: the human used one of his Techs
        call = functools.partial(
            human_used_tech, tech=data.draw(st.sampled_from(techs))
        )
    try:
        outcome = call(bot, board)
    except LacerdaBotError:  # a board this call refuses (no free space, no tile)
        return
    for decision in outcome.decisions:
        after = apply_decision(board, decision, gains_spendable=gains_spendable)

        assert _changed(board, after) <= _forecast(type(decision)), decision
        board = after


class _Boards:
    """A watcher of reference games: the board before each call."""

    def __init__(self) -> None:
        self.boards: list[Board] = []

    def call(self, kind: object, bot: object, board: Board, tech: object) -> None:
        self.boards.append(board)

    def scoring(self, board: Board, human_total: int, goal: object) -> None:
        pass


def _examples() -> tuple[tuple[Board, Decision], ...]:
    """Changes whole games rarely make: a Shelter built, or a building upgraded,
    where the human's figures stand (R-BUILD-4)."""
    site = Hex(1, 0)
    bot = Figure(hex=site, kind=FigureKind.BOT, owner=Owner.HUMAN)
    board = small_board(figures=(bot,), human_rover=site)
    shelter = BuildShelter(
        hex=site, resulting_size=1, joined_sizes=(), tech_used=TechUsed.NONE
    )
    card = HeldBlueprint(
        blueprint=Blueprint(id=HostId("up"), building=BuildingType.MINE, level=1)
    )
    mine = attrs.evolve(
        board,
        buildings=(*board.buildings, building(1, 0, BuildingType.MINE)),
        lacerda_blueprints=(card,),
    )
    upgrade = Upgrade(hex=site, blueprint=HostId("up"), tech_used=TechUsed.NONE)
    return ((board, shelter), (mine, upgrade))


@functools.cache
def _observed() -> dict[type, frozenset[str]]:
    """The fields each decision type changed in reference games and the examples."""
    seen: dict[type, set[str]] = {t: set() for t in DECISION_TYPES}

    def applied(board: Board, decision: Decision) -> Board:
        after = apply_decision(board, decision, gains_spendable=True)
        seen[type(decision)] |= _changed(board, after)
        return after

    for board, decision in _examples():
        applied(board, decision)
    for seed in GAME_SEEDS:
        watch = _Boards()
        record = play_game(seed, keep_calls=True, watch=watch)
        for board, call in zip(watch.boards, record.calls, strict=True):
            here = board
            for decision in call.outcome.decisions:
                here = applied(here, decision)
    return {t: frozenset(fields) for t, fields in seen.items()}


def test_reference_games_change_only_forecast_fields() -> None:
    """R-SETUP-5: in whole reference games no decision changes a field its contract does not forecast."""
    for decision, fields in _observed().items():
        assert fields <= _forecast(decision), decision.__name__


def test_every_forecast_change_happens() -> None:
    """Each forecast field of each contract is changed by the reference host at least once."""
    observed = _observed()
    for decision in DECISION_TYPES:
        assert _forecast(decision) <= observed[decision], decision.__name__


# --- the mistakes host authors make, on the reference host ---------------------------


def test_crystals_from_the_rover_path_or_warehouse_leave_the_supply_alone() -> None:
    """R-ROVER-7, R-TO-3, R-CRYSTAL-2: only Crystals from the general supply lower it."""
    board = small_board(supply_crystals=10, free_depot_spaces=5)

    def supply_after(source: CrystalSource) -> int:
        gain = GainCrystals(requested=2, kept=2, source=source)
        return apply(board, (gain,)).supply_crystals

    assert supply_after(CrystalSource.ROVER_PATH) == 10
    assert supply_after(CrystalSource.WAREHOUSE) == 10
    assert supply_after(CrystalSource.MISSION) == 8
    assert (
        apply(
            board, (GainCrystals(requested=2, kept=2, source=CrystalSource.ROVER_PATH),)
        ).free_depot_spaces
        == 3
    )


def test_a_miner_is_a_colonist_figure_of_his_on_the_new_mine() -> None:
    """R-BUILD-11: Construct.miner puts one of his Colonists on the new Mine."""
    site = Hex(2, 0)
    build = Construct(
        building=BuildingType.MINE,
        hex=site,
        resulting_size=1,
        joined_sizes=(),
        tech_used=TechUsed.NONE,
        miner=True,
        pointer_before=BuildingType.MINE,
        pointer_after=BuildingType.GENERATOR,
    )

    after = apply(small_board(), (build,))

    assert (
        Figure(hex=site, kind=FigureKind.COLONIST, owner=Owner.LACERDA) in after.figures
    )
    assert [b.type for b in after.buildings if b.hex == site] == [BuildingType.MINE]


def test_retrieving_his_colonist_frees_his_hire_slot() -> None:
    """R-LSS-1, R-COST-5: ChooseLssReward(RETRIEVE_COLONIST) frees his Hire slot."""
    board = small_board(colonist_on_hire_slot=True)
    retrieve = ChooseLssReward(
        building=BuildingType.GENERATOR, reward=LssReward.RETRIEVE_COLONIST
    )
    crystal = ChooseLssReward(building=BuildingType.GENERATOR, reward=LssReward.CRYSTAL)

    only_crystal = attrs.evolve(
        board,
        lss_rewards=(
            LssOffer(building=BuildingType.GENERATOR, rewards=(LssReward.CRYSTAL,)),
        ),
    )

    assert apply(board, (retrieve,)).colonist_on_hire_slot is False
    assert apply(only_crystal, (crystal,)).colonist_on_hire_slot is True


def test_learning_a_tech_takes_the_entry_space_named() -> None:
    """R-ORBIT-5: LearnTech puts his tile on the entry space named; the other spaces stay."""
    board = small_board(
        side=Side.ORBIT,
        lab_spaces=staggered((2, 3), techs={HostId("c1-top"): TechType.MINE}),
        lab_columns=2,
        tech_grid=(
            GridTile(
                id=HostId("g1"), tech=TechType.ROVER, row=0, column=0, cost_rank=0
            ),
        ),
    )
    learn = LearnTech(
        grid_tile=HostId("g1"), tech=TechType.ROVER, lab_space=HostId("c1-bottom")
    )

    after = apply(board, (learn,))

    assert [(s.id, s.tech) for s in after.lab_spaces if s.tech] == [
        ("c1-top", TechType.MINE),
        ("c1-bottom", TechType.ROVER),
    ]
    assert [attrs.evolve(s, tech=None) for s in after.lab_spaces] == [
        attrs.evolve(s, tech=None) for s in board.lab_spaces
    ]
    assert after.tech_grid == ()
    assert [(t.tech, t.level, t.space) for t in after.lacerda_techs] == [
        (TechType.MINE, 1, "c1-top"),
        (TechType.ROVER, 1, "c1-bottom"),
    ]


def test_developing_a_tech_moves_its_tile_to_the_space_named() -> None:
    """R-ORBIT-6: DevelopTech empties his tile's space and fills the space named."""
    board = small_board(
        side=Side.ORBIT,
        lab_spaces=staggered((2, 3), techs={HostId("c1-top"): TechType.MINE}),
        lab_columns=2,
    )
    develop = DevelopTech(
        tech=TechType.MINE, from_level=1, to_level=2, space=HostId("c2-middle")
    )

    after = apply(board, (develop,))

    assert [(s.id, s.tech) for s in after.lab_spaces if s.tech] == [
        ("c2-middle", TechType.MINE)
    ]
    assert [(t.tech, t.level) for t in after.lacerda_techs] == [(TechType.MINE, 2)]


def test_display_slots_keep_their_numbers() -> None:
    """R-ORBIT-4, R-COLONY-6, R-COLONY-7: taking a card empties its slot and nothing shifts."""
    blueprints = tuple(
        DisplayedBlueprint(
            row=BlueprintRow.BOTTOM,
            slot=i,
            blueprint=Blueprint(
                id=HostId(f"B{i}"), building=BuildingType.MINE, level=1
            ),
        )
        for i in range(3)
    )
    board = small_board(
        blueprint_display=blueprints,
        scientist_display=(
            ScientistSlot(slot=0, scientist=Scientist.GEOLOGIST),
            ScientistSlot(slot=1, scientist=Scientist.HYDROLOGIST),
        ),
        contract_display=(
            ContractSlot(slot=0, id=HostId("K1"), kind=ContractKind.UPGRADE),
            ContractSlot(slot=1, id=HostId("K2"), kind=ContractKind.DELIVERY),
        ),
    )
    decisions = (
        ObtainBlueprint(blueprint=HostId("B1"), row=BlueprintRow.BOTTOM, slot=1),
        HireScientist(scientist=Scientist.GEOLOGIST, slot=0),
    )
    contract = TakeContract(contract=HostId("K1"), slot=0, kind=ContractKind.UPGRADE)

    hired = apply(board, decisions)
    # his Colonist back from the Hire slot (R-LSS-1) before the Contract (R-COST-5)
    after = apply(attrs.evolve(hired, colonist_on_hire_slot=False), (contract,))

    assert [(d.slot, d.blueprint.id) for d in after.blueprint_display] == [
        (0, "B0"),
        (2, "B2"),
    ]
    assert [(s.slot, s.scientist) for s in after.scientist_display] == [
        (1, Scientist.HYDROLOGIST)
    ]
    assert [(c.slot, c.id) for c in after.contract_display] == [(1, "K2")]
    assert after.lacerda_contracts == (ContractKind.UPGRADE,)


def test_his_starting_space_puts_the_shuttle_on_his_side() -> None:
    """R-SETUP-7: the Shuttle goes on the red space of his starting side."""
    board = reference_board()
    space = next(
        s
        for s in board.turn_order_spaces
        if s.side is Side.COLONY and s.id in board.first_colonist_tiles
    )
    start = StartingSpace(space=space.id, side=Side.COLONY)

    after = apply(attrs.evolve(board, shuttle_from=Side.ORBIT), (start,))

    assert (after.side, after.shuttle_from, after.lacerda_space) == (
        Side.COLONY,
        Side.COLONY,
        space.id,
    )


def test_a_parametrised_decision_class_has_its_class_contract() -> None:
    from lacerda_bot.contract import contract_of
    from lacerda_bot.decisions import Construct

    assert contract_of(Construct[str]) is contract_of(Construct)
