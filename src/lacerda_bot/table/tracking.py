"""The facts at the table when the companion tracks his player board.

:class:`TrackedFacts` is :class:`~lacerda_bot.table.asked.AskedFacts` with a
working copy of :class:`~lacerda_bot.table.tracked.Tracked`: every fact about
his own pieces comes from it (logged as read, never asked), each of his
decisions updates it (:func:`~lacerda_bot.table.tracked.track`), and only the
shared board and the human's side are asked. What the companion cannot follow
is asked once and then remembered: the printed gain of a Lab space, a
Mission's Crystals, his Upgrade Tech's capacity, his Crystals after a Mission
may have paid him. What he takes is named (which Tech, Scientist, Blueprint),
so the companion knows his board afterwards.
"""

import itertools
from collections.abc import Callable, Mapping
from typing import assert_never

import attrs

from lacerda_bot._dominance import gains_dominate
from lacerda_bot._lab import (
    best_entries,
    choose_development,
    developed,
    entry_space,
    free_ahead,
    level_of,
    movable,
)
from lacerda_bot._rules.goals import Requirement, RequirementKind
from lacerda_bot.decisions import (
    CrystalSource,
    Decision,
    Described,
    DevelopTech,
    GainCrystals,
    LearnTech,
    MoveRover,
    ObtainBlueprint,
    Upgrade,
)
from lacerda_bot.facts import (
    Choice,
    DevelopChoice,
    Development,
    Display,
    Fact,
    Read,
    ScientistPick,
)
from lacerda_bot.lab import PRINTED_COLUMNS, space_id, staggered
from lacerda_bot.model import (
    BuildingType,
    ContractKind,
    Gain,
    GainKind,
    HostId,
    LssReward,
    MissionSlot,
    Owner,
    Scientist,
    Side,
    TechType,
)
from lacerda_bot.options import Options, UnknownGain
from lacerda_bot.records import LabSpace
from lacerda_bot.table.asked import AnswerSource, AskedFacts, FactSource
from lacerda_bot.table.questions import Wording
from lacerda_bot.table.shapes import priced_gains
from lacerda_bot.table.tracked import Card, Mission, Tracked, track

__all__ = ["TrackedFacts", "column_sizes", "shelter_start", "start_board"]


def column_sizes(columns: int) -> tuple[int, ...]:
    """The printed Lab's column sizes for *columns* columns (V9).

    :data:`~lacerda_bot.lab.PRINTED_COLUMNS`, cut short or carried on in its
    alternation (2, 3, 2, 3, ...) past its last column.
    """
    printed = PRINTED_COLUMNS
    return tuple(printed[i % len(printed)] for i in range(columns))


def shelter_start(column: int, sizes: tuple[int, ...]) -> HostId | None:
    """The space his Shelter Tech starts on when set-up puts it in *column* (0: none).

    Rulebook set-up step 6 puts it on the middle space of column 2
    (``c2-middle``). The table reads another column the same way: the middle
    space of a column of three, the top space of a column of two (or of one).
    """
    if column < 1 or column > len(sizes):
        return None
    size = sizes[column - 1]
    return space_id(column, size // 2 if size == 3 else 0, size)


def start_board(facts: AskedFacts, side: Side | None) -> Tracked:
    """His player board's printed start (R-SETUP-9), asked once at set-up.

    His Lab is the printed staggered shape (:func:`column_sizes`) with as many
    columns as the player counts, his Shelter Tech on :func:`shelter_start`.
    """
    crystals = facts.count(Fact.START_CRYSTALS)
    free = facts.count(Fact.START_FREE_DEPOT)
    columns = facts.count(Fact.LAB_COLUMNS)
    shelter = facts.count(Fact.START_SHELTER_TECH)
    quarters = facts.count(Fact.START_LIVING_QUARTERS)
    missions = tuple(
        Mission(slot=slot, crystals=facts.count(Fact.START_MISSION_CRYSTALS, slot))
        for slot in MissionSlot
    )
    sizes = column_sizes(columns)
    start = shelter_start(shelter, sizes)
    techs = {} if start is None else {start: TechType.SHELTER}
    return Tracked(
        crystals=crystals,
        depot=crystals + free,
        lab_spaces=staggered(sizes, techs=techs),
        lab_columns=columns,
        living_quarters_top=quarters,
        missions=missions,
        shuttle_from=side or Side.ORBIT,
    )


class TrackedFacts(AskedFacts):
    """Asked facts, with his own pieces answered from the tracked copy of his board."""

    def __init__(
        self,
        source: AnswerSource | FactSource,
        *,
        step: str,
        side: Side | None,
        options: Options,
        tracked: Tracked,
        log: list[Read] | None = None,
    ) -> None:
        """Ask through *source*; his own pieces come from *tracked*."""
        super().__init__(source, step=step, side=side, options=options, log=log)
        self.tracked = tracked
        self._gained = 0
        """Crystals he kept from gains in this step (spendable only per R-CRYSTAL-3)."""
        self._decisions: list[Decision[Described]] = []
        self._entered: HostId | None = None
        """The Lab space his last Tech entered (R-ORBIT-5, R-ORBIT-6)."""
        self._spaces: dict[TechType, tuple[str, ...]] = {}
        """The spaces :meth:`develop_spaces` last gave for each Tech, top first."""
        self._departed = False
        self._taking: Card | None = None
        """The Blueprint the player named with the display question, if he did."""
        self._using: Card | None = None
        """The Blueprint the player named with the Upgrade question, if he did."""
        self._reward: tuple[Gain, ...] | None = None
        """What the tile he is heading for gives, named with its cost."""
        self._on_way: int | None = None
        """Crystals the richest shortest path holds, when he may pick up them all."""

    def _named_card(self) -> Card | None:
        """The card the last answer named by its label (``greenhouse L3``), if any."""
        said = self.said[0] if self.said else None
        cards = (Card(building=b, level=lv) for b in BuildingType for lv in (1, 3))
        return next((c for c in cards if c.label == said), None)

    def _wording(self) -> Wording:
        return attrs.evolve(super()._wording(), tracked=self.tracked)

    # --- the working copy -----------------------------------------------------------

    def apply(self, decision: Decision[Described]) -> None:
        """Follow *decision* on his board; name what he took when the board cannot."""
        super().apply(decision)
        self._decisions.append(decision)
        self.tracked = track(self.tracked, decision)
        match decision:
            case GainCrystals():
                assert isinstance(decision.kept, int)
                self._gained += decision.kept
            case LearnTech():
                assert isinstance(decision.lab_space, str)
                self._entered = HostId(decision.lab_space)
            case DevelopTech():
                assert isinstance(decision.space, str)
                self._entered = HostId(decision.space)
            case ObtainBlueprint():
                self._took_blueprint()
            case Upgrade():
                self._used_blueprint()
            case MoveRover(reached=False):
                self._reward = None  # he does not collect that tile now
            case _:
                pass

    def _took_blueprint(self) -> None:
        taking, self._taking = self._taking, None
        if taking is not None:
            named = (taking.building, taking.level)
            value: object = self._given(Fact.OBTAINED_BLUEPRINT, (), named)
        else:
            value = self._read(Fact.OBTAINED_BLUEPRINT)
        assert isinstance(value, tuple)
        building, level = value
        card = Card(building=building, level=level)
        self.tracked = attrs.evolve(self.tracked, cards=(*self.tracked.cards, card))

    def _used_blueprint(self) -> None:
        distinct = tuple(
            dict.fromkeys((c.building, c.level) for c in self.tracked.unused())
        )
        using, self._using = self._using, None
        if using is not None:
            named = (using.building, using.level)
            value: object = self._given(Fact.USED_BLUEPRINT, (), named)
        elif len(distinct) == 1:
            value = self._given(Fact.USED_BLUEPRINT, (), distinct[0])
        else:
            value = self._read(Fact.USED_BLUEPRINT)
        cards = list(self.tracked.cards)
        used = next(
            i
            for i, c in enumerate(cards)
            if not c.used and (c.building, c.level) == value
        )
        cards[used] = attrs.evolve(cards[used], used=True)
        self.tracked = attrs.evolve(self.tracked, cards=tuple(cards))

    def finish(self, level_up: bool) -> Tracked:
        """His board after the step: the Shuttle moved, the Colony levelled, credits."""
        tracked = self.tracked
        if self._departed:
            other = Side.COLONY if tracked.shuttle_from is Side.ORBIT else Side.ORBIT
            tracked = attrs.evolve(tracked, shuttle_from=other)
        if level_up:
            tracked = attrs.evolve(tracked, colony_level=tracked.colony_level + 1)
        return tracked

    # --- Crystals -------------------------------------------------------------------

    def spendable_crystals(self) -> int:
        """Tracked (R-CRYSTAL-3: this step's gains only with the option)."""
        crystals = self.tracked.crystals
        gained = 0 if self.options.same_call_gains_spendable else self._gained
        return self._given(Fact.SPENDABLE_CRYSTALS, (), crystals - gained)

    def crystals_kept(self, requested: int, source: CrystalSource) -> int:
        """Tracked: as many as his Depot (and a counted supply) hold (R-CRYSTAL-2)."""
        free = self.tracked.depot - self.tracked.crystals
        supply = self.tracked.supply_crystals
        room = supply if source.from_supply and supply is not None else requested
        return max(0, min(requested, free, room))

    def supply_has_crystal(self) -> bool:
        """Tracked: the supply is assumed to hold Crystals unless counted empty."""
        supply = self.tracked.supply_crystals
        return self._given(Fact.SUPPLY_HAS_CRYSTAL, (), supply is None or supply > 0)

    def contract_crystal_cost(self) -> int:
        """Asked once (printed), then remembered."""
        known = self.tracked.contract_cost
        if known is not None:
            return self._given(Fact.CONTRACT_CRYSTAL_COST, (), known)
        cost = super().contract_crystal_cost()
        self.tracked = attrs.evolve(self.tracked, contract_cost=cost)
        return cost

    def has_ship_left(self) -> bool:
        """Tracked."""
        return self._given(Fact.HAS_SHIP_LEFT, (), self.tracked.ships_left > 0)

    def has_bot_left(self) -> bool:
        """Tracked."""
        return self._given(Fact.HAS_BOT_LEFT, (), self.tracked.bots_left > 0)

    def has_shelter_left(self) -> bool:
        """Tracked."""
        return self._given(Fact.HAS_SHELTER_LEFT, (), self.tracked.shelters_left > 0)

    def rover_on_new_building(self) -> bool:
        """Not asked while his Rover has not entered the map."""
        if not self.tracked.rover_on_map:
            return self._given(Fact.ROVER_ON_NEW_BUILDING, (), False)
        return super().rover_on_new_building()

    def target_crystal_cost(self, target: Choice) -> int:
        """Asked with what the tile gives (remembered until he collects it)."""
        cost = super().target_crystal_cost(target)
        said = self.said[0] if self.said else None
        self._reward = priced_gains(said)[1] if isinstance(said, str) else None
        return cost

    def collected_tile_reward(self) -> tuple[Gain, ...]:
        """Given when named with the tile's cost; else asked."""
        reward, self._reward = self._reward, None
        if reward is not None:
            return self._given(Fact.COLLECTED_TILE_REWARD, (), reward)
        return super().collected_tile_reward()

    def crystals_on_way(self, target: Choice, length: int) -> bool:
        """Asked as a count: the richest path's Crystals are what he then picks up.

        He takes a path holding the most Crystals, counting at most his free
        Depot spaces (R-ROVER-6); if the richest holds no more than that, every
        path he may take holds exactly as many, and he enters them all.
        """
        on_way = super().crystals_on_way(target, length)
        said = self.said[0] if self.said else None
        fits = isinstance(said, int) and said <= self.tracked.free_depot_spaces
        self._on_way = said if on_way and fits and isinstance(said, int) else None
        return on_way

    def moved_crystal_count(self) -> int:
        """Given when the count of the richest path said it; else asked."""
        on_way, self._on_way = self._on_way, None
        if on_way is not None:
            return self._given(Fact.MOVED_CRYSTAL_COUNT, (), on_way)
        return super().moved_crystal_count()

    def obtained_pickup_crystals(self) -> int:
        """T5: a Shelter Blueprint gives a Crystal on pickup; the others a Resource."""
        card = self.tracked.cards[-1]  # named when he took it
        crystals = int(card.building is BuildingType.SHELTER)
        return self._given(Fact.OBTAINED_PICKUP_CRYSTALS, (), crystals)

    def lss_offers(self, kind: BuildingType, reward: LssReward) -> bool:
        """Asked once per LSS type and benefit (printed for the game), then remembered."""
        known = self.tracked.offers(kind, reward)
        if known is not None:
            return self._given(Fact.LSS_OFFERS, (kind, reward), known)
        offered = super().lss_offers(kind, reward)
        learned = (*self.tracked.lss_offers, (kind, reward, offered))
        self.tracked = attrs.evolve(self.tracked, lss_offers=learned)
        return offered

    def colonist_on_hire_slot(self) -> bool:
        """Tracked."""
        on = self.tracked.colonist_on_hire_slot
        return self._given(Fact.COLONIST_ON_HIRE_SLOT, (), on)

    # --- Missions and the Shuttle ---------------------------------------------------

    def mission_completed(self, slot: MissionSlot) -> bool:
        """Asked until completed, then remembered."""
        known = self.tracked.mission(slot)
        if known.completed:
            return self._given(Fact.MISSION_COMPLETED, (slot,), True)
        done = super().mission_completed(slot)
        if done:
            self.tracked = self.tracked.with_mission(
                attrs.evolve(known, completed=True)
            )
        return done

    def mission_crystals(self, slot: MissionSlot) -> int:
        """Asked once per Mission, then remembered."""
        known = self.tracked.mission(slot)
        if known.crystals is not None:
            return self._given(Fact.MISSION_CRYSTALS, (slot,), known.crystals)
        crystals = super().mission_crystals(slot)
        self.tracked = self.tracked.with_mission(attrs.evolve(known, crystals=crystals))
        return crystals

    def shuttle_departs(self) -> bool:
        """Asked; when it departs, the companion moves it to the other side."""
        departs = super().shuttle_departs()
        self._departed = departs
        return departs

    def shuttle_from(self) -> Side:
        """Tracked: it starts on his side and changes side each time it departs."""
        return self._given(Fact.SHUTTLE_FROM, (), self.tracked.shuttle_from)

    # --- his Techs and his Lab --------------------------------------------------------

    def tech_level(self, tech: TechType, owner: Owner) -> int:
        """Tracked for him (the column of his tile); asked for you."""
        if owner is Owner.HUMAN:
            return super().tech_level(tech, owner)
        level = level_of(self.tracked.lab_spaces, tech)
        return self._given(Fact.TECH_LEVEL, (tech, owner), level)

    def _movable(self) -> list[LabSpace]:
        """R-ORBIT-6: his tiles touching an empty space of the next column."""
        return movable(self.tracked.lab_spaces)

    def lab_entry_free(self) -> bool:
        """Tracked: whether a space of his Lab's first column is empty (R-ORBIT-5)."""
        free = entry_space(self.tracked.lab_spaces) is not None
        return self._given(Fact.LAB_ENTRY_FREE, (), free)

    def tech_tile_type(self, choice: Choice) -> TechType:
        """Asked: which Tech the tile is, so the companion knows his Lab."""
        value = self._read(Fact.TECH_TILE_TYPE, choice)
        assert isinstance(value, TechType)
        return value

    def entry_space(self) -> HostId:
        """Tracked: his topmost empty entry space (R-ORBIT-5)."""
        space = entry_space(self.tracked.lab_spaces)
        assert space is not None  # the rules read lab_entry_free first
        return space.id

    def _space_gains(self, fact: Fact) -> tuple[Gain, ...]:
        entered = self._entered
        assert entered is not None  # read right after LearnTech or DevelopTech
        known = self.tracked.space_gains(entered)
        if known is not None:
            return self._given(fact, (), known)
        gains = self._gains(fact)
        self.tracked = self.tracked.with_space_gains(entered, gains)
        return gains

    def learned_space_gains(self) -> tuple[Gain, ...]:
        """Asked once per space of his Lab, then remembered."""
        return self._space_gains(Fact.LEARNED_SPACE_GAINS)

    def developed_space_gains(self) -> tuple[Gain, ...]:
        """Asked once per space of his Lab, then remembered."""
        return self._space_gains(Fact.DEVELOPED_SPACE_GAINS)

    def can_advance_any(self) -> bool:
        """Tracked."""
        return self._given(Fact.CAN_ADVANCE_ANY, (), bool(self._movable()))

    def can_advance_other(self, than: TechType | Described | None) -> bool:
        """Tracked."""
        other = any(t.tech is not than for t in self._movable())
        return self._given(Fact.CAN_ADVANCE_OTHER, (than,), other)

    def can_advance_again(self, tech: TechType | Described) -> bool:
        """Tracked."""
        again = any(t.tech is tech for t in self._movable())
        return self._given(Fact.CAN_ADVANCE_AGAIN, (tech,), again)

    def has_tech(self, tech: TechType) -> bool:
        """Tracked."""
        return self._given(Fact.HAS_TECH, (tech,), self.tracked.tech(tech) is not None)

    def can_advance_tech(self, tech: TechType) -> bool:
        """Tracked."""
        can = any(t.tech is tech for t in self._movable())
        return self._given(Fact.CAN_ADVANCE_TECH, (tech,), can)

    @staticmethod
    def _development(space: LabSpace) -> Development[Described]:
        """A step of the Tech on *space*, one of his Lab's, a level (column) up."""
        tech = space.tech
        assert tech is not None  # a space of one of his Techs
        return Development(
            tech=tech, from_level=space.column, to_level=space.column + 1
        )

    def developing(
        self, choice: DevelopChoice, previous: TechType | Described | None
    ) -> Development[Described]:
        """Tracked: the Tech R-ORBIT-6 picks, by name."""
        most = choice is DevelopChoice.MOST
        assert most or not isinstance(previous, Described)
        tech = choose_development(
            self.tracked.lab_spaces,
            most=most,
            previous=None if most or isinstance(previous, Described) else previous,
        )
        assert tech is not None  # the engine read can_advance_* first
        return self._development(tech)

    def developing_tech(self, tech: TechType) -> Development[Described]:
        """Tracked: his *tech* Tech, by name."""
        own = next(s for s in self.tracked.lab_spaces if s.tech is tech)
        return self._development(own)

    def develop_spaces(self, tech: TechType | Described) -> tuple[str, ...]:
        """R-ORBIT-6: tracked where the companion can tell; else asked, top or bottom.

        The empty spaces his tile touches come from the tracked Lab. With one,
        nothing is asked. With two, the companion weighs their remembered
        gains (:func:`entered_spaces`) and asks only when what it cannot see
        (the shared board) could change which space wins.
        """
        assert isinstance(tech, TechType)  # the tracked rules name his Tech
        lab = self.tracked.lab_spaces
        own = self.tracked.tech(tech)
        assert own is not None  # the engine read can_advance_* first
        free = free_ahead(lab, own.space)
        known = entered_spaces(self.tracked, tech, free, self.options)
        if known is not None:
            labels: tuple[str, ...] = tuple(s.id for s in known)
            self._spaces[tech] = labels
            return self._given(Fact.DEVELOP_SPACES, (tech,), labels)
        labels = self._labels(Fact.DEVELOP_SPACES, tech)
        self._spaces[tech] = labels
        return labels

    def develop_space(self, tech: TechType | Described, choice: Choice) -> HostId:
        """Named: the space of those :meth:`develop_spaces` gave that the tie chose."""
        assert isinstance(tech, TechType)
        return HostId(self._spaces[tech][choice.index])

    def upgrade_capacity(self, owner: Owner) -> int:
        """His: asked once per level of his Upgrade Tech, then remembered; yours asked."""
        if owner is Owner.HUMAN:
            return super().upgrade_capacity(owner)
        known = self.tracked.capacity()
        if known is not None:
            return self._given(Fact.UPGRADE_CAPACITY, (owner,), known)
        capacity = super().upgrade_capacity(owner)
        tech = self.tracked.tech(TechType.UPGRADE)
        level = tech.level if tech else 0
        learned = (*self.tracked.upgrade_capacity, (level, capacity))
        self.tracked = attrs.evolve(self.tracked, upgrade_capacity=learned)
        return capacity

    # --- his Blueprints, Scientists and Contracts ---------------------------------------

    def has_free_marker(self) -> bool:
        """Tracked."""
        free = self.tracked.free_advanced_markers > 0
        return self._given(Fact.HAS_FREE_MARKER, (), free)

    def has_scientist(self) -> bool:
        """Tracked."""
        has = bool(self.tracked.lacerda_scientists)
        return self._given(Fact.HAS_SCIENTIST, (), has)

    def scientist_count(self) -> int:
        """Tracked."""
        count = len(self.tracked.lacerda_scientists)
        return self._given(Fact.SCIENTIST_COUNT, (), count)

    def scientist(self, choice: Choice) -> ScientistPick[Described]:
        """Asked: which Scientist he hires, so the companion knows whom he scores."""
        value = self._read(Fact.CHOSEN_SCIENTIST, choice)
        assert isinstance(value, Scientist)
        return attrs.evolve(super().scientist(choice), scientist=value)

    def upgrade_blueprints(self) -> tuple[str, ...]:
        """None without an unused Blueprint; else asked about the map, naming his."""
        if not self.tracked.unused():
            return self._given(Fact.UPGRADE_BLUEPRINTS, (), ())
        known = self.remembers(Fact.UPGRADE_BLUEPRINTS)
        blueprints = super().upgrade_blueprints()
        if not known:
            self._using = self._named_card()
        return blueprints

    def blueprint_display(self) -> Display:
        """Asked; when it also names the card he takes, the companion keeps it."""
        known = self.remembers(Fact.BLUEPRINT_DISPLAY)
        display = super().blueprint_display()
        if not known:
            self._taking = self._named_card()
        return display

    # --- final scoring ------------------------------------------------------------------

    def ships_in_hangar(self) -> int:
        """Tracked."""
        return self._given(Fact.SHIPS_IN_HANGAR, (), self.tracked.ships_in_hangar)

    def built_blueprints(self, level: int) -> int:
        """Tracked: the Blueprints of *level* he used."""
        built = sum(1 for c in self.tracked.cards if c.used and c.level == level)
        return self._given(Fact.BUILT_BLUEPRINTS, (level,), built)

    def scientist_buildings(self) -> int:
        """Asked, naming the types; nothing to count without a Scientist."""
        if not self.tracked.lacerda_scientists:
            return self._given(Fact.SCIENTIST_BUILDINGS, (), 0)
        return super().scientist_buildings()

    def contracts(self, kind: ContractKind) -> int:
        """Tracked."""
        count = self.tracked.lacerda_contracts.count(kind)
        return self._given(Fact.CONTRACTS, (kind,), count)

    def living_quarters_top(self) -> int:
        """Tracked: printed, asked at set-up."""
        top = self.tracked.living_quarters_top
        if top is None:
            return super().living_quarters_top()
        return self._given(Fact.LIVING_QUARTERS_TOP, (), top)

    def requirement_met(self, index: int, requirement: Requirement) -> bool:
        """The Colony level is tracked; the rest of your Solo Goal is asked."""
        if requirement.kind is RequirementKind.COLONY_LEVEL:
            met = self.tracked.colony_level >= requirement.n
            return self._given(Fact.REQUIREMENT_MET, (index, requirement), met)
        return super().requirement_met(index, requirement)


def _carry_out(
    tracked: Tracked, gain: Gain, lab: tuple[LabSpace, ...], options: Options
) -> bool | None:
    """R-TO-2: whether he could carry out *gain* with *lab*; ``None``: the table must say.

    The kinds read as :mod:`lacerda_bot._board.usable` reads them. What only his
    player board decides is tracked (a Develop, a Ship); what also needs the
    shared board (a Tech tile on the grid, a Blueprint on the display, a
    building site, the Warehouse, an eligible building) is ``None`` unless his
    board alone already rules it out.
    """
    match gain.kind:
        case GainKind.CRYSTALS | GainKind.BOT | GainKind.COLONIST | GainKind.ROVER:
            return True  # R-CRYSTAL-2 caps the Crystals
        case GainKind.RESOURCES:
            return False
        case GainKind.OTHER:
            return options.unknown_gain is not UnknownGain.SKIP
        case GainKind.DEVELOP:
            return bool(movable(lab))
        case GainKind.SHIP:
            return tracked.ships_left > 0
        case GainKind.TECH:
            return None if entry_space(lab) is not None else False
        case GainKind.BLUEPRINT:
            return None if tracked.free_advanced_markers > 0 else False
        case GainKind.UPGRADE:
            return None if tracked.unused() else False
        case GainKind.CONSTRUCT:
            none_left = (
                gain.building is BuildingType.SHELTER and not tracked.shelters_left
            )
            return False if none_left else None
        case GainKind.WAREHOUSE:  # the Warehouse is on the shared board
            return None
        case unreachable:
            assert_never(unreachable)


def entered_spaces(
    tracked: Tracked,
    tech: TechType,
    free: tuple[LabSpace, ...],
    options: Options,
) -> tuple[LabSpace, ...] | None:
    """R-ORBIT-6: the best of the empty spaces *free* his *tech* tile touches, if known.

    One space (or none) is the answer. Of two, a space whose gain he can
    carry out beats one whose gain he cannot and a blank one; then R-TIE-1
    dominance; else both tie (R-TIE, top first). Their gains must be known
    (remembered), and every way the shared board could decide the gains the
    tracked board cannot (:func:`_carry_out`) must give the same spaces;
    otherwise ``None``: the player is asked.
    """
    if len(free) < 2:
        return free
    gains = [tracked.space_gains(s.id) for s in free]
    if any(g is None for g in gains):
        return None
    known = {s.id: g or () for s, g in zip(free, gains, strict=True)}
    verdicts: dict[tuple[HostId, int], bool | None] = {}
    for s in free:
        after = developed(tracked.lab_spaces, tech, s.id)
        for i, gain in enumerate(known[s.id]):
            verdicts[(s.id, i)] = _carry_out(tracked, gain, after, options)
    open_ = [k for k, v in verdicts.items() if v is None]
    outcomes: set[tuple[HostId, ...]] = set()
    for guess in itertools.product((True, False), repeat=len(open_)):
        said = {**verdicts, **dict(zip(open_, guess, strict=True))}
        carried = _carrier(known, said)
        best, _ = best_entries(
            tuple(attrs.evolve(s, gains=known[s.id]) for s in free),
            carried,
            gains_dominate,
        )
        outcomes.add(tuple(s.id for s in best))
    if len(outcomes) != 1:
        return None
    (ids,) = outcomes
    return tuple(s for s in free if s.id in ids)


def _carrier(
    gains: Mapping[HostId, tuple[Gain, ...]],
    verdicts: Mapping[tuple[HostId, int], bool | None],
) -> Callable[[LabSpace], tuple[Gain, ...]]:
    def carried(space: LabSpace) -> tuple[Gain, ...]:
        return tuple(
            g for i, g in enumerate(gains[space.id]) if verdicts.get((space.id, i))
        )

    return carried
