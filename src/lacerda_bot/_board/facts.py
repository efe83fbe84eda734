"""Facts read off a board: how a digital host's view answers the rules (R-SETUP-5).

:class:`BoardFacts` holds the working copy of the view (a :class:`Board`) and
answers every method of :class:`~lacerda_bot._facts.Facts` with the pure
functions of :mod:`~lacerda_bot._board.sites`, :mod:`~lacerda_bot._board.paths`
and :mod:`~lacerda_bot._board.displays`. Each decision the call makes is
applied to the copy by :func:`~lacerda_bot._board.effects.apply_decision`, the
same function the reference host uses. Results are memoised until the next
decision changes the copy.

The memos cannot go stale: they live for one call, and match boards, and
(``_lasting``, :data:`_READS`) the fields a kind reads, by identity; every
board here is a :class:`Board` the call read or made, whose fields are
immutable, so the same object has the same content.

With a *log*, every fact read is recorded as a :class:`~lacerda_bot._facts.Read`:
the conformance property drives the table companion with these answers.
"""

from collections.abc import Callable
from typing import Any, Final, Never, TypeVar

from lacerda_bot import _queries as q
from lacerda_bot._answers import Answers
from lacerda_bot._board.board import Board, check_as_given, read_view
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
from lacerda_bot._facts import (
    Choice,
    DevelopChoice,
    Display,
    Explain,
    Facts,
    Name,
    Numbered,
    Query,
    Read,
    check_gains,
)
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
    Decision,
    DevelopTech,
    LearnTech,
    MoveRover,
    ObtainBlueprint,
    Upgrade,
)
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.hexmap import Hex
from lacerda_bot.host import PlayView
from lacerda_bot.model import (
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


_ANSWERS: Final["Answers[BoardFacts]"] = Answers()
"""The method of :class:`BoardFacts` that answers each query type."""
_FACTS, _NAMES, _EXPLAINS = _ANSWERS.facts, _ANSWERS.names, _ANSWERS.explains


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
            check_as_given(view, board, _check_unknown_gains)
        return cls(board, options, log=log)

    # --- bookkeeping -------------------------------------------------------

    def _note(self, query: Query[T], value: T) -> T:
        """Log *value* as the answer to *query* (a tie's count)."""
        if self.log is not None:
            logged: object = value
            if isinstance(value, Numbered):
                logged = value.count
            elif query.tied and isinstance(value, tuple):
                logged = len(value)
            self.log.append(Read(query=query, value=logged))
        return value

    def answer(self, query: Query[T]) -> T:
        """The fact *query* asks, computed from the working copy (and logged)."""
        value: T = _FACTS[type(query)](self, query)
        if self.log is not None:
            self._note(query, value)
        return value

    def name(self, query: Name[T]) -> T:
        """The board's own name for what *query* asks."""
        value: T = _NAMES[type(query)](self, query)
        return value

    def explain(self, query: Explain[T]) -> T:
        """What the trace says, from the working copy."""
        value: T = _EXPLAINS[type(query)](self, query)
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
                self._note(q.ObtainedBlueprint(), (card.building, card.level))
            case Upgrade():
                self._built = decision.hex  # his Rover there is displaced (R-BUILD-4)
                used = next(
                    b.blueprint
                    for b in board.lacerda_blueprints
                    if b.blueprint.id == decision.blueprint
                )
                self._note(q.UsedBlueprint(), (used.building, used.level))
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

    @_ANSWERS.fact(q.HisSide)
    def _side(self, query: q.HisSide) -> Side:
        """V1."""
        return self.board.side

    def _mission(self, slot: MissionSlot) -> Mission:
        found = next((m for m in self.board.missions if m.slot is slot), None)
        if found is None:
            raise InvalidHostStateError("missions", f"a Mission in slot {slot}", None)
        return found

    @_ANSWERS.fact(q.RevealedCard)
    def _revealed_card(self, query: q.RevealedCard) -> int:
        """R-DECK-2: a host keeps the seeded order: the top of the draw pile."""
        return query.candidates[0]

    @_ANSWERS.fact(q.MissionCompleted)
    def _mission_completed(self, query: q.MissionCompleted) -> bool:
        """R-MISSION-2."""
        slot = query.slot
        return self._mission(slot).completed

    @_ANSWERS.fact(q.MissionCrystals)
    def _mission_crystals(self, query: q.MissionCrystals) -> int:
        """R-MISSION-1."""
        slot = query.slot
        return self._mission(slot).crystals

    @_ANSWERS.name(q.MissionId)
    def _mission_id(self, query: q.MissionId) -> HostId:
        """Name."""
        slot = query.slot
        return self._mission(slot).id

    # --- costs and Crystals ---------------------------------------------------

    @_ANSWERS.fact(q.ColonistsPresent)
    def _colonists_present(self, query: q.ColonistsPresent) -> int:
        """R-COST-2."""
        action = query.action
        return self.board.colonists_present.present(action)

    @_ANSWERS.fact(q.SpendableCrystals)
    def _spendable_crystals(self, query: q.SpendableCrystals) -> int:
        """R-COST-3."""
        return self.board.spendable_crystals

    @_ANSWERS.fact(q.ContractCrystalCost)
    def _contract_crystal_cost(self, query: q.ContractCrystalCost) -> int:
        """R-COLONY-7."""
        return self.board.contract_crystal_cost

    @_ANSWERS.fact(q.SupplyHasCrystal)
    def _supply_has_crystal(self, query: q.SupplyHasCrystal) -> bool:
        """R-CRYSTAL-5."""
        return self.board.supply_crystals > 0

    @_ANSWERS.name(q.CrystalsKept)
    def _crystals_kept(self, query: q.CrystalsKept) -> int:
        """Name: min(requested, free Depot spaces, supply if from it) (R-CRYSTAL-2)."""
        requested, source = query.requested, query.source
        supply = self.answer(q.SupplyCrystals()) if source.from_supply else requested
        return max(0, min(requested, self.board.free_depot_spaces, supply))

    @_ANSWERS.fact(q.SupplyCrystals)
    def _supply_crystals(self, query: q.SupplyCrystals) -> int:
        """R-CRYSTAL-2 (V18)."""
        return self.board.supply_crystals

    @_ANSWERS.fact(q.HasShipLeft)
    def _has_ship_left(self, query: q.HasShipLeft) -> bool:
        """R-LEVEL-4."""
        return self.board.ships_left > 0

    @_ANSWERS.fact(q.HasBotLeft)
    def _has_bot_left(self, query: q.HasBotLeft) -> bool:
        """R-LEVEL-5."""
        return self.board.bots_left > 0

    @_ANSWERS.fact(q.HasShelterLeft)
    def _has_shelter_left(self, query: q.HasShelterLeft) -> bool:
        """R-LEVEL-2."""
        return self.board.shelters_left > 0

    # --- building -------------------------------------------------------------

    @_ANSWERS.explain(q.UnbuildableReason)
    def _unbuildable_reason(self, query: q.UnbuildableReason) -> str:
        """Explanation."""
        kind = query.kind
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

    @_ANSWERS.fact(q.BuildSize)
    def _build_size(self, query: q.BuildSize) -> int:
        """R-BUILD-2, R-BUILD-4..9: 0 when *kind* does not qualify or has no legal site."""
        kind = query.kind
        best = self._best(kind) if qualifies(self.board, kind) else ()
        return best[0].resulting_size if best else 0

    @_ANSWERS.fact(q.BestSites)
    def _best_sites(self, query: q.BestSites) -> tuple[str, ...]:
        """R-BUILD-9."""
        kind = query.kind
        return tuple(str(s.hex) for s in self._best(kind))

    @_ANSWERS.explain(q.SiteCandidates)
    def _site_candidates(self, query: q.SiteCandidates) -> tuple[Candidate, ...]:
        """Explanation."""
        kind = query.kind
        return tuple(
            Candidate(
                option=str(s.hex), criteria=(("resulting_size", s.resulting_size),)
            )
            for s in self._sites(kind)
        )

    @_ANSWERS.name(q.SiteHex)
    def _site_hex(self, query: q.SiteHex) -> Hex:
        """Name."""
        kind, choice = query.kind, query.choice
        return self._best(kind)[choice.index].hex

    @_ANSWERS.name(q.SiteJoinedSizes)
    def _site_joined_sizes(self, query: q.SiteJoinedSizes) -> tuple[int, ...]:
        """Name."""
        kind, choice = query.kind, query.choice
        return self._best(kind)[choice.index].joined_sizes

    @_ANSWERS.fact(q.TechLevel)
    def _tech_level(self, query: q.TechLevel) -> int:
        """R-BUILD-7, R-ROVER-4."""
        tech, owner = query.tech, query.owner
        board = self.board
        if owner is Owner.LACERDA:
            level = level_of(board.lab_spaces, tech)
        else:
            level = max(
                (t.level for t in board.human_techs if t.tech is tech), default=0
            )
        return level

    @_ANSWERS.fact(q.RoverOnNewBuilding)
    def _rover_on_new_building(self, query: q.RoverOnNewBuilding) -> bool:
        """R-BUILD-4."""
        rover = self.board.lacerda_rover
        return rover is not None and rover == self._built

    def _free_hexes(self) -> tuple[Hex, ...]:
        rover = self.board.lacerda_rover
        assert rover is not None  # read only after rover_on_new_building()
        return self._cached("free", lambda: free_hexes_nearest(self.board, rover))

    @_ANSWERS.fact(q.NearestFreeHexes)
    def _nearest_free_hexes(self, query: q.NearestFreeHexes) -> tuple[str, ...]:
        """R-BUILD-4."""
        return tuple(str(h) for h in self._free_hexes())

    @_ANSWERS.fact(q.AnyFreeHex)
    def _any_free_hex(self, query: q.AnyFreeHex) -> bool:
        """R-BUILD-4."""
        return bool(self._free_hexes())

    @_ANSWERS.name(q.FreeHex)
    def _free_hex(self, query: q.FreeHex) -> Hex:
        """Name."""
        choice = query.choice
        return self._free_hexes()[choice.index]

    @_ANSWERS.name(q.RoverHex)
    def _rover_hex(self, query: q.RoverHex) -> Hex:
        """Name."""
        rover = self.board.lacerda_rover
        assert rover is not None  # read only after rover_on_new_building()
        return rover

    @_ANSWERS.fact(q.ColonistOnHireSlot)
    def _colonist_on_hire_slot(self, query: q.ColonistOnHireSlot) -> bool:
        """R-COST-5, R-LSS-1."""
        return self.board.colonist_on_hire_slot

    @_ANSWERS.fact(q.LssOffers)
    def _lss_offers(self, query: q.LssOffers) -> bool:
        """R-LSS-2: a type missing from V20 offers both."""
        kind, reward = query.kind, query.reward
        offered = next(
            (o.rewards for o in self.board.lss_rewards if o.building is kind),
            tuple(LssReward),
        )
        return reward in offered

    # --- Orbit ----------------------------------------------------------------

    @_ANSWERS.fact(q.BlueprintDisplay)
    def _blueprint_display(self, query: q.BlueprintDisplay) -> Display:
        """R-ORBIT-1..3."""
        board = self.board
        scored = {scored_type(s) for s in board.lacerda_scientists}
        if not board.blueprint_display:
            display = Display.EMPTY
        elif any(d.blueprint.building in scored for d in board.blueprint_display):
            display = Display.SCORED
        else:
            display = Display.OTHERS
        return display

    @_ANSWERS.fact(q.HasFreeMarker)
    def _has_free_marker(self, query: q.HasFreeMarker) -> bool:
        """R-ORBIT-1."""
        return self.board.free_advanced_markers > 0

    @_ANSWERS.fact(q.HasScientist)
    def _has_scientist(self, query: q.HasScientist) -> bool:
        """R-ORBIT-2."""
        return bool(self.board.lacerda_scientists)

    def _blueprint_choice(self, scored_only: bool) -> BlueprintChoice:
        return self._cached(
            ("blueprint", scored_only),
            lambda: choose_blueprint(self.board, scored_only=scored_only),
        )

    @_ANSWERS.name(q.PickedBlueprint)
    def _picked_blueprint(self, query: q.PickedBlueprint) -> HostId:
        """Name."""
        return self._blueprint_choice(query.scored_only).pick.blueprint.id

    @_ANSWERS.name(q.PickedRow)
    def _picked_row(self, query: q.PickedRow) -> BlueprintRow:
        """Name."""
        return self._blueprint_choice(query.scored_only).pick.row

    @_ANSWERS.name(q.PickedSlot)
    def _picked_slot(self, query: q.PickedSlot) -> int:
        """Name."""
        return self._blueprint_choice(query.scored_only).pick.slot

    @_ANSWERS.explain(q.BlueprintCandidates)
    def _blueprint_candidates(
        self, query: q.BlueprintCandidates
    ) -> tuple[Candidate, ...]:
        """Explanation."""
        scored_only = query.scored_only
        display = self.board.blueprint_display

        def row_cards(row: BlueprintRow) -> int:
            return sum(1 for d in display if d.row is row)

        return tuple(
            Candidate(
                option=d.blueprint.id, criteria=(("row_cards", row_cards(d.row)),)
            )
            for d in self._blueprint_choice(scored_only).candidates
        )

    @_ANSWERS.explain(q.BlueprintRemovals)
    def _blueprint_removals(self, query: q.BlueprintRemovals) -> tuple[Removal, ...]:
        """Explanation."""
        scored_only = query.scored_only
        return self._blueprint_choice(scored_only).removed

    @_ANSWERS.fact(q.ObtainedPickupCrystals)
    def _obtained_pickup_crystals(self, query: q.ObtainedPickupCrystals) -> int:
        """R-ORBIT-4."""
        assert self._obtained is not None  # read right after ObtainBlueprint
        return self._obtained.pickup_crystals

    def _learn(self) -> LearnChoice:
        return self._cached("learn", lambda: choose_tech_tiles(self.board))

    @_ANSWERS.fact(q.LabEntryFree)
    def _lab_entry_free(self, query: q.LabEntryFree) -> bool:
        """R-ORBIT-5."""
        return entry_space(self.board.lab_spaces) is not None

    @_ANSWERS.fact(q.CheapestTechTiles)
    def _cheapest_tech_tiles(self, query: q.CheapestTechTiles) -> tuple[str, ...]:
        """R-ORBIT-5."""
        return tuple(t.id for t in self._learn().tiles)

    @_ANSWERS.explain(q.TechTileCandidates)
    def _tech_tile_candidates(
        self, query: q.TechTileCandidates
    ) -> tuple[Candidate, ...]:
        """Explanation."""
        return tuple(
            Candidate(
                option=t.id, criteria=(("cost_rank", t.cost_rank), ("column", t.column))
            )
            for t in self._learn().tiles
        )

    @_ANSWERS.explain(q.TechTileRemovals)
    def _tech_tile_removals(self, query: q.TechTileRemovals) -> tuple[Removal, ...]:
        """Explanation."""
        return self._learn().removed

    def _tile(self, choice: Choice) -> GridTile:
        return self._learn().tiles[choice.index]

    @_ANSWERS.name(q.TechTileId)
    def _tech_tile(self, query: q.TechTileId) -> HostId:
        """Name."""
        choice = query.choice
        return self._tile(choice).id

    @_ANSWERS.name(q.TileTech)
    def _tile_tech(self, query: q.TileTech) -> TechType:
        """Name (noted for sources that track his board)."""
        choice = query.choice
        return self._note(q.TechTileType(choice), self._tile(choice).tech)

    @_ANSWERS.name(q.EntrySpaceId)
    def _entry_space(self, query: q.EntrySpaceId) -> HostId:
        """Name: the topmost free entry space (the plan checked there is one)."""
        space = entry_space(self.board.lab_spaces)
        assert space is not None
        return space.id

    def _space(self, space: HostId | None) -> LabSpace:
        return next(s for s in self.board.lab_spaces if s.id == space)

    @_ANSWERS.fact(q.LearnedSpaceGains)
    def _learned_space_gains(self, query: q.LearnedSpaceGains) -> tuple[Gain, ...]:
        """R-ORBIT-5."""
        return self._space(self._learned).gains

    def _movable(self) -> list[LabSpace]:
        return self._cached("movable", lambda: movable(self.board.lab_spaces))

    @_ANSWERS.fact(q.CanAdvanceAny)
    def _can_advance_any(self, query: q.CanAdvanceAny) -> bool:
        """R-ORBIT-6."""
        return bool(self._movable())

    @_ANSWERS.fact(q.CanAdvanceOther)
    def _can_advance_other(self, query: q.CanAdvanceOther) -> bool:
        """R-ORBIT-6 step 2."""
        than = query.than
        return any(t.tech is not than for t in self._movable())

    @_ANSWERS.fact(q.CanAdvanceAgain)
    def _can_advance_again(self, query: q.CanAdvanceAgain) -> bool:
        """R-ORBIT-6 step 2."""
        tech = query.tech
        return any(t.tech is tech for t in self._movable())

    @_ANSWERS.fact(q.HasTech)
    def _has_tech(self, query: q.HasTech) -> bool:
        """R-TURN-6."""
        tech = query.tech
        return level_of(self.board.lab_spaces, tech) > 0

    @_ANSWERS.fact(q.CanAdvanceTech)
    def _can_advance_tech(self, query: q.CanAdvanceTech) -> bool:
        """R-TURN-6."""
        tech = query.tech
        return any(t.tech is tech for t in self._movable())

    @_ANSWERS.name(q.Developing)
    def _developing(self, query: q.Developing[Never]) -> TechType:
        """Name."""
        most = query.choice is DevelopChoice.MOST
        space = choose_development(
            self.board.lab_spaces, most=most, previous=None if most else query.previous
        )
        assert space is not None  # the rules read can_advance_* first
        assert space.tech is not None
        return space.tech

    @_ANSWERS.name(q.DevelopFrom)
    def _develop_from(self, query: q.DevelopFrom[Never]) -> int:
        """Name: the column of his tile."""
        return level_of(self.board.lab_spaces, query.tech)

    @_ANSWERS.name(q.DevelopTo)
    def _develop_to(self, query: q.DevelopTo[Never]) -> int:
        """Name: the next column."""
        return level_of(self.board.lab_spaces, query.tech) + 1

    def _entries(
        self, tech: TechType
    ) -> tuple[tuple[LabSpace, ...], tuple[LabSpace, ...], tuple[Removal, ...]]:
        """The empty spaces his *tech* tile touches, the best of them, the removals."""
        return self._cached(
            ("entries", tech), lambda: lab_entries(self.board, self.options, tech)
        )

    @_ANSWERS.fact(q.DevelopSpaces)
    def _develop_spaces(self, query: q.DevelopSpaces) -> tuple[str, ...]:
        """R-ORBIT-6."""
        tech = query.tech
        return tuple(s.id for s in self._entries(tech)[1])

    @_ANSWERS.name(q.DevelopSpaceId)
    def _develop_space(self, query: q.DevelopSpaceId) -> HostId:
        """Name."""
        tech, choice = query.tech, query.choice
        return self._entries(tech)[1][choice.index].id

    @_ANSWERS.explain(q.DevelopSpaceCandidates)
    def _develop_space_candidates(
        self, query: q.DevelopSpaceCandidates
    ) -> tuple[Candidate, ...]:
        """Explanation."""
        tech = query.tech
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

    @_ANSWERS.explain(q.DevelopSpaceRemovals)
    def _develop_space_removals(
        self, query: q.DevelopSpaceRemovals
    ) -> tuple[Removal, ...]:
        """Explanation."""
        tech = query.tech
        return self._entries(tech)[2]

    @_ANSWERS.fact(q.DevelopedSpaceGains)
    def _developed_space_gains(self, query: q.DevelopedSpaceGains) -> tuple[Gain, ...]:
        """R-ORBIT-6."""
        return self._space(self._developed).gains

    # --- Colony ---------------------------------------------------------------

    def _rank(self) -> BlueprintRank:
        return self._cached("rank", lambda: rank_blueprints(self.board))

    @_ANSWERS.fact(q.UpgradeBlueprints)
    def _upgrade_blueprints(self, query: q.UpgradeBlueprints) -> tuple[str, ...]:
        """R-COLONY-3."""
        return tuple(b.blueprint.id for b in self._rank().best)

    @_ANSWERS.explain(q.UpgradeMergedLabels)
    def _upgrade_merged_labels(self, query: q.UpgradeMergedLabels) -> tuple[str, ...]:
        """Explanation."""
        return tuple(b.blueprint.id for b in self._rank().merged)

    @_ANSWERS.explain(q.UpgradeCandidates)
    def _upgrade_candidates(self, query: q.UpgradeCandidates) -> tuple[Candidate, ...]:
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

    @_ANSWERS.name(q.UpgradeBlueprintId)
    def _upgrade_blueprint(self, query: q.UpgradeBlueprintId) -> HostId:
        """Name."""
        choice = query.choice
        return self._held(choice).blueprint.id

    @_ANSWERS.fact(q.EligibleBuildings)
    def _eligible_buildings(self, query: q.EligibleBuildings) -> tuple[str, ...]:
        """R-BUILD-12, R-COLONY-4."""
        blueprint = query.blueprint
        return tuple(
            str(b.hex) for b in eligible_buildings(self.board, self._held(blueprint))
        )

    @_ANSWERS.name(q.EligibleBuildingHex)
    def _eligible_building(self, query: q.EligibleBuildingHex) -> Hex:
        """Name."""
        blueprint, choice = query.blueprint, query.choice
        return eligible_buildings(self.board, self._held(blueprint))[choice.index].hex

    @_ANSWERS.fact(q.UpgradeCapacity)
    def _upgrade_capacity(self, query: q.UpgradeCapacity) -> int:
        """R-COLONY-4."""
        owner = query.owner
        board = self.board
        return (
            board.own_upgrade_capacity
            if owner is Owner.LACERDA
            else board.human_upgrade_capacity
        )

    @_ANSWERS.fact(q.ScientistCount)
    def _scientist_count(self, query: q.ScientistCount) -> int:
        """R-COLONY-5."""
        return len(self.board.lacerda_scientists)

    def _scientists(self) -> tuple[ScientistSlot, ...]:
        return self._cached("scientists", lambda: best_scientists(self.board))

    @_ANSWERS.fact(q.BestScientists)
    def _best_scientists(self, query: q.BestScientists) -> tuple[str, ...]:
        """R-COLONY-6."""
        return tuple(s.scientist.value for s in self._scientists())

    @_ANSWERS.explain(q.ScientistCandidates)
    def _scientist_candidates(
        self, query: q.ScientistCandidates
    ) -> tuple[Candidate, ...]:
        """Explanation."""
        return tuple(
            Candidate(
                option=s.scientist.value,
                criteria=(("potential", scientist_potential(self.board, s)),),
            )
            for s in sorted(self.board.scientist_display, key=lambda s: s.slot)
        )

    @_ANSWERS.name(q.HiredScientist)
    def _hired_scientist(self, query: q.HiredScientist) -> Scientist:
        """Name (noted for sources that track his board)."""
        choice = query.choice
        scientist = self._scientists()[choice.index].scientist
        return self._note(q.ChosenScientist(choice), scientist)

    @_ANSWERS.name(q.HiredSlot)
    def _hired_slot(self, query: q.HiredSlot) -> int:
        """Name."""
        return self._scientists()[query.choice.index].slot

    def _contracts(self) -> tuple[ContractSlot, ...]:
        return self._cached("contracts", lambda: best_contracts(self.board))

    @_ANSWERS.fact(q.BestContracts)
    def _best_contracts(self, query: q.BestContracts) -> tuple[str, ...]:
        """R-COLONY-7."""
        return tuple(c.id for c in self._contracts())

    @_ANSWERS.explain(q.ContractCandidates)
    def _contract_candidates(
        self, query: q.ContractCandidates
    ) -> tuple[Candidate, ...]:
        """Explanation."""
        return tuple(
            Candidate(option=c.id, criteria=(("op", c.op),))
            for c in sorted(self.board.contract_display, key=lambda c: c.slot)
        )

    @_ANSWERS.name(q.TakenContract)
    def _taken_contract(self, query: q.TakenContract) -> HostId:
        """Name."""
        return self._contracts()[query.choice.index].id

    @_ANSWERS.name(q.TakenSlot)
    def _taken_slot(self, query: q.TakenSlot) -> int:
        """Name."""
        return self._contracts()[query.choice.index].slot

    @_ANSWERS.fact(q.ContractKindOf)
    def _contract_kind(self, query: q.ContractKindOf) -> ContractKind:
        """R-COLONY-7."""
        choice = query.choice
        return self._contracts()[choice.index].kind

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

    @_ANSWERS.fact(q.NearestTiles)
    def _nearest_tiles(self, query: q.NearestTiles) -> tuple[str, ...]:
        """R-ROVER-2, R-ROVER-3 (dominated nearest tiles removed, R-TIE-1).

        The tiles are kept for the move: its target stays the tile chosen from
        them after the movement payment changes what he can spend.
        """
        self._targets = self._nearest()
        return tuple(t.tile.tile.id for t in self._targets)

    @_ANSWERS.fact(q.AnyTarget)
    def _any_target(self, query: q.AnyTarget) -> bool:
        """R-ROVER-2, R-ROVER-3: the first of the nearest tiles is the one he moves to."""
        self._targets = self._nearest()
        return bool(self._targets)

    def _target(self, choice: Choice) -> Target:
        # an explanation on fresh facts of the board the targets were read on
        return (self._targets or self._nearest())[choice.index]

    @_ANSWERS.fact(q.TargetSteps)
    def _target_steps(self, query: q.TargetSteps) -> int:
        """R-ROVER-3."""
        target = query.target
        return self._target(target).steps

    @_ANSWERS.fact(q.TargetCrystalCost)
    def _target_crystal_cost(self, query: q.TargetCrystalCost) -> int:
        """R-ROVER-5."""
        target = query.target
        return self._target(target).tile.tile.crystal_cost

    @_ANSWERS.name(q.TargetTileId)
    def _target_tile(self, query: q.TargetTileId) -> HostId:
        """Name."""
        target = query.target
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

    @_ANSWERS.fact(q.CrystalsOnWay)
    def _crystals_on_way(self, query: q.CrystalsOnWay) -> bool:
        """R-ROVER-6, R-ROVER-7."""
        target, length = query.target, query.length
        return (
            self._sole(target, length) is None and self._ways(target, length).most > 0
        )

    @_ANSWERS.fact(q.BestPaths)
    def _best_paths(self, query: q.BestPaths) -> Numbered:
        """R-ROVER-6."""
        target, length = query.target, query.length
        sole = self._sole(target, length)
        if sole is not None:
            paths = Numbered.of((_label(sole),))
        else:
            found = self._ways(target, length)
            paths = Numbered(found.count, lambda i: _label(found.option(i)))
        return paths

    @_ANSWERS.explain(q.PathMergedLabels)
    def _path_merged_labels(self, query: q.PathMergedLabels) -> tuple[str, ...]:
        """Explanation: the paths merged into the ways (the first listed)."""
        target, length = query.target, query.length
        found = self._ways(target, length)
        return tuple(_label(p) for p in found.merged(LISTED_OPTIONS))

    @_ANSWERS.explain(q.RoverCandidates)
    def _rover_candidates(self, query: q.RoverCandidates) -> tuple[Candidate, ...]:
        """Explanation: the eligible tiles by steps, then the ways tied (the first listed).

        Read on the board the tiles were chosen on, before the movement
        payment of *paid* Crystals, which frees as many Depot spaces.
        """
        target, length, paid = query.target, query.length, query.paid
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

    @_ANSWERS.explain(q.RoverRemovals)
    def _rover_removals(self, query: q.RoverRemovals) -> tuple[Removal, ...]:
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

    @_ANSWERS.fact(q.PathMoved)
    def _path_moved(self, query: q.PathMoved) -> int:
        """R-ROVER-4, R-ROVER-6."""
        target, length, path = query.target, query.length, query.path
        return len(self._path(target, length, path).path)

    @_ANSWERS.name(q.PathHexes)
    def _path_hexes(self, query: q.PathHexes) -> tuple[Hex, ...]:
        """Name."""
        target, length, path = query.target, query.length, query.path
        return self._path(target, length, path).path

    @_ANSWERS.name(q.PathCrystalHexes)
    def _path_crystal_hexes(self, query: q.PathCrystalHexes) -> tuple[Hex, ...]:
        """Name."""
        target, length, path = query.target, query.length, query.path
        return self._path(target, length, path).crystal_hexes

    @_ANSWERS.fact(q.MovedCrystalCount)
    def _moved_crystal_count(self, query: q.MovedCrystalCount) -> int:
        """R-ROVER-7."""
        assert self._moved is not None  # read right after MoveRover
        return len(self._moved.crystal_hexes)

    @_ANSWERS.name(q.ArrivalTileId)
    def _arrival_tile(self, query: q.ArrivalTileId) -> HostId:
        """Name."""
        assert self._moved is not None  # read right after MoveRover
        return self._moved.target

    @_ANSWERS.fact(q.CollectedTileReward)
    def _collected_tile_reward(self, query: q.CollectedTileReward) -> tuple[Gain, ...]:
        """R-ROVER-9."""
        assert self._collected is not None  # read right after CollectTile
        return self._collected.reward

    # --- Warehouse --------------------------------------------------------------

    @_ANSWERS.fact(q.WarehouseItem)
    def _warehouse_item(self, query: q.WarehouseItem) -> Item | None:
        """R-TO-3."""
        board = self.board
        room = board.free_depot_spaces > 0
        stock = choose_warehouse_item(board.warehouse, room=room)
        return None if stock is None else stock.item

    # --- set-up and the Shuttle --------------------------------------------------

    def _starting(self) -> tuple[TurnOrderSpace, ...]:
        board = self.board
        spaces = starting_spaces(board.turn_order_spaces, board.first_colonist_tiles)
        if not spaces:
            raise InvalidHostStateError("first_colonist_tiles", "at least one tile", ())
        return spaces

    @_ANSWERS.fact(q.FirstColonistTileCount)
    def _first_colonist_tile_count(self, query: q.FirstColonistTileCount) -> int:
        """R-SETUP-7."""
        return len(self._starting())

    @_ANSWERS.name(q.StartingSpaceId)
    def _starting_space(self, query: q.StartingSpaceId) -> HostId:
        """Name."""
        choice = query.choice
        return self._starting()[choice.index].id

    @_ANSWERS.fact(q.StartingSide)
    def _starting_side(self, query: q.StartingSide) -> Side:
        """R-SETUP-7."""
        choice = query.choice
        return self._starting()[choice.index].side

    @_ANSWERS.fact(q.SpaceGains)
    def _space_gains(self, query: q.SpaceGains) -> tuple[Gain, ...]:
        """R-SETUP-8, R-SHUTTLE-4/5."""
        board = self.board
        space = next(s for s in board.turn_order_spaces if s.id == board.lacerda_space)
        return space.gains

    @_ANSWERS.fact(q.ShuttleDeparts)
    def _shuttle_departs(self, query: q.ShuttleDeparts) -> bool:
        """R-SHUTTLE-1."""
        return self.board.shuttle_departs

    @_ANSWERS.fact(q.ShuttleFrom)
    def _shuttle_from(self, query: q.ShuttleFrom) -> Side:
        """R-SHUTTLE-1."""
        return self.board.shuttle_from

    def _free_spaces(self, side: Side) -> tuple[TurnOrderSpace, ...]:
        return tuple(
            s for s in self.board.turn_order_spaces if s.side is side and not s.occupied
        )

    @_ANSWERS.fact(q.FreeSpaceCount)
    def _free_space_count(self, query: q.FreeSpaceCount) -> int:
        """R-SHUTTLE-3."""
        side = query.side
        return len(self._free_spaces(side))

    @_ANSWERS.name(q.FreeSpaceId)
    def _free_space(self, query: q.FreeSpaceId) -> HostId:
        """Name."""
        side, choice = query.side, query.choice
        return self._free_spaces(side)[choice.index].id

    @_ANSWERS.explain(q.FreeSpaceCandidates)
    def _free_space_candidates(
        self, query: q.FreeSpaceCandidates
    ) -> tuple[Candidate, ...]:
        """Explanation."""
        side = query.side
        return tuple(
            Candidate(option=s.id, criteria=(("number", s.number),))
            for s in self._free_spaces(side)
        )

    @_ANSWERS.fact(q.ExplorationTileLeft)
    def _exploration_tile_left(self, query: q.ExplorationTileLeft) -> bool:
        """R-SHUTTLE-6."""
        return bool(self.board.exploration_tiles)

    @_ANSWERS.name(q.ExplorationTileId)
    def _exploration_tile(self, query: q.ExplorationTileId) -> HostId:
        """Name."""
        return self.board.exploration_tiles[0].id

    def _discovery(self) -> DiscoverySites:
        return self._cached(
            "discovery", lambda: discovery_sites(self.board, self.options)
        )

    @_ANSWERS.fact(q.DiscoverySites)
    def _discovery_sites(self, query: q.DiscoverySites) -> tuple[str, ...]:
        """R-SHUTTLE-6."""
        return tuple(str(h) for h in self._discovery().sites)

    @_ANSWERS.fact(q.AnyDiscoverySite)
    def _any_discovery_site(self, query: q.AnyDiscoverySite) -> bool:
        """R-SHUTTLE-6."""
        return bool(self._discovery().sites)

    @_ANSWERS.explain(q.DiscoveryCandidates)
    def _discovery_candidates(
        self, query: q.DiscoveryCandidates
    ) -> tuple[Candidate, ...]:
        """Explanation."""
        found = self._discovery()
        return tuple(
            Candidate(
                option=str(h), criteria=(("dist_from_human_rover", found.distance),)
            )
            for h in found.sites
        )

    @_ANSWERS.name(q.DiscoverySiteHex)
    def _discovery_site(self, query: q.DiscoverySiteHex) -> Hex:
        """Name."""
        choice = query.choice
        return self._discovery().sites[choice.index]


def _label(option: PathOption) -> str:
    return " ".join(str(h) for h in option.path) or "stay"
