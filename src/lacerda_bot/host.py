"""The host contract: narrow, read-only views of the board (spec §2).

A host implements these Protocols over its own objects, with read-only
properties (or frozen attributes) of the names below; nothing is inherited
from lacerda_bot. Each rules function takes the narrowest view it needs, and
:class:`HostState` is all of them together. Collections may be any sequence
or set: the library copies and sorts them into canonical order (spec §0)
when it reads the view, so iteration order never matters.

The annotations are checked when the view is read
(:func:`lacerda_bot.read_view`): a property that is missing, raises, or holds
the wrong type (an enum's string value, a tuple for a
:class:`~lacerda_bot.hexmap.Hex`, ``None`` for a collection) raises
InvalidHostStateError naming it, before any decision is made.
"""

from collections.abc import Collection, Sequence
from typing import Protocol

from lacerda_bot.hexmap import Hex
from lacerda_bot.model import BuildingType, ContractKind, HostId, Scientist, Side
from lacerda_bot.records import (
    AdvancedCount,
    Building,
    ContractSlot,
    DisplayedBlueprint,
    Figure,
    GridTile,
    HeldBlueprint,
    HumanTech,
    LabSpace,
    LssMarkers,
    LssOffer,
    MapTile,
    Mission,
    Occupancy,
    ScientistSlot,
    Stock,
    Tile,
    TurnOrderSpace,
)

__all__ = [
    "BlueprintView",
    "ColonyView",
    "CostView",
    "CrystalView",
    "HostState",
    "MapView",
    "MissionView",
    "PlayView",
    "ScientistView",
    "ScoreView",
    "SideView",
    "TechView",
    "TileView",
    "TurnOrderView",
    "WarehouseView",
]


class SideView(Protocol):
    """V1: the side Lacerda stands on."""

    @property
    def side(self) -> Side:
        """Orbit or Colony."""
        ...


class ColonyView(Protocol):
    """V2, V20: Colony level, LSS markers and LSS rewards."""

    @property
    def colony_level(self) -> int:
        """The Colony level."""
        ...

    @property
    def lss_markers(self) -> LssMarkers:
        """The marker level of each LSS type."""
        ...

    @property
    def lss_rewards(self) -> Collection[LssOffer]:
        """Per LSS type, the second benefits on offer (a missing type offers both)."""
        ...


class MapView(Protocol):
    """V3, V4, V5: the map, its buildings, figures, Rovers and Crystals."""

    @property
    def map_hexes(self) -> Collection[Hex]:
        """Every hex of the map."""
        ...

    @property
    def initial_mine_hex(self) -> Hex:
        """Where off-map Rovers count as standing."""
        ...

    @property
    def buildings(self) -> Collection[Building]:
        """Every building on the map."""
        ...

    @property
    def figures(self) -> Collection[Figure]:
        """Figures other than the two Rovers."""
        ...

    @property
    def lacerda_rover(self) -> Hex | None:
        """Lacerda's Rover, or ``None`` while off the map."""
        ...

    @property
    def human_rover(self) -> Hex | None:
        """The human's Rover, or ``None`` while off the map."""
        ...

    @property
    def crystal_hexes(self) -> Collection[Hex]:
        """Hexes holding a Crystal."""
        ...


class TileView(Protocol):
    """V6, V7: tiles on the map and on the Exploration spaces."""

    @property
    def map_tiles(self) -> Collection[MapTile]:
        """Research and Discovery tiles on map hexes."""
        ...

    @property
    def exploration_tiles(self) -> Sequence[Tile]:
        """Discovery tiles on the Exploration spaces, left to right."""
        ...


class TechView(Protocol):
    """V8, V9, V19: the Tech grid, both players' Techs, Upgrade capacity."""

    @property
    def tech_grid(self) -> Collection[GridTile]:
        """Tech tiles still on the grid."""
        ...

    @property
    def lab_spaces(self) -> Collection[LabSpace]:
        """Lacerda's Laboratory, space by space, with his Tech tiles on them (V9)."""
        ...

    @property
    def lab_columns(self) -> int:
        """The number of columns of his Lab: the highest level a Tech reaches (V9)."""
        ...

    @property
    def human_techs(self) -> Collection[HumanTech]:
        """The human's Techs."""
        ...

    @property
    def own_upgrade_capacity(self) -> int:
        """Buildings he may upgrade per Upgrade action with his own Tech (>= 1)."""
        ...

    @property
    def human_upgrade_capacity(self) -> int:
        """Buildings he may upgrade per Upgrade action with the human's Tech (>= 1)."""
        ...


class BlueprintView(Protocol):
    """V10: Blueprints on display and in hand."""

    @property
    def blueprint_display(self) -> Collection[DisplayedBlueprint]:
        """Blueprints in the display's slots."""
        ...

    @property
    def lacerda_blueprints(self) -> Collection[HeldBlueprint]:
        """Lacerda's Blueprints."""
        ...

    @property
    def human_blueprints(self) -> Collection[BuildingType]:
        """The type of each of the human's Blueprints, used or not."""
        ...

    @property
    def free_advanced_markers(self) -> int:
        """Lacerda's Advanced Building markers not yet parked or placed."""
        ...


class ScientistView(Protocol):
    """V11: Scientists and Contracts."""

    @property
    def scientist_display(self) -> Collection[ScientistSlot]:
        """Scientists on display."""
        ...

    @property
    def lacerda_scientists(self) -> Collection[Scientist]:
        """Scientists Lacerda has hired."""
        ...

    @property
    def colonist_on_hire_slot(self) -> bool:
        """Whether his Colonist stands on his personal Hire-a-Scientist slot."""
        ...

    @property
    def contract_display(self) -> Collection[ContractSlot]:
        """Earth Contracts on display."""
        ...

    @property
    def contract_crystal_cost(self) -> int:
        """Crystals it costs to take a Contract."""
        ...


class CostView(Protocol):
    """V12: Colonists present on the red-Colonist actions."""

    @property
    def colonists_present(self) -> Occupancy:
        """Colonists present per action, after any slot clearing."""
        ...


class WarehouseView(Protocol):
    """V13: the Warehouse."""

    @property
    def warehouse(self) -> Sequence[Stock]:
        """Items left to right with their units."""
        ...


class TurnOrderView(Protocol):
    """V14, V15: Turn Order spaces, First Colonist tiles and the Shuttle."""

    @property
    def turn_order_spaces(self) -> Collection[TurnOrderSpace]:
        """Every Turn Order space."""
        ...

    @property
    def first_colonist_tiles(self) -> Collection[HostId]:
        """The space id each First Colonist tile names."""
        ...

    @property
    def lacerda_space(self) -> HostId | None:
        """The Turn Order space his figure stands on, if any."""
        ...

    @property
    def shuttle_departs(self) -> bool:
        """Whether the Shuttle departs this round."""
        ...

    @property
    def shuttle_from(self) -> Side:
        """The side the Shuttle departs from."""
        ...


class MissionView(Protocol):
    """V16: the three Missions."""

    @property
    def missions(self) -> Collection[Mission]:
        """Missions in slots A, B and C."""
        ...


class CrystalView(Protocol):
    """V17, V18: Lacerda's Crystals, Depot and supplies."""

    @property
    def spendable_crystals(self) -> int:
        """Crystals he may spend now."""
        ...

    @property
    def free_depot_spaces(self) -> int:
        """Free spaces in his Depot."""
        ...

    @property
    def supply_crystals(self) -> int:
        """Crystals left in the general supply."""
        ...

    @property
    def shelters_left(self) -> int:
        """His Shelters still to build."""
        ...

    @property
    def ships_left(self) -> int:
        """His Ships still to gain."""
        ...

    @property
    def bots_left(self) -> int:
        """His Bots still to gain."""
        ...


class ScoreView(Protocol):
    """V21: the scoring items Lacerda's final score reads (R-SCORE-1)."""

    @property
    def op_track(self) -> int:
        """His OP on the scoring track."""
        ...

    @property
    def progress_cubes(self) -> int:
        """His Progress cubes (0 to 5)."""
        ...

    @property
    def lab_column_values(self) -> Collection[int]:
        """The OP under each column of his Lab, column 1 first (his Techs score their column's)."""
        ...

    @property
    def living_quarters_top(self) -> int:
        """The top value of his Living Quarters (they count as full)."""
        ...

    @property
    def advanced_buildings_on_mars(self) -> Collection[AdvancedCount]:
        """Advanced Buildings on Mars per type, whoever owns them."""
        ...

    @property
    def ships_in_hangar(self) -> int:
        """His Ships in the Hangar."""
        ...

    @property
    def lacerda_contracts(self) -> Collection[ContractKind]:
        """The kind of each Earth Contract he holds."""
        ...


class PlayView(
    SideView,
    ColonyView,
    MapView,
    TileView,
    TechView,
    BlueprintView,
    ScientistView,
    CostView,
    WarehouseView,
    TurnOrderView,
    MissionView,
    CrystalView,
    Protocol,
):
    """What the decision-making calls read: every view but :class:`ScoreView`.

    ``setup``, ``take_turn``, ``shuttle_phase``, ``colony_level_up`` and
    ``human_used_tech`` never read a scoring property, so a host need not
    have them until it scores.
    """


class HostState(PlayView, ScoreView, Protocol):
    """Every view together: the reference host, and what a full host implements."""
