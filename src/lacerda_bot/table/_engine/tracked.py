"""His player board as the table companion tracks it: what only his decisions change.

At a physical table the companion is the host of Lacerda's own pieces. It
learns their printed start at set-up and then follows every decision he
makes: his Crystals and Depot, his Lab (its printed spaces in staggered
columns, his Tech tiles on them, and the gains of the spaces he has entered,
V9), his Blueprints, Advanced Building
markers, Scientists, Contracts, Shelters, Ships and Bots, his Colonist on the
Hire slot, the Colony level, the Shuttle's side and what he knows of the
Missions. The rules then read these facts from :class:`Tracked` instead of
asking the player (:mod:`lacerda_bot.table._engine.tracking`).

Only the shared board and the human's side are asked. What a decision does
not tell is asked once and remembered: the printed gain of a Lab space he has
never entered, a Mission's Crystals, his Upgrade Tech's capacity. Crystals a
Mission or a Shelter pays him are the host's (R-MISSION-3, R-BUILD-11): the
player tells the companion with ``fix``.
"""

from typing import assert_never, final

import attrs

from lacerda_bot import decisions as d
from lacerda_bot._lab import developed, learned, own_techs
from lacerda_bot.host import HostState
from lacerda_bot.language import Message, msg
from lacerda_bot.model import (
    BuildingType,
    ContractKind,
    Gain,
    HostId,
    LssReward,
    MissionSlot,
    Scientist,
    Side,
    TechType,
)
from lacerda_bot.records import LabSpace, OwnTech
from lacerda_bot.terms import building_name

__all__ = ["Card", "Mission", "Tracked", "track"]


@final
@attrs.frozen(kw_only=True)
class Card:
    """One of his Blueprints: its type and level, and whether he has used it."""

    building: BuildingType
    level: int
    used: bool = False

    @property
    def label(self) -> str:
        """How the table names it in answers and saves: ``greenhouse L3``."""
        return f"{self.building.value.replace('_', ' ')} L{self.level}"

    @property
    def name(self) -> Message:
        """How the table shows it to the player: ``Greenhouse L3``."""
        # Translators: one of his Blueprints, a building type and its level
        # (1 to 3): "Greenhouse L3".
        return msg(
            "{building} L{level}",
            building=building_name(self.building),
            level=self.level,
        )


@final
@attrs.frozen(kw_only=True)
class Mission:
    """What the companion knows of the Mission in one slot."""

    slot: MissionSlot
    crystals: int | None = None
    """Crystals per contribution, printed on the card (``None``: not asked yet)."""
    completed: bool = False
    """Once completed, a Mission stays completed."""


@final
@attrs.frozen(kw_only=True)
class Tracked:
    """His player board, as the companion follows it between steps."""

    crystals: int
    """His Crystals (all spendable between steps)."""
    depot: int
    """His Depot's spaces in all (his Crystals and the free spaces)."""
    supply_crystals: int | None = None
    """Crystals in the general supply; ``None``: not counted, assumed not empty."""
    supply_recount: bool = False
    """A building went up since the supply was counted: a Crystal on its site may
    have gone back to it (R-BUILD-4), so the count is asked again when it matters."""
    lab_spaces: tuple[LabSpace, ...] = ()
    """His Lab, space by space (V9): by column, then top first, with his tiles on them."""
    lab_columns: int = 0
    """The number of columns of his Lab (a Tech's highest level)."""
    known_spaces: frozenset[HostId] = frozenset()
    """The ids of the Lab spaces whose printed gain is known (asked once, remembered)."""
    cards: tuple[Card, ...] = ()
    free_advanced_markers: int = 8
    lacerda_scientists: tuple[Scientist, ...] = ()
    colonist_on_hire_slot: bool = False
    shelters_left: int = 4
    ships_left: int = 5
    bots_left: int = 3
    ships_in_hangar: int = 0
    lacerda_contracts: tuple[ContractKind, ...] = ()
    upgrade_capacity: tuple[tuple[int, int], ...] = ((0, 1),)
    """His Upgrade Tech's capacity (V19) by its level, as learned (level 0: no Tech)."""
    rover_on_map: bool = False
    """Whether his Rover has entered the map (it starts off it)."""
    shuttle_from: Side = Side.ORBIT
    missions: tuple[Mission, ...] = tuple(Mission(slot=s) for s in MissionSlot)
    living_quarters_top: int | None = None
    colony_level: int = 1
    contract_cost: int | None = None
    """Crystals a Contract costs (V11), printed: asked once."""
    lss_offers: tuple[tuple[BuildingType, LssReward, bool], ...] = ()
    """What each LSS type's step offers as its second benefit (V20), as learned."""

    @classmethod
    def of(cls, view: HostState) -> "Tracked":
        """Everything a host's *view* says of his player board (for tests and checks)."""
        lab = tuple(sorted(view.lab_spaces, key=lambda s: (s.column, s.position)))
        upgrade = next(
            (t.level for t in own_techs(lab) if t.tech is TechType.UPGRADE), 0
        )
        return cls(
            crystals=view.spendable_crystals,
            depot=view.spendable_crystals + view.free_depot_spaces,
            supply_crystals=view.supply_crystals,
            lab_spaces=lab,
            lab_columns=view.lab_columns,
            known_spaces=frozenset(s.id for s in lab),
            cards=tuple(
                Card(
                    building=b.blueprint.building,
                    level=b.blueprint.level,
                    used=b.used,
                )
                for b in sorted(view.lacerda_blueprints, key=lambda b: b.blueprint.id)
            ),
            free_advanced_markers=view.free_advanced_markers,
            lacerda_scientists=tuple(view.lacerda_scientists),
            colonist_on_hire_slot=view.colonist_on_hire_slot,
            shelters_left=view.shelters_left,
            ships_left=view.ships_left,
            bots_left=view.bots_left,
            ships_in_hangar=view.ships_in_hangar,
            lacerda_contracts=tuple(view.lacerda_contracts),
            upgrade_capacity=((upgrade, view.own_upgrade_capacity),),
            rover_on_map=view.lacerda_rover is not None,
            shuttle_from=view.shuttle_from,
            missions=tuple(
                Mission(slot=m.slot, crystals=m.crystals, completed=m.completed)
                for m in sorted(view.missions, key=lambda m: m.slot.value)
            ),
            living_quarters_top=view.living_quarters_top,
            colony_level=view.colony_level,
            contract_cost=view.contract_crystal_cost,
            lss_offers=tuple(
                (kind, reward, reward in offered.get(kind, tuple(LssReward)))
                for offered in [{o.building: o.rewards for o in view.lss_rewards}]
                for kind in BuildingType
                for reward in LssReward
            ),
        )

    @property
    def free_depot_spaces(self) -> int:
        """His free Depot spaces."""
        return self.depot - self.crystals

    @property
    def lacerda_techs(self) -> tuple[OwnTech, ...]:
        """His Techs, read from his Lab's spaces (V9), in the Lab's order."""
        return own_techs(self.lab_spaces)

    def tech(self, tech: TechType) -> OwnTech | None:
        """His *tech* Tech, if he has it."""
        return next((t for t in self.lacerda_techs if t.tech is tech), None)

    def space(self, space: HostId) -> LabSpace:
        """His Lab space *space*."""
        return next(s for s in self.lab_spaces if s.id == space)

    def space_gains(self, space: HostId) -> tuple[Gain, ...] | None:
        """The printed gain of Lab space *space*, or ``None`` if not known yet."""
        if space not in self.known_spaces:
            return None
        return self.space(space).gains

    def with_space_gains(self, space: HostId, gains: tuple[Gain, ...]) -> "Tracked":
        """Remember the printed gain of Lab space *space*."""
        lab = tuple(
            attrs.evolve(s, gains=gains) if s.id == space else s
            for s in self.lab_spaces
        )
        return attrs.evolve(
            self, lab_spaces=lab, known_spaces=self.known_spaces | {space}
        )

    def offers(self, kind: BuildingType, reward: LssReward) -> bool | None:
        """Whether *kind*'s LSS step offers *reward*, if known."""
        return next(
            (o for k, r, o in self.lss_offers if k is kind and r is reward), None
        )

    def mission(self, slot: MissionSlot) -> Mission:
        """What is known of the Mission in *slot*."""
        return next(m for m in self.missions if m.slot is slot)

    def with_mission(self, mission: Mission) -> "Tracked":
        """Remember *mission*."""
        missions = tuple(
            mission if m.slot is mission.slot else m for m in self.missions
        )
        return attrs.evolve(self, missions=missions)

    def capacity(self) -> int | None:
        """His Upgrade Tech's capacity at its present level (0 without it), if known."""
        tech = self.tech(TechType.UPGRADE)
        return dict(self.upgrade_capacity).get(tech.level if tech else 0)

    def unused(self) -> tuple[Card, ...]:
        """His Blueprints he has not used, in the order he took them."""
        return tuple(c for c in self.cards if not c.used)


def _crystals(tracked: Tracked, change: int) -> Tracked:
    """Add *change* to his Crystals."""
    return attrs.evolve(tracked, crystals=tracked.crystals + change)


def _supply(tracked: Tracked, change: int) -> Tracked:
    if tracked.supply_crystals is None:
        return tracked
    return attrs.evolve(tracked, supply_crystals=tracked.supply_crystals + change)


def _built(tracked: Tracked) -> Tracked:
    """A building went up: a Crystal on its site went back to a counted supply."""
    if tracked.supply_crystals is None or tracked.supply_recount:
        return tracked
    return attrs.evolve(tracked, supply_recount=True)


def _gain(tracked: Tracked, decision: d.GainCrystals[d.Described]) -> Tracked:
    assert isinstance(
        decision.kept, int
    )  # his Depot is known when he gains (R-CRYSTAL-2)
    tracked = _supply(tracked, -decision.kept if decision.source.from_supply else 0)
    return _crystals(tracked, decision.kept)


def _learn(tracked: Tracked, decision: d.LearnTech[d.Described]) -> Tracked:
    """R-ORBIT-5: his new tile on the entry space the companion named."""
    assert isinstance(decision.tech, TechType)  # the companion asked which Tech it is
    assert isinstance(decision.lab_space, str)  # named from the tracked Lab
    lab = learned(tracked.lab_spaces, HostId(decision.lab_space), decision.tech)
    return attrs.evolve(tracked, lab_spaces=lab)


def _develop(tracked: Tracked, decision: d.DevelopTech[d.Described]) -> Tracked:
    """R-ORBIT-6: his tile moved onto the empty space the companion named."""
    assert isinstance(decision.tech, TechType)
    assert isinstance(decision.space, str)
    lab = developed(tracked.lab_spaces, decision.tech, HostId(decision.space))
    return attrs.evolve(tracked, lab_spaces=lab)


def track(tracked: Tracked, decision: d.Decision[d.Described]) -> Tracked:
    """*tracked* after *decision*: the effect of each decision on his player board."""
    match decision:
        case d.GainCrystals():
            return _gain(tracked, decision)
        case d.PayCrystals():
            return _supply(_crystals(tracked, -decision.amount), decision.amount)
        case d.LearnTech():
            return _learn(tracked, decision)
        case d.DevelopTech():
            return _develop(tracked, decision)
        case d.ObtainBlueprint():
            markers = tracked.free_advanced_markers - 1
            return attrs.evolve(tracked, free_advanced_markers=markers)
        case d.HireScientist():
            assert isinstance(decision.scientist, Scientist)
            return attrs.evolve(
                tracked,
                lacerda_scientists=(*tracked.lacerda_scientists, decision.scientist),
                colonist_on_hire_slot=True,
            )
        case d.TakeContract():  # his Colonist stays on the Colony 3 slot (R-COST-5)
            contracts = (*tracked.lacerda_contracts, decision.kind)
            return attrs.evolve(
                tracked, lacerda_contracts=contracts, colonist_on_hire_slot=True
            )
        case d.ChooseLssReward():
            if decision.reward is LssReward.RETRIEVE_COLONIST:
                return attrs.evolve(tracked, colonist_on_hire_slot=False)
            return tracked
        case d.BuildShelter():
            tracked = _built(tracked)
            return attrs.evolve(tracked, shelters_left=tracked.shelters_left - 1)
        case d.Construct():
            return _built(tracked)
        case d.GainShip():  # a Ship leaves his Depot: one more free space
            return attrs.evolve(
                tracked,
                depot=tracked.depot + 1,
                ships_left=tracked.ships_left - 1,
                ships_in_hangar=tracked.ships_in_hangar + 1,
            )
        case d.GainBot():
            return attrs.evolve(tracked, bots_left=tracked.bots_left - 1)
        case d.MoveRover() if decision.path:
            return attrs.evolve(tracked, rover_on_map=True)
        case d.RelocateRover():
            return attrs.evolve(tracked, rover_on_map=True)
        case d.StartingSpace():  # the Shuttle starts on his side (R-SETUP-7)
            return attrs.evolve(tracked, shuttle_from=decision.side)
        case (
            d.RevealCard()
            | d.AdvanceMission()
            | d.PlaceColonist()
            | d.ActionImpossible()
            | d.Upgrade()
            | d.RefillContractDisplay()
            | d.MoveRover()
            | d.CollectTile()
            | d.AdvanceProgressBot()
            | d.Travel()
            | d.Stay()
            | d.TakeBenefit()
            | d.TakeWarehouseItem()
            | d.PlaceDiscoveryTile()
            | d.GiveOxygen()
            | d.LoseBenefit()
            | d.SkipTurn()
        ):
            return tracked
        case unreachable:
            assert_never(unreachable)
