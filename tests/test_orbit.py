import pytest

from lacerda_bot import (
    ActionImpossible,
    Board,
    DevelopTech,
    GainCrystals,
    LearnTech,
    ObtainBlueprint,
    Options,
    Side,
    TechType,
    take_turn,
)
from lacerda_bot._board.displays import (
    choose_blueprint,
    choose_tech_tiles,
)
from lacerda_bot._lab import choose_development
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    Gain,
    GainKind,
    HostId,
    Scientist,
)
from lacerda_bot.records import (
    Blueprint,
    DisplayedBlueprint,
    GridTile,
    LabRow,
    LabSpace,
    OwnTech,
)
from lacerda_bot.testing import small_board

from .helpers import bot_with, kinds, of_type, own_techs

TOP, BOTTOM = BlueprintRow.TOP, BlueprintRow.BOTTOM


def shown(
    row: BlueprintRow,
    slot: int,
    card: str,
    kind: BuildingType,
    level: int,
    pickup: int = 0,
) -> DisplayedBlueprint:
    return DisplayedBlueprint(
        row=row,
        slot=slot,
        blueprint=Blueprint(id=HostId(card), building=kind, level=level),
        pickup_crystals=pickup,
    )


SPEC_DISPLAY = (
    shown(TOP, 0, "gen1", BuildingType.GENERATOR, 1),
    shown(TOP, 1, "mine3", BuildingType.MINE, 3),
    shown(BOTTOM, 0, "shelter1", BuildingType.SHELTER, 1, pickup=1),
)


def orbit(**fields: object) -> Board:
    return small_board(side=Side.ORBIT, **fields)


def test_r_orbit_1_empty_display_or_no_marker_is_impossible() -> None:
    """R-ORBIT-1: an empty display, or no free Advanced Building marker, makes it impossible."""
    empty = take_turn(bot_with((1,)), orbit())
    no_marker = take_turn(
        bot_with((1,)),
        orbit(blueprint_display=SPEC_DISPLAY, free_advanced_markers=0),
    )

    assert of_type(empty, ActionImpossible)[0].rule == "R-ORBIT-1"
    assert of_type(empty, ActionImpossible)[0].reason == "the display is empty"
    assert of_type(no_marker, ActionImpossible)[0].rule == "R-ORBIT-1"
    assert not of_type(no_marker, ObtainBlueprint)


def test_r_orbit_2_no_scientist_every_card_is_a_candidate() -> None:
    """R-ORBIT-2: with no Scientist every display card is a candidate (then R-ORBIT-4)."""
    outcome = take_turn(bot_with((1,)), orbit(blueprint_display=SPEC_DISPLAY))
    (obtain,) = of_type(outcome, ObtainBlueprint)

    assert len(obtain.trace.candidates) == 3
    assert obtain.trace.removed == ()
    assert obtain.blueprint == "gen1"


def test_r_orbit_4_spec_example() -> None:
    """R-ORBIT-4: Geochemist + Systems Engineer -> Mine L3 (top, 2 cards) over Shelter L1 (bottom, 1)."""
    board = orbit(
        blueprint_display=SPEC_DISPLAY,
        lacerda_scientists=(Scientist.GEOCHEMIST, Scientist.SYSTEMS_ENGINEER),
    )
    outcome = take_turn(bot_with((1,)), board)
    (obtain,) = of_type(outcome, ObtainBlueprint)

    assert {c.option for c in obtain.trace.candidates} == {"mine3", "shelter1"}
    assert [r.option for r in obtain.trace.removed] == ["gen1"]
    assert obtain.blueprint == "mine3"
    assert choose_blueprint(board, scored_only=True).pick.blueprint.id == "mine3"
    assert choose_blueprint(board, scored_only=False).pick.blueprint.id == "gen1"


def test_r_orbit_4_equal_rows_take_the_bottom_and_gain_pickup() -> None:
    """R-ORBIT-4: equal rows -> the bottom row's leftmost candidate; its pickup Crystals follow."""
    display = (
        shown(TOP, 0, "a", BuildingType.MINE, 1),
        shown(BOTTOM, 2, "b", BuildingType.SHELTER, 1, pickup=1),
    )
    outcome = take_turn(bot_with((1,)), orbit(blueprint_display=display))
    (obtain,) = of_type(outcome, ObtainBlueprint)

    assert obtain.blueprint == "b"
    assert obtain.row is BOTTOM
    assert kinds(outcome.decisions)[-2:] == ["ObtainBlueprint", "GainCrystals"]
    assert of_type(outcome, GainCrystals)[0].source.value == "blueprint_pickup"


def test_r_orbit_3_no_scored_card_falls_back_or_fails() -> None:
    """R-ORBIT-3: Scientists but no scored type on display: any card, or impossible without the option."""
    board = orbit(
        blueprint_display=(shown(TOP, 0, "m", BuildingType.MINE, 1),),
        lacerda_scientists=(Scientist.GEOLOGIST,),
    )
    fallback = take_turn(bot_with((1,)), board)
    strict = take_turn(
        bot_with((1,), options=Options(blueprint_fallback_any_type=False)), board
    )

    assert of_type(fallback, ObtainBlueprint)[0].blueprint == "m"
    assert of_type(strict, ActionImpossible)[0].rule == "R-ORBIT-3"
    assert not of_type(strict, ObtainBlueprint)


def test_r_orbit_5_spec_example_cheapest_then_leftmost() -> None:
    """R-ORBIT-5: Rover (column 2) and Greenhouse (column 0), same cost -> Greenhouse."""
    grid = (
        GridTile(id=HostId("rover"), tech=TechType.ROVER, row=0, column=2, cost_rank=1),
        GridTile(
            id=HostId("gh"), tech=TechType.GREENHOUSE, row=0, column=0, cost_rank=1
        ),
        GridTile(id=HostId("mine"), tech=TechType.MINE, row=0, column=1, cost_rank=2),
    )
    entry = Gain(kind=GainKind.CRYSTALS, n=1)
    board = orbit(
        tech_grid=grid,
        lab_rows=(
            LabRow(row=0, entry_free=False),
            LabRow(row=1, entry_gains=(entry,)),
            LabRow(row=2),
        ),
    )
    outcome = take_turn(bot_with((2,)), board)
    (learn,) = of_type(outcome, LearnTech)

    assert learn.grid_tile == "gh"
    assert learn.lab_row == 1
    assert kinds(outcome.decisions) == [
        "RevealCard",
        "LearnTech",
        "TakeBenefit",
        "GainCrystals",
    ]


def test_r_orbit_5_only_types_he_lacks() -> None:
    """R-ORBIT-5: tiles of a type he has are removed; none left, or no entry space -> impossible."""
    grid = (
        GridTile(id=HostId("m"), tech=TechType.MINE, column=0),
        GridTile(id=HostId("r"), tech=TechType.ROVER, column=1),
    )
    mine = (OwnTech(tech=TechType.MINE, level=1, row=0),)
    rows = (LabRow(row=0, entry_free=False), LabRow(row=1))
    board = orbit(tech_grid=grid, lab_rows=rows, lacerda_techs=mine)
    only_mine = orbit(tech_grid=grid[:1], lab_rows=rows, lacerda_techs=mine)
    no_entry = orbit(tech_grid=grid, lab_rows=(LabRow(row=0, entry_free=False),))

    choice = choose_tech_tiles(board)
    assert [t.id for t in choice.tiles] == ["r"]
    assert [r.option for r in choice.removed] == ["m"]
    assert of_type(take_turn(bot_with((2,)), board), LearnTech)[0].grid_tile == "r"
    lacking = of_type(take_turn(bot_with((2,)), only_mine), ActionImpossible)[0]
    assert (lacking.rule, lacking.reason) == (
        "R-ORBIT-5",
        "no grid tile of a type he lacks",
    )
    full = of_type(take_turn(bot_with((2,)), no_entry), ActionImpossible)[0]
    assert (full.rule, full.reason) == ("R-ORBIT-5", "no Lab entry space is free")


def test_r_orbit_5_needs_no_placement_and_no_cost() -> None:
    """R-ORBIT-5, R-COST-1: Learn New Technology places no Colonist and pays nothing."""
    board = orbit(
        tech_grid=(GridTile(id=HostId("m"), tech=TechType.MINE),),
        lab_rows=(LabRow(row=0),),
        spendable_crystals=0,
    )
    outcome = take_turn(bot_with((2,)), board)

    assert kinds(outcome.decisions) == ["RevealCard", "LearnTech"]


def test_r_orbit_6_spec_example() -> None:
    """R-ORBIT-6: Rover L3, Greenhouse L1, Mine L1 -> Rover 3->4, then Mine (bottom) 1->2."""
    fields = own_techs(
        (TechType.ROVER, 3), (TechType.GREENHOUSE, 1), (TechType.MINE, 1)
    )
    outcome = take_turn(bot_with((4,)), orbit(**fields))
    steps = [(d.tech, d.from_level, d.to_level) for d in of_type(outcome, DevelopTech)]

    assert steps == [(TechType.ROVER, 3, 4), (TechType.MINE, 1, 2)]


def test_r_orbit_6_g12_example_same_tech_twice() -> None:
    """R-ORBIT-6 (G12): only Mine (L4) can advance -> Mine 4->5->6."""
    fields = own_techs((TechType.MINE, 4), (TechType.ROVER, 6))
    outcome = take_turn(bot_with((4,)), orbit(**fields))
    steps = [(d.from_level, d.to_level) for d in of_type(outcome, DevelopTech)]

    assert steps == [(4, 5), (5, 6)]


def test_r_orbit_6_nothing_can_advance_is_impossible() -> None:
    """R-ORBIT-6: no Tech below its maximum -> impossible."""
    outcome = take_turn(bot_with((4,)), orbit(**own_techs((TechType.MINE, 6))))

    assert of_type(outcome, ActionImpossible)[0].rule == "R-ORBIT-6"


def test_r_orbit_6_gain_of_step_1_resolves_before_step_2() -> None:
    """R-ORBIT-6: step 1's Lab gain (a TECH) is learned before step 2 re-reads the levels."""
    rows = (
        LabRow(
            row=0,
            entry_free=False,
            spaces=(LabSpace(level=4, gains=(Gain(kind=GainKind.TECH),)),),
        ),
        LabRow(row=1, entry_free=False),
        LabRow(row=2),
    )
    techs = (
        OwnTech(tech=TechType.ROVER, level=3, row=0),
        OwnTech(tech=TechType.MINE, level=2, row=1),
    )
    grid = (GridTile(id=HostId("g"), tech=TechType.GREENHOUSE),)
    outcome = take_turn(
        bot_with((4,)), orbit(lab_rows=rows, lacerda_techs=techs, tech_grid=grid)
    )
    names = kinds(outcome.decisions)
    second = of_type(outcome, DevelopTech)[1]

    assert names.index("LearnTech") < len(names) - 1
    assert second.tech is TechType.GREENHOUSE
    assert (second.from_level, second.to_level) == (1, 2)


@pytest.mark.parametrize(
    ("most", "expected"), [(True, TechType.MINE), (False, TechType.ROVER)]
)
def test_choose_development_ties_take_the_bottom_row(
    most: bool, expected: TechType
) -> None:
    """R-ORBIT-6: equal levels -> the bottom Tech (higher Lab row)."""
    board = orbit(**own_techs((TechType.ROVER, 2), (TechType.MINE, 2)))
    chosen = choose_development(
        board.lacerda_techs,
        board.lab_rows,
        most=most,
        previous=TechType.MINE if not most else None,
    )

    assert chosen is not None
    assert chosen.tech is expected
