"""Every fact, name and explanation the rules read, as a small typed query.

A query is a frozen value: what is asked and about what (a
:class:`BuildSize` of a building type). Its base says what answers it and
as what: a :class:`~lacerda_bot._facts.Query` is a fact every source gives
alike, a :class:`~lacerda_bot._facts.Name` fills a decision's "which one"
field, an :class:`~lacerda_bot._facts.Explain` fills the trace. A source
answers each query type in one place (:mod:`lacerda_bot._board.facts` on a
board, :mod:`lacerda_bot.table._engine.asked` at the table, whose question for each
fact is in :mod:`lacerda_bot.table._engine.questions`).

A fact's :attr:`~lacerda_bot._facts.Query.key` is its stable name in saves
and question keys: never change one. "Just" refers to the decision applied
last of its kind (the site just built, the space just entered).
"""

from typing import Generic, final

import attrs

from lacerda_bot._facts import (
    Choice,
    DevelopChoice,
    Display,
    Explain,
    Name,
    Numbered,
    Query,
)
from lacerda_bot.decisions import CrystalSource, D
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    Action,
    BlueprintRow,
    BuildingType,
    ContractKind,
    Gain,
    HostId,
    Item,
    LssReward,
    MissionSlot,
    Owner,
    Scientist,
    Side,
    TechType,
)
from lacerda_bot.trace import Candidate, Removal

__all__ = [
    "ArrivalTileId",
    "BestContracts",
    "BestPaths",
    "BestScientists",
    "BestSites",
    "BlueprintCandidates",
    "BlueprintDisplay",
    "BlueprintRemovals",
    "BuildSize",
    "CanAdvanceAgain",
    "CanAdvanceAny",
    "CanAdvanceOther",
    "CanAdvanceTech",
    "CheapestTechTiles",
    "ChosenScientist",
    "CollectedTileReward",
    "ColonistOnHireSlot",
    "ColonistsPresent",
    "ContractCandidates",
    "ContractCrystalCost",
    "ContractKindOf",
    "CrystalsKept",
    "CrystalsOnWay",
    "DevelopFrom",
    "DevelopSpaceCandidates",
    "DevelopSpaceId",
    "DevelopSpaceRemovals",
    "DevelopSpaces",
    "DevelopTo",
    "DevelopedSpaceGains",
    "Developing",
    "DiscoveryCandidates",
    "DiscoverySiteHex",
    "DiscoverySites",
    "EligibleBuildingHex",
    "EligibleBuildings",
    "EntrySpaceId",
    "ExplorationTileId",
    "ExplorationTileLeft",
    "FirstColonistTileCount",
    "FreeHex",
    "FreeSpaceCandidates",
    "FreeSpaceCount",
    "FreeSpaceId",
    "HasBotLeft",
    "HasFreeMarker",
    "HasScientist",
    "HasShelterLeft",
    "HasShipLeft",
    "HasTech",
    "HiredScientist",
    "HiredSlot",
    "HisSide",
    "LabColumns",
    "LabEntryFree",
    "LearnedSpaceGains",
    "LssOffers",
    "MissionCompleted",
    "MissionCrystals",
    "MissionId",
    "MovedCrystalCount",
    "NearestFreeHexes",
    "NearestTiles",
    "ObtainedBlueprint",
    "ObtainedPickupCrystals",
    "PathCrystalHexes",
    "PathHexes",
    "PathMergedLabels",
    "PathMoved",
    "PickedBlueprint",
    "PickedRow",
    "PickedSlot",
    "RevealedCard",
    "RoverCandidates",
    "RoverHex",
    "RoverOnNewBuilding",
    "RoverRemovals",
    "ScientistCandidates",
    "ScientistCount",
    "ShuttleDeparts",
    "ShuttleFrom",
    "SiteCandidates",
    "SiteHex",
    "SiteJoinedSizes",
    "SpaceGains",
    "SpendableCrystals",
    "StartCrystals",
    "StartFreeDepot",
    "StartLivingQuarters",
    "StartMissionCrystals",
    "StartShelterTech",
    "StartingSide",
    "StartingSpaceId",
    "SupplyCrystals",
    "SupplyHasCrystal",
    "TakenContract",
    "TakenSlot",
    "TargetCrystalCost",
    "TargetSteps",
    "TargetTileId",
    "TechLevel",
    "TechTileCandidates",
    "TechTileId",
    "TechTileRemovals",
    "TechTileType",
    "TileTech",
    "UnbuildableReason",
    "UpgradeBlueprintId",
    "UpgradeBlueprints",
    "UpgradeCandidates",
    "UpgradeCapacity",
    "UpgradeMergedLabels",
    "UsedBlueprint",
    "UsedTech",
    "WarehouseItem",
]


@final
@attrs.frozen
class HisSide(Query[Side]):
    """V1: the side he stands on."""

    key = "side"


@final
@attrs.frozen
class RevealedCard(Query[int]):
    """R-DECK-2, R-TIE-2 with ``solo_deck = physical``: the card a reveal turned up.

    One of *candidates*, the ids his draw pile holds (in the seeded order, whose
    first a host takes). *reshuffled*: the discard pile was just shuffled into a
    new draw pile; *tie*: the reveal breaks a tie (R-TIE-2), not a turn's.
    """

    key = "revealed_card"
    candidates: tuple[int, ...]
    reshuffled: bool
    tie: bool


@final
@attrs.frozen
class MissionCompleted(Query[bool]):
    """R-MISSION-2: whether the Mission in *slot* is completed."""

    key = "mission_completed"
    slot: MissionSlot


@final
@attrs.frozen
class MissionCrystals(Query[int]):
    """R-MISSION-1: Crystals that Mission pays per contribution."""

    key = "mission_crystals"
    slot: MissionSlot


@final
@attrs.frozen
class MissionId(Name[HostId]):
    """Name: the Mission in *slot*."""

    slot: MissionSlot


@final
@attrs.frozen
class ColonistsPresent(Query[int]):
    """R-COST-2: Colonists on *action*'s space (V12)."""

    key = "colonists_present"
    action: Action


@final
@attrs.frozen
class SpendableCrystals(Query[int]):
    """R-COST-3, R-CRYSTAL-3: Crystals he may spend now in this call."""

    key = "spendable_crystals"


@final
@attrs.frozen
class ContractCrystalCost(Query[int]):
    """R-COLONY-7: Crystals a Contract costs."""

    key = "contract_crystal_cost"


@final
@attrs.frozen
class SupplyHasCrystal(Query[bool]):
    """R-CRYSTAL-5: whether the general supply holds a Crystal."""

    key = "supply_has_crystal"


@final
@attrs.frozen
class SupplyCrystals(Query[int]):
    """R-CRYSTAL-2: the Crystals left in the general supply, which cap a gain from it.

    Read when he gains Crystals from the supply, to name how many he keeps;
    the table tracking his board counts it, and asks only when a building
    has gone up since (a Crystal on its site returned to the supply, R-BUILD-4).
    """

    key = "supply_crystals"
    names_his_piece = True


@final
@attrs.frozen
class CrystalsKept(Name[int]):
    """Name: of *requested* Crystals, how many his Depot (and the supply) keep (R-CRYSTAL-2)."""

    requested: int
    source: CrystalSource


@final
@attrs.frozen
class HasShipLeft(Query[bool]):
    """R-LEVEL-4, R-CRYSTAL-5: whether he has a Ship left to gain."""

    key = "has_ship_left"


@final
@attrs.frozen
class HasBotLeft(Query[bool]):
    """R-LEVEL-5, R-CRYSTAL-5: whether he has a Bot left to gain."""

    key = "has_bot_left"


@final
@attrs.frozen
class HasShelterLeft(Query[bool]):
    """R-LEVEL-2: whether he has a Shelter left to build."""

    key = "has_shelter_left"


@final
@attrs.frozen
class BuildSize(Query[int]):
    """R-BUILD-2, R-BUILD-4..9: the largest Complex a *kind* build makes now.

    0 when *kind* does not qualify (an LSS type whose marker is not below
    the Colony level) or has no legal site.
    """

    key = "build_size"
    kind: BuildingType


@final
@attrs.frozen
class UnbuildableReason(Explain[str]):
    """Explanation: why *kind* cannot be built (R-BUILD-2)."""

    kind: BuildingType


@final
@attrs.frozen
class BestSites(Query[tuple[str, ...]]):
    """R-BUILD-9: labels of the legal sites making that Complex, canonical order."""

    key = "best_sites"
    tied = True
    kind: BuildingType


@final
@attrs.frozen
class SiteCandidates(Explain[tuple[Candidate, ...]]):
    """Explanation: every legal *kind* site with its resulting size."""

    kind: BuildingType


@final
@attrs.frozen
class SiteHex(Name[Hex]):
    """Name: the hex of the best site *choice*."""

    kind: BuildingType
    choice: Choice


@final
@attrs.frozen
class SiteJoinedSizes(Name[tuple[int, ...]]):
    """Name: the sizes of the Complexes that site joins, largest first."""

    kind: BuildingType
    choice: Choice


@final
@attrs.frozen
class TechLevel(Query[int]):
    """R-BUILD-7, R-ROVER-4: *owner*'s level of *tech* (0 without it)."""

    key = "tech_level"
    tech: TechType
    owner: Owner


@final
@attrs.frozen
class RoverOnNewBuilding(Query[bool]):
    """R-BUILD-4: whether his Rover stands on the site just built."""

    key = "rover_on_new_building"


@final
@attrs.frozen
class AnyFreeHex(Query[bool]):
    """R-BUILD-4 with ``tie_policy = chosen``: whether his Rover can move off.

    The player then moves it to one of the nearest such hexes.
    """

    key = "any_free_hex"


@final
@attrs.frozen
class NearestFreeHexes(Query[tuple[str, ...]]):
    """R-BUILD-4: labels of the nearest hexes with no building or figure from his Rover."""

    key = "nearest_free_hexes"
    tied = True


@final
@attrs.frozen
class FreeHex(Name[Hex]):
    """Name: nearest free hex *choice*."""

    choice: Choice


@final
@attrs.frozen
class RoverHex(Name[Hex]):
    """Name: the hex his Rover stands on."""


@final
@attrs.frozen
class ColonistOnHireSlot(Query[bool]):
    """R-COST-5, R-LSS-1: whether his Colonist stands on his Hire slot."""

    key = "colonist_on_hire_slot"


@final
@attrs.frozen
class LssOffers(Query[bool]):
    """R-LSS-2: whether *kind*'s LSS step offers *reward* (V20)."""

    key = "lss_offers"
    kind: BuildingType
    reward: LssReward


@final
@attrs.frozen
class BlueprintDisplay(Query[Display]):
    """R-ORBIT-1..3: whether the Blueprint display is empty, or shows a scored type."""

    key = "blueprint_display"


@final
@attrs.frozen
class HasFreeMarker(Query[bool]):
    """R-ORBIT-1: whether he has a free Advanced Building marker."""

    key = "has_free_marker"


@final
@attrs.frozen
class HasScientist(Query[bool]):
    """R-ORBIT-2: whether he has hired a Scientist."""

    key = "has_scientist"


@final
@attrs.frozen
class BlueprintCandidates(Explain[tuple[Candidate, ...]]):
    """Explanation: the candidate cards with their row's card count."""

    scored_only: bool


@final
@attrs.frozen
class BlueprintRemovals(Explain[tuple[Removal, ...]]):
    """Explanation: the display cards R-ORBIT-2 removed."""

    scored_only: bool


@final
@attrs.frozen
class ObtainedPickupCrystals(Query[int]):
    """R-ORBIT-4: the pickup Crystals of the Blueprint just taken."""

    key = "obtained_pickup_crystals"


@final
@attrs.frozen
class LabEntryFree(Query[bool]):
    """R-ORBIT-5: whether a space of his Lab's entry column is free."""

    key = "lab_entry_free"


@final
@attrs.frozen
class CheapestTechTiles(Query[tuple[str, ...]]):
    """R-ORBIT-5: labels of the new-type tiles of lowest cost rank, leftmost (none: no new type)."""

    key = "cheapest_tech_tiles"
    tied = True


@final
@attrs.frozen
class TechTileCandidates(Explain[tuple[Candidate, ...]]):
    """Explanation: those tiles with their cost rank and column."""


@final
@attrs.frozen
class TechTileRemovals(Explain[tuple[Removal, ...]]):
    """Explanation: grid tiles of types he already has."""


@final
@attrs.frozen
class TechTileId(Name[HostId]):
    """Name: tile *choice*."""

    choice: Choice


@final
@attrs.frozen
class EntrySpaceId(Name[HostId]):
    """Name: his topmost free entry space (R-ORBIT-5)."""


@final
@attrs.frozen
class LearnedSpaceGains(Query[tuple[Gain, ...]]):
    """R-ORBIT-5: the gain of the entry space just filled."""

    key = "learned_space_gains"


@final
@attrs.frozen
class CanAdvanceAny(Query[bool]):
    """R-ORBIT-6: whether a Tech of his touches an empty space of the next column."""

    key = "can_advance_any"


@final
@attrs.frozen
class CanAdvanceOther(Query[bool], Generic[D]):
    """R-ORBIT-6 step 2: whether a Tech other than *than* can advance."""

    key = "can_advance_other"
    than: TechType | D | None


@final
@attrs.frozen
class CanAdvanceAgain(Query[bool], Generic[D]):
    """R-ORBIT-6 step 2: whether *tech* can advance once more."""

    key = "can_advance_again"
    tech: TechType | D


@final
@attrs.frozen
class HasTech(Query[bool]):
    """R-TURN-6: whether he has a *tech* Tech."""

    key = "has_tech"
    tech: TechType


@final
@attrs.frozen
class CanAdvanceTech(Query[bool]):
    """R-TURN-6: whether his *tech* Tech touches an empty space of the next column."""

    key = "can_advance_tech"
    tech: TechType


@final
@attrs.frozen
class DevelopSpaces(Query[tuple[str, ...]], Generic[D]):
    """R-ORBIT-6: labels of the empty spaces his *tech* tile may enter that help him most.

    Of the empty spaces of the next column its space touches (top first):
    one whose gain he could carry out before one whose gains he cannot
    and a blank one, then R-TIE-1 between two gains. One label, or two
    left for R-TIE.
    """

    key = "develop_spaces"
    tied = True
    tech: TechType | D


@final
@attrs.frozen
class DevelopSpaceId(Name[HostId], Generic[D]):
    """Name: space *choice* of those :meth:`develop_spaces` gave."""

    tech: TechType | D
    choice: Choice


@final
@attrs.frozen
class DevelopSpaceCandidates(Explain[tuple[Candidate, ...]], Generic[D]):
    """Explanation: the empty spaces his *tech* tile touches, with their gains he could carry out."""

    tech: TechType | D


@final
@attrs.frozen
class DevelopSpaceRemovals(Explain[tuple[Removal, ...]], Generic[D]):
    """Explanation: those spaces R-ORBIT-6 and R-TIE-1 removed."""

    tech: TechType | D


@final
@attrs.frozen
class DevelopedSpaceGains(Query[tuple[Gain, ...]]):
    """R-ORBIT-6: the gain of the Lab space just entered."""

    key = "developed_space_gains"


@final
@attrs.frozen
class UpgradeBlueprints(Query[tuple[str, ...]]):
    """R-COLONY-3: labels of his preferred unused Blueprints with an eligible building.

    Scored types first, then Level 3; Blueprints of one type and level
    count once (R-TIE-1). None when no unused Blueprint has one.
    """

    key = "upgrade_blueprints"
    tied = True


@final
@attrs.frozen
class UpgradeMergedLabels(Explain[tuple[str, ...]]):
    """Explanation: Blueprints merged into an equal one (R-TIE-1)."""


@final
@attrs.frozen
class UpgradeCandidates(Explain[tuple[Candidate, ...]]):
    """Explanation: every usable Blueprint with its level and eligible buildings."""


@final
@attrs.frozen
class UpgradeBlueprintId(Name[HostId]):
    """Name: Blueprint *choice*."""

    choice: Choice


@final
@attrs.frozen
class EligibleBuildings(Query[tuple[str, ...]]):
    """R-BUILD-12, R-COLONY-4: labels of the buildings Blueprint *blueprint* may upgrade."""

    key = "eligible_buildings"
    tied = True
    blueprint: Choice


@final
@attrs.frozen
class EligibleBuildingHex(Name[Hex]):
    """Name: the hex of eligible building *choice*."""

    blueprint: Choice
    choice: Choice


@final
@attrs.frozen
class UpgradeCapacity(Query[int]):
    """R-COLONY-4, V19: buildings per Upgrade action with *owner*'s Upgrade Tech."""

    key = "upgrade_capacity"
    owner: Owner


@final
@attrs.frozen
class ScientistCount(Query[int]):
    """R-COLONY-5: how many Scientists he has hired."""

    key = "scientist_count"


@final
@attrs.frozen
class BestScientists(Query[tuple[str, ...]]):
    """R-COLONY-6: labels of the display Scientists of highest potential (none: empty)."""

    key = "best_scientists"
    tied = True


@final
@attrs.frozen
class ScientistCandidates(Explain[tuple[Candidate, ...]]):
    """Explanation: every display Scientist with its potential."""


@final
@attrs.frozen
class BestContracts(Query[tuple[str, ...]]):
    """R-COLONY-7: labels of the display Contracts worth most when completed (none: empty)."""

    key = "best_contracts"
    tied = True


@final
@attrs.frozen
class ContractCandidates(Explain[tuple[Candidate, ...]]):
    """Explanation: every display Contract with its OP."""


@final
@attrs.frozen
class ContractKindOf(Query[ContractKind]):
    """R-COLONY-7: the kind of Contract *choice*."""

    key = "contract_kind"
    choice: Choice


@final
@attrs.frozen
class AnyTarget(Query[bool]):
    """R-ROVER-2 with ``tie_policy = chosen``: whether his Rover could collect a tile.

    The player then picks, among the nearest, one no other beats (R-TIE-1).
    """

    key = "any_target"


@final
@attrs.frozen
class NearestTiles(Query[tuple[str, ...]]):
    """R-ROVER-2, R-ROVER-3: labels of the nearest eligible tiles (empty: none).

    Only those no other nearest tile dominates (R-TIE-1: costs no more
    Crystals, gives at least as much of every gain, and is better in one);
    a dominated tile goes to no tie-break.
    """

    key = "nearest_tiles"
    tied = True


@final
@attrs.frozen
class TargetSteps(Query[int]):
    """R-ROVER-3..5: ``steps`` from his Rover to tile *target*."""

    key = "target_steps"
    target: Choice


@final
@attrs.frozen
class TargetCrystalCost(Query[int]):
    """R-ROVER-5, R-ROVER-9: the Crystal cost of collecting tile *target*."""

    key = "target_crystal_cost"
    target: Choice


@final
@attrs.frozen
class TargetTileId(Name[HostId]):
    """Name: tile *target*."""

    target: Choice


@final
@attrs.frozen
class CrystalsOnWay(Query[bool]):
    """R-ROVER-6, R-ROVER-7: whether a way he may take toward *target* enters a Crystal.

    The shortest paths cut at *length* that end nearest the target (the
    first criterion of R-ROVER-6): whether one of them enters a Crystal.
    """

    key = "crystals_on_way"
    target: Choice
    length: int


@final
@attrs.frozen
class BestPaths(Query[Numbered]):
    """R-ROVER-6: the distinct shortest-path outcomes toward *target* he may take.

    Cut at *length* hexes: those that end nearest the target, then enter
    the most Crystals, counting at most his free Depot spaces (read after
    the movement payment, which comes first); equal outcomes merged
    (R-TIE-1). They may be too many to list: counted, and numbered.
    """

    key = "best_paths"
    tied = True
    target: Choice
    length: int


@final
@attrs.frozen
class PathMergedLabels(Explain[tuple[str, ...]]):
    """Explanation: paths merged into an earlier one of their way (R-TIE-1, R-TIE-8).

    The first :data:`~lacerda_bot.trace.LISTED_OPTIONS` of them, in canonical
    order; read only when :meth:`best_paths` ties.
    """

    target: Choice
    length: int


@final
@attrs.frozen
class RoverCandidates(Explain[tuple[Candidate, ...]]):
    """Explanation: eligible tiles with their steps, and the ways tied with their Crystals.

    Read before the movement payment (*paid* Crystals), counting the Depot
    spaces it frees.
    """

    target: Choice
    length: int
    paid: int


@final
@attrs.frozen
class RoverRemovals(Explain[tuple[Removal, ...]]):
    """Explanation: tiles R-ROVER-2 found ineligible, or R-ROVER-3 dominated, and why."""


@final
@attrs.frozen
class PathMoved(Query[int]):
    """R-ROVER-4, R-ROVER-6: hexes his Rover moves along *path* when it falls short."""

    key = "path_moved"
    target: Choice
    length: int
    path: Choice


@final
@attrs.frozen
class PathHexes(Name[tuple[Hex, ...]]):
    """Name: the hexes *path* enters, in order."""

    target: Choice
    length: int
    path: Choice


@final
@attrs.frozen
class PathCrystalHexes(Name[tuple[Hex, ...]]):
    """Name: the hexes of *path* holding a Crystal he picks up."""

    target: Choice
    length: int
    path: Choice


@final
@attrs.frozen
class MovedCrystalCount(Query[int]):
    """R-ROVER-7: the Crystals on the hexes his last move entered."""

    key = "moved_crystal_count"


@final
@attrs.frozen
class ArrivalTileId(Name[HostId]):
    """Name: the tile his Rover just reached."""


@final
@attrs.frozen
class CollectedTileReward(Query[tuple[Gain, ...]]):
    """R-ROVER-9: the reward gains of the tile just collected, in listed order."""

    key = "collected_tile_reward"


@final
@attrs.frozen
class WarehouseItem(Query[Item | None]):
    """R-TO-3: the item with most units (a Crystal wins ties, else the leftmost); ``None`` if empty."""

    key = "warehouse_item"


@final
@attrs.frozen
class FirstColonistTileCount(Query[int]):
    """R-SETUP-7: the First Colonist tiles in play (at least one)."""

    key = "first_colonist_tile_count"


@final
@attrs.frozen
class StartingSpaceId(Name[HostId]):
    """Name: the space First Colonist tile *choice* names."""

    choice: Choice


@final
@attrs.frozen
class StartingSide(Query[Side]):
    """R-SETUP-7: the side of that space."""

    key = "starting_side"
    choice: Choice


@final
@attrs.frozen
class SpaceGains(Query[tuple[Gain, ...]]):
    """R-SETUP-8, R-SHUTTLE-4/5: the gains of the Turn Order space he just took."""

    key = "space_gains"


@final
@attrs.frozen
class ShuttleDeparts(Query[bool]):
    """R-SHUTTLE-1: whether the Shuttle departs this round."""

    key = "shuttle_departs"


@final
@attrs.frozen
class ShuttleFrom(Query[Side]):
    """R-SHUTTLE-1: the side it departs from."""

    key = "shuttle_from"


@final
@attrs.frozen
class FreeSpaceCount(Query[int]):
    """R-SHUTTLE-3: the free Turn Order spaces on *side* (at least one)."""

    key = "free_space_count"
    side: Side


@final
@attrs.frozen
class FreeSpaceId(Name[HostId]):
    """Name: free space *choice* on *side*, by space number."""

    side: Side
    choice: Choice


@final
@attrs.frozen
class FreeSpaceCandidates(Explain[tuple[Candidate, ...]]):
    """Explanation: the free spaces on *side* with their numbers."""

    side: Side


@final
@attrs.frozen
class ExplorationTileLeft(Query[bool]):
    """R-SHUTTLE-6: whether a Discovery tile is on the Exploration spaces."""

    key = "exploration_tile_left"


@final
@attrs.frozen
class ExplorationTileId(Name[HostId]):
    """Name: the leftmost Discovery tile there."""


@final
@attrs.frozen
class DiscoverySites(Query[tuple[str, ...]]):
    """R-SHUTTLE-6: labels of the empty hexes 3 from his Rover, farthest from the human's."""

    key = "discovery_sites"
    tied = True


@final
@attrs.frozen
class AnyDiscoverySite(Query[bool]):
    """R-SHUTTLE-6 with ``tie_policy = chosen``: whether an empty hex is 3 from him.

    The player then places the tile on one farthest from the human's Rover.
    """

    key = "any_discovery_site"


@final
@attrs.frozen
class DiscoveryCandidates(Explain[tuple[Candidate, ...]]):
    """Explanation: those hexes with their distance from the human's Rover."""


@final
@attrs.frozen
class DiscoverySiteHex(Name[Hex]):
    """Name: Discovery site *choice*."""

    choice: Choice


@final
@attrs.frozen
class PickedBlueprint(Name[HostId]):
    """Name: the card R-ORBIT-4 picks (among scored types if *scored_only*)."""

    scored_only: bool


@final
@attrs.frozen
class PickedRow(Name[BlueprintRow]):
    """Name: the display row of that card."""

    scored_only: bool


@final
@attrs.frozen
class PickedSlot(Name[int]):
    """Name: that card's slot in its row."""

    scored_only: bool


@final
@attrs.frozen
class Developing(Name[TechType], Generic[D]):
    """Name: the Tech *choice* advances (step 2 avoids *previous*)."""

    choice: DevelopChoice
    previous: TechType | D | None


@final
@attrs.frozen
class DevelopFrom(Name[int], Generic[D]):
    """Name: the level (column) his *tech* Tech advances from."""

    tech: TechType | D


@final
@attrs.frozen
class DevelopTo(Name[int], Generic[D]):
    """Name: the level (column) his *tech* Tech advances to, one more."""

    tech: TechType | D


@final
@attrs.frozen
class HiredScientist(Name[Scientist]):
    """Name: display Scientist *choice* (R-COLONY-6)."""

    choice: Choice


@final
@attrs.frozen
class HiredSlot(Name[int]):
    """Name: the display slot of Scientist *choice*."""

    choice: Choice


@final
@attrs.frozen
class TakenContract(Name[HostId]):
    """Name: display Contract *choice* (R-COLONY-7)."""

    choice: Choice


@final
@attrs.frozen
class TakenSlot(Name[int]):
    """Name: the display slot of Contract *choice*."""

    choice: Choice


@final
@attrs.frozen
class TileTech(Name[TechType]):
    """Name: tile *choice*'s Tech type."""

    choice: Choice


@final
@attrs.frozen
class TechTileType(Query[TechType]):
    """What he learns: the Tech type of Tech tile *choice*, for sources that track his board."""

    key = "tech_tile_type"
    names_his_piece = True
    choice: Choice


@final
@attrs.frozen
class ChosenScientist(Query[Scientist]):
    """Whom he hires: display Scientist *choice*, for sources that track his board."""

    key = "chosen_scientist"
    names_his_piece = True
    choice: Choice


@final
@attrs.frozen
class ObtainedBlueprint(Query[tuple[BuildingType, int]]):
    """What he takes: the type and level of the Blueprint just obtained."""

    key = "obtained_blueprint"
    names_his_piece = True


@final
@attrs.frozen
class UsedBlueprint(Query[tuple[BuildingType, int]]):
    """What he uses: the type and level of the Blueprint of the Upgrade just made."""

    key = "used_blueprint"
    names_his_piece = True


@final
@attrs.frozen
class UsedTech(Query[TechType]):
    """R-TURN-6: which of his Techs the human used (the call's input)."""

    key = "used_tech"
    table_only = True


@final
@attrs.frozen
class StartCrystals(Query[int]):
    """R-SETUP-2: the Crystals his player board starts with."""

    key = "start_crystals"
    table_only = True


@final
@attrs.frozen
class StartFreeDepot(Query[int]):
    """R-SETUP-2: the free spaces of his Depot at the start."""

    key = "start_free_depot"
    table_only = True


@final
@attrs.frozen
class LabColumns(Query[int]):
    """The columns of his Laboratory (the printed board has 6)."""

    key = "lab_columns"
    table_only = True


@final
@attrs.frozen
class StartShelterTech(Query[int]):
    """R-SETUP-2: the column his Shelter Tech starts in."""

    key = "start_shelter_tech"
    table_only = True


@final
@attrs.frozen
class StartLivingQuarters(Query[int]):
    """The top value of his Living Quarters track, printed."""

    key = "start_living_quarters"
    table_only = True


@final
@attrs.frozen
class StartMissionCrystals(Query[int]):
    """R-MISSION-1: the Crystals the Mission in *slot* pays per contribution."""

    key = "start_mission_crystals"
    table_only = True
    slot: MissionSlot
