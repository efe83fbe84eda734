"""Facts read off a board: how a digital host's view answers the rules (R-SETUP-5).

:class:`BoardFacts` holds the working copy of the view (a :class:`Board`) and
answers every method of :class:`~lacerda_bot.facts.Facts` with the pure
functions of :mod:`~lacerda_bot._board.sites`, :mod:`~lacerda_bot._board.paths`
and :mod:`~lacerda_bot._board.displays`. Each decision the call makes is
applied to the copy by :func:`~lacerda_bot._board.effects.apply_decision`, the
same function the reference host uses. Results are memoised until the next
decision changes the copy.

The memos cannot go stale: they live for one call, and match boards, and
(``_lasting``, :data:`_READS`) the fields a kind reads, by identity; every
board here is a :class:`Board` the call read or made, whose fields are
immutable, so the same object has the same content.

With a *log*, every fact read is recorded as a :class:`~lacerda_bot.facts.Read`:
the conformance property drives the table companion with these answers.
"""

from collections.abc import Callable
from typing import Any, Final, Never, TypeVar

from lacerda_bot._board.board import Board, read_view
from lacerda_bot._board.displays import (
    BlueprintChoice,
    BlueprintRank,
    LearnChoice,
    best_contracts,
    best_scientists,
    choose_blueprint,
    choose_tech_tiles,
    choose_warehouse_item,
    rank_blueprints,
    scientist_potential,
    starting_spaces,
)
from lacerda_bot._board.effects import apply_decision
from lacerda_bot._board.paths import (
    DiscoverySites,
    Target,
    discovery_sites,
    eligible_tiles,
    free_hexes_nearest,
    ineligible_tiles,
    nearest_eligible,
    nearest_tiles,
    other_figure_hexes,
    rover_start,
)
from lacerda_bot._board.sites import (
    Site,
    best_legal_sites,
    eligible_buildings,
    legal_sites,
    qualifies,
)
from lacerda_bot._board.usable import carried_gains, lab_entries, usable_gains
from lacerda_bot._board.ways import PathOption, Trip, Ways, sole_way, ways
from lacerda_bot._lab import (
    choose_development,
    entry_space,
    level_of,
    movable,
)
from lacerda_bot.decisions import (
    BuildShelter,
    CollectTile,
    Construct,
    CrystalSource,
    Decision,
    DevelopTech,
    LearnTech,
    MoveRover,
    ObtainBlueprint,
    Upgrade,
)
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.facts import (
    BlueprintPick,
    Choice,
    ContractPick,
    DevelopChoice,
    Development,
    Display,
    Fact,
    Facts,
    Numbered,
    Read,
    ScientistPick,
    check_gains,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.host import PlayView
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
    Side,
    TechType,
    scored_type,
)
from lacerda_bot.options import Options, UnknownGain
from lacerda_bot.records import (
    ContractSlot,
    DisplayedBlueprint,
    GridTile,
    HeldBlueprint,
    LabSpace,
    Mission,
    ScientistSlot,
    Tile,
    TurnOrderSpace,
)
from lacerda_bot.trace import LISTED_OPTIONS, Candidate, Explanation, Removal

__all__ = ["BoardFacts"]

T = TypeVar("T")

_NO_CHOICE: Final = Choice(index=0, of=1)


def _check_unknown_gains(board: Board) -> None:
    """R-TO-9: with ``unknown_gain = error`` every gain the view shows must be in T6."""
    error = UnknownGain.ERROR
    for i, space in enumerate(board.turn_order_spaces):
        check_gains(space.gains, error, f"turn_order_spaces[{i}].gains")
    for i, lab in enumerate(board.lab_spaces):
        check_gains(lab.gains, error, f"lab_spaces[{i}].gains")
    for i, placed in enumerate(board.map_tiles):
        check_gains(placed.tile.reward, error, f"map_tiles[{i}].tile.reward")
    for i, tile in enumerate(board.exploration_tiles):
        check_gains(tile.reward, error, f"exploration_tiles[{i}].reward")


_REFERRING: Final = frozenset(
    {
        Construct,
        BuildShelter,
        ObtainBlueprint,
        Upgrade,
        LearnTech,
        DevelopTech,
        MoveRover,
        CollectTile,
    }
)
"""The decisions :meth:`BoardFacts._remember` notes something of (the classes are final)."""


_READS: Final[dict[object, frozenset[str]]] = {
    "best": frozenset({"buildings", "human_techs", "lab_spaces", "map_hexes"}),
    "scientists": frozenset(
        {"human_blueprints", "lacerda_blueprints", "scientist_display"}
    ),
    "contracts": frozenset({"contract_display"}),
    "rank": frozenset({"buildings", "lacerda_blueprints", "lacerda_scientists"}),
}
"""The board fields some memo kinds read (a test records every read).

A value of such a kind outlives the decisions that keep each of these fields
the same object: the best construction sites after a payment or a Colonist
placed (a fifth of the benchmark's turns computed them twice), the Scientists
after a placement. Other kinds are computed again after every decision.
"""


class BoardFacts:
    """The facts of a digital host's view: a working copy, answered by computation."""

    def __init__(
        self, board: Board, options: Options, *, log: list[Read] | None = None
    ) -> None:
        """Answer from *board* (already read and checked) under *options*."""
        self.board = board
        self.start = board
        """The board as read: :attr:`board` changes with every decision applied."""
        self.options = options
        self.log = log
        self._memo: dict[object, Any] = {}
        """What the facts computed on :attr:`board` (``_memo_board``), by key."""
        self._memo_board = board
        self._lasting: dict[object, tuple[Board, Any]] = {}
        """The last value of each key of a :data:`_READS` kind, and the board it was read on."""
        self._built: Hex | None = None
        self._obtained: DisplayedBlueprint | None = None
        self._learned: HostId | None = None
        self._developed: HostId | None = None
        self._moved: MoveRover | None = None
        self._targets: tuple[Target, ...] = ()
        """The nearest tiles of the Rover move in progress (R-ROVER-3)."""
        self._collected: Tile | None = None

    @classmethod
    def read(
        cls, view: PlayView, options: Options, *, log: list[Read] | None = None
    ) -> "BoardFacts":
        """Read and check *view* (:func:`read_view`, and R-TO-9 with ``error``).

        Raises:
            InvalidHostStateError: the view breaks a precondition; names the field.
        """
        board = read_view(view, scoring=False)  # no rule of a decision scores
        if options.unknown_gain is UnknownGain.ERROR:
            _check_unknown_gains(board)
        return cls(board, options, log=log)

    # --- bookkeeping -------------------------------------------------------

    def _note(self, fact: Fact, args: tuple[object, ...], value: T) -> T:
        if self.log is not None:
            logged: object = value
            if isinstance(value, Numbered):
                logged = value.count
            elif isinstance(value, tuple) and fact.tied:
                logged = len(value)
            self.log.append(Read(fact=fact, args=args, value=logged))
        return value

    def _cached(self, key: object, compute: Callable[[], T]) -> T:
        board = self.board
        if self._memo_board is not board:
            self._memo = {}  # a new dict: a deferred explanation may hold the old one
            self._memo_board = board
        memo = self._memo
        if key in memo:
            value: T = memo[key]
            return value
        kind = key[0] if type(key) is tuple else key
        reads = _READS.get(kind)
        if reads is None:
            value = memo[key] = compute()
            return value
        kept = self._lasting.get(key)
        if kept is not None and all(
            getattr(kept[0], name) is getattr(board, name) for name in reads
        ):  # every field it reads is the same object: the same value
            value = memo[key] = kept[1]
            return value
        value = memo[key] = compute()
        self._lasting[key] = (board, value)
        return value

    def apply(self, decision: Decision) -> None:
        """Apply *decision* to the working copy, remembering what it refers to."""
        board = self.board
        if type(decision) in _REFERRING:  # most decisions refer to nothing
            self._remember(board, decision)
        self.board = apply_decision(
            board, decision, gains_spendable=self.options.same_call_gains_spendable
        )

    def later(
        self, explain: Callable[[Facts[Never]], Explanation]
    ) -> Callable[[], Explanation]:
        """*explain* on the board as it is now (frozen), when the trace is read.

        The explanations read the board and the options only (not what a
        decision referred to, nor the read log), so fresh facts of the same
        board give them; they start from what the call computed on that board
        (its memo, no longer written once the board changes), so a host that
        reads every trace does not search again what the decision searched.
        """
        board, options = self.board, self.options
        memo = self._memo if self._memo_board is board else None

        def explain_later() -> Explanation:
            facts = BoardFacts(board, options)
            if memo is not None:
                facts._memo = memo
            return explain(facts)

        return explain_later

    def _remember(self, board: Board, decision: Decision) -> None:
        """Note what *decision* refers to on *board*, the board before it."""
        match decision:
            case Construct() | BuildShelter():
                self._built = decision.hex
            case ObtainBlueprint():
                self._obtained = next(
                    d
                    for d in board.blueprint_display
                    if d.blueprint.id == decision.blueprint
                )
                card = self._obtained.blueprint
                self._note(Fact.OBTAINED_BLUEPRINT, (), (card.building, card.level))
            case Upgrade():
                self._built = decision.hex  # his Rover there is displaced (R-BUILD-4)
                used = next(
                    b.blueprint
                    for b in board.lacerda_blueprints
                    if b.blueprint.id == decision.blueprint
                )
                self._note(Fact.USED_BLUEPRINT, (), (used.building, used.level))
            case LearnTech():
                self._learned = decision.lab_space
            case DevelopTech():
                self._developed = decision.space
            case MoveRover():
                self._moved = decision
            case CollectTile():
                self._collected = next(
                    t.tile for t in board.map_tiles if t.tile.id == decision.tile
                )
            case _:
                pass

    # --- his side and the Missions ------------------------------------------

    def side(self) -> Side:
        """V1."""
        return self._note(Fact.SIDE, (), self.board.side)

    def _mission(self, slot: MissionSlot) -> Mission:
        found = next((m for m in self.board.missions if m.slot is slot), None)
        if found is None:
            raise InvalidHostStateError("missions", f"a Mission in slot {slot}", None)
        return found

    def mission_completed(self, slot: MissionSlot) -> bool:
        """R-MISSION-2."""
        return self._note(
            Fact.MISSION_COMPLETED, (slot,), self._mission(slot).completed
        )

    def mission_crystals(self, slot: MissionSlot) -> int:
        """R-MISSION-1."""
        return self._note(Fact.MISSION_CRYSTALS, (slot,), self._mission(slot).crystals)

    def mission(self, slot: MissionSlot) -> HostId:
        """Name."""
        return self._mission(slot).id

    # --- costs and Crystals ---------------------------------------------------

    def colonists_present(self, action: Action) -> int:
        """R-COST-2."""
        present = self.board.colonists_present.present(action)
        return self._note(Fact.COLONISTS_PRESENT, (action,), present)

    def spendable_crystals(self) -> int:
        """R-COST-3."""
        return self._note(Fact.SPENDABLE_CRYSTALS, (), self.board.spendable_crystals)

    def contract_crystal_cost(self) -> int:
        """R-COLONY-7."""
        cost = self.board.contract_crystal_cost
        return self._note(Fact.CONTRACT_CRYSTAL_COST, (), cost)

    def supply_has_crystal(self) -> bool:
        """R-CRYSTAL-5."""
        return self._note(Fact.SUPPLY_HAS_CRYSTAL, (), self.board.supply_crystals > 0)

    def crystals_kept(self, requested: int, source: CrystalSource) -> int:
        """Name: min(requested, free Depot spaces, supply if from it) (R-CRYSTAL-2)."""
        board = self.board
        supply = board.supply_crystals if source.from_supply else requested
        return max(0, min(requested, board.free_depot_spaces, supply))

    def has_ship_left(self) -> bool:
        """R-LEVEL-4."""
        return self._note(Fact.HAS_SHIP_LEFT, (), self.board.ships_left > 0)

    def has_bot_left(self) -> bool:
        """R-LEVEL-5."""
        return self._note(Fact.HAS_BOT_LEFT, (), self.board.bots_left > 0)

    def has_shelter_left(self) -> bool:
        """R-LEVEL-2."""
        return self._note(Fact.HAS_SHELTER_LEFT, (), self.board.shelters_left > 0)

    # --- building -------------------------------------------------------------

    def unbuildable_reason(self, kind: BuildingType) -> str:
        """Explanation."""
        board = self.board
        if not qualifies(board, kind):
            level = board.lss_markers.level(kind)
            return f"LSS marker {level} is not below Colony level {board.colony_level}"
        return "no legal site"

    def _sites(self, kind: BuildingType) -> tuple[Site, ...]:
        owner = Owner.LACERDA if kind is BuildingType.SHELTER else None
        return self._cached(
            ("sites", kind),
            lambda: legal_sites(self.board, kind, self.options, owner=owner),
        )

    def _best(self, kind: BuildingType) -> tuple[Site, ...]:
        owner = Owner.LACERDA if kind is BuildingType.SHELTER else None
        return self._cached(
            ("best", kind),
            lambda: best_legal_sites(self.board, kind, self.options, owner=owner),
        )

    def build_size(self, kind: BuildingType) -> int:
        """R-BUILD-2, R-BUILD-4..9: 0 when *kind* does not qualify or has no legal site."""
        best = self._best(kind) if qualifies(self.board, kind) else ()
        size = best[0].resulting_size if best else 0
        return self._note(Fact.BUILD_SIZE, (kind,), size)

    def best_sites(self, kind: BuildingType) -> tuple[str, ...]:
        """R-BUILD-9."""
        sites = tuple(str(s.hex) for s in self._best(kind))
        return self._note(Fact.BEST_SITES, (kind,), sites)

    def site_candidates(self, kind: BuildingType) -> tuple[Candidate, ...]:
        """Explanation."""
        return tuple(
            Candidate(
                option=str(s.hex), criteria=(("resulting_size", s.resulting_size),)
            )
            for s in self._sites(kind)
        )

    def site_hex(self, kind: BuildingType, choice: Choice) -> Hex:
        """Name."""
        return self._best(kind)[choice.index].hex

    def site_joined_sizes(self, kind: BuildingType, choice: Choice) -> tuple[int, ...]:
        """Name."""
        return self._best(kind)[choice.index].joined_sizes

    def tech_level(self, tech: TechType, owner: Owner) -> int:
        """R-BUILD-7, R-ROVER-4."""
        board = self.board
        if owner is Owner.LACERDA:
            level = level_of(board.lab_spaces, tech)
        else:
            level = max(
                (t.level for t in board.human_techs if t.tech is tech), default=0
            )
        return self._note(Fact.TECH_LEVEL, (tech, owner), level)

    def rover_on_new_building(self) -> bool:
        """R-BUILD-4."""
        rover = self.board.lacerda_rover
        on = rover is not None and rover == self._built
        return self._note(Fact.ROVER_ON_NEW_BUILDING, (), on)

    def _free_hexes(self) -> tuple[Hex, ...]:
        rover = self.board.lacerda_rover
        assert rover is not None  # read only after rover_on_new_building()
        return self._cached("free", lambda: free_hexes_nearest(self.board, rover))

    def nearest_free_hexes(self) -> tuple[str, ...]:
        """R-BUILD-4."""
        hexes = tuple(str(h) for h in self._free_hexes())
        return self._note(Fact.NEAREST_FREE_HEXES, (), hexes)

    def free_hex(self, choice: Choice) -> Hex:
        """Name."""
        return self._free_hexes()[choice.index]

    def rover_hex(self) -> Hex:
        """Name."""
        rover = self.board.lacerda_rover
        assert rover is not None  # read only after rover_on_new_building()
        return rover

    def colonist_on_hire_slot(self) -> bool:
        """R-COST-5, R-LSS-1."""
        on = self.board.colonist_on_hire_slot
        return self._note(Fact.COLONIST_ON_HIRE_SLOT, (), on)

    def lss_offers(self, kind: BuildingType, reward: LssReward) -> bool:
        """R-LSS-2: a type missing from V20 offers both."""
        offered = next(
            (o.rewards for o in self.board.lss_rewards if o.building is kind),
            tuple(LssReward),
        )
        return self._note(Fact.LSS_OFFERS, (kind, reward), reward in offered)

    # --- Orbit ----------------------------------------------------------------

    def blueprint_display(self) -> Display:
        """R-ORBIT-1..3."""
        board = self.board
        scored = {scored_type(s) for s in board.lacerda_scientists}
        if not board.blueprint_display:
            display = Display.EMPTY
        elif any(d.blueprint.building in scored for d in board.blueprint_display):
            display = Display.SCORED
        else:
            display = Display.OTHERS
        return self._note(Fact.BLUEPRINT_DISPLAY, (), display)

    def has_free_marker(self) -> bool:
        """R-ORBIT-1."""
        free = self.board.free_advanced_markers > 0
        return self._note(Fact.HAS_FREE_MARKER, (), free)

    def has_scientist(self) -> bool:
        """R-ORBIT-2."""
        return self._note(Fact.HAS_SCIENTIST, (), bool(self.board.lacerda_scientists))

    def _blueprint_choice(self, scored_only: bool) -> BlueprintChoice:
        return self._cached(
            ("blueprint", scored_only),
            lambda: choose_blueprint(self.board, scored_only=scored_only),
        )

    def blueprint_pick(self, scored_only: bool) -> BlueprintPick[Never]:
        """Name."""
        pick = self._blueprint_choice(scored_only).pick
        return BlueprintPick(blueprint=pick.blueprint.id, row=pick.row, slot=pick.slot)

    def blueprint_candidates(self, scored_only: bool) -> tuple[Candidate, ...]:
        """Explanation."""
        display = self.board.blueprint_display

        def row_cards(row: BlueprintRow) -> int:
            return sum(1 for d in display if d.row is row)

        return tuple(
            Candidate(
                option=d.blueprint.id, criteria=(("row_cards", row_cards(d.row)),)
            )
            for d in self._blueprint_choice(scored_only).candidates
        )

    def blueprint_removals(self, scored_only: bool) -> tuple[Removal, ...]:
        """Explanation."""
        return self._blueprint_choice(scored_only).removed

    def obtained_pickup_crystals(self) -> int:
        """R-ORBIT-4."""
        assert self._obtained is not None  # read right after ObtainBlueprint
        crystals = self._obtained.pickup_crystals
        return self._note(Fact.OBTAINED_PICKUP_CRYSTALS, (), crystals)

    def _learn(self) -> LearnChoice:
        return self._cached("learn", lambda: choose_tech_tiles(self.board))

    def lab_entry_free(self) -> bool:
        """R-ORBIT-5."""
        free = entry_space(self.board.lab_spaces) is not None
        return self._note(Fact.LAB_ENTRY_FREE, (), free)

    def cheapest_tech_tiles(self) -> tuple[str, ...]:
        """R-ORBIT-5."""
        tiles = tuple(t.id for t in self._learn().tiles)
        return self._note(Fact.CHEAPEST_TECH_TILES, (), tiles)

    def tech_tile_candidates(self) -> tuple[Candidate, ...]:
        """Explanation."""
        return tuple(
            Candidate(
                option=t.id, criteria=(("cost_rank", t.cost_rank), ("column", t.column))
            )
            for t in self._learn().tiles
        )

    def tech_tile_removals(self) -> tuple[Removal, ...]:
        """Explanation."""
        return self._learn().removed

    def _tile(self, choice: Choice) -> GridTile:
        return self._learn().tiles[choice.index]

    def tech_tile(self, choice: Choice) -> HostId:
        """Name."""
        return self._tile(choice).id

    def tech_tile_type(self, choice: Choice) -> TechType:
        """Name (noted for sources that track his board)."""
        return self._note(Fact.TECH_TILE_TYPE, (choice,), self._tile(choice).tech)

    def entry_space(self) -> HostId:
        """Name: the topmost free entry space (the plan checked there is one)."""
        space = entry_space(self.board.lab_spaces)
        assert space is not None
        return space.id

    def _space(self, space: HostId | None) -> LabSpace:
        return next(s for s in self.board.lab_spaces if s.id == space)

    def learned_space_gains(self) -> tuple[Gain, ...]:
        """R-ORBIT-5."""
        gains = self._space(self._learned).gains
        return self._note(Fact.LEARNED_SPACE_GAINS, (), gains)

    def _movable(self) -> list[LabSpace]:
        return self._cached("movable", lambda: movable(self.board.lab_spaces))

    def can_advance_any(self) -> bool:
        """R-ORBIT-6."""
        return self._note(Fact.CAN_ADVANCE_ANY, (), bool(self._movable()))

    def can_advance_other(self, than: TechType | None) -> bool:
        """R-ORBIT-6 step 2."""
        other = any(t.tech is not than for t in self._movable())
        return self._note(Fact.CAN_ADVANCE_OTHER, (than,), other)

    def can_advance_again(self, tech: TechType) -> bool:
        """R-ORBIT-6 step 2."""
        again = any(t.tech is tech for t in self._movable())
        return self._note(Fact.CAN_ADVANCE_AGAIN, (tech,), again)

    def has_tech(self, tech: TechType) -> bool:
        """R-TURN-6."""
        has = level_of(self.board.lab_spaces, tech) > 0
        return self._note(Fact.HAS_TECH, (tech,), has)

    def can_advance_tech(self, tech: TechType) -> bool:
        """R-TURN-6."""
        can = any(t.tech is tech for t in self._movable())
        return self._note(Fact.CAN_ADVANCE_TECH, (tech,), can)

    @staticmethod
    def _development(space: LabSpace) -> Development[Never]:
        """A step of the Tech on *space*, one of his Lab's, a level (column) up."""
        tech = space.tech
        assert tech is not None  # a space of one of his Techs
        return Development(
            tech=tech, from_level=space.column, to_level=space.column + 1
        )

    def developing(
        self, choice: DevelopChoice, previous: TechType | None
    ) -> Development[Never]:
        """Name."""
        most = choice is DevelopChoice.MOST
        tech = choose_development(
            self.board.lab_spaces, most=most, previous=None if most else previous
        )
        assert tech is not None  # the engine read can_advance_* first
        return self._development(tech)

    def developing_tech(self, tech: TechType) -> Development[Never]:
        """Name."""
        own = next(s for s in self.board.lab_spaces if s.tech is tech)
        return self._development(own)

    def _entries(
        self, tech: TechType
    ) -> tuple[tuple[LabSpace, ...], tuple[LabSpace, ...], tuple[Removal, ...]]:
        """The empty spaces his *tech* tile touches, the best of them, the removals."""
        return self._cached(
            ("entries", tech), lambda: lab_entries(self.board, self.options, tech)
        )

    def develop_spaces(self, tech: TechType) -> tuple[str, ...]:
        """R-ORBIT-6."""
        labels = tuple(s.id for s in self._entries(tech)[1])
        return self._note(Fact.DEVELOP_SPACES, (tech,), labels)

    def develop_space(self, tech: TechType, choice: Choice) -> HostId:
        """Name."""
        return self._entries(tech)[1][choice.index].id

    def develop_space_candidates(self, tech: TechType) -> tuple[Candidate, ...]:
        """Explanation."""
        free = self._entries(tech)[0]
        carried = carried_gains(self.board, self.options, tech)
        return tuple(
            Candidate(
                option=s.id,
                criteria=(
                    ("position", s.position),
                    ("gains", len(s.gains)),
                    ("gains_he_can_carry_out", len(carried(s))),
                ),
            )
            for s in free
        )

    def develop_space_removals(self, tech: TechType) -> tuple[Removal, ...]:
        """Explanation."""
        return self._entries(tech)[2]

    def developed_space_gains(self) -> tuple[Gain, ...]:
        """R-ORBIT-6."""
        gains = self._space(self._developed).gains
        return self._note(Fact.DEVELOPED_SPACE_GAINS, (), gains)

    # --- Colony ---------------------------------------------------------------

    def _rank(self) -> BlueprintRank:
        return self._cached("rank", lambda: rank_blueprints(self.board))

    def upgrade_blueprints(self) -> tuple[str, ...]:
        """R-COLONY-3."""
        best = tuple(b.blueprint.id for b in self._rank().best)
        return self._note(Fact.UPGRADE_BLUEPRINTS, (), best)

    def upgrade_merged_labels(self) -> tuple[str, ...]:
        """Explanation."""
        return tuple(b.blueprint.id for b in self._rank().merged)

    def upgrade_candidates(self) -> tuple[Candidate, ...]:
        """Explanation."""
        return tuple(
            Candidate(
                option=b.blueprint.id,
                criteria=(
                    ("level", b.blueprint.level),
                    ("buildings", len(eligible_buildings(self.board, b))),
                ),
            )
            for b in self._rank().candidates
        )

    def _held(self, choice: Choice) -> HeldBlueprint:
        return self._rank().best[choice.index]

    def upgrade_blueprint(self, choice: Choice) -> HostId:
        """Name."""
        return self._held(choice).blueprint.id

    def eligible_buildings(self, blueprint: Choice) -> tuple[str, ...]:
        """R-BUILD-12, R-COLONY-4."""
        hexes = tuple(
            str(b.hex) for b in eligible_buildings(self.board, self._held(blueprint))
        )
        return self._note(Fact.ELIGIBLE_BUILDINGS, (blueprint,), hexes)

    def eligible_building(self, blueprint: Choice, choice: Choice) -> Hex:
        """Name."""
        return eligible_buildings(self.board, self._held(blueprint))[choice.index].hex

    def upgrade_capacity(self, owner: Owner) -> int:
        """R-COLONY-4."""
        board = self.board
        capacity = (
            board.own_upgrade_capacity
            if owner is Owner.LACERDA
            else board.human_upgrade_capacity
        )
        return self._note(Fact.UPGRADE_CAPACITY, (owner,), capacity)

    def scientist_count(self) -> int:
        """R-COLONY-5."""
        count = len(self.board.lacerda_scientists)
        return self._note(Fact.SCIENTIST_COUNT, (), count)

    def _scientists(self) -> tuple[ScientistSlot, ...]:
        return self._cached("scientists", lambda: best_scientists(self.board))

    def best_scientists(self) -> tuple[str, ...]:
        """R-COLONY-6."""
        best = tuple(s.scientist.value for s in self._scientists())
        return self._note(Fact.BEST_SCIENTISTS, (), best)

    def scientist_candidates(self) -> tuple[Candidate, ...]:
        """Explanation."""
        return tuple(
            Candidate(
                option=s.scientist.value,
                criteria=(("potential", scientist_potential(self.board, s)),),
            )
            for s in sorted(self.board.scientist_display, key=lambda s: s.slot)
        )

    def scientist(self, choice: Choice) -> ScientistPick[Never]:
        """Name (the Scientist noted for sources that track his board)."""
        slot = self._scientists()[choice.index]
        self._note(Fact.CHOSEN_SCIENTIST, (choice,), slot.scientist)
        return ScientistPick(scientist=slot.scientist, slot=slot.slot)

    def _contracts(self) -> tuple[ContractSlot, ...]:
        return self._cached("contracts", lambda: best_contracts(self.board))

    def best_contracts(self) -> tuple[str, ...]:
        """R-COLONY-7."""
        best = tuple(c.id for c in self._contracts())
        return self._note(Fact.BEST_CONTRACTS, (), best)

    def contract_candidates(self) -> tuple[Candidate, ...]:
        """Explanation."""
        return tuple(
            Candidate(option=c.id, criteria=(("op", c.op),))
            for c in sorted(self.board.contract_display, key=lambda c: c.slot)
        )

    def contract(self, choice: Choice) -> ContractPick[Never]:
        """Name."""
        slot = self._contracts()[choice.index]
        return ContractPick(contract=slot.id, slot=slot.slot)

    def contract_kind(self, choice: Choice) -> ContractKind:
        """R-COLONY-7."""
        kind = self._contracts()[choice.index].kind
        return self._note(Fact.CONTRACT_KIND, (choice,), kind)

    # --- the Rover --------------------------------------------------------------

    def _can_take(self) -> Callable[[Gain], bool]:
        return self._cached("usable", lambda: usable_gains(self.board, self.options))

    def _eligible(self) -> tuple[Target, ...]:
        board = self.board
        return self._cached(
            "eligible",
            lambda: eligible_tiles(board, board.spendable_crystals, self._can_take()),
        )

    def _nearest_and_dominated(self) -> tuple[tuple[Target, ...], tuple[Removal, ...]]:
        board = self.board

        def compute() -> tuple[tuple[Target, ...], tuple[Removal, ...]]:
            can_take = self._can_take()
            near = nearest_eligible(board, board.spendable_crystals, can_take)
            return nearest_tiles(near)

        return self._cached("nearest", compute)

    def _nearest(self) -> tuple[Target, ...]:
        return self._nearest_and_dominated()[0]

    def nearest_tiles(self) -> tuple[str, ...]:
        """R-ROVER-2, R-ROVER-3 (dominated nearest tiles removed, R-TIE-1).

        The tiles are kept for the move: its target stays the tile chosen from
        them after the movement payment changes what he can spend.
        """
        self._targets = self._nearest()
        tiles = tuple(t.tile.tile.id for t in self._targets)
        return self._note(Fact.NEAREST_TILES, (), tiles)

    def _target(self, choice: Choice) -> Target:
        # an explanation on fresh facts of the board the targets were read on
        return (self._targets or self._nearest())[choice.index]

    def target_steps(self, target: Choice) -> int:
        """R-ROVER-3."""
        return self._note(Fact.TARGET_STEPS, (target,), self._target(target).steps)

    def target_crystal_cost(self, target: Choice) -> int:
        """R-ROVER-5."""
        cost = self._target(target).tile.tile.crystal_cost
        return self._note(Fact.TARGET_CRYSTAL_COST, (target,), cost)

    def target_tile(self, target: Choice) -> HostId:
        """Name."""
        return self._target(target).tile.tile.id

    def _trip(self, target: Choice, length: int) -> Trip:
        """His Rover's move toward *target*, *length* hexes, on the board as it is now."""
        board = self.board
        return Trip(
            map_hexes=board.map_hexes,
            start=rover_start(board),
            target=self._target(target).tile.hex,
            length=length,
            figures=other_figure_hexes(board),
            crystals=board.crystal_hexes,
        )

    def _sole(self, target: Choice, length: int) -> PathOption | None:
        """The one way toward *target*, when it is found without a search."""
        # keyed by the index (ints hash in C): the number of targets is the board's
        return self._cached(
            ("sole way", target.index, length),
            lambda: sole_way(self._trip(target, length)),
        )

    def _ways(self, target: Choice, length: int, room: int | None = None) -> Ways:
        """R-ROVER-6's ways toward *target*; *room*: his free Depot spaces (as now)."""
        space = self.board.free_depot_spaces if room is None else room
        return self._cached(
            ("ways", target.index, length, space),
            lambda: ways(self._trip(target, length), room=space),
        )

    def crystals_on_way(self, target: Choice, length: int) -> bool:
        """R-ROVER-6, R-ROVER-7."""
        on_way = (
            self._sole(target, length) is None and self._ways(target, length).most > 0
        )
        return self._note(Fact.CRYSTALS_ON_WAY, (target, length), on_way)

    def best_paths(self, target: Choice, length: int) -> Numbered:
        """R-ROVER-6."""
        sole = self._sole(target, length)
        if sole is not None:
            paths = Numbered.of((_label(sole),))
        else:
            found = self._ways(target, length)
            paths = Numbered(found.count, lambda i: _label(found.option(i)))
        return self._note(Fact.BEST_PATHS, (target, length), paths)

    def path_merged_labels(self, target: Choice, length: int) -> tuple[str, ...]:
        """Explanation: the paths merged into the ways (the first listed)."""
        found = self._ways(target, length)
        return tuple(_label(p) for p in found.merged(LISTED_OPTIONS))

    def rover_candidates(
        self, target: Choice, length: int, paid: int
    ) -> tuple[Candidate, ...]:
        """Explanation: the eligible tiles by steps, then the ways tied (the first listed).

        Read on the board the tiles were chosen on, before the movement
        payment of *paid* Crystals, which frees as many Depot spaces.
        """
        tiles = tuple(
            Candidate(option=t.tile.tile.id, criteria=(("steps", t.steps),))
            for t in self._eligible()
        )
        room = self.board.free_depot_spaces + paid
        found = self._ways(target, length, room)
        paths = tuple(
            Candidate(
                option=_label(p),
                criteria=(
                    ("steps_left", found.short),
                    ("crystals", min(len(p.crystal_hexes), room)),
                ),
            )
            for p in found.options(LISTED_OPTIONS)
        )
        return tiles + paths

    def rover_removals(self) -> tuple[Removal, ...]:
        """Explanation: R-ROVER-2's and R-ROVER-3's removals, in canonical tile order."""
        board = self.board
        removed = ineligible_tiles(board, board.spendable_crystals, self._can_take())
        removed += self._nearest_and_dominated()[1]
        order = {t.tile.id: i for i, t in enumerate(self.board.map_tiles)}
        return tuple(sorted(removed, key=lambda r: order[HostId(r.option)]))

    def _path(self, target: Choice, length: int, path: Choice) -> PathOption:
        sole = self._sole(target, length)
        if sole is not None:
            return sole
        return self._cached(
            ("way", target.index, length, path.index),
            lambda: self._ways(target, length).option(path.index),
        )

    def path_moved(self, target: Choice, length: int, path: Choice) -> int:
        """R-ROVER-4, R-ROVER-6."""
        moved = len(self._path(target, length, path).path)
        return self._note(Fact.PATH_MOVED, (target, length, path), moved)

    def path(self, target: Choice, length: int, path: Choice) -> tuple[Hex, ...]:
        """Name."""
        return self._path(target, length, path).path

    def path_crystal_hexes(
        self, target: Choice, length: int, path: Choice
    ) -> tuple[Hex, ...]:
        """Name."""
        return self._path(target, length, path).crystal_hexes

    def moved_crystal_count(self) -> int:
        """R-ROVER-7."""
        assert self._moved is not None  # read right after MoveRover
        count = len(self._moved.crystal_hexes)
        return self._note(Fact.MOVED_CRYSTAL_COUNT, (), count)

    def arrival_tile(self) -> HostId:
        """Name."""
        assert self._moved is not None  # read right after MoveRover
        return self._moved.target

    def collected_tile_reward(self) -> tuple[Gain, ...]:
        """R-ROVER-9."""
        assert self._collected is not None  # read right after CollectTile
        reward = self._collected.reward
        return self._note(Fact.COLLECTED_TILE_REWARD, (), reward)

    # --- Warehouse --------------------------------------------------------------

    def warehouse_item(self) -> Item | None:
        """R-TO-3."""
        board = self.board
        room = board.free_depot_spaces > 0
        stock = choose_warehouse_item(board.warehouse, room=room)
        item = None if stock is None else stock.item
        return self._note(Fact.WAREHOUSE_ITEM, (), item)

    # --- set-up and the Shuttle --------------------------------------------------

    def _starting(self) -> tuple[TurnOrderSpace, ...]:
        board = self.board
        spaces = starting_spaces(board.turn_order_spaces, board.first_colonist_tiles)
        if not spaces:
            raise InvalidHostStateError("first_colonist_tiles", "at least one tile", ())
        return spaces

    def first_colonist_tile_count(self) -> int:
        """R-SETUP-7."""
        count = len(self._starting())
        return self._note(Fact.FIRST_COLONIST_TILE_COUNT, (), count)

    def starting_space(self, choice: Choice) -> HostId:
        """Name."""
        return self._starting()[choice.index].id

    def starting_side(self, choice: Choice) -> Side:
        """R-SETUP-7."""
        side = self._starting()[choice.index].side
        return self._note(Fact.STARTING_SIDE, (choice,), side)

    def space_gains(self) -> tuple[Gain, ...]:
        """R-SETUP-8, R-SHUTTLE-4/5."""
        board = self.board
        space = next(s for s in board.turn_order_spaces if s.id == board.lacerda_space)
        return self._note(Fact.SPACE_GAINS, (), space.gains)

    def shuttle_departs(self) -> bool:
        """R-SHUTTLE-1."""
        return self._note(Fact.SHUTTLE_DEPARTS, (), self.board.shuttle_departs)

    def shuttle_from(self) -> Side:
        """R-SHUTTLE-1."""
        return self._note(Fact.SHUTTLE_FROM, (), self.board.shuttle_from)

    def _free_spaces(self, side: Side) -> tuple[TurnOrderSpace, ...]:
        return tuple(
            s for s in self.board.turn_order_spaces if s.side is side and not s.occupied
        )

    def free_space_count(self, side: Side) -> int:
        """R-SHUTTLE-3."""
        count = len(self._free_spaces(side))
        return self._note(Fact.FREE_SPACE_COUNT, (side,), count)

    def free_space(self, side: Side, choice: Choice) -> HostId:
        """Name."""
        return self._free_spaces(side)[choice.index].id

    def free_space_candidates(self, side: Side) -> tuple[Candidate, ...]:
        """Explanation."""
        return tuple(
            Candidate(option=s.id, criteria=(("number", s.number),))
            for s in self._free_spaces(side)
        )

    def exploration_tile_left(self) -> bool:
        """R-SHUTTLE-6."""
        left = bool(self.board.exploration_tiles)
        return self._note(Fact.EXPLORATION_TILE_LEFT, (), left)

    def exploration_tile(self) -> HostId:
        """Name."""
        return self.board.exploration_tiles[0].id

    def _discovery(self) -> DiscoverySites:
        return self._cached(
            "discovery", lambda: discovery_sites(self.board, self.options)
        )

    def discovery_sites(self) -> tuple[str, ...]:
        """R-SHUTTLE-6."""
        sites = tuple(str(h) for h in self._discovery().sites)
        return self._note(Fact.DISCOVERY_SITES, (), sites)

    def discovery_candidates(self) -> tuple[Candidate, ...]:
        """Explanation."""
        found = self._discovery()
        return tuple(
            Candidate(
                option=str(h), criteria=(("dist_from_human_rover", found.distance),)
            )
            for h in found.sites
        )

    def discovery_site(self, choice: Choice) -> Hex:
        """Name."""
        return self._discovery().sites[choice.index]


def _label(option: PathOption) -> str:
    return " ".join(str(h) for h in option.path) or "stay"
