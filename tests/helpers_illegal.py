"""A small board and decisions each illegal on it for a reason why_illegal names."""

from lacerda_bot import Decision
from lacerda_bot.decisions import (
    BuildShelter,
    CollectTile,
    Construct,
    CrystalSource,
    DevelopTech,
    GainCrystals,
    HireScientist,
    LearnTech,
    MoveRover,
    ObtainBlueprint,
    PayCrystals,
    PaymentPurpose,
    RelocateRover,
    TakeContract,
    TakeWarehouseItem,
    Upgrade,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.lab import staggered
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    ContractKind,
    FigureKind,
    Gain,
    GainKind,
    HostId,
    Item,
    Owner,
    Scientist,
    TechType,
    TechUsed,
)
from lacerda_bot.records import Figure
from lacerda_bot.testing import building, small_board, tile

M = BuildingType.MINE
BOARD = small_board(
    buildings=(building(0, 0, M),),
    figures=(Figure(hex=Hex(2, 0), kind=FigureKind.BOT, owner=Owner.HUMAN),),
    map_tiles=(tile("t", 3, 0, Gain(kind=GainKind.BOT)),),
    # his Mine in the last column; the entry spaces are taken
    lab_spaces=staggered(
        (2, 3, 2),
        techs={
            HostId("c3-top"): TechType.MINE,
            HostId("c1-top"): TechType.SHELTER,
            HostId("c1-bottom"): TechType.UPGRADE,
        },
    ),
    lab_columns=3,
    free_depot_spaces=1,
    shelters_left=0,
)


def construct(at: Hex, size: int = 1) -> Construct:
    return Construct(
        building=M,
        hex=at,
        resulting_size=size,
        joined_sizes=(),
        tech_used=TechUsed.NONE,
        miner=True,
        pointer_before=M,
        pointer_after=BuildingType.GENERATOR,
    )


def move(path: tuple[Hex, ...], *, allowance: int, reached: bool = False) -> MoveRover:
    return MoveRover(
        path=path,
        allowance=allowance,
        crystals_paid=0,
        crystal_hexes=(),
        target=HostId("t"),
        reached=reached,
        tech_used=TechUsed.NONE,
    )


ILLEGAL: list[tuple[Decision, str]] = [
    (construct(Hex(0, 0)), "not a legal mine site"),
    (construct(Hex(3, 0)), "not a legal mine site"),
    (construct(Hex(2, 0), size=3), "resulting size"),
    (
        BuildShelter(
            hex=Hex(2, 0), resulting_size=1, joined_sizes=(), tech_used=TechUsed.NONE
        ),
        "no Shelter left",
    ),
    (
        move((Hex(2, 0),), allowance=3),
        "jumps",
    ),
    (
        move((Hex(1, 0), Hex(2, 0)), allowance=3),
        "ends on a figure",
    ),
    (
        move((Hex(1, 0), Hex(2, 0), Hex(3, 0)), allowance=1, reached=True),
        "longer than the allowance",
    ),
    (PayCrystals(amount=1, purpose=PaymentPurpose.PLACEMENT), "can spend 0"),
    (GainCrystals(requested=2, kept=2, source=CrystalSource.MISSION), "with 1 free"),
    (
        ObtainBlueprint(blueprint=HostId("nope"), row=BlueprintRow.TOP, slot=0),
        "not on display",
    ),
    (
        LearnTech(
            grid_tile=HostId("nope"), tech=TechType.ROVER, lab_space=HostId("c1-top")
        ),
        "not on the Tech grid",
    ),
    (
        DevelopTech(
            tech=TechType.MINE, from_level=2, to_level=3, space=HostId("c3-top")
        ),
        "not at level 2",
    ),
    (
        DevelopTech(
            tech=TechType.MINE, from_level=3, to_level=4, space=HostId("c4-top")
        ),
        "none: the last column",
    ),
    (
        Upgrade(hex=Hex(0, 0), blueprint=HostId("nope"), tech_used=TechUsed.NONE),
        "not his",
    ),
    (HireScientist(scientist=Scientist.GEOLOGIST, slot=0), "not in slot"),
    (
        TakeContract(contract=HostId("c"), slot=0, kind=ContractKind.UPGRADE),
        "not in slot",
    ),
    (CollectTile(tile=HostId("t"), crystal_cost=0), "not under his Rover"),
    (TakeWarehouseItem(item=Item.WATER, to_supply=True), "no water"),
    (RelocateRover(from_hex=Hex(0, 0), to_hex=Hex(3, 0)), "off the map"),
]
