"""Decisions that contradict their boards, one field at a time, and the legal ones they change.

For each decision type a legal decision on a small board (``LEGAL``), then one
case per field (or board fact) that can contradict it (``CASES``), with the words
of the reason why_illegal gives.
"""

from typing import Any, TypeVar, cast

import attrs

from lacerda_bot import Board, Decision, Options
from lacerda_bot.decisions import (
    ActionImpossible,
    AdvanceMission,
    BuildShelter,
    ChooseLssReward,
    CollectTile,
    Construct,
    CrystalSource,
    DevelopTech,
    GainBot,
    GainCrystals,
    GainShip,
    GiveOxygen,
    HireScientist,
    LearnTech,
    MoveRover,
    ObtainBlueprint,
    PayCrystals,
    PaymentPurpose,
    PlaceColonist,
    PlaceDiscoveryTile,
    RefillContractDisplay,
    RelocateRover,
    StartingSpace,
    TakeContract,
    TakeWarehouseItem,
    Travel,
    Upgrade,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.lab import staggered
from lacerda_bot.model import (
    Action,
    BlueprintRow,
    BuildingType,
    ContractKind,
    FigureKind,
    Gain,
    GainKind,
    HostId,
    Item,
    LssReward,
    MissionSlot,
    Owner,
    Scientist,
    Side,
    TechType,
    TechUsed,
    TileKind,
)
from lacerda_bot.options import ComplexTechThreshold
from lacerda_bot.records import (
    Blueprint,
    ContractSlot,
    Figure,
    HeldBlueprint,
    HumanTech,
    LssMarkers,
    LssOffer,
    Mission,
    ScientistSlot,
    Stock,
    Tile,
)
from lacerda_bot.testing import (
    building,
    hex_map,
    reference_board,
    small_board,
    tile,
)

from .helpers import own_techs

M, G, SH = BuildingType.MINE, BuildingType.GENERATOR, BuildingType.SHELTER
BOT = Gain(kind=GainKind.BOT)
T = TypeVar("T")
DEFAULT = Options()


@attrs.frozen
class Case:
    """A decision that contradicts its board, and the words of the reason."""

    name: str
    board: Board
    decision: Decision
    reason: str
    options: Options | None = DEFAULT


LEGAL: list[tuple[str, Board, Decision, Options | None]] = []
CASES: list[Case] = []


def legal(name: str, board: Board, decision: T, options: Options | None = DEFAULT) -> T:
    """Record *decision* as legal on *board*; the cases change one thing of it."""
    LEGAL.append((name, board, cast(Decision, decision), options))
    return decision


def bad(
    name: str,
    board: Board,
    base: Any,
    reason: str,
    *,
    options: Options | None = DEFAULT,
    **changes: object,
) -> None:
    """A case: *base* with *changes* on *board* gives a reason containing *reason*."""
    decision = attrs.evolve(base, **changes) if changes else base
    CASES.append(Case(name, board, decision, reason, options))


# --- StartingSpace (R-SETUP-7) -------------------------------------------------
REF = reference_board()
start = legal("StartingSpace", REF, StartingSpace(space=HostId("S2"), side=Side.ORBIT))
bad("StartingSpace.space: none", REF, start, "not a Turn Order space", space="S9")
bad(
    "StartingSpace.space: no tile R-SETUP-7",
    REF,
    start,
    "no First Colonist tile names space S1",
    space="S1",
)
bad("StartingSpace.side", REF, start, "orbit side, not colony", side=Side.COLONY)

# --- AdvanceMission (R-MISSION-1, R-MISSION-2) -----------------------------------
MISSIONS = small_board()
mission = legal(
    "AdvanceMission",
    MISSIONS,
    AdvanceMission(slot=MissionSlot.A, mission=HostId("mission-a")),
)
bad(
    "AdvanceMission.mission",
    MISSIONS,
    mission,
    "holds Mission mission-a, not mission-b",
    mission="mission-b",
)
DONE = small_board(
    missions=tuple(
        Mission(slot=s, id=HostId(f"mission-{s.value}"), completed=s is MissionSlot.A)
        for s in MissionSlot
    )
)
bad("AdvanceMission completed R-MISSION-2", DONE, mission, "is completed")
bad(
    "AdvanceMission.slot: empty",
    small_board(missions=()),
    mission,
    "no Mission in slot a",
)

# --- GainCrystals (R-CRYSTAL-2) ----------------------------------------------------
DEPOT = small_board(free_depot_spaces=2, supply_crystals=1)
gain = legal(
    "GainCrystals",
    DEPOT,
    GainCrystals(requested=3, kept=1, source=CrystalSource.MISSION),
)
bad("GainCrystals.kept: supply", DEPOT, gain, "with 1 left in the supply", kept=2)
bad("GainCrystals.kept: requested", DEPOT, gain, "keeps 4 of 3 requested", kept=4)
bad("GainCrystals.kept: too few", DEPOT, gain, "but 1 fit (R-CRYSTAL-2)", kept=0)
bad("GainCrystals.requested", DEPOT, gain, "requests -1", requested=-1)
bad(
    "GainCrystals.source: off the supply",
    DEPOT,
    gain,
    "but 2 fit",
    source=CrystalSource.ROVER_PATH,
)
bad(
    "GainCrystals.kept: full Depot",
    small_board(free_depot_spaces=0, supply_crystals=1),
    gain,
    "keeps 1 of 3 with 0 free",
)

# --- PayCrystals (R-COST-3) ----------------------------------------------------------
PURSE = small_board(spendable_crystals=2)
pay = legal("PayCrystals", PURSE, PayCrystals(amount=2, purpose=PaymentPurpose.TILE))
bad("PayCrystals.amount: too many", PURSE, pay, "pays 3, can spend 2", amount=3)
bad("PayCrystals.amount: negative", PURSE, pay, "negative", amount=-1)

# --- PlaceColonist, ActionImpossible (R-TURN-1, R-COST-1, R-COST-5) -------------------
COLONY = small_board()
place = legal("PlaceColonist", COLONY, PlaceColonist(action=Action.CONSTRUCT))
bad(
    "PlaceColonist.action: other side R-TURN-1",
    COLONY,
    place,
    "obtain_blueprint is not an action of the colony side",
    action=Action.OBTAIN_BLUEPRINT,
)
bad(
    "PlaceColonist.action: no placement R-COST-1",
    small_board(side=Side.ORBIT),
    place,
    "places no Colonist (R-COST-1)",
    action=Action.LEARN_TECH,
)
bad(
    "PlaceColonist.action: Hire slot R-COST-5",
    small_board(colonist_on_hire_slot=True),
    place,
    "(R-COST-5)",
    action=Action.HIRE_OR_CONTRACT,
)
impossible = legal(
    "ActionImpossible",
    COLONY,
    ActionImpossible(action=Action.UPGRADE, rule="R-COLONY-3", reason="none"),
)
bad(
    "ActionImpossible.action",
    COLONY,
    impossible,
    "not an action of the colony side",
    action=Action.LEARN_TECH,
)

# --- ObtainBlueprint (R-ORBIT-1, R-ORBIT-4) --------------------------------------------
obtain = legal(
    "ObtainBlueprint",
    REF,
    ObtainBlueprint(blueprint=HostId("B1"), row=BlueprintRow.BOTTOM, slot=0),
)
bad("ObtainBlueprint.blueprint", REF, obtain, "B9 is not on display", blueprint="B9")
bad(
    "ObtainBlueprint.row",
    REF,
    obtain,
    "in the bottom row, slot 0",
    row=BlueprintRow.TOP,
)
bad("ObtainBlueprint.slot", REF, obtain, "not the bottom row, slot 2", slot=2)
bad(
    "ObtainBlueprint: no marker R-ORBIT-1",
    attrs.evolve(REF, free_advanced_markers=0),
    obtain,
    "no Advanced Building marker is free",
)

# --- LearnTech (R-ORBIT-5) -----------------------------------------------------------


def with_techs(board: Board, techs: dict[str, TechType | None]) -> Board:
    """*board* with his Lab's tiles changed space by space (``None``: emptied)."""
    lab = tuple(
        attrs.evolve(s, tech=techs[s.id]) if s.id in techs else s
        for s in board.lab_spaces
    )
    return attrs.evolve(board, lab_spaces=lab)


learn = legal(
    "LearnTech",
    REF,
    LearnTech(grid_tile=HostId("T1"), tech=TechType.MINE, lab_space=HostId("c1-top")),
)
bad(
    "LearnTech.tech: a Rover tile as a Mine Tech",
    REF,
    learn,
    "tile T0 is a rover Tech, not mine",
    grid_tile="T0",
)
bad("LearnTech.grid_tile", REF, learn, "T9 is not on the Tech grid", grid_tile="T9")
bad(
    "LearnTech: a type he has R-ORBIT-5",
    with_techs(REF, {"c3-top": TechType.MINE}),
    learn,
    "he already has a mine Tech",
)
bad(
    "LearnTech.lab_space: not the topmost",
    REF,
    learn,
    "Lab space c1-bottom is not the topmost free entry space, c1-top is",
    lab_space="c1-bottom",
)
bad(
    "LearnTech.lab_space: taken",
    with_techs(REF, {"c1-top": TechType.ROVER}),
    learn,
    "Lab space c1-top is taken by his rover Tech",
)
bad(
    "LearnTech.lab_space: not an entry space",
    REF,
    learn,
    "Lab space c2-top is in column 2, not the entry column",
    lab_space="c2-top",
)
bad("LearnTech.lab_space: none", REF, learn, "his Lab has no space c9", lab_space="c9")
bad(
    "LearnTech: no free entry",
    with_techs(REF, {"c1-top": TechType.ROVER, "c1-bottom": TechType.UPGRADE}),
    learn,
    "no Lab entry space is free",
)

# --- DevelopTech (R-ORBIT-6) ----------------------------------------------------------
# his Mine on c2-middle touches c3-top and c3-bottom; column 3 is the last
LAB = small_board(
    lab_spaces=staggered((2, 3, 2), techs={HostId("c2-middle"): TechType.MINE}),
    lab_columns=3,
)
develop = legal(
    "DevelopTech",
    LAB,
    DevelopTech(
        tech=TechType.MINE, from_level=2, to_level=3, space=HostId("c3-bottom")
    ),
)
bad("DevelopTech.tech", LAB, develop, "he has no rover Tech", tech=TechType.ROVER)
bad("DevelopTech.from_level", LAB, develop, "not at level 1 but at 2", from_level=1)
bad("DevelopTech.to_level", LAB, develop, "goes from 2 to 4, not one step", to_level=4)
bad(
    "DevelopTech.space: taken",
    with_techs(LAB, {"c3-bottom": TechType.ROVER}),
    develop,
    "Lab space c3-bottom is taken by his rover Tech",
)
bad(
    "DevelopTech.space: untouched",
    LAB,
    develop,
    "Lab space c2-top is not one his mine Tech's space c2-middle touches",
    space="c2-top",
)
bad(
    "DevelopTech: in the last column",
    with_techs(LAB, {"c2-middle": None, "c3-top": TechType.MINE}),
    develop,
    "space c3-top touches (none: the last column)",
    from_level=3,
    to_level=4,
)
# c3-top gives a Crystal he can take: the blank c3-bottom helps him less (R-ORBIT-6)
GAINED = small_board(
    lab_spaces=staggered(
        (2, 3, 2),
        gains={HostId("c3-top"): (Gain(kind=GainKind.CRYSTALS),)},
        techs={HostId("c2-middle"): TechType.MINE},
    ),
    lab_columns=3,
)
bad(
    "DevelopTech.space: a blank space beside a gain he can carry out",
    GAINED,
    develop,
    "Lab space c3-bottom helps him less than c3-top (R-ORBIT-6)",
)
legal(
    "DevelopTech: into the space whose gain he can carry out",
    GAINED,
    attrs.evolve(develop, space=HostId("c3-top")),
)
legal("DevelopTech: any free space, the options unknown", GAINED, develop, None)

# --- Construct (R-BUILD-2..11) ----------------------------------------------------------
SITES = small_board(
    buildings=(building(0, 0, M), building(1, 0, M), building(-2, 0, G)),
    **own_techs((TechType.MINE, 2)),
    human_techs=(HumanTech(tech=TechType.MINE, level=1),),
)


def construct(
    at: Hex,
    size: int = 1,
    joined: tuple[int, ...] = (),
    used: TechUsed = TechUsed.NONE,
    kind: BuildingType = M,
) -> Construct:
    return Construct(
        building=kind,
        hex=at,
        resulting_size=size,
        joined_sizes=joined,
        tech_used=used,
        miner=kind is M,
        pointer_before=kind,
        pointer_after=kind,
    )


alone = legal("Construct: stand-alone", SITES, construct(Hex(3, -1)))
join = legal("Construct: join", SITES, construct(Hex(2, 0), 3, (2,), TechUsed.OWN))
bad(
    "Construct.building: Shelter",
    SITES,
    alone,
    "built by BuildShelter",
    building=SH,
)
bad(
    "Construct.building: does not qualify R-BUILD-2",
    attrs.evolve(SITES, lss_markers=LssMarkers(generator=1)),
    construct(Hex(-2, 2), kind=G),
    "generator does not qualify: its LSS marker 1 is not below the Colony level 1",
)
bad("Construct.hex: off the map", SITES, alone, "not a map hex", hex=Hex(4, 0))
bad("Construct.hex: built", SITES, alone, "it holds a building", hex=Hex(0, 0))
bad(
    "Construct.hex: stand-alone too far R-BUILD-8",
    SITES,
    alone,
    "(-3,3) is not a legal mine site",
    hex=Hex(-3, 3),
)
bad(
    "Construct.resulting_size R-BUILD-5",
    SITES,
    join,
    "resulting size 2, expected 3",
    resulting_size=2,
)
bad(
    "Construct.joined_sizes",
    SITES,
    join,
    "joined sizes (1,), expected (2,)",
    joined_sizes=(1,),
)
bad(
    "Construct.tech_used: stand-alone R-BUILD-10",
    SITES,
    alone,
    "needs no Tech",
    tech_used=TechUsed.OWN,
)
bad(
    "Construct.tech_used: join R-BUILD-7",
    SITES,
    join,
    "joining 2 needs a Tech",
    tech_used=TechUsed.NONE,
)
bad(
    "Construct.tech_used: the human's too low",
    SITES,
    join,
    "the human's mine Tech level 1 does not reach 2",
    tech_used=TechUsed.HUMAN,
)
bad(
    "Construct.tech_used: his too low, resulting threshold",
    attrs.evolve(SITES, human_techs=(HumanTech(tech=TechType.MINE, level=3),)),
    join,
    "his mine Tech level 2 does not reach 3",
    options=Options(complex_tech_threshold=ComplexTechThreshold.RESULTING),
)
bad(
    "Construct.miner: not a Mine R-BUILD-11",
    SITES,
    attrs.evolve(construct(Hex(-2, 2), kind=G), miner=True),
    "only a Mine receives a miner",
)
bad(
    "Construct.miner: the option R-BUILD-11",
    SITES,
    alone,
    "miner is False with lacerda_places_miner True",
    miner=False,
)

# --- BuildShelter (R-LEVEL-2, R-BUILD-3) ------------------------------------------------
SHELTERS = small_board(
    buildings=(building(0, 0, M), building(1, 0, SH, owner=Owner.LACERDA)),
    **own_techs((TechType.SHELTER, 1)),
    human_techs=(HumanTech(tech=TechType.SHELTER, level=3),),
    shelters_left=2,
)
shelter = legal(
    "BuildShelter",
    SHELTERS,
    BuildShelter(
        hex=Hex(2, 0), resulting_size=2, joined_sizes=(1,), tech_used=TechUsed.OWN
    ),
)
bad(
    "BuildShelter: none left",
    attrs.evolve(SHELTERS, shelters_left=0),
    shelter,
    "no Shelter left",
)
bad(
    "BuildShelter.hex",
    SHELTERS,
    shelter,
    "(0,0) is not a legal shelter site",
    hex=Hex(0, 0),
)
bad(
    "BuildShelter.resulting_size",
    SHELTERS,
    shelter,
    "resulting size 1, expected 2",
    resulting_size=1,
)
bad(
    "BuildShelter.tech_used: the human's R-BUILD-7",
    SHELTERS,
    shelter,
    "only his own Shelter Tech",
    tech_used=TechUsed.HUMAN,
)


# --- Upgrade (R-COLONY-3, R-COLONY-4, R-BUILD-12) -----------------------------------------
def held(
    card: str, kind: BuildingType, level: int = 1, used: bool = False
) -> HeldBlueprint:
    return HeldBlueprint(
        blueprint=Blueprint(id=HostId(card), building=kind, level=level), used=used
    )


UPGRADES = small_board(
    buildings=(
        building(0, 0, M),
        building(1, 0, M),
        building(-2, 0, G),
        building(0, 2, SH, owner=Owner.HUMAN),
    ),
    lacerda_blueprints=(
        held("B1", M),
        held("B2", M, used=True),
        held("B3", M, level=3),
        held("B4", SH),
    ),
)
upgrade = legal(
    "Upgrade",
    UPGRADES,
    Upgrade(hex=Hex(0, 0), blueprint=HostId("B1"), tech_used=TechUsed.NONE),
)
bad("Upgrade.blueprint: not his", UPGRADES, upgrade, "B9 is not his", blueprint="B9")
bad(
    "Upgrade.blueprint: used R-BUILD-12",
    UPGRADES,
    upgrade,
    "B2 is used",
    blueprint="B2",
)
bad(
    "Upgrade.hex: no building", UPGRADES, upgrade, "no building on (2,2)", hex=Hex(2, 2)
)
bad(
    "Upgrade.hex: another type",
    UPGRADES,
    upgrade,
    "the building on (-2,0) is a generator, Blueprint B1 upgrades a mine",
    hex=Hex(-2, 0),
)
bad(
    "Upgrade.hex: upgraded",
    attrs.evolve(
        UPGRADES,
        buildings=(
            building(0, 0, M, upgraded_by=Owner.HUMAN),
            *(b for b in UPGRADES.buildings if b.hex != Hex(0, 0)),
        ),
    ),
    upgrade,
    "already upgraded",
)
bad("Upgrade.blueprint: Level 3", UPGRADES, upgrade, "fewer than 3", blueprint="B3")
bad(
    "Upgrade.hex: the human's Shelter",
    UPGRADES,
    upgrade,
    "the Shelter on (0,2) is not his",
    blueprint="B4",
    hex=Hex(0, 2),
)
bad(
    "Upgrade.tech_used R-COLONY-4",
    UPGRADES,
    upgrade,
    "his Upgrade Tech allows no second upgrade",
    tech_used=TechUsed.OWN,
)

# --- HireScientist (R-COLONY-5, R-COLONY-6, R-COST-5) --------------------------------------
STAFF = small_board(
    scientist_display=(
        ScientistSlot(slot=0, scientist=Scientist.GEOLOGIST),
        ScientistSlot(slot=1, scientist=Scientist.HYDROLOGIST),
    ),
    contract_display=(
        ContractSlot(slot=0, id=HostId("C1"), kind=ContractKind.UPGRADE),
        ContractSlot(slot=1, id=HostId("C7"), kind=ContractKind.DELIVERY),
    ),
)
hire = legal(
    "HireScientist", STAFF, HireScientist(scientist=Scientist.GEOLOGIST, slot=0)
)
bad("HireScientist.slot", STAFF, hire, "not in slot 5: it holds no Scientist", slot=5)
bad(
    "HireScientist.scientist",
    STAFF,
    hire,
    "hydrologist is not in slot 0: geologist is",
    scientist=Scientist.HYDROLOGIST,
)
bad(
    "HireScientist: his third R-COLONY-5",
    attrs.evolve(
        STAFF, lacerda_scientists=(Scientist.BIOCHEMIST, Scientist.GEOCHEMIST)
    ),
    hire,
    "he already has 2 Scientists",
)
ON_SLOT = attrs.evolve(STAFF, colonist_on_hire_slot=True)
bad("HireScientist: Hire slot R-COST-5", ON_SLOT, hire, "still on his Hire slot")

# --- TakeContract (R-COLONY-7, R-COST-5) ---------------------------------------------------
contract = legal(
    "TakeContract",
    STAFF,
    TakeContract(contract=HostId("C1"), slot=0, kind=ContractKind.UPGRADE),
)
bad(
    "TakeContract.kind: another kind",
    STAFF,
    contract,
    "Contract C1 is of kind upgrade, not delivery",
    kind=ContractKind.DELIVERY,
)
bad("TakeContract.contract", STAFF, contract, "not in slot 0: C1 is", contract="C7")
bad("TakeContract.slot", STAFF, contract, "not in slot 4: it holds no Contract", slot=4)
bad("TakeContract: Hire slot R-COST-5", ON_SLOT, contract, "still on his Hire slot")

# --- RefillContractDisplay (R-COLONY-8) ----------------------------------------------------
refill = legal("RefillContractDisplay", STAFF, RefillContractDisplay(slot=3))
bad(
    "RefillContractDisplay.slot: full",
    STAFF,
    refill,
    "slot 0 still holds Contract C1 and the geologist",
    slot=0,
)
bad("RefillContractDisplay.slot: negative", STAFF, refill, "negative", slot=-1)

# --- MoveRover (R-ROVER-2..7) --------------------------------------------------------------
ROVER = small_board(
    map_hexes=hex_map(4),
    map_tiles=(tile("R", 3, 0, BOT), tile("F", 0, 3, BOT)),
    figures=(
        Figure(hex=Hex(2, 0), kind=FigureKind.BOT, owner=Owner.HUMAN),
        Figure(hex=Hex(0, 3), kind=FigureKind.BOT, owner=Owner.HUMAN),
    ),
    crystal_hexes=frozenset({Hex(1, 0), Hex(2, 0), Hex(-4, 2)}),
    human_techs=(HumanTech(tech=TechType.ROVER, level=0),),
)
WAY = (Hex(1, 0), Hex(2, 0), Hex(3, 0))


def rover(
    path: tuple[Hex, ...] = WAY,
    allowance: int = 3,
    crystals: tuple[Hex, ...] = (Hex(1, 0), Hex(2, 0)),
    *,
    reached: bool = True,
) -> MoveRover:
    return MoveRover(
        path=path,
        allowance=allowance,
        crystals_paid=0,
        crystal_hexes=crystals,
        target=HostId("R"),
        reached=reached,
        tech_used=TechUsed.NONE,
    )


move = legal("MoveRover: reached", ROVER, rover())
short = legal(
    "MoveRover: stops before a figure",
    ROVER,
    rover((Hex(1, 0),), 2, (Hex(1, 0),), reached=False),
)
bad(
    "MoveRover.crystal_hexes: a Crystal 5 hexes off the path",
    ROVER,
    move,
    "Crystal hex (-4,2) is not on the path",
    crystal_hexes=(Hex(1, 0), Hex(2, 0), Hex(-4, 2)),
)
bad(
    "MoveRover.crystal_hexes: no Crystal",
    ROVER,
    move,
    "no Crystal on (3,0)",
    crystal_hexes=WAY,
)
bad(
    "MoveRover.crystal_hexes: one left out R-ROVER-7",
    ROVER,
    move,
    "enters the Crystal on (2,0)",
    crystal_hexes=(Hex(1, 0),),
)
bad(
    "MoveRover.crystal_hexes: order",
    ROVER,
    move,
    "once each in path order",
    crystal_hexes=(Hex(2, 0), Hex(1, 0)),
)
bad("MoveRover.allowance: negative", ROVER, move, "must be >= 0", allowance=-1)
bad(
    "MoveRover.target: none", ROVER, move, "target tile Z is not on the map", target="Z"
)
bad(
    "MoveRover.target: a figure R-ROVER-2",
    ROVER,
    move,
    "another figure stands on target tile F",
    target="F",
)
TARGETS = attrs.evolve(
    ROVER,
    spendable_crystals=1,
    map_tiles=(
        *ROVER.map_tiles,
        tile("blueprint", -3, 0, Gain(kind=GainKind.BLUEPRINT)),
        tile("dear", 0, -3, BOT, cost=2),
        attrs.evolve(
            tile("unmet", -3, 3, BOT),
            tile=attrs.evolve(tile("unmet", -3, 3, BOT).tile, requirement_met=False),
        ),
    ),
)
bad(
    "MoveRover.target: a tile he cannot use R-ROVER-2",
    TARGETS,
    move,
    "none of the benefits of tile blueprint",
    target="blueprint",
)
bad(
    "MoveRover.target: a tile he cannot pay for R-ROVER-2",
    TARGETS,
    move,
    "tile dear costs 2 Crystals, he can spend 1",
    target="dear",
)
bad(
    "MoveRover.target: a requirement unmet R-ROVER-2",
    TARGETS,
    move,
    "does not meet the requirement of tile unmet",
    target="unmet",
)
NEARER = small_board(
    buildings=(),
    lacerda_rover=Hex(0, 0),
    map_tiles=(tile("T", 2, 1, BOT),),
    figures=(Figure(hex=Hex(1, 1), kind=FigureKind.BOT, owner=Owner.HUMAN),),
    crystal_hexes=frozenset({Hex(0, 1)}),
)
nearer = legal(
    "MoveRover: the end nearest the target",
    NEARER,
    MoveRover(
        path=(Hex(1, 0), Hex(2, 0)),
        allowance=2,
        crystals_paid=0,
        crystal_hexes=(),
        target=HostId("T"),
        reached=False,
        tech_used=TechUsed.NONE,
    ),
)
bad(
    "MoveRover.path: not the end nearest the target R-ROVER-6 (1.3)",
    NEARER,
    nearer,
    "a way ending nearer the target enters 2",
    path=(Hex(0, 1),),
    crystal_hexes=(Hex(0, 1),),
)
RICHER = small_board(
    buildings=(),
    lacerda_rover=Hex(0, 0),
    map_tiles=(tile("T", 1, 1, BOT),),
    crystal_hexes=frozenset({Hex(1, 0)}),
)
richer = legal(
    "MoveRover: the path with the Crystal",
    RICHER,
    MoveRover(
        path=(Hex(1, 0), Hex(1, 1)),
        allowance=2,
        crystals_paid=0,
        crystal_hexes=(Hex(1, 0),),
        target=HostId("T"),
        reached=True,
        tech_used=TechUsed.NONE,
    ),
)
bad(
    "MoveRover.path: fewer Crystals than another shortest path R-ROVER-6",
    RICHER,
    richer,
    "keeps 0 Crystals; another shortest path keeps 1",
    path=(Hex(0, 1), Hex(1, 1)),
    crystal_hexes=(),
)
bad("MoveRover.path: jumps", ROVER, move, "jumps at (2,0)", path=WAY[1:])
bad(
    "MoveRover.path: not shortest R-ROVER-6",
    ROVER,
    move,
    "(0,1) is 3 steps from it, not 2",
    path=(Hex(0, 1), Hex(1, 1), Hex(2, 1)),
)
bad(
    "MoveRover.path: ends on a figure R-ROVER-6",
    ROVER,
    short,
    "ends on a figure at (2,0)",
    path=WAY[:2],
    crystal_hexes=WAY[:2],
)
bad(
    "MoveRover.reached: true",
    ROVER,
    short,
    "reached is True, but the path ends at (1,0), not on tile R",
    reached=True,
)
bad(
    "MoveRover.reached: false",
    ROVER,
    move,
    "reached is False, but the path ends on tile R",
    reached=False,
)
bad(
    "MoveRover.allowance: short R-ROVER-5",
    ROVER,
    move,
    "longer than the allowance",
    allowance=2,
)
bad(
    "MoveRover.crystals_paid: without reaching R-ROVER-5",
    ROVER,
    short,
    "pays 1 Crystals to move but does not reach",
    crystals_paid=1,
)
bad(
    "MoveRover.crystals_paid: too many R-ROVER-5",
    ROVER,
    move,
    "pays 1 Crystals for 0 hexes past the allowance",
    crystals_paid=1,
)
bad(
    "MoveRover.path: stops short R-ROVER-6",
    ROVER,
    short,
    "he stops at (0,0), short of the farthest hex",
    path=(),
    crystal_hexes=(),
)
bad(
    "MoveRover.tech_used: his R-ROVER-4",
    ROVER,
    move,
    "he has no Rover Tech",
    tech_used=TechUsed.OWN,
)
bad(
    "MoveRover.tech_used: the human's",
    ROVER,
    move,
    "the human has no Rover Tech",
    tech_used=TechUsed.HUMAN,
)
ISLAND = small_board(
    map_hexes=hex_map(3) | {Hex(6, 0)}, map_tiles=(tile("R", 6, 0, BOT),)
)
bad(
    "MoveRover.target: unreachable", ISLAND, move, "no path over the map reaches tile R"
)

# --- CollectTile (R-ROVER-9) ------------------------------------------------------------------
ARRIVED = small_board(
    lacerda_rover=Hex(3, 0),
    map_tiles=(tile("R", 3, 0, BOT, cost=1), tile("Q", 0, 3, BOT)),
)
collect = legal("CollectTile", ARRIVED, CollectTile(tile=HostId("R"), crystal_cost=1))
bad(
    "CollectTile.tile: none",
    ARRIVED,
    collect,
    "Z is not under his Rover: it is not on the map",
    tile="Z",
)
bad(
    "CollectTile.tile: elsewhere",
    ARRIVED,
    collect,
    "it is on (0,3), he on (3,0)",
    tile="Q",
)
bad(
    "CollectTile.crystal_cost",
    ARRIVED,
    collect,
    "costs 1 Crystals, not 0",
    crystal_cost=0,
)
UNMET = attrs.evolve(
    ARRIVED,
    map_tiles=(
        attrs.evolve(
            ARRIVED.map_tiles[0],
            tile=attrs.evolve(ARRIVED.map_tiles[0].tile, requirement_met=False),
        ),
        ARRIVED.map_tiles[1],
    ),
)
bad(
    "CollectTile: requirement R-ROVER-2",
    UNMET,
    collect,
    "does not meet the requirement",
)

# --- RelocateRover (R-BUILD-4) ------------------------------------------------------------------
BUILT_ON = small_board(
    buildings=(building(0, 0, M), building(1, 0, M)), lacerda_rover=Hex(1, 0)
)
relocate = legal(
    "RelocateRover", BUILT_ON, RelocateRover(from_hex=Hex(1, 0), to_hex=Hex(2, 0))
)
bad(
    "RelocateRover: off the map",
    attrs.evolve(BUILT_ON, lacerda_rover=None),
    relocate,
    "off the map",
)
bad(
    "RelocateRover.from_hex",
    BUILT_ON,
    relocate,
    "his Rover is on (1,0), not (0,0)",
    from_hex=Hex(0, 0),
)
bad(
    "RelocateRover: nothing built there",
    attrs.evolve(BUILT_ON, lacerda_rover=Hex(2, 2)),
    relocate,
    "no building on (2,2) displaces his Rover",
    from_hex=Hex(2, 2),
)
bad(
    "RelocateRover.to_hex",
    BUILT_ON,
    relocate,
    "(3,0) is not a nearest free hex",
    to_hex=Hex(3, 0),
)

# --- Travel (R-SHUTTLE-2, R-SHUTTLE-3) -----------------------------------------------------------
DEPARTS = attrs.evolve(REF, shuttle_departs=True, shuttle_from=Side.COLONY)
travel = legal("Travel", DEPARTS, Travel(side=Side.ORBIT, space=HostId("S1")))
bad(
    "Travel.space: to Orbit onto a Colony space",
    DEPARTS,
    travel,
    "space S5 is on the colony side, not orbit",
    space="S5",
)
bad(
    "Travel.side",
    DEPARTS,
    travel,
    "already on the colony side",
    side=Side.COLONY,
    space="S5",
)
bad(
    "Travel: no Shuttle R-SHUTTLE-2",
    REF,
    travel,
    "the Shuttle does not depart from his side",
)
bad("Travel.space: none", DEPARTS, travel, "S9 is not a Turn Order space", space="S9")
bad(
    "Travel.space: occupied R-SHUTTLE-3",
    attrs.evolve(
        DEPARTS,
        turn_order_spaces=(
            attrs.evolve(DEPARTS.turn_order_spaces[0], occupied=True),
            *DEPARTS.turn_order_spaces[1:],
        ),
    ),
    travel,
    "space S1 is occupied",
)

# --- TakeWarehouseItem (R-TO-3) -------------------------------------------------------------------
STOCKS = small_board(
    warehouse=(Stock(item=Item.CRYSTAL, units=1), Stock(item=Item.WATER))
)
take = legal(
    "TakeWarehouseItem", STOCKS, TakeWarehouseItem(item=Item.CRYSTAL, to_supply=False)
)
bad(
    "TakeWarehouseItem.item: an empty stock",
    STOCKS,
    take,
    "no water in the Warehouse",
    item=Item.WATER,
    to_supply=True,
)
bad(
    "TakeWarehouseItem.to_supply R-TO-3",
    STOCKS,
    take,
    "a crystal goes to him",
    to_supply=True,
)
bad(
    "TakeWarehouseItem.item: a Crystal into a full Depot R-TO-3 (1.3)",
    attrs.evolve(STOCKS, free_depot_spaces=0),
    take,
    "no free Depot space for a Warehouse Crystal",
)

# --- PlaceDiscoveryTile (R-SHUTTLE-6) ---------------------------------------------------------------
EXPLORE = small_board(
    human_rover=Hex(1, 1),
    exploration_tiles=tuple(
        Tile(id=HostId(f"D{i}"), kind=TileKind.DISCOVERY, reward=(BOT,)) for i in (1, 2)
    ),
    buildings=(building(0, 0, M), building(-3, 0, G)),
    crystal_hexes=frozenset({Hex(-2, -1)}),
)
place_tile = legal(
    "PlaceDiscoveryTile", EXPLORE, PlaceDiscoveryTile(tile=HostId("D1"), hex=Hex(0, -3))
)
bad(
    "PlaceDiscoveryTile.tile: not leftmost",
    EXPLORE,
    place_tile,
    "D2 is not the leftmost, D1",
    tile="D2",
)
bad(
    "PlaceDiscoveryTile.tile: none",
    EXPLORE,
    place_tile,
    "a hex ((0,-3)) but no Discovery tile",
    tile=None,
)
bad(
    "PlaceDiscoveryTile: nothing placed",
    EXPLORE,
    place_tile,
    "D1 is left, but none is placed",
    tile=None,
    hex=None,
)
bad(
    "PlaceDiscoveryTile.hex: none",
    EXPLORE,
    place_tile,
    "(0,-3) is a Discovery site, but nothing is placed",
    hex=None,
)
bad(
    "PlaceDiscoveryTile.hex: near",
    EXPLORE,
    place_tile,
    "it is 2 from his Rover, not 3",
    hex=Hex(0, -2),
)
bad(
    "PlaceDiscoveryTile.hex: off the map",
    EXPLORE,
    place_tile,
    "it is not a map hex",
    hex=Hex(4, 0),
)
bad(
    "PlaceDiscoveryTile.hex: built",
    EXPLORE,
    place_tile,
    "it is not empty",
    hex=Hex(-3, 0),
)
bad(
    "PlaceDiscoveryTile.hex: a Crystal",
    EXPLORE,
    place_tile,
    "it holds a Crystal",
    hex=Hex(-2, -1),
)
bad(
    "PlaceDiscoveryTile.hex: not farthest",
    EXPLORE,
    place_tile,
    "others are farther",
    hex=Hex(3, 0),
)
bad(
    "PlaceDiscoveryTile.tile: none left",
    attrs.evolve(EXPLORE, exploration_tiles=()),
    place_tile,
    "no Discovery tile is left, not D1",
)
legal(
    "PlaceDiscoveryTile: on a Crystal with the option",
    EXPLORE,
    PlaceDiscoveryTile(tile=HostId("D1"), hex=Hex(-2, -1)),
    Options(discovery_site_allows_crystal=True),
)

# --- GainShip, GainBot (R-LEVEL-4, R-LEVEL-5) ---------------------------------------------------------
legal("GainShip", COLONY, GainShip())
legal("GainBot", COLONY, GainBot())
bad("GainShip: none left", small_board(ships_left=0), GainShip(), "no Ship left")
bad("GainBot: none left", small_board(bots_left=0), GainBot(), "no Bot left")

# --- ChooseLssReward (R-LSS-1, R-LSS-2) ------------------------------------------------------------------
lss = legal(
    "ChooseLssReward", COLONY, ChooseLssReward(building=G, reward=LssReward.CRYSTAL)
)
bad("ChooseLssReward.building", COLONY, lss, "a mine raises no LSS marker", building=M)
bad(
    "ChooseLssReward.reward: no Colonist there R-LSS-1",
    COLONY,
    lss,
    "his Colonist is not on his Hire slot",
    reward=LssReward.RETRIEVE_COLONIST,
)
bad(
    "ChooseLssReward.reward: none",
    COLONY,
    lss,
    "reward none, expected crystal",
    reward=None,
)
bad(
    "ChooseLssReward.reward: his Colonist first R-LSS-1",
    small_board(colonist_on_hire_slot=True),
    lss,
    "reward crystal, expected retrieve_colonist",
)
bad(
    "ChooseLssReward.reward: not offered R-LSS-2",
    small_board(
        lss_rewards=(LssOffer(building=G, rewards=(LssReward.RETRIEVE_COLONIST,)),)
    ),
    lss,
    "crystal is not offered for a generator",
)

# --- GiveOxygen (R-TURN-7) -------------------------------------------------------------------------
HUMAN_MINE = small_board(human_techs=(HumanTech(tech=TechType.MINE, level=2),))
oxygen = legal("GiveOxygen", HUMAN_MINE, GiveOxygen(tech=TechType.MINE))
bad(
    "GiveOxygen.tech",
    HUMAN_MINE,
    oxygen,
    "the human has no rover Tech",
    tech=TechType.ROVER,
)
bad(
    "GiveOxygen.tech: Upgrade",
    HUMAN_MINE,
    oxygen,
    "no upgrade Tech",
    tech=TechType.UPGRADE,
)
