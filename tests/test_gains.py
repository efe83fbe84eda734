from collections.abc import Mapping

import pytest

from lacerda_bot import (
    Board,
    InvalidHostStateError,
    InvalidValueError,
    Options,
    take_turn,
)
from lacerda_bot._board.displays import choose_warehouse_item
from lacerda_bot.decisions import (
    AdvanceProgressBot,
    BuildShelter,
    Construct,
    DevelopTech,
    GainCrystals,
    GainShip,
    LoseBenefit,
    MoveRover,
    ObtainBlueprint,
    TakeWarehouseItem,
    Upgrade,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    Gain,
    GainKind,
    HostId,
    Item,
    Side,
    TechType,
    TileKind,
)
from lacerda_bot.options import ImpossibleBenefit, UnknownGain
from lacerda_bot.records import (
    MAX_LAB_LEVEL,
    Blueprint,
    DisplayedBlueprint,
    HeldBlueprint,
    LabSpace,
    LssMarkers,
    Stock,
    Tile,
    TurnOrderSpace,
)
from lacerda_bot.testing import building, small_board, tile

from .helpers import bot_with, collect, kinds, of_type, own_techs

USABLE = Gain(kind=GainKind.BOT)
"""A gain he can always take: a tile whose other gains he cannot take is still his
target with it (R-ROVER-2)."""


def test_r_to_2_impossible_gain_is_lost_by_default() -> None:
    """R-TO-2: a TECH gain with no Lab space free is lost (impossible_benefit = lose)."""
    outcome = collect(USABLE, Gain(kind=GainKind.TECH))

    assert kinds(outcome.decisions)[-2:] == ["TakeBenefit", "LoseBenefit"]


def test_r_to_2_impossible_gain_moves_the_rover_with_the_option() -> None:
    """R-TO-2: with impossible_benefit = rover the lost gain becomes a Rover move."""
    board_tiles = (
        tile("T", 1, 1, Gain(kind=GainKind.CRYSTALS), Gain(kind=GainKind.TECH)),
        tile("U", 2, 1, Gain(kind=GainKind.BOT)),
    )
    outcome = collect(
        options=Options(impossible_benefit=ImpossibleBenefit.ROVER),
        map_tiles=board_tiles,
    )

    assert len(of_type(outcome, MoveRover)) == 2
    assert of_type(outcome, AdvanceProgressBot)


def test_r_to_3_spec_examples() -> None:
    """R-TO-3: most units wins; ties a Crystal, else the leftmost."""
    first = [
        Stock(item=i, units=n) for i, n in zip(Item, (1, 2, 2, 0, 1, 0), strict=False)
    ]
    second = [Stock(item=Item.BATTERY, units=2), Stock(item=Item.CRYSTAL, units=2)]

    assert choose_warehouse_item(first, room=True) == first[1]
    assert choose_warehouse_item(second, room=True) == second[1]
    assert choose_warehouse_item([Stock(item=Item.WATER, units=0)], room=True) is None


def test_r_to_3_no_crystal_without_a_free_depot_space() -> None:
    """R-TO-3 (1.3): with no free Depot space the Crystals are passed over."""
    tied = [Stock(item=Item.CRYSTAL, units=3), Stock(item=Item.BATTERY, units=2)]
    only = [Stock(item=Item.CRYSTAL, units=2), Stock(item=Item.WATER, units=0)]

    assert choose_warehouse_item(tied, room=True) == tied[0]
    assert choose_warehouse_item(tied, room=False) == tied[1]
    assert choose_warehouse_item(only, room=False) is None


def test_r_to_3_a_full_depot_takes_a_resource_to_the_supply() -> None:
    """R-TO-3 (1.3): a full Depot: the most plentiful Resource goes to the supply."""
    stock = (Stock(item=Item.CRYSTAL, units=3), Stock(item=Item.PLANT, units=1))
    full = collect(Gain(kind=GainKind.WAREHOUSE), warehouse=stock, free_depot_spaces=0)
    room = collect(Gain(kind=GainKind.WAREHOUSE), warehouse=stock, free_depot_spaces=1)
    assert of_type(full, MoveRover)  # a Resource is open to him: the tile is usable

    (taken,) = of_type(full, TakeWarehouseItem)
    assert (taken.item, taken.to_supply) == (Item.PLANT, True)
    assert not of_type(full, GainCrystals)
    (taken,) = of_type(room, TakeWarehouseItem)
    assert (taken.item, taken.to_supply) == (Item.CRYSTAL, False)


def test_r_to_3_only_crystals_and_a_full_depot_lose_the_gain() -> None:
    """R-TO-3 (1.3), R-TO-2: only Crystals in the Warehouse and no Depot room: lost."""
    stock = (Stock(item=Item.CRYSTAL, units=3),)
    bot = Gain(kind=GainKind.BOT)  # what makes the tile worth collecting (R-ROVER-2)
    outcome = collect(
        bot, Gain(kind=GainKind.WAREHOUSE), warehouse=stock, free_depot_spaces=0
    )

    assert not of_type(outcome, TakeWarehouseItem)
    assert isinstance(outcome.decisions[-1], LoseBenefit)


def test_r_to_3_empty_warehouse_is_impossible() -> None:
    """R-TO-3: an empty Warehouse sends the gain to R-TO-2."""
    outcome = collect(USABLE, Gain(kind=GainKind.WAREHOUSE))

    assert isinstance(outcome.decisions[-1], LoseBenefit)


def test_r_to_4_blueprint_and_colonist_gains() -> None:
    """R-TO-4: BLUEPRINT is Obtain a Blueprint without placement; COLONIST moves his Rover."""
    display = (
        DisplayedBlueprint(
            row=BlueprintRow.TOP,
            slot=0,
            blueprint=Blueprint(id=HostId("b"), building=BuildingType.MINE, level=1),
        ),
    )
    blueprint = collect(Gain(kind=GainKind.BLUEPRINT), blueprint_display=display)
    colonist = collect(
        Gain(kind=GainKind.COLONIST),
        map_tiles=(
            tile("T", 1, 1, Gain(kind=GainKind.COLONIST)),
            tile("U", 2, 1, Gain(kind=GainKind.BOT)),
        ),
    )

    assert of_type(blueprint, ObtainBlueprint)
    assert "PlaceColonist" not in kinds(blueprint.decisions)
    assert len(of_type(colonist, MoveRover)) == 2


def test_r_to_5_spec_example_bot_steps_wrap() -> None:
    """R-TO-5: pointer Greenhouse + 2 -> Mine; with bot_benefit_steps 1 -> Oxygen Condenser."""
    two = take_turn(
        bot_with((11,), pointer=BuildingType.GREENHOUSE),
        small_board(
            lacerda_rover=Hex(0, 1),
            map_tiles=(tile("T", 1, 1, Gain(kind=GainKind.BOT)),),
        ),
    )
    one = collect(Gain(kind=GainKind.BOT), options=Options(bot_benefit_steps=1))

    assert of_type(two, AdvanceProgressBot)[0].after is BuildingType.MINE
    assert two.bot.pointer is BuildingType.MINE
    assert one.bot.pointer is BuildingType.GENERATOR


def test_r_to_6_crystals_and_resources() -> None:
    """R-TO-6: CRYSTALS(n) gains n; RESOURCES is traced as lost."""
    outcome = collect(Gain(kind=GainKind.CRYSTALS, n=2), Gain(kind=GainKind.RESOURCES))
    lost = of_type(outcome, LoseBenefit)

    assert kinds(outcome.decisions)[-4:] == [
        "TakeBenefit",
        "GainCrystals",
        "TakeBenefit",
        "LoseBenefit",
    ]
    assert lost[0].trace.rules[0] == "R-TO-6"


def test_r_to_7_construct_upgrade_and_ship() -> None:
    """R-TO-7: CONSTRUCT(any) builds by the sequence, UPGRADE upgrades, SHIP gains a Ship."""
    outcome = collect(
        Gain(kind=GainKind.CONSTRUCT),
        Gain(kind=GainKind.UPGRADE),
        Gain(kind=GainKind.SHIP),
        card=4,
        colonist_on_hire_slot=True,
        lacerda_blueprints=(
            HeldBlueprint(
                blueprint=Blueprint(id=HostId("m"), building=BuildingType.MINE, level=1)
            ),
        ),
    )

    assert of_type(outcome, Construct)
    assert of_type(outcome, Upgrade)
    assert of_type(outcome, GainShip)


def test_r_build_3_fixed_type_must_qualify() -> None:
    """R-BUILD-3: CONSTRUCT(Generator) with its marker at the Colony level is impossible (R-TO-2)."""
    fixed = Gain(kind=GainKind.CONSTRUCT, building=BuildingType.GENERATOR)
    blocked = collect(USABLE, fixed, lss_markers=LssMarkers(generator=1))
    built = collect(fixed)

    assert isinstance(blocked.decisions[-1], LoseBenefit)
    assert of_type(built, Construct)[0].building is BuildingType.GENERATOR
    assert built.bot.pointer is BuildingType.WATER_EXTRACTOR


def test_r_build_3_construct_shelter_keeps_the_pointer() -> None:
    """R-BUILD-3, R-LEVEL-3: CONSTRUCT(Shelter) builds his Shelter; the pointer moves only with the option."""
    shelter = Gain(kind=GainKind.CONSTRUCT, building=BuildingType.SHELTER)
    still = collect(shelter)
    moved = collect(shelter, options=Options(shelter_moves_pointer=True))
    none_left = collect(USABLE, shelter, shelters_left=0)

    assert of_type(still, BuildShelter)
    assert still.bot.pointer is BuildingType.MINE
    assert moved.bot.pointer is BuildingType.GENERATOR
    assert isinstance(none_left.decisions[-1], LoseBenefit)


def test_r_to_8_resupply_lab_bonus_is_a_warehouse_pick() -> None:
    """R-TO-8: a Resupply bonus is a WAREHOUSE gain: he takes the item with most units."""
    outcome = collect(
        Gain(kind=GainKind.WAREHOUSE),
        warehouse=(Stock(item=Item.WATER, units=1), Stock(item=Item.PLANT, units=2)),
    )

    assert of_type(outcome, TakeWarehouseItem)[0].item is Item.PLANT


def test_r_to_9_unknown_gain_skipped_or_refused() -> None:
    """R-TO-9: OTHER is lost with the host's words, or refused before any decision with `error`."""
    other = Gain(kind=GainKind.OTHER, description="a promo bonus")
    skipped = collect(USABLE, other)

    assert of_type(skipped, LoseBenefit)[0].reason == "a promo bonus"
    with pytest.raises(InvalidHostStateError, match=r"map_tiles\[0\]"):
        collect(other, options=Options(unknown_gain=UnknownGain.ERROR))


@pytest.mark.parametrize(
    ("where", "field"),
    [
        ("space", r"turn_order_spaces\[0\]\.gains\[0\]"),
        ("entry", r"lab_spaces\[1\]\.gains\[0\]"),
        ("lab", r"lab_spaces\[3\]\.gains\[0\]"),
        ("exploration", r"exploration_tiles\[0\]\.reward\[0\]"),
    ],
)
def test_r_to_9_error_names_any_unknown_gain_the_view_shows(
    where: str, field: str
) -> None:
    """R-TO-9: with `error`, an OTHER gain anywhere in the view is refused, named."""
    other = (Gain(kind=GainKind.OTHER),)
    where_in: dict[str, Mapping[str, object]] = {
        "space": {
            "turn_order_spaces": (
                TurnOrderSpace(id=HostId("S1"), side=Side.ORBIT, gains=other),
            )
        },
        "entry": own_techs(gains={HostId("c1-bottom"): other}),
        "lab": own_techs(gains={HostId("c2-middle"): other}),
        "exploration": {
            "exploration_tiles": (
                Tile(id=HostId("D1"), kind=TileKind.DISCOVERY, reward=other),
            )
        },
    }
    board = small_board(**where_in[where])
    bot = bot_with((5,), options=Options(unknown_gain=UnknownGain.ERROR))

    with pytest.raises(InvalidHostStateError, match=field):
        take_turn(bot, board)


def test_r_to_10_develop_n_alternates_steps() -> None:
    """R-TO-10: DEVELOP(3): most developed, least developed (another Tech), most developed."""
    outcome = collect(
        Gain(kind=GainKind.DEVELOP, n=3),
        **own_techs((TechType.ROVER, 3), (TechType.MINE, 1)),
    )
    steps = [(d.tech, d.to_level) for d in of_type(outcome, DevelopTech)]

    assert steps == [(TechType.ROVER, 4), (TechType.MINE, 2), (TechType.ROVER, 5)]


def test_r_to_10_stops_early_when_nothing_advances() -> None:
    """R-TO-10: he stops when nothing can advance, and the trace says so."""
    outcome = collect(Gain(kind=GainKind.DEVELOP, n=3), **own_techs((TechType.MINE, 5)))

    assert len(of_type(outcome, DevelopTech)) == 1
    assert any("R-TO-10" in n for n in outcome.trace.notes)


def test_r_to_10_a_huge_develop_takes_as_many_steps_as_levels_left() -> None:
    """R-TO-10: DEVELOP(10**18) ends when nothing can advance, the Lab's levels bounded."""
    techs = own_techs(
        (TechType.MINE, 1), (TechType.ROVER, 1), sizes=(2,) * MAX_LAB_LEVEL
    )
    outcome = collect(Gain(kind=GainKind.DEVELOP, n=10**18), **techs)

    assert len(of_type(outcome, DevelopTech)) == 2 * (MAX_LAB_LEVEL - 1)


def test_a_lab_is_at_most_max_lab_level_columns_long() -> None:
    """V9: a Lab space past column MAX_LAB_LEVEL is refused where it is made, named."""
    with pytest.raises(InvalidValueError, match=r"LabSpace\.column.*from 1 to 20"):
        LabSpace(id=HostId("far"), column=MAX_LAB_LEVEL + 1)


def test_construct_gain_builds_a_mine_anywhere_legal() -> None:
    """R-BUILD-3: CONSTRUCT(any) from the pointer (Mine) builds with no placement cost."""
    board: Board = small_board(buildings=(building(0, 0, BuildingType.MINE),))
    outcome = collect(Gain(kind=GainKind.CONSTRUCT), buildings=board.buildings)

    assert of_type(outcome, Construct)[0].building is BuildingType.MINE
