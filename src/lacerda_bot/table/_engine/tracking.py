"""The facts at the table when the companion tracks his player board.

:class:`TrackedFacts` is :class:`~lacerda_bot.table._engine.asked.AskedFacts` with a
working copy of :class:`~lacerda_bot.table._engine.tracked.Tracked`: every fact about
his own pieces comes from it (logged as read, never asked), each of his
decisions updates it (:func:`~lacerda_bot.table._engine.tracked.track`), and only the
shared board and the human's side are asked. What the companion cannot follow
is asked once and then remembered: the printed gain of a Lab space, a
Mission's Crystals, his Upgrade Tech's capacity, his Crystals after a Mission
may have paid him. What he takes is named (which Tech, Scientist, Blueprint),
so the companion knows his board afterwards.
"""

import itertools
from collections.abc import Callable, Mapping
from typing import Final, TypeVar, assert_never

import attrs

from lacerda_bot import _queries as q
from lacerda_bot._answers import Answers
from lacerda_bot._dominance import gains_dominate
from lacerda_bot._facts import DevelopChoice, Display, Name, Query, Read
from lacerda_bot._lab import (
    best_entries,
    choose_development,
    developed,
    entry_space,
    free_ahead,
    level_of,
    movable,
)
from lacerda_bot._rules.goals import RequirementKind
from lacerda_bot._rules.scoring import (
    BuiltBlueprints,
    Contracts,
    LivingQuartersTop,
    RequirementMet,
    ScientistBuildings,
    ShipsInHangar,
)
from lacerda_bot.decisions import (
    Decision,
    Described,
    DevelopTech,
    GainCrystals,
    LearnTech,
    MoveRover,
    ObtainBlueprint,
    Upgrade,
)
from lacerda_bot.lab import PRINTED_COLUMNS, space_id, staggered
from lacerda_bot.model import (
    BuildingType,
    Gain,
    GainKind,
    HostId,
    MissionSlot,
    Owner,
    Scientist,
    Side,
    TechType,
)
from lacerda_bot.options import Options, UnknownGain
from lacerda_bot.records import LabSpace
from lacerda_bot.table._engine.asked import AnswerSource, AskedFacts, FactSource
from lacerda_bot.table._engine.questions import Wording
from lacerda_bot.table._engine.tracked import Card, Mission, Tracked, track

__all__ = ["TrackedFacts", "column_sizes", "shelter_start", "start_board"]

T = TypeVar("T")


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
    crystals = facts.answer(q.StartCrystals())
    free = facts.answer(q.StartFreeDepot())
    columns = facts.answer(q.LabColumns())
    shelter = facts.answer(q.StartShelterTech())
    quarters = facts.answer(q.StartLivingQuarters())
    missions = tuple(
        Mission(slot=slot, crystals=facts.answer(q.StartMissionCrystals(slot)))
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


_TRACKED: Final["Answers[TrackedFacts]"] = Answers()
"""The facts and names :class:`TrackedFacts` answers from his tracked board."""


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
        self._taking: tuple[BuildingType, int] | None = None
        """The Blueprint the player named with the display question, if he did."""
        self._using: tuple[BuildingType, int] | None = None
        """The Blueprint the player named with the Upgrade question, if he did."""
        self._reward: tuple[Gain, ...] | None = None
        """What the tile he is heading for gives, named with its cost."""
        self._on_way: int | None = None
        """Crystals the richest shortest path holds, when he may pick up them all."""

    def answer(self, query: Query[T]) -> T:
        """From his tracked board where it tells; else as :class:`AskedFacts` does."""
        return _TRACKED.answer(self, query, super().answer)

    def name(self, query: Name[T]) -> T | Described:  # type: ignore[override]
        """His own pieces by name from his tracked board; else what the table says."""
        value: T | Described = _TRACKED.give_name(self, query, super().name)
        return value

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
            building, level = self._given(q.ObtainedBlueprint(), taking)
        else:
            building, level = self.answer(q.ObtainedBlueprint())
        card = Card(building=building, level=level)
        self.tracked = attrs.evolve(self.tracked, cards=(*self.tracked.cards, card))

    def _used_blueprint(self) -> None:
        distinct = tuple(
            dict.fromkeys((c.building, c.level) for c in self.tracked.unused())
        )
        using, self._using = self._using, None
        if using is not None:
            value = self._given(q.UsedBlueprint(), using)
        elif len(distinct) == 1:
            value = self._given(q.UsedBlueprint(), distinct[0])
        else:
            value = self.answer(q.UsedBlueprint())
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

    @_TRACKED.fact(q.SpendableCrystals)
    def _spendable_crystals(self, query: q.SpendableCrystals) -> int:
        """Tracked (R-CRYSTAL-3: this step's gains only with the option)."""
        crystals = self.tracked.crystals
        gained = 0 if self.options.same_call_gains_spendable else self._gained
        return self._given(query, crystals - gained)

    @_TRACKED.name(q.CrystalsKept)
    def _crystals_kept(self, query: q.CrystalsKept) -> int:
        """Tracked: as many as his Depot (and a counted supply) hold (R-CRYSTAL-2)."""
        requested, source = query.requested, query.source
        free = self.tracked.depot - self.tracked.crystals
        room = self.answer(q.SupplyCrystals()) if source.from_supply else requested
        return max(0, min(requested, free, room))

    @_TRACKED.fact(q.SupplyCrystals)
    def _supply_crystals(self, query: q.SupplyCrystals) -> int:
        """Tracked once counted; asked again after a building went up (R-BUILD-4).

        Not counted (as the companion plays): assumed to hold at least what his
        Depot could take, so that it never caps a gain.
        """
        tracked = self.tracked
        if tracked.supply_crystals is None:
            return self._given(query, tracked.depot)
        if not tracked.supply_recount:
            return self._given(query, tracked.supply_crystals)
        supply = super().answer(query)
        self.tracked = attrs.evolve(
            tracked, supply_crystals=supply, supply_recount=False
        )
        return supply

    @_TRACKED.fact(q.SupplyHasCrystal)
    def _supply_has_crystal(self, query: q.SupplyHasCrystal) -> bool:
        """Tracked: the supply is assumed to hold Crystals unless counted empty.

        Counted empty before a building went up: asked (a Crystal on its site
        went back to it, R-BUILD-4).
        """
        supply = self.tracked.supply_crystals
        if supply == 0 and self.tracked.supply_recount:
            return super().answer(query)
        return self._given(query, supply is None or supply > 0)

    @_TRACKED.fact(q.ContractCrystalCost)
    def _contract_crystal_cost(self, query: q.ContractCrystalCost) -> int:
        """Asked once (printed), then remembered."""
        known = self.tracked.contract_cost
        if known is not None:
            return self._given(query, known)
        cost = super().answer(query)
        self.tracked = attrs.evolve(self.tracked, contract_cost=cost)
        return cost

    @_TRACKED.fact(q.HasShipLeft)
    def _has_ship_left(self, query: q.HasShipLeft) -> bool:
        """Tracked."""
        return self._given(query, self.tracked.ships_left > 0)

    @_TRACKED.fact(q.HasBotLeft)
    def _has_bot_left(self, query: q.HasBotLeft) -> bool:
        """Tracked."""
        return self._given(query, self.tracked.bots_left > 0)

    @_TRACKED.fact(q.HasShelterLeft)
    def _has_shelter_left(self, query: q.HasShelterLeft) -> bool:
        """Tracked."""
        return self._given(query, self.tracked.shelters_left > 0)

    @_TRACKED.fact(q.RoverOnNewBuilding)
    def _rover_on_new_building(self, query: q.RoverOnNewBuilding) -> bool:
        """Not asked while his Rover has not entered the map."""
        if not self.tracked.rover_on_map:
            return self._given(query, False)
        return super().answer(query)

    @_TRACKED.fact(q.TargetCrystalCost)
    def _target_crystal_cost(self, query: q.TargetCrystalCost) -> int:
        """Asked with what the tile gives (remembered until he collects it)."""
        cost = super().answer(query)
        self._reward = self.foreseen(q.CollectedTileReward)
        return cost

    @_TRACKED.fact(q.CollectedTileReward)
    def _collected_tile_reward(self, query: q.CollectedTileReward) -> tuple[Gain, ...]:
        """Given when named with the tile's cost; else asked."""
        reward, self._reward = self._reward, None
        if reward is not None:
            return self._given(query, reward)
        return super().answer(query)

    @_TRACKED.fact(q.CrystalsOnWay)
    def _crystals_on_way(self, query: q.CrystalsOnWay) -> bool:
        """Asked as a count: the richest path's Crystals are what he then picks up.

        He takes a path holding the most Crystals, counting at most his free
        Depot spaces (R-ROVER-6); if the richest holds no more than that, every
        path he may take holds exactly as many, and he enters them all.
        """
        on_way = super().answer(query)
        most = self.foreseen(q.MovedCrystalCount)
        fits = most is not None and most <= self.tracked.free_depot_spaces
        self._on_way = most if on_way and fits else None
        return on_way

    @_TRACKED.fact(q.MovedCrystalCount)
    def _moved_crystal_count(self, query: q.MovedCrystalCount) -> int:
        """Given when the count of the richest path said it; else asked."""
        on_way, self._on_way = self._on_way, None
        if on_way is not None:
            return self._given(query, on_way)
        return super().answer(query)

    @_TRACKED.fact(q.ObtainedPickupCrystals)
    def _obtained_pickup_crystals(self, query: q.ObtainedPickupCrystals) -> int:
        """T5: a Shelter Blueprint gives a Crystal on pickup; the others a Resource."""
        card = self.tracked.cards[-1]  # named when he took it
        crystals = int(card.building is BuildingType.SHELTER)
        return self._given(query, crystals)

    @_TRACKED.fact(q.LssOffers)
    def _lss_offers(self, query: q.LssOffers) -> bool:
        """Asked once per LSS type and benefit (printed for the game), then remembered."""
        kind, reward = query.kind, query.reward
        known = self.tracked.offers(kind, reward)
        if known is not None:
            return self._given(query, known)
        offered = super().answer(query)
        learned = (*self.tracked.lss_offers, (kind, reward, offered))
        self.tracked = attrs.evolve(self.tracked, lss_offers=learned)
        return offered

    @_TRACKED.fact(q.ColonistOnHireSlot)
    def _colonist_on_hire_slot(self, query: q.ColonistOnHireSlot) -> bool:
        """Tracked."""
        on = self.tracked.colonist_on_hire_slot
        return self._given(query, on)

    # --- Missions and the Shuttle ---------------------------------------------------

    @_TRACKED.fact(q.MissionCompleted)
    def _mission_completed(self, query: q.MissionCompleted) -> bool:
        """Asked until completed, then remembered."""
        slot = query.slot
        known = self.tracked.mission(slot)
        if known.completed:
            return self._given(query, True)
        done = super().answer(query)
        if done:
            self.tracked = self.tracked.with_mission(
                attrs.evolve(known, completed=True)
            )
        return done

    @_TRACKED.fact(q.MissionCrystals)
    def _mission_crystals(self, query: q.MissionCrystals) -> int:
        """Asked once per Mission, then remembered."""
        slot = query.slot
        known = self.tracked.mission(slot)
        if known.crystals is not None:
            return self._given(query, known.crystals)
        crystals = super().answer(query)
        self.tracked = self.tracked.with_mission(attrs.evolve(known, crystals=crystals))
        return crystals

    @_TRACKED.fact(q.ShuttleDeparts)
    def _shuttle_departs(self, query: q.ShuttleDeparts) -> bool:
        """Asked; when it departs, the companion moves it to the other side."""
        departs = super().answer(query)
        self._departed = departs
        return departs

    @_TRACKED.fact(q.ShuttleFrom)
    def _shuttle_from(self, query: q.ShuttleFrom) -> Side:
        """Tracked: it starts on his side and changes side each time it departs."""
        return self._given(query, self.tracked.shuttle_from)

    # --- his Techs and his Lab --------------------------------------------------------

    @_TRACKED.fact(q.TechLevel)
    def _tech_level(self, query: q.TechLevel) -> int:
        """Tracked for him (the column of his tile); asked for you."""
        tech, owner = query.tech, query.owner
        if owner is Owner.HUMAN:
            return super().answer(query)
        level = level_of(self.tracked.lab_spaces, tech)
        return self._given(query, level)

    def _movable(self) -> list[LabSpace]:
        """R-ORBIT-6: his tiles touching an empty space of the next column."""
        return movable(self.tracked.lab_spaces)

    @_TRACKED.fact(q.LabEntryFree)
    def _lab_entry_free(self, query: q.LabEntryFree) -> bool:
        """Tracked: whether a space of his Lab's first column is empty (R-ORBIT-5)."""
        free = entry_space(self.tracked.lab_spaces) is not None
        return self._given(query, free)

    @_TRACKED.name(q.TileTech)
    def _tile_tech(self, query: q.TileTech) -> TechType:
        """Asked: which Tech the tile is, so the companion knows his Lab."""
        return self.answer(q.TechTileType(query.choice))

    @_TRACKED.name(q.EntrySpaceId)
    def _entry_space(self, query: q.EntrySpaceId) -> HostId:
        """Tracked: his topmost empty entry space (R-ORBIT-5)."""
        space = entry_space(self.tracked.lab_spaces)
        assert space is not None  # the rules read lab_entry_free first
        return space.id

    def _space_gains(
        self, query: q.LearnedSpaceGains | q.DevelopedSpaceGains
    ) -> tuple[Gain, ...]:
        entered = self._entered
        assert entered is not None  # read right after LearnTech or DevelopTech
        known = self.tracked.space_gains(entered)
        if known is not None:
            return self._given(query, known)
        gains = self._asked(query)
        self.tracked = self.tracked.with_space_gains(entered, gains)
        return gains

    @_TRACKED.fact(q.LearnedSpaceGains)
    def _learned_space_gains(self, query: q.LearnedSpaceGains) -> tuple[Gain, ...]:
        """Asked once per space of his Lab, then remembered."""
        return self._space_gains(query)

    @_TRACKED.fact(q.DevelopedSpaceGains)
    def _developed_space_gains(self, query: q.DevelopedSpaceGains) -> tuple[Gain, ...]:
        """Asked once per space of his Lab, then remembered."""
        return self._space_gains(query)

    @_TRACKED.fact(q.CanAdvanceAny)
    def _can_advance_any(self, query: q.CanAdvanceAny) -> bool:
        """Tracked."""
        return self._given(query, bool(self._movable()))

    @_TRACKED.fact(q.CanAdvanceOther)
    def _can_advance_other(self, query: q.CanAdvanceOther) -> bool:
        """Tracked."""
        than = query.than
        other = any(t.tech is not than for t in self._movable())
        return self._given(query, other)

    @_TRACKED.fact(q.HasTech)
    def _has_tech(self, query: q.HasTech) -> bool:
        """Tracked."""
        tech = query.tech
        return self._given(query, self.tracked.tech(tech) is not None)

    @_TRACKED.fact(q.CanAdvanceAgain)
    @_TRACKED.fact(q.CanAdvanceTech)
    def _can_advance_tech(self, query: q.CanAdvanceTech | q.CanAdvanceAgain) -> bool:
        """Tracked: whether that Tech can advance (again, after a step), alike."""
        tech = query.tech
        can = any(t.tech is tech for t in self._movable())
        return self._given(query, can)

    @_TRACKED.name(q.Developing)
    def _developing(self, query: q.Developing[Described]) -> TechType:
        """Tracked: the Tech R-ORBIT-6 picks, by name."""
        most = query.choice is DevelopChoice.MOST
        previous = query.previous
        assert most or not isinstance(previous, Described)
        space = choose_development(
            self.tracked.lab_spaces,
            most=most,
            previous=None if most or isinstance(previous, Described) else previous,
        )
        assert space is not None  # the engine read can_advance_* first
        assert space.tech is not None
        return space.tech

    def _level(self, tech: TechType | Described) -> int:
        assert isinstance(tech, TechType)  # the tracked rules name his Tech
        return level_of(self.tracked.lab_spaces, tech)

    @_TRACKED.name(q.DevelopFrom)
    def _develop_from(self, query: q.DevelopFrom[Described]) -> int:
        """Tracked: the column of his tile."""
        return self._level(query.tech)

    @_TRACKED.name(q.DevelopTo)
    def _develop_to(self, query: q.DevelopTo[Described]) -> int:
        """Tracked: the next column."""
        return self._level(query.tech) + 1

    @_TRACKED.fact(q.DevelopSpaces)
    def _develop_spaces(self, query: q.DevelopSpaces) -> tuple[str, ...]:
        """R-ORBIT-6: tracked where the companion can tell; else asked, top or bottom.

        The empty spaces his tile touches come from the tracked Lab. With one,
        nothing is asked. With two, the companion weighs their remembered
        gains (:func:`entered_spaces`) and asks only when what it cannot see
        (the shared board) could change which space wins.
        """
        tech = query.tech
        assert isinstance(tech, TechType)  # the tracked rules name his Tech
        lab = self.tracked.lab_spaces
        own = self.tracked.tech(tech)
        assert own is not None  # the engine read can_advance_* first
        free = free_ahead(lab, own.space)
        known = entered_spaces(self.tracked, tech, free, self.options)
        if known is not None:
            labels: tuple[str, ...] = tuple(s.id for s in known)
            self._spaces[tech] = labels
            return self._given(query, labels)
        labels = self._asked(query)
        self._spaces[tech] = labels
        return labels

    @_TRACKED.name(q.DevelopSpaceId)
    def _develop_space(self, query: q.DevelopSpaceId[Described]) -> HostId:
        """Named: the space of those :class:`DevelopSpaces` gave that the tie chose."""
        tech = query.tech
        assert isinstance(tech, TechType)
        return HostId(self._spaces[tech][query.choice.index])

    @_TRACKED.fact(q.UpgradeCapacity)
    def _upgrade_capacity(self, query: q.UpgradeCapacity) -> int:
        """His: asked once per level of his Upgrade Tech, then remembered; yours asked."""
        owner = query.owner
        if owner is Owner.HUMAN:
            return super().answer(query)
        known = self.tracked.capacity()
        if known is not None:
            return self._given(query, known)
        capacity = super().answer(query)
        tech = self.tracked.tech(TechType.UPGRADE)
        level = tech.level if tech else 0
        learned = (*self.tracked.upgrade_capacity, (level, capacity))
        self.tracked = attrs.evolve(self.tracked, upgrade_capacity=learned)
        return capacity

    # --- his Blueprints, Scientists and Contracts ---------------------------------------

    @_TRACKED.fact(q.HasFreeMarker)
    def _has_free_marker(self, query: q.HasFreeMarker) -> bool:
        """Tracked."""
        free = self.tracked.free_advanced_markers > 0
        return self._given(query, free)

    @_TRACKED.fact(q.HasScientist)
    def _has_scientist(self, query: q.HasScientist) -> bool:
        """Tracked."""
        has = bool(self.tracked.lacerda_scientists)
        return self._given(query, has)

    @_TRACKED.fact(q.ScientistCount)
    def _scientist_count(self, query: q.ScientistCount) -> int:
        """Tracked."""
        count = len(self.tracked.lacerda_scientists)
        return self._given(query, count)

    @_TRACKED.name(q.HiredScientist)
    def _hired_scientist(self, query: q.HiredScientist) -> Scientist:
        """Asked: which Scientist he hires, so the companion knows whom he scores."""
        return self.answer(q.ChosenScientist(query.choice))

    @_TRACKED.fact(q.UpgradeBlueprints)
    def _upgrade_blueprints(self, query: q.UpgradeBlueprints) -> tuple[str, ...]:
        """None without an unused Blueprint; else asked about the map, naming his."""
        if not self.tracked.unused():
            return self._given(query, ())
        known = self.remembers(query)
        blueprints = super().answer(query)
        if not known:
            self._using = self.foreseen(q.UsedBlueprint)
        return blueprints

    @_TRACKED.fact(q.BlueprintDisplay)
    def _blueprint_display(self, query: q.BlueprintDisplay) -> Display:
        """Asked; when it also names the card he takes, the companion keeps it."""
        known = self.remembers(query)
        display = super().answer(query)
        if not known:
            self._taking = self.foreseen(q.ObtainedBlueprint)
        return display

    # --- final scoring ------------------------------------------------------------------

    @_TRACKED.fact(ShipsInHangar)
    def _ships_in_hangar(self, query: ShipsInHangar) -> int:
        """Tracked."""
        return self._given(query, self.tracked.ships_in_hangar)

    @_TRACKED.fact(BuiltBlueprints)
    def _built_blueprints(self, query: BuiltBlueprints) -> int:
        """Tracked: the Blueprints of *level* he used."""
        level = query.level
        built = sum(1 for c in self.tracked.cards if c.used and c.level == level)
        return self._given(query, built)

    @_TRACKED.fact(ScientistBuildings)
    def _scientist_buildings(self, query: ScientistBuildings) -> int:
        """Asked, naming the types; nothing to count without a Scientist."""
        if not self.tracked.lacerda_scientists:
            return self._given(query, 0)
        return super().answer(query)

    @_TRACKED.fact(Contracts)
    def _contracts(self, query: Contracts) -> int:
        """Tracked."""
        kind = query.kind
        count = self.tracked.lacerda_contracts.count(kind)
        return self._given(query, count)

    @_TRACKED.fact(LivingQuartersTop)
    def _living_quarters_top(self, query: LivingQuartersTop) -> int:
        """Tracked: printed, asked at set-up."""
        top = self.tracked.living_quarters_top
        if top is None:
            return super().answer(query)
        return self._given(query, top)

    @_TRACKED.fact(RequirementMet)
    def _requirement_met(self, query: RequirementMet) -> bool:
        """The Colony level is tracked; the rest of your Solo Goal is asked."""
        requirement = query.requirement
        if requirement.kind is RequirementKind.COLONY_LEVEL:
            met = self.tracked.colony_level >= requirement.n
            return self._given(query, met)
        return super().answer(query)


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
