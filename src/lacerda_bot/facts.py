"""The facts Lacerda's rules read: one interface, answered by a board or by a player.

The rules (the engine) never look at board fields. They ask a :class:`Facts`
source questions at the level the rules speak: is there a legal site for a
Generator, how large a Complex does the best site make and which sites tie,
how far is the nearest eligible tile, what does the space he entered give.
Two sources answer:

* a digital host's **board** (:func:`lacerda_bot.read_view` snapshot): the
  library computes every fact, and a host sees exactly the decisions it
  always saw;
* a **player at the table** (:mod:`lacerda_bot.table`): the companion answers
  what it already knows and asks the player the rest, one question per fact,
  only when a rule reads it and in the order the rule reads it.

A source also learns every decision as it is made (:meth:`Facts.apply`), so
later facts see Lacerda's own moves (R-SETUP-5).

Methods come in three kinds:

* **Facts** decide what he does: booleans, counts, gains, and the labels of
  tied options (the number of labels is the fact; R-TIE breaks the tie).
  Both sources must give the same facts for the same game.
* **Names** fill the decision's "which one" fields (a hex, an id, a slot).
  A board gives its own names; the table gives a
  :class:`~lacerda_bot.decisions.Described` (what it can say instead). The
  rules never branch on a name.
* **Explanations** fill the trace (candidates, removals, reasons). The table
  may leave them empty.

The design follows hypothesis's providers (strategies written once against a
few draw methods, several backends) and python-chess's variants (one move
procedure, a few overridden hooks).
"""

import enum
from collections.abc import Callable, Sequence
from typing import Final, Generic, Protocol, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot.decisions import CrystalSource, D, Decision
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    Action,
    BlueprintRow,
    BuildingType,
    ContractKind,
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
)
from lacerda_bot.options import UnknownGain
from lacerda_bot.trace import Candidate, Explanation, Removal

__all__ = [
    "BlueprintPick",
    "Choice",
    "ContractPick",
    "DevelopChoice",
    "Development",
    "Display",
    "Fact",
    "Facts",
    "Numbered",
    "Read",
    "ScientistPick",
    "check_gains",
]


@enum.unique
class Fact(IdentityEnum):
    """Every fact the rules read.

    A fact method of :class:`Facts`, the Tech of his the human used
    (R-TURN-6), or a count final scoring reads (R-SCORE, R-GOAL).
    The table companion words one question (or a short run of them) per fact;
    a conformance check compares two sources read by read.
    """

    # Members are singletons compared by identity; hashing by identity keeps the
    # table's per-fact memory fast (Enum hashes its name in Python code).
    __hash__ = object.__hash__

    SIDE = "side"
    MISSION_COMPLETED = "mission_completed"
    MISSION_CRYSTALS = "mission_crystals"
    COLONISTS_PRESENT = "colonists_present"
    SPENDABLE_CRYSTALS = "spendable_crystals"
    CONTRACT_CRYSTAL_COST = "contract_crystal_cost"
    SUPPLY_HAS_CRYSTAL = "supply_has_crystal"
    HAS_SHIP_LEFT = "has_ship_left"
    HAS_BOT_LEFT = "has_bot_left"
    HAS_SHELTER_LEFT = "has_shelter_left"
    BUILD_SIZE = "build_size"
    BEST_SITES = "best_sites"
    TECH_LEVEL = "tech_level"
    ROVER_ON_NEW_BUILDING = "rover_on_new_building"
    NEAREST_FREE_HEXES = "nearest_free_hexes"
    COLONIST_ON_HIRE_SLOT = "colonist_on_hire_slot"
    LSS_OFFERS = "lss_offers"
    BLUEPRINT_DISPLAY = "blueprint_display"
    HAS_FREE_MARKER = "has_free_marker"
    HAS_SCIENTIST = "has_scientist"
    OBTAINED_PICKUP_CRYSTALS = "obtained_pickup_crystals"
    LAB_ENTRY_FREE = "lab_entry_free"
    CHEAPEST_TECH_TILES = "cheapest_tech_tiles"
    LEARNED_SPACE_GAINS = "learned_space_gains"
    CAN_ADVANCE_ANY = "can_advance_any"
    CAN_ADVANCE_OTHER = "can_advance_other"
    CAN_ADVANCE_AGAIN = "can_advance_again"
    HAS_TECH = "has_tech"
    CAN_ADVANCE_TECH = "can_advance_tech"
    DEVELOP_SPACES = "develop_spaces"
    DEVELOPED_SPACE_GAINS = "developed_space_gains"
    UPGRADE_BLUEPRINTS = "upgrade_blueprints"
    ELIGIBLE_BUILDINGS = "eligible_buildings"
    UPGRADE_CAPACITY = "upgrade_capacity"
    SCIENTIST_COUNT = "scientist_count"
    BEST_SCIENTISTS = "best_scientists"
    BEST_CONTRACTS = "best_contracts"
    CONTRACT_KIND = "contract_kind"
    NEAREST_TILES = "nearest_tiles"
    TARGET_STEPS = "target_steps"
    TARGET_CRYSTAL_COST = "target_crystal_cost"
    CRYSTALS_ON_WAY = "crystals_on_way"
    BEST_PATHS = "best_paths"
    PATH_MOVED = "path_moved"
    MOVED_CRYSTAL_COUNT = "moved_crystal_count"
    COLLECTED_TILE_REWARD = "collected_tile_reward"
    WAREHOUSE_ITEM = "warehouse_item"
    FIRST_COLONIST_TILE_COUNT = "first_colonist_tile_count"
    STARTING_SIDE = "starting_side"
    SPACE_GAINS = "space_gains"
    SHUTTLE_DEPARTS = "shuttle_departs"
    SHUTTLE_FROM = "shuttle_from"
    FREE_SPACE_COUNT = "free_space_count"
    EXPLORATION_TILE_LEFT = "exploration_tile_left"
    DISCOVERY_SITES = "discovery_sites"
    USED_TECH = "used_tech"
    """R-TURN-6: which of his Techs the human used (the call's input)."""
    TECH_TILE_TYPE = "tech_tile_type"
    CHOSEN_SCIENTIST = "chosen_scientist"
    OBTAINED_BLUEPRINT = "obtained_blueprint"
    USED_BLUEPRINT = "used_blueprint"
    """What he takes or uses, named by type (and level): for sources that track his board."""
    START_CRYSTALS = "start_crystals"
    START_FREE_DEPOT = "start_free_depot"
    LAB_COLUMNS = "lab_columns"
    START_SHELTER_TECH = "start_shelter_tech"
    START_LIVING_QUARTERS = "start_living_quarters"
    START_MISSION_CRYSTALS = "start_mission_crystals"
    """His player board's printed start and each Mission's Crystals per contribution,
    asked once at set-up by the table companion."""
    OP_TRACK = "op_track"
    PROGRESS_CUBES = "progress_cubes"
    TECH_POINTS = "tech_points"
    SHIPS_IN_HANGAR = "ships_in_hangar"
    BUILT_BLUEPRINTS = "built_blueprints"
    SCIENTIST_BUILDINGS = "scientist_buildings"
    CONTRACTS = "contracts"
    LIVING_QUARTERS_TOP = "living_quarters_top"
    HUMAN_TOTAL = "human_total"
    REQUIREMENT_MET = "requirement_met"
    """R-SCORE, R-GOAL-2: what final scoring reads where a person counts."""

    @property
    def tied(self) -> bool:
        """Whether the fact is a tuple of tied options' labels (its length is the fact)."""
        return self in _TIED

    @property
    def table_only(self) -> bool:
        """Whether only the table companion reads the fact (no rule, no board source)."""
        return self in _TABLE_ONLY

    @property
    def names_his_piece(self) -> bool:
        """Whether the fact only names what he takes or uses, for tracking his board.

        Every source notes these reads; the rules decide nothing on them, and a
        table companion that does not track his board does not ask them.
        """
        return self in _NAMING


_TIED: Final = frozenset(
    {
        Fact.BEST_SITES,
        Fact.NEAREST_FREE_HEXES,
        Fact.CHEAPEST_TECH_TILES,
        Fact.DEVELOP_SPACES,
        Fact.UPGRADE_BLUEPRINTS,
        Fact.ELIGIBLE_BUILDINGS,
        Fact.BEST_SCIENTISTS,
        Fact.BEST_CONTRACTS,
        Fact.NEAREST_TILES,
        Fact.BEST_PATHS,
        Fact.DISCOVERY_SITES,
    }
)


_TABLE_ONLY: Final = frozenset(
    {
        Fact.USED_TECH,
        Fact.START_CRYSTALS,
        Fact.START_FREE_DEPOT,
        Fact.LAB_COLUMNS,
        Fact.START_SHELTER_TECH,
        Fact.START_LIVING_QUARTERS,
        Fact.START_MISSION_CRYSTALS,
    }
)
_NAMING: Final = frozenset(
    {
        Fact.TECH_TILE_TYPE,
        Fact.CHOSEN_SCIENTIST,
        Fact.OBTAINED_BLUEPRINT,
        Fact.USED_BLUEPRINT,
    }
)


@final
@attrs.frozen(kw_only=True)
class Read:
    """One fact a source gave: which, for what, and the value (a count for tied labels)."""

    fact: Fact
    args: tuple[object, ...] = ()
    value: object


@final
@attrs.frozen
class Choice:
    """Option *index* (0-based) of *of* tied options, in canonical order (R-TIE-1)."""

    index: int
    of: int


@final
class Numbered:
    """Tied options numbered 1..*count* in canonical order, each labelled when asked.

    What a source answers for a tie too large to list (R-ROVER-6's paths on a
    board with Crystals on almost every hex can tie by the trillion): the count
    is the fact, and ``label(i)`` names option *i* (0-based). A tuple of labels
    is a small :class:`Numbered` (:meth:`of`).
    """

    __slots__ = ("_label", "count")

    def __init__(self, count: int, label: Callable[[int], str]) -> None:
        """*count* options (at least 1), option *i* labelled ``label(i)``."""
        self.count = count
        self._label = label

    @classmethod
    def of(cls, labels: Sequence[str]) -> "Numbered":
        """The options *labels*, in that order."""
        return cls(len(labels), labels.__getitem__)

    def label(self, index: int) -> str:
        """The label of option *index* (0-based, below :attr:`count`)."""
        return self._label(index)

    def __repr__(self) -> str:
        """``Numbered(count=n)``."""
        return f"Numbered(count={self.count})"


@enum.unique
class Display(IdentityEnum):
    """What the Blueprint display holds, for R-ORBIT-1..3."""

    EMPTY = "empty"
    SCORED = "scored"
    """A card of a type one of his Scientists scores (T3)."""
    OTHERS = "others"
    """Cards, none of a type his Scientists score (or he has no Scientist)."""


@enum.unique
class DevelopChoice(IdentityEnum):
    """Which of his Techs a development step advances (R-ORBIT-6, R-TO-10)."""

    MOST = "most"
    """Step 1: his most developed Tech that can advance; the bottom one if equal."""
    LEAST_OTHER = "least_other"
    """Step 2: his least developed Tech that can advance, other than step 1's."""
    SAME = "same"
    """Step 2 when no other Tech can advance: step 1's Tech once more."""


@final
@attrs.frozen(kw_only=True)
class BlueprintPick(Generic[D]):
    """The names of the display Blueprint R-ORBIT-4 picks."""

    blueprint: HostId | D
    row: BlueprintRow | D
    slot: int | D


@final
@attrs.frozen(kw_only=True)
class Development(Generic[D]):
    """The names of a development step: the Tech and its levels (columns)."""

    tech: TechType | D
    from_level: int | D
    to_level: int | D


@final
@attrs.frozen(kw_only=True)
class ScientistPick(Generic[D]):
    """The names of the display Scientist he hires (R-COLONY-6)."""

    scientist: Scientist | D
    slot: int | D


@final
@attrs.frozen(kw_only=True)
class ContractPick(Generic[D]):
    """The names of the display Contract he takes (R-COLONY-7)."""

    contract: HostId | D
    slot: int | D


class Facts(Protocol[D]):
    """What the rules read, and the working copy they update (R-SETUP-5).

    "Just" in a method's words refers to the decision applied last of its kind
    (the site just built, the Blueprint just taken, the space just entered).
    Site methods given ``BuildingType.SHELTER`` mean his own Shelters, joined
    with his own Shelter Tech only (R-LEVEL-2).
    """

    # --- the working copy --------------------------------------------------

    def apply(self, decision: Decision[D]) -> None:
        """Learn *decision*: the facts read after it reflect it (R-SETUP-5)."""
        ...

    def later(
        self, explain: "Callable[[Facts[D]], Explanation]"
    ) -> Callable[[], Explanation] | None:
        """*explain* deferred until the trace is read, on the board as it is now.

        *explain* calls explanation methods only (they read the board and the
        options alone). None: the source cannot keep them (it asks them in
        order), so the rules explain at once (R-TURN-10).
        """
        ...

    # --- his side and the Missions (R-TURN-1, R-MISSION) ---------------------

    def side(self) -> Side:
        """V1: the side he stands on."""
        ...

    def mission_completed(self, slot: MissionSlot) -> bool:
        """R-MISSION-2: whether the Mission in *slot* is completed."""
        ...

    def mission_crystals(self, slot: MissionSlot) -> int:
        """R-MISSION-1: Crystals that Mission pays per contribution."""
        ...

    def mission(self, slot: MissionSlot) -> HostId | D:
        """Name: the Mission in *slot*."""
        ...

    # --- costs and Crystals (R-COST, R-CRYSTAL) -----------------------------

    def colonists_present(self, action: Action) -> int:
        """R-COST-2: Colonists on *action*'s space (V12)."""
        ...

    def spendable_crystals(self) -> int:
        """R-COST-3, R-CRYSTAL-3: Crystals he may spend now in this call."""
        ...

    def contract_crystal_cost(self) -> int:
        """R-COLONY-7: Crystals a Contract costs."""
        ...

    def supply_has_crystal(self) -> bool:
        """R-CRYSTAL-5: whether the general supply holds a Crystal."""
        ...

    def crystals_kept(self, requested: int, source: CrystalSource) -> int | D:
        """Name: of *requested* Crystals, how many his Depot (and the supply) keep (R-CRYSTAL-2)."""
        ...

    def has_ship_left(self) -> bool:
        """R-LEVEL-4, R-CRYSTAL-5: whether he has a Ship left to gain."""
        ...

    def has_bot_left(self) -> bool:
        """R-LEVEL-5, R-CRYSTAL-5: whether he has a Bot left to gain."""
        ...

    def has_shelter_left(self) -> bool:
        """R-LEVEL-2: whether he has a Shelter left to build."""
        ...

    # --- building (R-BUILD, R-LSS) ------------------------------------------

    def build_size(self, kind: BuildingType) -> int:
        """R-BUILD-2, R-BUILD-4..9: the largest Complex a *kind* build makes now.

        0 when *kind* does not qualify (an LSS type whose marker is not below
        the Colony level) or has no legal site.
        """
        ...

    def unbuildable_reason(self, kind: BuildingType) -> str:
        """Explanation: why *kind* cannot be built (R-BUILD-2)."""
        ...

    def best_sites(self, kind: BuildingType) -> tuple[str, ...]:
        """R-BUILD-9: labels of the legal sites making that Complex, canonical order."""
        ...

    def site_candidates(self, kind: BuildingType) -> tuple[Candidate, ...]:
        """Explanation: every legal *kind* site with its resulting size."""
        ...

    def site_hex(self, kind: BuildingType, choice: Choice) -> Hex | D:
        """Name: the hex of the best site *choice*."""
        ...

    def site_joined_sizes(
        self, kind: BuildingType, choice: Choice
    ) -> tuple[int, ...] | D:
        """Name: the sizes of the Complexes that site joins, largest first."""
        ...

    def tech_level(self, tech: TechType, owner: Owner) -> int:
        """R-BUILD-7, R-ROVER-4: *owner*'s level of *tech* (0 without it)."""
        ...

    def rover_on_new_building(self) -> bool:
        """R-BUILD-4: whether his Rover stands on the site just built."""
        ...

    def nearest_free_hexes(self) -> tuple[str, ...]:
        """R-BUILD-4: labels of the nearest hexes with no building or figure from his Rover."""
        ...

    def free_hex(self, choice: Choice) -> Hex | D:
        """Name: nearest free hex *choice*."""
        ...

    def rover_hex(self) -> Hex | D:
        """Name: the hex his Rover stands on."""
        ...

    def colonist_on_hire_slot(self) -> bool:
        """R-COST-5, R-LSS-1: whether his Colonist stands on his Hire slot."""
        ...

    def lss_offers(self, kind: BuildingType, reward: LssReward) -> bool:
        """R-LSS-2: whether *kind*'s LSS step offers *reward* (V20)."""
        ...

    # --- Orbit (R-ORBIT) ----------------------------------------------------

    def blueprint_display(self) -> "Display":
        """R-ORBIT-1..3: whether the Blueprint display is empty, or shows a scored type."""
        ...

    def has_free_marker(self) -> bool:
        """R-ORBIT-1: whether he has a free Advanced Building marker."""
        ...

    def has_scientist(self) -> bool:
        """R-ORBIT-2: whether he has hired a Scientist."""
        ...

    def blueprint_pick(self, scored_only: bool) -> BlueprintPick[D]:
        """Name: the card R-ORBIT-4 picks (among scored types if *scored_only*)."""
        ...

    def blueprint_candidates(self, scored_only: bool) -> tuple[Candidate, ...]:
        """Explanation: the candidate cards with their row's card count."""
        ...

    def blueprint_removals(self, scored_only: bool) -> tuple[Removal, ...]:
        """Explanation: the display cards R-ORBIT-2 removed."""
        ...

    def obtained_pickup_crystals(self) -> int:
        """R-ORBIT-4: the pickup Crystals of the Blueprint just taken."""
        ...

    def lab_entry_free(self) -> bool:
        """R-ORBIT-5: whether a space of his Lab's entry column is free."""
        ...

    def cheapest_tech_tiles(self) -> tuple[str, ...]:
        """R-ORBIT-5: labels of the new-type tiles of lowest cost rank, leftmost (none: no new type)."""
        ...

    def tech_tile_candidates(self) -> tuple[Candidate, ...]:
        """Explanation: those tiles with their cost rank and column."""
        ...

    def tech_tile_removals(self) -> tuple[Removal, ...]:
        """Explanation: grid tiles of types he already has."""
        ...

    def tech_tile(self, choice: Choice) -> HostId | D:
        """Name: tile *choice*."""
        ...

    def tech_tile_type(self, choice: Choice) -> TechType | D:
        """Name: tile *choice*'s Tech type."""
        ...

    def entry_space(self) -> HostId | D:
        """Name: his topmost free entry space (R-ORBIT-5)."""
        ...

    def learned_space_gains(self) -> tuple[Gain, ...]:
        """R-ORBIT-5: the gain of the entry space just filled."""
        ...

    def can_advance_any(self) -> bool:
        """R-ORBIT-6: whether a Tech of his touches an empty space of the next column."""
        ...

    def can_advance_other(self, than: TechType | D | None) -> bool:
        """R-ORBIT-6 step 2: whether a Tech other than *than* can advance."""
        ...

    def can_advance_again(self, tech: TechType | D) -> bool:
        """R-ORBIT-6 step 2: whether *tech* can advance once more."""
        ...

    def has_tech(self, tech: TechType) -> bool:
        """R-TURN-6: whether he has a *tech* Tech."""
        ...

    def can_advance_tech(self, tech: TechType) -> bool:
        """R-TURN-6: whether his *tech* Tech touches an empty space of the next column."""
        ...

    def developing(
        self, choice: DevelopChoice, previous: TechType | D | None
    ) -> Development[D]:
        """Name: the Tech *choice* advances (step 2 avoids *previous*)."""
        ...

    def developing_tech(self, tech: TechType) -> Development[D]:
        """Name: his *tech* Tech, advancing one level (R-TURN-6)."""
        ...

    def develop_spaces(self, tech: TechType | D) -> tuple[str, ...]:
        """R-ORBIT-6: labels of the empty spaces his *tech* tile may enter that help him most.

        Of the empty spaces of the next column its space touches (top first):
        one whose gain he could carry out before one whose gains he cannot
        and a blank one, then R-TIE-1 between two gains. One label, or two
        left for R-TIE.
        """
        ...

    def develop_space(self, tech: TechType | D, choice: Choice) -> HostId | D:
        """Name: space *choice* of those :meth:`develop_spaces` gave."""
        ...

    def develop_space_candidates(self, tech: TechType | D) -> tuple[Candidate, ...]:
        """Explanation: the empty spaces his *tech* tile touches, with their gains he could carry out."""
        ...

    def develop_space_removals(self, tech: TechType | D) -> tuple[Removal, ...]:
        """Explanation: those spaces R-ORBIT-6 and R-TIE-1 removed."""
        ...

    def developed_space_gains(self) -> tuple[Gain, ...]:
        """R-ORBIT-6: the gain of the Lab space just entered."""
        ...

    # --- Colony (R-COLONY) --------------------------------------------------

    def upgrade_blueprints(self) -> tuple[str, ...]:
        """R-COLONY-3: labels of his preferred unused Blueprints with an eligible building.

        Scored types first, then Level 3; Blueprints of one type and level
        count once (R-TIE-1). None when no unused Blueprint has one.
        """
        ...

    def upgrade_merged_labels(self) -> tuple[str, ...]:
        """Explanation: Blueprints merged into an equal one (R-TIE-1)."""
        ...

    def upgrade_candidates(self) -> tuple[Candidate, ...]:
        """Explanation: every usable Blueprint with its level and eligible buildings."""
        ...

    def upgrade_blueprint(self, choice: Choice) -> HostId | D:
        """Name: Blueprint *choice*."""
        ...

    def eligible_buildings(self, blueprint: Choice) -> tuple[str, ...]:
        """R-BUILD-12, R-COLONY-4: labels of the buildings Blueprint *blueprint* may upgrade."""
        ...

    def eligible_building(self, blueprint: Choice, choice: Choice) -> Hex | D:
        """Name: the hex of eligible building *choice*."""
        ...

    def upgrade_capacity(self, owner: Owner) -> int:
        """R-COLONY-4, V19: buildings per Upgrade action with *owner*'s Upgrade Tech."""
        ...

    def scientist_count(self) -> int:
        """R-COLONY-5: how many Scientists he has hired."""
        ...

    def best_scientists(self) -> tuple[str, ...]:
        """R-COLONY-6: labels of the display Scientists of highest potential (none: empty)."""
        ...

    def scientist_candidates(self) -> tuple[Candidate, ...]:
        """Explanation: every display Scientist with its potential."""
        ...

    def scientist(self, choice: Choice) -> ScientistPick[D]:
        """Name: Scientist *choice*."""
        ...

    def best_contracts(self) -> tuple[str, ...]:
        """R-COLONY-7: labels of the display Contracts worth most when completed (none: empty)."""
        ...

    def contract_candidates(self) -> tuple[Candidate, ...]:
        """Explanation: every display Contract with its OP."""
        ...

    def contract(self, choice: Choice) -> ContractPick[D]:
        """Name: Contract *choice*."""
        ...

    def contract_kind(self, choice: Choice) -> ContractKind:
        """R-COLONY-7: the kind of Contract *choice*."""
        ...

    # --- the Rover (R-ROVER) ------------------------------------------------

    def nearest_tiles(self) -> tuple[str, ...]:
        """R-ROVER-2, R-ROVER-3: labels of the nearest eligible tiles (empty: none).

        Only those no other nearest tile dominates (R-TIE-1: costs no more
        Crystals, gives at least as much of every gain, and is better in one);
        a dominated tile goes to no tie-break.
        """
        ...

    def target_steps(self, target: Choice) -> int:
        """R-ROVER-3..5: ``steps`` from his Rover to tile *target*."""
        ...

    def target_crystal_cost(self, target: Choice) -> int:
        """R-ROVER-5, R-ROVER-9: the Crystal cost of collecting tile *target*."""
        ...

    def target_tile(self, target: Choice) -> HostId | D:
        """Name: tile *target*."""
        ...

    def crystals_on_way(self, target: Choice, length: int) -> bool:
        """R-ROVER-6, R-ROVER-7: whether a way he may take toward *target* enters a Crystal.

        The shortest paths cut at *length* that end nearest the target (the
        first criterion of R-ROVER-6): whether one of them enters a Crystal.
        """
        ...

    def best_paths(self, target: Choice, length: int) -> Numbered:
        """R-ROVER-6: the distinct shortest-path outcomes toward *target* he may take.

        Cut at *length* hexes: those that end nearest the target, then enter
        the most Crystals, counting at most his free Depot spaces (read after
        the movement payment, which comes first); equal outcomes merged
        (R-TIE-1). They may be too many to list: counted, and numbered.
        """
        ...

    def path_merged_labels(self, target: Choice, length: int) -> tuple[str, ...]:
        """Explanation: paths merged into an earlier one of their way (R-TIE-1, R-TIE-8).

        The first :data:`~lacerda_bot.trace.LISTED_OPTIONS` of them, in canonical
        order; read only when :meth:`best_paths` ties.
        """
        ...

    def rover_candidates(
        self, target: Choice, length: int, paid: int
    ) -> tuple[Candidate, ...]:
        """Explanation: eligible tiles with their steps, and the ways tied with their Crystals.

        Read before the movement payment (*paid* Crystals), counting the Depot
        spaces it frees.
        """
        ...

    def rover_removals(self) -> tuple[Removal, ...]:
        """Explanation: tiles R-ROVER-2 found ineligible, or R-ROVER-3 dominated, and why."""
        ...

    def path_moved(self, target: Choice, length: int, path: Choice) -> int:
        """R-ROVER-4, R-ROVER-6: hexes his Rover moves along *path* when it falls short."""
        ...

    def path(self, target: Choice, length: int, path: Choice) -> tuple[Hex, ...] | D:
        """Name: the hexes *path* enters, in order."""
        ...

    def path_crystal_hexes(
        self, target: Choice, length: int, path: Choice
    ) -> tuple[Hex, ...] | D:
        """Name: the hexes of *path* holding a Crystal he picks up."""
        ...

    def moved_crystal_count(self) -> int:
        """R-ROVER-7: the Crystals on the hexes his last move entered."""
        ...

    def arrival_tile(self) -> HostId | D:
        """Name: the tile his Rover just reached."""
        ...

    def collected_tile_reward(self) -> tuple[Gain, ...]:
        """R-ROVER-9: the reward gains of the tile just collected, in listed order."""
        ...

    # --- Warehouse (R-TO-3) -------------------------------------------------

    def warehouse_item(self) -> Item | None:
        """R-TO-3: the item with most units (a Crystal wins ties, else the leftmost); ``None`` if empty."""
        ...

    # --- set-up and the Shuttle (R-SETUP, R-SHUTTLE) ------------------------

    def first_colonist_tile_count(self) -> int:
        """R-SETUP-7: the First Colonist tiles in play (at least one)."""
        ...

    def starting_space(self, choice: Choice) -> HostId | D:
        """Name: the space First Colonist tile *choice* names."""
        ...

    def starting_side(self, choice: Choice) -> Side:
        """R-SETUP-7: the side of that space."""
        ...

    def space_gains(self) -> tuple[Gain, ...]:
        """R-SETUP-8, R-SHUTTLE-4/5: the gains of the Turn Order space he just took."""
        ...

    def shuttle_departs(self) -> bool:
        """R-SHUTTLE-1: whether the Shuttle departs this round."""
        ...

    def shuttle_from(self) -> Side:
        """R-SHUTTLE-1: the side it departs from."""
        ...

    def free_space_count(self, side: Side) -> int:
        """R-SHUTTLE-3: the free Turn Order spaces on *side* (at least one)."""
        ...

    def free_space(self, side: Side, choice: Choice) -> HostId | D:
        """Name: free space *choice* on *side*, by space number."""
        ...

    def free_space_candidates(self, side: Side) -> tuple[Candidate, ...]:
        """Explanation: the free spaces on *side* with their numbers."""
        ...

    def exploration_tile_left(self) -> bool:
        """R-SHUTTLE-6: whether a Discovery tile is on the Exploration spaces."""
        ...

    def exploration_tile(self) -> HostId | D:
        """Name: the leftmost Discovery tile there."""
        ...

    def discovery_sites(self) -> tuple[str, ...]:
        """R-SHUTTLE-6: labels of the empty hexes 3 from his Rover, farthest from the human's."""
        ...

    def discovery_candidates(self) -> tuple[Candidate, ...]:
        """Explanation: those hexes with their distance from the human's Rover."""
        ...

    def discovery_site(self, choice: Choice) -> Hex | D:
        """Name: Discovery site *choice*."""
        ...


def check_gains(gains: Sequence[Gain], unknown: UnknownGain, field: str) -> None:
    """R-TO-9 with ``unknown_gain = error``: raise if a gain is ``OTHER``.

    Raises:
        InvalidHostStateError: a gain is ``OTHER``; names *field* and its index.
    """
    if unknown is UnknownGain.ERROR:
        for i, gain in enumerate(gains):
            if gain.kind is GainKind.OTHER:
                raise InvalidHostStateError(
                    f"{field}[{i}]", "a gain of a kind in T6", str(gain)
                )
