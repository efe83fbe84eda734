"""Facts asked at the table: the companion's source of facts for the library's rules.

:class:`AskedFacts` answers each fact a rule reads from what the companion
already knows (his side; facts read earlier in the step and not changed by a
decision since), and otherwise asks the player through its *answer source*
(:mod:`lacerda_bot.table.questions` words the question). A source that has
no answer yet raises :class:`Unanswered`: the step stops there, the player
answers, and the step runs again from its start with one more answer. The
rules are pure and seeded, so each run repeats the last exactly.

Where a decision names a place or card the table cannot name, it carries a
:class:`~lacerda_bot.decisions.Described`: what the table says instead.
"""

from collections.abc import Callable
from typing import Protocol, TypeVar, runtime_checkable

from lacerda_bot._rules.goals import Requirement
from lacerda_bot.decisions import (
    ChooseLssReward,
    Criterion,
    CrystalSource,
    Decision,
    Described,
    DevelopTech,
    GainCrystals,
    HireScientist,
    LearnTech,
    PayCrystals,
    PlaceColonist,
    StartingSpace,
    TakeContract,
    Travel,
)
from lacerda_bot.errors import InvalidValueError
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
)
from lacerda_bot.model import (
    Action,
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
)
from lacerda_bot.options import Options
from lacerda_bot.table.dialogue import Answer, Question
from lacerda_bot.table.forgetting import about_your_techs, changed_by
from lacerda_bot.table.questions import Shape, Wording, fact_key, shape_of
from lacerda_bot.trace import Candidate, Explanation, Removal

__all__ = ["AnswerSource", "AskedFacts", "FactSource", "Unanswered"]

AnswerSource = Callable[[Question], Answer]
"""Gives the answer to a question, or raises :class:`Unanswered`."""


@runtime_checkable
class FactSource(Protocol):
    """Gives the value of each fact the table asks: a player who reads a board perfectly.

    The table asks its questions all the same and answers them with what the
    value means (:meth:`~lacerda_bot.table.questions.Shape.answers`), so the
    questions are counted and checked as a player's would be. For tests and
    measurements that answer from a board.
    """

    def value(self, read: Read, index: int) -> object:
        """The value of *read*, the step's read number *index* (from 0).

        *read* names the fact and its arguments; a tie's value is its number of
        options. Reads the table answers from memory count in *index* too.
        """
        ...

    def ahead(self, fact: Fact, index: int) -> object:
        """The value of the next read of *fact* after read number *index*.

        For a question that also names what the rules learn later (which
        Blueprint he takes, asked with whether the display is empty).
        """
        ...


class Unanswered(Exception):  # noqa: N818 - a signal: stop and ask
    """The player has not answered *question* yet: the step stops to ask it.

    A control-flow signal between an answer source and the driver, which
    always catches it; it is not an error, so it is no ``LacerdaBotError``.
    """

    def __init__(self, question: Question) -> None:
        """Carry the question to ask."""
        super().__init__(question.key)
        self.question = question


_Key = tuple[Fact, tuple[object, ...]]
T = TypeVar("T")


def _described(criterion: Criterion, choice: Choice | None = None) -> Described:
    if choice is None:
        return Described(criterion=criterion)
    return Described(criterion=criterion, number=choice.index + 1, of=choice.of)


class _Answering:
    """Answers each question of a fact with what a :class:`FactSource` says it is."""

    def __init__(self, facts: "AskedFacts", source: FactSource) -> None:
        self.facts = facts
        self.source = source
        self.pending: Read | None = None
        self.queue: list[Answer] = []

    def __call__(self, question: Question) -> Answer:
        facts = self.facts
        assert facts.pending is not None
        assert facts.pending_shape is not None
        if facts.pending is not self.pending:
            self.pending = facts.pending
            shape = facts.pending_shape
            value = self.source.value(facts.pending, facts.reads)
            if facts.pending.fact.tied and isinstance(value, int):
                value = ("option",) * value
            later = shape.lookahead
            ahead = None if later is None else self.source.ahead(later, facts.reads)
            self.queue = list(shape.answers(value, ahead))
        return self.queue.pop(0)


class AskedFacts:
    """The facts of a game at the table: known, remembered within the step, or asked."""

    def __init__(
        self,
        source: AnswerSource | FactSource,
        *,
        step: str,
        side: Side | None,
        options: Options,
        log: list[Read] | None = None,
    ) -> None:
        """Ask through *source*; keys start with *step*; *side* is his tracked side."""
        self.source: AnswerSource = (
            _Answering(self, source) if isinstance(source, FactSource) else source
        )
        self.asked = 0
        """How many questions the source answered."""
        self.reads = -1
        """The number of the read in progress in this step (from 0)."""
        self.said: list[Answer] = []
        """The answers given to the last fact asked (a question may name more)."""
        self.step = step
        self.side_now = side
        self.options = options
        self.log = log
        self._known: dict[_Key, object] = {}
        self.pending: Read | None = None
        """The fact being asked, for answer sources that answer from a board."""
        self.pending_shape: Shape | None = None
        """How it is asked (its :meth:`~lacerda_bot.table.questions.Shape.answers`)."""

    # --- reading ---------------------------------------------------------------

    def _read(self, fact: Fact, *args: object) -> object:
        self.reads += 1
        key: _Key = (fact, args)
        if key in self._known:
            value = self._known[key]
        else:
            shape = shape_of(fact, args, self._wording())
            self.said = []
            self.pending, self.pending_shape = (
                Read(fact=fact, args=args, value=None),
                shape,
            )
            value = shape.read(self._ask, f"{self.step}.{fact_key(fact, args)}")
            self.pending, self.pending_shape = None, None
            self._known[key] = value
        if self.log is not None:
            logged = len(value) if isinstance(value, tuple) and fact.tied else value
            self.log.append(Read(fact=fact, args=args, value=logged))
        return value

    def count(self, fact: Fact, *args: object) -> int:
        """A count only the table reads (his printed start, his Crystals), asked."""
        return self._int(fact, *args)

    def _wording(self) -> Wording:
        """What the questions' words may depend on."""
        return Wording(side=self.side_now, options=self.options, known=self._known)

    def _given(self, fact: Fact, args: tuple[object, ...], value: T) -> T:
        """A fact the companion knows without asking: read, logged, not asked."""
        self.reads += 1
        if self.log is not None:
            logged = len(value) if isinstance(value, tuple) and fact.tied else value
            self.log.append(Read(fact=fact, args=args, value=logged))
        return value

    def remembers(self, fact: Fact, *args: object) -> bool:
        """Whether the answer to *fact* is known without asking."""
        return (fact, args) in self._known

    def _ask(self, question: Question) -> Answer:
        """The source's answer, refused if it does not fit the question."""
        answer = self.source(question)
        self.asked += 1
        self.said.append(answer)
        if not question.accepts(answer):
            raise InvalidValueError(question.key, question.valid_answers(), answer)
        return answer

    def _bool(self, fact: Fact, *args: object) -> bool:
        value = self._read(fact, *args)
        assert isinstance(value, bool)
        return value

    def _int(self, fact: Fact, *args: object) -> int:
        value = self._read(fact, *args)
        assert isinstance(value, int)
        return value

    def _labels(self, fact: Fact, *args: object) -> tuple[str, ...]:
        value = self._read(fact, *args)
        assert isinstance(value, tuple)
        return tuple(str(v) for v in value)

    def _gains(self, fact: Fact) -> tuple[Gain, ...]:
        value = self._read(fact)
        assert isinstance(value, tuple)
        return tuple(g for g in value if isinstance(g, Gain))

    def _side(self, fact: Fact, *args: object) -> Side:
        value = self._read(fact, *args)
        assert isinstance(value, Side)
        return value

    # --- the working copy ------------------------------------------------------

    def apply(self, decision: Decision[Described]) -> None:
        """Forget what *decision* may change; keep what it changes in a known way."""
        changed = changed_by(decision)
        if changed:
            own_techs = isinstance(decision, LearnTech | DevelopTech)
            stale = [
                k
                for k in self._known
                if k[0] in changed and not (own_techs and about_your_techs(k))
            ]
            for key in stale:
                del self._known[key]
        spendable: _Key = (Fact.SPENDABLE_CRYSTALS, ())
        match decision:
            case PayCrystals() if spendable in self._known:
                now = self._known[spendable]
                assert isinstance(now, int)
                self._known[spendable] = now - decision.amount
            case GainCrystals() if self.options.same_call_gains_spendable:
                now = self._known.pop(spendable, None)
                if isinstance(now, int) and isinstance(decision.kept, int):
                    self._known[spendable] = now + decision.kept
            case PlaceColonist():
                present: _Key = (Fact.COLONISTS_PRESENT, (decision.action,))
                count = self._known.get(present)
                if isinstance(count, int):
                    self._known[present] = count + 1
            case StartingSpace() | Travel():
                self.side_now = decision.side
            case HireScientist() | TakeContract():  # R-COST-5: the Colony 3 slot
                self._known[(Fact.COLONIST_ON_HIRE_SLOT, ())] = True
            case ChooseLssReward() if decision.reward is LssReward.RETRIEVE_COLONIST:
                self._known[(Fact.COLONIST_ON_HIRE_SLOT, ())] = False
            case _:
                pass

    def later(
        self, explain: Callable[[Facts[Described]], Explanation]
    ) -> Callable[[], Explanation] | None:
        """None: the table's answers come in the order the rules read them."""
        return None

    # --- his side and the Missions -------------------------------------------------

    def side(self) -> Side:
        """V1: tracked by the companion (set-up and travel)."""
        if self.side_now is not None:
            self._known[(Fact.SIDE, ())] = self.side_now
        return self._side(Fact.SIDE)

    def mission_completed(self, slot: MissionSlot) -> bool:
        """Asked."""
        return self._bool(Fact.MISSION_COMPLETED, slot)

    def mission_crystals(self, slot: MissionSlot) -> int:
        """Asked."""
        return self._int(Fact.MISSION_CRYSTALS, slot)

    def mission(self, slot: MissionSlot) -> Described:
        """Named by its slot."""
        return _described(Criterion.MISSION)

    # --- costs and Crystals ----------------------------------------------------------

    def colonists_present(self, action: Action) -> int:
        """Asked."""
        return self._int(Fact.COLONISTS_PRESENT, action)

    def spendable_crystals(self) -> int:
        """Asked, then kept up to date within the step."""
        return self._int(Fact.SPENDABLE_CRYSTALS)

    def contract_crystal_cost(self) -> int:
        """Asked."""
        return self._int(Fact.CONTRACT_CRYSTAL_COST)

    def supply_has_crystal(self) -> bool:
        """Asked."""
        return self._bool(Fact.SUPPLY_HAS_CRYSTAL)

    def crystals_kept(self, requested: int, source: CrystalSource) -> int | Described:
        """Said: as many as his Depot (and the supply) allow."""
        return _described(Criterion.DEPOT)

    def has_ship_left(self) -> bool:
        """Asked."""
        return self._bool(Fact.HAS_SHIP_LEFT)

    def has_bot_left(self) -> bool:
        """Asked."""
        return self._bool(Fact.HAS_BOT_LEFT)

    def has_shelter_left(self) -> bool:
        """Asked."""
        return self._bool(Fact.HAS_SHELTER_LEFT)

    # --- building ------------------------------------------------------------------------

    def build_size(self, kind: BuildingType) -> int:
        """Asked."""
        return self._int(Fact.BUILD_SIZE, kind)

    def unbuildable_reason(self, kind: BuildingType) -> str:
        """Explanation."""
        return "its LSS marker is not below the Colony level, or it has no legal site"

    def best_sites(self, kind: BuildingType) -> tuple[str, ...]:
        """Asked: how many tie."""
        return self._labels(Fact.BEST_SITES, kind)

    def site_candidates(self, kind: BuildingType) -> tuple[Candidate, ...]:
        """Explanation: unknown at the table."""
        return ()

    def site_hex(self, kind: BuildingType, choice: Choice) -> Described:
        """Said: the tied site chosen."""
        return _described(Criterion.SITE, choice)

    def site_joined_sizes(self, kind: BuildingType, choice: Choice) -> Described:
        """Said: the Complexes it touches."""
        return _described(Criterion.JOINED)

    def tech_level(self, tech: TechType, owner: Owner) -> int:
        """Asked."""
        return self._int(Fact.TECH_LEVEL, tech, owner)

    def rover_on_new_building(self) -> bool:
        """Asked."""
        return self._bool(Fact.ROVER_ON_NEW_BUILDING)

    def nearest_free_hexes(self) -> tuple[str, ...]:
        """Asked."""
        return self._labels(Fact.NEAREST_FREE_HEXES)

    def free_hex(self, choice: Choice) -> Described:
        """Said."""
        return _described(Criterion.FREE_HEX, choice)

    def rover_hex(self) -> Described:
        """Said."""
        return _described(Criterion.ROVER_HEX)

    def colonist_on_hire_slot(self) -> bool:
        """Asked, then kept up to date within the step."""
        return self._bool(Fact.COLONIST_ON_HIRE_SLOT)

    def lss_offers(self, kind: BuildingType, reward: LssReward) -> bool:
        """Asked."""
        return self._bool(Fact.LSS_OFFERS, kind, reward)

    # --- Orbit ---------------------------------------------------------------------------

    def blueprint_display(self) -> Display:
        """Asked."""
        value = self._read(Fact.BLUEPRINT_DISPLAY)
        assert isinstance(value, Display)
        return value

    def has_free_marker(self) -> bool:
        """Asked."""
        return self._bool(Fact.HAS_FREE_MARKER)

    def has_scientist(self) -> bool:
        """Asked."""
        return self._bool(Fact.HAS_SCIENTIST)

    def blueprint_pick(self, scored_only: bool) -> BlueprintPick[Described]:
        """Said: the card R-ORBIT-4 picks."""
        said = _described(
            Criterion.SCORED_BLUEPRINT if scored_only else Criterion.BLUEPRINT
        )
        return BlueprintPick(blueprint=said, row=said, slot=said)

    def blueprint_candidates(self, scored_only: bool) -> tuple[Candidate, ...]:
        """Explanation: unknown at the table."""
        return ()

    def blueprint_removals(self, scored_only: bool) -> tuple[Removal, ...]:
        """Explanation: unknown at the table."""
        return ()

    def obtained_pickup_crystals(self) -> int:
        """Asked."""
        return self._int(Fact.OBTAINED_PICKUP_CRYSTALS)

    def lab_entry_free(self) -> bool:
        """Asked."""
        return self._bool(Fact.LAB_ENTRY_FREE)

    def cheapest_tech_tiles(self) -> tuple[str, ...]:
        """Asked."""
        return self._labels(Fact.CHEAPEST_TECH_TILES)

    def tech_tile_candidates(self) -> tuple[Candidate, ...]:
        """Explanation: unknown at the table."""
        return ()

    def tech_tile_removals(self) -> tuple[Removal, ...]:
        """Explanation: unknown at the table."""
        return ()

    def tech_tile(self, choice: Choice) -> Described:
        """Said."""
        return _described(Criterion.TECH_TILE, choice)

    def tech_tile_type(self, choice: Choice) -> TechType | Described:
        """Said."""
        return _described(Criterion.TECH_TILE, choice)

    def entry_space(self) -> HostId | Described:
        """Said: the topmost empty space of his Lab's first column (R-ORBIT-5)."""
        return _described(Criterion.ENTRY_SPACE)

    def learned_space_gains(self) -> tuple[Gain, ...]:
        """Asked."""
        return self._gains(Fact.LEARNED_SPACE_GAINS)

    def can_advance_any(self) -> bool:
        """Asked."""
        return self._bool(Fact.CAN_ADVANCE_ANY)

    def can_advance_other(self, than: TechType | Described | None) -> bool:
        """Asked."""
        return self._bool(Fact.CAN_ADVANCE_OTHER, than)

    def can_advance_again(self, tech: TechType | Described) -> bool:
        """Asked."""
        return self._bool(Fact.CAN_ADVANCE_AGAIN, tech)

    def has_tech(self, tech: TechType) -> bool:
        """Known: the player named it as his Tech."""
        self._known[(Fact.HAS_TECH, (tech,))] = True
        return self._bool(Fact.HAS_TECH, tech)

    def can_advance_tech(self, tech: TechType) -> bool:
        """Asked."""
        return self._bool(Fact.CAN_ADVANCE_TECH, tech)

    def developing(
        self, choice: DevelopChoice, previous: TechType | Described | None
    ) -> Development[Described]:
        """Said: which Tech, by the rule."""
        criterion = {
            DevelopChoice.MOST: Criterion.MOST_DEVELOPED,
            DevelopChoice.LEAST_OTHER: Criterion.LEAST_DEVELOPED,
            DevelopChoice.SAME: Criterion.SAME_TECH,
        }[choice]
        level = _described(Criterion.LEVEL)
        return Development(tech=_described(criterion), from_level=level, to_level=level)

    def developing_tech(self, tech: TechType) -> Development[Described]:
        """Said: the Tech the player named, one level up."""
        level = _described(Criterion.LEVEL)
        return Development(tech=tech, from_level=level, to_level=level)

    def develop_spaces(self, tech: TechType | Described) -> tuple[str, ...]:
        """Asked (R-ORBIT-6): one empty space helps him most, or two tie."""
        return self._labels(Fact.DEVELOP_SPACES, tech)

    def develop_space(
        self, tech: TechType | Described, choice: Choice
    ) -> HostId | Described:
        """Said: the space of the next column it enters (the tie's pick if two tie)."""
        return _described(Criterion.LEVEL, choice)

    def develop_space_candidates(
        self, tech: TechType | Described
    ) -> tuple[Candidate, ...]:
        """Explanation: unknown at the table."""
        return ()

    def develop_space_removals(self, tech: TechType | Described) -> tuple[Removal, ...]:
        """Explanation: unknown at the table."""
        return ()

    def developed_space_gains(self) -> tuple[Gain, ...]:
        """Asked."""
        return self._gains(Fact.DEVELOPED_SPACE_GAINS)

    # --- Colony ------------------------------------------------------------------------

    def upgrade_blueprints(self) -> tuple[str, ...]:
        """Asked."""
        return self._labels(Fact.UPGRADE_BLUEPRINTS)

    def upgrade_merged_labels(self) -> tuple[str, ...]:
        """Explanation: unknown at the table."""
        return ()

    def upgrade_candidates(self) -> tuple[Candidate, ...]:
        """Explanation: unknown at the table."""
        return ()

    def upgrade_blueprint(self, choice: Choice) -> Described:
        """Said."""
        return _described(Criterion.UPGRADE_BLUEPRINT, choice)

    def eligible_buildings(self, blueprint: Choice) -> tuple[str, ...]:
        """Asked."""
        return self._labels(Fact.ELIGIBLE_BUILDINGS, blueprint)

    def eligible_building(self, blueprint: Choice, choice: Choice) -> Described:
        """Said."""
        return _described(Criterion.BUILDING, choice)

    def upgrade_capacity(self, owner: Owner) -> int:
        """Asked."""
        return self._int(Fact.UPGRADE_CAPACITY, owner)

    def scientist_count(self) -> int:
        """Asked."""
        return self._int(Fact.SCIENTIST_COUNT)

    def best_scientists(self) -> tuple[str, ...]:
        """Asked."""
        return self._labels(Fact.BEST_SCIENTISTS)

    def scientist_candidates(self) -> tuple[Candidate, ...]:
        """Explanation: unknown at the table."""
        return ()

    def scientist(self, choice: Choice) -> ScientistPick[Described]:
        """Said."""
        said = _described(Criterion.SCIENTIST, choice)
        return ScientistPick(scientist=said, slot=said)

    def best_contracts(self) -> tuple[str, ...]:
        """Asked."""
        return self._labels(Fact.BEST_CONTRACTS)

    def contract_candidates(self) -> tuple[Candidate, ...]:
        """Explanation: unknown at the table."""
        return ()

    def contract(self, choice: Choice) -> ContractPick[Described]:
        """Said."""
        said = _described(Criterion.CONTRACT, choice)
        return ContractPick(contract=said, slot=said)

    def contract_kind(self, choice: Choice) -> ContractKind:
        """Asked."""
        value = self._read(Fact.CONTRACT_KIND, choice)
        assert isinstance(value, ContractKind)
        return value

    # --- the Rover -----------------------------------------------------------------------

    def nearest_tiles(self) -> tuple[str, ...]:
        """Asked."""
        return self._labels(Fact.NEAREST_TILES)

    def target_steps(self, target: Choice) -> int:
        """Asked."""
        return self._int(Fact.TARGET_STEPS, target)

    def target_crystal_cost(self, target: Choice) -> int:
        """Asked."""
        return self._int(Fact.TARGET_CRYSTAL_COST, target)

    def target_tile(self, target: Choice) -> Described:
        """Said."""
        return _described(Criterion.TILE, target)

    def crystals_on_way(self, target: Choice, length: int) -> bool:
        """Asked."""
        return self._bool(Fact.CRYSTALS_ON_WAY, target, length)

    def best_paths(self, target: Choice, length: int) -> Numbered:
        """Asked: the player counts the ways he may take."""
        return Numbered.of(self._labels(Fact.BEST_PATHS, target, length))

    def path_merged_labels(self, target: Choice, length: int) -> tuple[str, ...]:
        """Explanation: unknown at the table."""
        return ()

    def rover_candidates(
        self, target: Choice, length: int, paid: int
    ) -> tuple[Candidate, ...]:
        """Explanation: unknown at the table."""
        return ()

    def rover_removals(self) -> tuple[Removal, ...]:
        """Explanation: unknown at the table."""
        return ()

    def path_moved(self, target: Choice, length: int, path: Choice) -> int:
        """Asked."""
        return self._int(Fact.PATH_MOVED, target, length, path)

    def path(self, target: Choice, length: int, path: Choice) -> Described:
        """Said."""
        return _described(Criterion.PATH, path)

    def path_crystal_hexes(
        self, target: Choice, length: int, path: Choice
    ) -> Described:
        """Said."""
        return _described(Criterion.PATH_CRYSTALS)

    def moved_crystal_count(self) -> int:
        """Asked."""
        return self._int(Fact.MOVED_CRYSTAL_COUNT)

    def arrival_tile(self) -> Described:
        """Said."""
        return _described(Criterion.TILE)

    def collected_tile_reward(self) -> tuple[Gain, ...]:
        """Asked."""
        return self._gains(Fact.COLLECTED_TILE_REWARD)

    # --- Warehouse ----------------------------------------------------------------------

    def warehouse_item(self) -> Item | None:
        """Asked."""
        value = self._read(Fact.WAREHOUSE_ITEM)
        assert value is None or isinstance(value, Item)
        return value

    # --- set-up and the Shuttle -------------------------------------------------------

    def first_colonist_tile_count(self) -> int:
        """Asked."""
        return self._int(Fact.FIRST_COLONIST_TILE_COUNT)

    def starting_space(self, choice: Choice) -> Described:
        """Said."""
        return _described(Criterion.FIRST_COLONIST_TILE, choice)

    def starting_side(self, choice: Choice) -> Side:
        """Asked."""
        return self._side(Fact.STARTING_SIDE, choice)

    def space_gains(self) -> tuple[Gain, ...]:
        """Asked."""
        return self._gains(Fact.SPACE_GAINS)

    def shuttle_departs(self) -> bool:
        """Asked."""
        return self._bool(Fact.SHUTTLE_DEPARTS)

    def shuttle_from(self) -> Side:
        """Asked, relative to his side."""
        return self._side(Fact.SHUTTLE_FROM)

    def free_space_count(self, side: Side) -> int:
        """Asked."""
        return self._int(Fact.FREE_SPACE_COUNT, side)

    def free_space(self, side: Side, choice: Choice) -> Described:
        """Said."""
        return _described(Criterion.FREE_SPACE, choice)

    def free_space_candidates(self, side: Side) -> tuple[Candidate, ...]:
        """Explanation: unknown at the table."""
        return ()

    def exploration_tile_left(self) -> bool:
        """Asked."""
        return self._bool(Fact.EXPLORATION_TILE_LEFT)

    def exploration_tile(self) -> Described:
        """Said."""
        return _described(Criterion.DISCOVERY_TILE)

    def discovery_sites(self) -> tuple[str, ...]:
        """Asked."""
        return self._labels(Fact.DISCOVERY_SITES)

    def discovery_candidates(self) -> tuple[Candidate, ...]:
        """Explanation: unknown at the table."""
        return ()

    def discovery_site(self, choice: Choice) -> Described:
        """Said."""
        return _described(Criterion.DISCOVERY_HEX, choice)

    # --- the call's input, and final scoring ----------------------------------------

    def used_tech(self) -> TechType:
        """R-TURN-6: which of his Techs the human used."""
        value = self._read(Fact.USED_TECH)
        assert isinstance(value, TechType)
        return value

    def op_track(self) -> int:
        """Asked."""
        return self._int(Fact.OP_TRACK)

    def progress_cubes(self) -> int:
        """Asked."""
        return self._int(Fact.PROGRESS_CUBES)

    def tech_points(self) -> int:
        """Asked."""
        return self._int(Fact.TECH_POINTS)

    def ships_in_hangar(self) -> int:
        """Asked."""
        return self._int(Fact.SHIPS_IN_HANGAR)

    def built_blueprints(self, level: int) -> int:
        """Asked."""
        return self._int(Fact.BUILT_BLUEPRINTS, level)

    def scientist_buildings(self) -> int:
        """Asked."""
        return self._int(Fact.SCIENTIST_BUILDINGS)

    def contracts(self, kind: ContractKind) -> int:
        """Asked."""
        return self._int(Fact.CONTRACTS, kind)

    def living_quarters_top(self) -> int:
        """Asked."""
        return self._int(Fact.LIVING_QUARTERS_TOP)

    def human_total(self) -> int:
        """Asked."""
        return self._int(Fact.HUMAN_TOTAL)

    def requirement_met(self, index: int, requirement: Requirement) -> bool:
        """Asked."""
        return self._bool(Fact.REQUIREMENT_MET, index, requirement)
