"""What Lacerda does: the decisions of spec §6 and their traces (R-TURN-9, R-TURN-10).

Every decision-making call returns an :class:`Outcome`: the new bot state, the
decisions in the order the host must apply them, and a :class:`CallTrace`.
Each decision carries a :class:`Trace` naming the rules applied, the
candidates considered with their criteria, the candidates removed and why,
and any tie-breaks (R-TIE-8).
"""

import enum
from typing import TypeAlias, final

import attrs

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
    Scientist,
    Side,
    TechType,
    TechUsed,
)
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.state import BotState

__all__ = [
    "ActionImpossible",
    "AdvanceMission",
    "AdvanceProgressBot",
    "BuildShelter",
    "CallTrace",
    "Candidate",
    "ChooseLssReward",
    "CollectTile",
    "Construct",
    "CrystalSource",
    "Decision",
    "DevelopTech",
    "GainBot",
    "GainCrystals",
    "GainShip",
    "GiveOxygen",
    "HireScientist",
    "LearnTech",
    "LoseBenefit",
    "MoveRover",
    "ObtainBlueprint",
    "Outcome",
    "PayCrystals",
    "PaymentPurpose",
    "PlaceColonist",
    "PlaceDiscoveryTile",
    "RefillContractDisplay",
    "RelocateRover",
    "Removal",
    "RevealCard",
    "SkipTurn",
    "StartingSpace",
    "Stay",
    "TakeBenefit",
    "TakeContract",
    "TakeWarehouseItem",
    "TieBreak",
    "TieRound",
    "Trace",
    "Travel",
    "Upgrade",
]


@final
@attrs.frozen(kw_only=True)
class Candidate:
    """An option a rule considered, with the values of its criteria."""

    option: str
    criteria: tuple[tuple[str, int], ...] = ()
    """(criterion name, value) pairs, e.g. ``("resulting_size", 3)``."""


@final
@attrs.frozen(kw_only=True)
class Removal:
    """An option a rule removed, and why."""

    option: str
    rule: str
    reason: str


@final
@attrs.frozen(kw_only=True)
class TieRound:
    """One round of a card tie-break (R-TIE-2..5) or a uniform pick (R-TIE-6)."""

    groups: tuple[tuple[int, ...], ...]
    """The option numbers (1-based) of each group drawn between."""
    revealed: tuple[int, ...] = ()
    """Card ids revealed, in order (empty for ``uniform``)."""
    chosen_group: int
    """1-based index into *groups*."""
    reshuffled: bool = False
    """Whether an empty draw pile made the discard pile the draw pile (R-TIE-3)."""
    random_events: tuple[int, ...] = ()


@final
@attrs.frozen(kw_only=True)
class TieBreak:
    """The record of one tie-break (R-TIE-8)."""

    rule: str
    """The rule that raised the tie."""
    options: tuple[str, ...]
    """The options numbered 1..n, in canonical order."""
    merged: tuple[str, ...] = ()
    """Options merged into an equal one before numbering (R-TIE-1)."""
    policy: TiePolicy
    rounds: tuple[TieRound, ...] = ()
    chosen: int
    """The 1-based number of the chosen option."""


def _unique_rules(rules: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(rules))


@final
@attrs.frozen(kw_only=True)
class Trace:
    """Why a decision was made (R-TURN-10)."""

    rules: tuple[str, ...] = attrs.field(default=(), converter=_unique_rules)
    """Rule IDs applied, in order, each once."""
    candidates: tuple[Candidate, ...] = ()
    removed: tuple[Removal, ...] = ()
    tie_breaks: tuple[TieBreak, ...] = ()
    note: str = ""


@enum.unique
class CrystalSource(enum.Enum):
    """Where a Crystal gain comes from."""

    MISSION = "mission"
    BLUEPRINT_PICKUP = "blueprint_pickup"
    ROVER_PATH = "rover_path"
    LSS_REWARD = "lss_reward"
    WAREHOUSE = "warehouse"
    BENEFIT = "benefit"

    @property
    def from_supply(self) -> bool:
        """Whether the Crystals come from the general supply (capped by it, R-CRYSTAL-2).

        Crystals picked up on the map or taken from the Warehouse are not.
        """
        return self not in (CrystalSource.ROVER_PATH, CrystalSource.WAREHOUSE)


@enum.unique
class PaymentPurpose(enum.Enum):
    """What Crystals are paid for (R-COST, R-ROVER-5, R-ROVER-9)."""

    PLACEMENT = "placement"
    CONTRACT = "contract"
    TILE = "tile"
    MOVEMENT = "movement"


@final
@attrs.frozen(kw_only=True)
class StartingSpace:
    """R-SETUP-7: his First Colonist tile names this space; he starts on *side*."""

    space: HostId
    side: Side
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class RevealCard:
    """R-DECK-2: the card of this turn, and whether the deck was reshuffled for it."""

    card: int
    pass_count: int
    reshuffled: bool
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class AdvanceMission:
    """R-MISSION-1: move the Mission marker of *slot* one space."""

    slot: MissionSlot
    mission: HostId
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class GainCrystals:
    """R-CRYSTAL-2: he gains *kept* of *requested* Crystals (the rest is lost)."""

    requested: int
    kept: int
    source: CrystalSource
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class PayCrystals:
    """R-COST-2, R-COST-3, R-COLONY-7, R-ROVER-5, R-ROVER-9: he pays *amount* Crystals."""

    amount: int
    purpose: PaymentPurpose
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class PlaceColonist:
    """R-COST-2: he places a Colonist on *action*."""

    action: Action
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class ActionImpossible:
    """R-TURN-4: *action* cannot be done (rule *rule*); his Rover moves instead."""

    action: Action
    rule: str
    reason: str
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class ObtainBlueprint:
    """R-ORBIT-4: he takes *blueprint* from the display and parks a marker on it."""

    blueprint: HostId
    row: BlueprintRow
    slot: int
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class LearnTech:
    """R-ORBIT-5: he takes grid tile *grid_tile* into his Lab row *lab_row*."""

    grid_tile: HostId
    tech: TechType
    lab_row: int
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class DevelopTech:
    """R-ORBIT-6, R-TURN-6, R-TO-10: *tech* moves from one level to the next."""

    tech: TechType
    from_level: int
    to_level: int
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class Construct:
    """R-BUILD: he constructs *building* on *hex*."""

    building: BuildingType
    hex: Hex
    resulting_size: int
    joined_sizes: tuple[int, ...]
    tech_used: TechUsed
    miner: bool
    """Whether one of his Colonists goes on the new Mine (R-BUILD-11)."""
    pointer_before: BuildingType
    pointer_after: BuildingType
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class Upgrade:
    """R-COLONY-3, R-COLONY-4: he upgrades the building on *hex* with *blueprint*."""

    hex: Hex
    blueprint: HostId
    tech_used: TechUsed
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class HireScientist:
    """R-COLONY-6: he hires *scientist* from display slot *slot*."""

    scientist: Scientist
    slot: int
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class TakeContract:
    """R-COLONY-7: he takes Contract *contract* from display slot *slot*."""

    contract: HostId
    slot: int
    kind: ContractKind
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class RefillContractDisplay:
    """R-COLONY-8: the host shuffles the Contract deck and fills *slot*."""

    slot: int
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class MoveRover:
    """R-ROVER: his Rover follows *path* (hexes entered, in order)."""

    path: tuple[Hex, ...]
    allowance: int
    crystals_paid: int
    crystal_hexes: tuple[Hex, ...]
    """Hexes entered that hold a Crystal, in path order (R-ROVER-7)."""
    target: HostId
    reached: bool
    tech_used: TechUsed
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class CollectTile:
    """R-ROVER-9: he collects *tile* (its reward gains follow)."""

    tile: HostId
    crystal_cost: int
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class RelocateRover:
    """R-BUILD-4: his Rover leaves a hex he builds on."""

    from_hex: Hex
    to_hex: Hex
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class AdvanceProgressBot:
    """R-TO-5, R-LEVEL-3: the Progress-area Bot moves *steps* icons of T2."""

    steps: int
    before: BuildingType
    after: BuildingType
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class Travel:
    """R-SHUTTLE-3..5: he travels to *side* and takes Turn Order space *space*."""

    side: Side
    space: HostId
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class Stay:
    """R-SHUTTLE-2: he does not travel this Shuttle phase."""

    reason: str
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class TakeBenefit:
    """R-TO-2: he takes *gain* from *source*; the decisions that carry it out follow."""

    gain: Gain
    source: str
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class TakeWarehouseItem:
    """R-TO-3: he takes *item*; a Crystal is his, a Resource goes to the supply."""

    item: Item
    to_supply: bool
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class PlaceDiscoveryTile:
    """R-SHUTTLE-6: the leftmost Discovery tile goes on *hex*, or nothing is placed."""

    tile: HostId | None
    hex: Hex | None
    reason: str = ""
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class BuildShelter:
    """R-LEVEL-2, R-BUILD-3: he builds one of his Shelters on *hex*."""

    hex: Hex
    resulting_size: int
    joined_sizes: tuple[int, ...]
    tech_used: TechUsed
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class GainShip:
    """R-LEVEL-4: a Ship moves from his Depot to his Hangar."""

    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class GainBot:
    """R-LEVEL-5: a Bot goes onto his player board."""

    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class ChooseLssReward:
    """R-LSS-1, R-LSS-2: his second benefit for building *building* (``None``: none offered)."""

    building: BuildingType
    reward: LssReward | None
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class GiveOxygen:
    """R-TURN-7: he used the human's *tech*; the human gains 1 Oxygen."""

    tech: TechType
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class LoseBenefit:
    """R-TO-2, R-TO-6, R-TO-9: *gain* is lost."""

    gain: Gain
    reason: str
    trace: Trace = attrs.field(factory=Trace)


@final
@attrs.frozen(kw_only=True)
class SkipTurn:
    """R-TURN-5: no action and no Rover target; he skips the turn."""

    reason: str
    trace: Trace = attrs.field(factory=Trace)


Decision: TypeAlias = (
    StartingSpace
    | RevealCard
    | AdvanceMission
    | GainCrystals
    | PayCrystals
    | PlaceColonist
    | ActionImpossible
    | ObtainBlueprint
    | LearnTech
    | DevelopTech
    | Construct
    | Upgrade
    | HireScientist
    | TakeContract
    | RefillContractDisplay
    | MoveRover
    | CollectTile
    | RelocateRover
    | AdvanceProgressBot
    | Travel
    | Stay
    | TakeBenefit
    | TakeWarehouseItem
    | PlaceDiscoveryTile
    | BuildShelter
    | GainShip
    | GainBot
    | ChooseLssReward
    | GiveOxygen
    | LoseBenefit
    | SkipTurn
)
"""Every decision of spec §6; JSON tags them by class name."""


@final
@attrs.frozen(kw_only=True)
class CallTrace:
    """What one call did as a whole (R-TURN-10)."""

    call: str
    """``take_turn``, ``human_used_tech``, ..."""
    options: Options
    card: int | None = None
    """The card revealed by ``take_turn``."""
    pass_count: int
    reshuffled: bool = False
    random_events: tuple[int, ...] = ()
    """Every random event number this call used, in order."""
    notes: tuple[str, ...] = ()
    """Rule notes that produced no decision, e.g. a completed Mission (R-MISSION-2)."""


@final
@attrs.frozen(kw_only=True)
class Outcome:
    """The result of a decision-making call (R-SETUP-3, R-TURN-8)."""

    bot: BotState
    """The new bot state."""
    decisions: tuple[Decision, ...]
    """What he does, in the order the host applies it (R-TURN-9)."""
    trace: CallTrace
