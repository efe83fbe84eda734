"""Older saves, converted to the current questions: 0.1.0's (version 1) and version 2.

Version 2 saves (before spec 1.3) tracked his Lab as rows; they are converted
by :func:`migrate_v2_step` (see there), as far as the game replays on the
printed Lab: where it goes another way (a third Tech he can no longer learn), the
game goes on from the step before, and the player plays the rest again
(:func:`lacerda_bot.table._game.session.loads_game`). The rest of this text is about
0.1.0.

Version 0.1.0 asked its own questions, keyed by their place in its procedures
(``turn3.rover.tied_tiles``); this version asks one question per fact the rules
read (``turn3.nearest_tiles``). A version 1 save is converted step by step:
each step runs again through today's rules, and each question is answered
with the first unused old answer to the same fact (:data:`_OLD`). Where 0.1.0
never asked a fact (the Crystals a Mission pays, which Tech you used...), the
converter answers with a stated default (:data:`_DEFAULTS`): such answers only
change what the history says he gained or used, never a card, a tie-break or
the Progress Bot. A step whose answers do not fit is refused with the reason.
"""

from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol, final

import attrs

from lacerda_bot import _queries as q
from lacerda_bot._facts import Query
from lacerda_bot._rules.scoring import (
    BuiltBlueprints,
    Contracts,
    HumanCategory,
    HumanScore,
    LivingQuartersTop,
    OpTrack,
    ProgressCubes,
    RequirementMet,
    ScientistBuildings,
    ShipsInHangar,
    TechPoints,
)
from lacerda_bot.errors import (
    AnswerMismatchError,
    InvalidHostStateError,
    SerializationError,
)
from lacerda_bot.model import TechType
from lacerda_bot.table._engine.dialogue import NOTHING, Answer, Question
from lacerda_bot.table._engine.questions import KINDS, fact_key
from lacerda_bot.table._engine.shapes import AT_ZERO
from lacerda_bot.table._game.driver import (
    Step,
    StepKind,
    next_steps,
    run_step,
)
from lacerda_bot.table._game.state import TableState

__all__ = [
    "MigrationNote",
    "asked_under_his_rover",
    "migrate_step",
    "migrate_v2_step",
    "scored_by_category",
]

_WHOLE: Final = "score.human_total"
"""The key your final score was asked by, whole, before it was asked by category."""


def scored_by_category(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """*steps* with your whole final score read as its categories (R-SCORE-1).

    A save of version 2 or 3 written before your score was asked by category
    holds one answer, your total: it becomes your score track's OP and every
    other category 0, so the step replays with the same total and result.
    """
    return tuple(_by_category(step) for step in steps)


def _by_category(step: Step) -> Step:
    if step.kind is not StepKind.SCORE or all(k != _WHOLE for k, _ in step.answers):
        return step
    answers: list[tuple[str, Answer]] = []
    for key, value in step.answers:
        if key != _WHOLE:
            answers.append((key, value))
            continue
        for category in HumanCategory:
            points = value if category is HumanCategory.OP_TRACK else 0
            answers.append((f"score.human_score.{category.value}", points))
    return attrs.evolve(step, answers=tuple(answers))


_NO_TILE: Final = fact_key(q.AnyTarget())
"""The key part of the question a "none" (no tile for his Rover) answers."""


def asked_under_his_rover(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """*steps* with a no after each "none" to the tile his Rover hunts (R-ROVER-3).

    A save of version 2 or 3 written before the table asked, after "none",
    whether a tile he could collect lies under his Rover holds the "none"
    alone: it then meant no tile at all, so the follow-up is answered no, and
    the step replays as it did.
    """
    return tuple(_under_his_rover(step) for step in steps)


def _under_his_rover(step: Step) -> Step:
    answers: list[tuple[str, Answer]] = []
    given = step.answers
    for i, (key, value) in enumerate(given):
        answers.append((key, value))
        follow_up = f"{key}.{AT_ZERO}"
        none = key.rpartition(".")[2] == _NO_TILE and type(value) is int and value == 0
        if none and (i + 1 == len(given) or given[i + 1][0] != follow_up):
            answers.append((follow_up, False))
    if len(answers) == len(given):
        return step
    return attrs.evolve(step, answers=tuple(answers))


# The last part of the 0.1.0 keys that answered each fact; a pair names the
# part before it too (the building of a legal site, the Rover of a tile count).
_Kind = type[Query[Any]]
_OLD: Final[Mapping[_Kind, tuple[str, ...]]] = {
    q.FirstColonistTileCount: ("first_colonist_tiles",),
    q.StartingSide: ("side",),
    q.SpaceGains: ("gain",),
    q.LearnedSpaceGains: ("gain",),
    q.DevelopedSpaceGains: ("gain",),
    q.CollectedTileReward: ("reward1",),
    q.MissionCompleted: ("mission_done",),
    q.ColonistsPresent: ("colonists_present",),
    q.SpendableCrystals: ("spendable",),
    q.ContractCrystalCost: ("contract_cost",),
    q.SupplyHasCrystal: ("supply_has_crystals",),
    q.HasShipLeft: ("ship_left",),
    q.HasBotLeft: ("bot_left",),
    q.HasShelterLeft: ("shelter_left",),
    q.BestSites: ("tied_sites",),
    q.RoverOnNewBuilding: ("rover_on_site",),
    q.NearestFreeHexes: ("tied_free_hexes",),
    q.ColonistOnHireSlot: ("colonist_on_hire_slot",),
    q.LssOffers: ("lss_offered", "lss_other_offered"),
    q.HasFreeMarker: ("free_marker",),
    q.HasScientist: ("has_scientist",),
    q.LabEntryFree: ("entry_space",),
    q.CanAdvanceAny: ("can_advance",),
    q.CanAdvanceOther: ("other_can_advance",),
    q.CanAdvanceAgain: ("same_again",),
    q.CanAdvanceTech: ("can_advance",),
    q.EligibleBuildings: ("eligible_buildings",),
    q.ScientistCount: ("scientists",),
    q.ContractKindOf: ("upgrade_contract",),
    q.TargetSteps: ("steps",),
    q.TargetCrystalCost: ("tile_cost",),
    q.BestPaths: ("tied_paths",),
    q.PathMoved: ("moved",),
    q.WarehouseItem: ("warehouse_empty",),
    q.ShuttleDeparts: ("departs",),
    q.ShuttleFrom: ("from_his_side",),
    q.FreeSpaceCount: ("free_spaces",),
    q.ExplorationTileLeft: ("discovery_tile",),
    q.DiscoverySites: ("discovery_sites",),
    OpTrack: ("op_track",),
    ProgressCubes: ("progress_cubes",),
    TechPoints: ("techs",),
    ShipsInHangar: ("ships",),
    ScientistBuildings: ("scientist_buildings",),
    LivingQuartersTop: ("living_quarters",),
}

# Counts that 0.1.0 asked as a yes/no first and a count after a yes: its gate
# names, then its count names. A no is a count of 0 today.
_GATED: Final[Mapping[_Kind, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    q.BuildSize: (("below_level", "legal_site", "shelter_site"), ("largest",)),
    q.CheapestTechTiles: (("new_type",), ("tied_tiles",)),
    q.UpgradeBlueprints: (("usable_blueprint", "another"), ("tied_blueprints",)),
    q.BestScientists: (("scientist_shown",), ("tied_scientists",)),
    q.BestContracts: (("contract_shown",), ("tied_contracts",)),
    q.NearestTiles: (("eligible_tile",), ("tied_tiles",)),
}

# Facts 0.1.0 never asked, and what a converted step assumes for them.
_DEFAULTS: Final[Mapping[_Kind, tuple[Answer, str]]] = {
    q.MissionCrystals: (1, "each Mission pays 1 Crystal per contribution"),
    q.ObtainedPickupCrystals: (0, "Blueprints give no Crystal on pickup"),
    q.MovedCrystalCount: (0, "his Rover picks up no Crystal on its way"),
    q.SupplyHasCrystal: (True, "the general supply holds Crystals"),
    q.UsedTech: ("mine", "the Tech of his you used is his Mine Tech"),
    q.DevelopSpaces: (
        "one",
        "a developing Tech tile had one best empty space to enter (0.1.0's Lab had"
        " rows, never a choice of space)",
    ),
    q.RoverOnNewBuilding: (
        False,
        "his Rover was not on the building he upgraded (0.1.0 asked only after a"
        " construction)",
    ),
}


# The names of the questions 0.1.0 asked in a step (scoring answers are all used).
_V1_NAMES: Final = frozenset(
    {
        "another",
        "below_level",
        "bot_left",
        "building",
        "can_advance",
        "colonist_on_hire_slot",
        "colonists_present",
        "contract_cost",
        "contract_shown",
        "departs",
        "discovery_sites",
        "discovery_tile",
        "display",
        "eligible_buildings",
        "eligible_tile",
        "entry_space",
        "first_colonist_tiles",
        "free_marker",
        "free_spaces",
        "from_his_side",
        "gain",
        "has_scientist",
        "kind",
        "largest",
        "legal_site",
        "lss_offered",
        "lss_other_offered",
        "mission_done",
        "moved",
        "n",
        "new_type",
        "other_can_advance",
        "own_rover_tech",
        "own_tech_enough",
        "own_upgrade_tech",
        "reward",
        "rover_on_site",
        "same_again",
        "scientist_shown",
        "scientists",
        "scored",
        "shelter_left",
        "shelter_site",
        "ship_left",
        "side",
        "spendable",
        "steps",
        "step",
        "supply_has_crystals",
        "tied_blueprints",
        "tied_contracts",
        "tied_free_hexes",
        "tied_paths",
        "tied_scientists",
        "tied_sites",
        "tied_tiles",
        "tile_cost",
        "upgrade",
        "upgrade_contract",
        "usable_blueprint",
        "warehouse_empty",
        "your_rover_tech",
        "your_tech_enough",
        "your_upgrade_tech",
    }
)


@final
@attrs.frozen(kw_only=True)
class MigrationNote:
    """What a conversion assumed where 0.1.0 did not ask."""

    step: int
    assumption: str


def _fact(key: str) -> tuple[_Kind, tuple[str, ...]]:
    """The fact a current question key asks, and the key's parts after it."""
    parts = key.split(".")[1:]
    return KINDS[parts[0]], tuple(parts[1:])


class _Converter:
    """Answers a step's questions with its 0.1.0 answers, by fact."""

    def __init__(
        self, old: Sequence[tuple[str, Answer]], step: int, where: str
    ) -> None:
        self.old = list(old)
        self.used = [False] * len(old)
        self.step = step
        self.where = where
        self.notes: list[MigrationNote] = []

    def _take(
        self, names: tuple[str, ...], within: str = ""
    ) -> tuple[str, Answer] | None:
        for i, (key, value) in enumerate(self.old):
            parts = key.split(".")
            if self.used[i] or _name(key) not in names:
                continue
            if within and within not in parts[:-1]:
                continue
            self.used[i] = True
            return key, value
        return None

    def __call__(self, question: Question) -> Answer:
        fact, rest = _fact(question.key)
        found = self._find(fact, rest, question)
        if found is not None:
            return found
        if fact is q.PathMoved:  # asked by 0.1.0 only when your Tech counted
            note = "his Rover moves as far as his allowance along the path"
            self.notes.append(MigrationNote(step=self.step, assumption=note))
            return question.high
        default = _DEFAULTS.get(fact)
        if default is None:
            msg = f"0.1.0 gave no answer to {question.key!r}"
            raise SerializationError(self.where, msg)
        self.notes.append(MigrationNote(step=self.step, assumption=default[1]))
        return default[0]

    def _find(
        self, fact: _Kind, rest: tuple[str, ...], question: Question
    ) -> Answer | None:
        if fact in _GATED:
            return self._gated(fact, rest)
        if fact is q.CrystalsOnWay:
            return self._crystals_on_way()
        if fact is q.BlueprintDisplay:
            return self._display()
        if fact in (
            q.SpaceGains,
            q.LearnedSpaceGains,
            q.DevelopedSpaceGains,
        ):
            return self._benefits(_OLD[fact], many=False)
        if fact is q.CollectedTileReward:
            return self._benefits(("reward",), many=True)
        return self._convert(fact, rest, question)

    def _gated(self, fact: _Kind, rest: tuple[str, ...]) -> Answer | None:
        """A gate's no as 0, else the count after it (1 if 0.1.0 did not ask one).

        0.1.0 asked whether an LSS building was below the Colony level and,
        after a yes, whether it had a legal site: that second gate is taken
        next, once. 0.1.0 never asked the first twice in a row, so a repeated
        yes is left unused rather than followed (no recursion, whatever the
        save holds).
        """
        gates, counts = _GATED[fact]
        within = _within(fact)
        if fact is q.BuildSize and rest[0] != "shelter":
            within = rest[0]
        gate = self._take(gates, within)
        if (
            gate is not None
            and gate[1] is not False
            and _name(gate[0]) == "below_level"
        ):
            sites = tuple(name for name in gates if name != "below_level")
            gate = self._take(sites, within)  # then 0.1.0 asked for a legal site
        if gate is None:
            return None
        if gate[1] is False:
            return 0
        count = self._take(counts, _within(fact))
        return 1 if count is None else count[1]

    def _display(self) -> Answer:
        """0.1.0 asked whether a card is shown, then whether one of a scored type is."""
        shown = self._take(("display",))
        if shown is not None and shown[1] is False:
            return "empty"
        if shown is None:
            note = "the Blueprint display holds a card"
            self.notes.append(MigrationNote(step=self.step, assumption=note))
        scored = self._take(("scored",))
        return "yes" if scored is not None and scored[1] is True else "others"

    def _crystals_on_way(self) -> Answer:
        """0.1.0 did not ask: a Crystal on the way where it counted tied paths."""
        for i, (key, value) in enumerate(self.old):
            if not self.used[i] and _name(key) == "tied_paths":
                return isinstance(value, int) and value > 1
        return False

    def _take_exact(self, wanted: str) -> tuple[str, Answer] | None:
        for i, (key, value) in enumerate(self.old):
            if not self.used[i] and key == wanted:
                self.used[i] = True
                return key, value
        return None

    def _benefits(self, names: tuple[str, ...], *, many: bool) -> Answer | None:
        """0.1.0 asked each benefit (and its number or building) apart: one list now."""
        taken = self._take(names)
        if taken is None:
            return None
        parent = taken[0].rpartition(".")[0]
        items: list[str] = []
        while taken is not None and taken[1] != NOTHING:
            key, kind = taken
            item = str(kind)
            for part in ("n", "building"):
                more = self._take_exact(f"{key}.{part}")
                if more is not None:
                    item = f"{item} {more[1]}"
            items.append(item)
            taken = (
                self._take_exact(f"{parent}.reward{len(items) + 1}") if many else None
            )
        return ", ".join(items) or NOTHING

    def _convert(
        self, fact: _Kind, rest: tuple[str, ...], question: Question
    ) -> Answer | None:
        if fact is q.TechLevel:
            return self._tech_level(rest)
        if fact is q.UpgradeCapacity:
            mine = rest[-1] == "lacerda"
            taken = self._take(
                ("own_upgrade_tech",) if mine else ("your_upgrade_tech",)
            )
            return None if taken is None else taken[1]
        if fact is BuiltBlueprints:
            taken = self._take_exact(f"score.built_level{rest[0]}")
            return None if taken is None else taken[1]
        if fact is Contracts:
            taken = self._take_exact(f"score.{rest[0]}_contracts")
            return None if taken is None else taken[1]
        if fact is RequirementMet:
            taken = self._take_exact(f"score.goal{int(rest[0]) + 1}")
            return None if taken is None else taken[1]
        if fact is HumanScore:  # 0.1.0 asked your total: it stands as the track's
            if rest[0] != HumanCategory.OP_TRACK.value:
                return 0
            taken = self._take(("your_total",))
            if taken is not None:
                note = "your total is kept as your score track's OP, the rest as 0"
                self.notes.append(MigrationNote(step=self.step, assumption=note))
            return None if taken is None else taken[1]
        names = _OLD.get(fact)
        if names is None:
            return None
        within = _within(fact)
        taken = self._take(names, within)
        if taken is None:
            return None
        old = taken[1]
        if fact is q.ContractKindOf:
            return "upgrade" if old is True else "delivery"
        if fact is q.WarehouseItem:
            if old is True:
                return "empty"
            note = "the Warehouse item he takes is a Resource (not a Crystal)"
            self.notes.append(MigrationNote(step=self.step, assumption=note))
            return "mineral"
        return old

    def _tech_level(self, rest: tuple[str, ...]) -> Answer | None:
        """0.1.0 asked whether a Tech was high enough; today asks its level."""
        tech, owner = rest[0], rest[1]
        if tech == "rover":
            name = "own_rover_tech" if owner == "lacerda" else "your_rover_tech"
            taken = self._take((name,))
            return None if taken is None else taken[1]
        name = "own_tech_enough" if owner == "lacerda" else "your_tech_enough"
        taken = self._take((name,))
        if taken is None:
            return None
        return 9 if taken[1] is True else 0

    def leftover(self) -> list[str]:
        """The 0.1.0 answers no question used, other than answers 0.1.0 could give.

        0.1.0 asked some facts again within a step (his spendable Crystals
        before each cost, a free Lab entry space per tile), and some that this
        version reads in another question; such answers may go unused. An answer
        under a name 0.1.0 never asked was not written by it.
        """
        return [
            key
            for (key, _), used in zip(self.old, self.used, strict=True)
            if not used and _name(key) not in _V1_NAMES
        ]


def _name(key: str) -> str:
    """The name a 0.1.0 key ends with, without a counter (``reward2`` -> ``reward``)."""
    return key.rpartition(".")[2].rstrip("0123456789")


def _within(fact: _Kind) -> str:
    """The 0.1.0 part of a key that tells Rover questions from others."""
    rover = (
        q.NearestTiles,
        q.TargetSteps,
        q.TargetCrystalCost,
        q.BestPaths,
    )
    return "rover" if fact in rover else ""


def migrate_step(
    state: TableState, step: Step, index: int, where: str
) -> tuple[Step, list[MigrationNote], TableState]:
    """Convert one 0.1.0 step (number *index*, at *where*) by running it again.

    Raises:
        SerializationError: a question has no 0.1.0 answer and no default, an
            answer does not fit, or an answer is left over; names the step.
    """
    kind = step.kind
    if kind not in next_steps(state):
        raise SerializationError(where, f"a {kind.value} step cannot come here")
    converter = _Converter(step.answers, index, where)
    return _run_again(
        state,
        kind,
        converter,
        where,
        wrong="0.1.0 answered {value!r} where {valid} is asked",
        left="0.1.0 answers that no question of this version asks: ",
    )


class _OldAnswers(Protocol):
    """A converter: answers today's questions with a step's old answers."""

    notes: list[MigrationNote]

    def __call__(self, question: Question) -> Answer:
        """The old answer to *question* (or a stated default)."""
        ...

    def leftover(self) -> list[str]:
        """The old answers no question used (those that matter)."""
        ...


def _run_again(
    state: TableState,
    kind: StepKind,
    converter: _OldAnswers,
    where: str,
    *,
    wrong: str,
    left: str,
) -> tuple[Step, list[MigrationNote], TableState]:
    """Run step *kind* again on *state*, answered by *converter*; the step as today's.

    *wrong* words an answer that does not fit (``{value!r}``, ``{valid}``),
    *left* the old answers no question asked.

    Raises:
        SerializationError: an answer does not fit, the rules refuse one, or
            one is left over; names the step (*where*).
    """
    answers: list[tuple[str, Answer]] = []

    def source(question: Question) -> Answer:
        value = converter(question)
        if not question.accepts(value):
            msg = wrong.format(value=value, valid=question.valid_answers())
            raise SerializationError(where, msg)
        answers.append((question.key, value))
        return value

    try:
        run = run_step(state, kind, (), source=source)
    except (AnswerMismatchError, InvalidHostStateError) as error:
        raise SerializationError(where, str(error)) from None
    if run.question is not None:  # pragma: no cover - the source answers or raises
        raise SerializationError(where, f"no answer to {run.question.key!r}")
    unused = converter.leftover()
    if unused:
        raise SerializationError(where, left + ", ".join(unused))
    return Step(kind=kind, answers=tuple(answers)), converter.notes, run.state


# --- save version 2: his Lab in rows, before spec 1.3 -------------------------

_V2_SETUP: Final[Mapping[str, str]] = {"setup.lab_max_level": "setup.lab_columns"}
"""Version 2's Lab set-up answers: the columns (a row's maximum level) carry over,
the number of rows has no place on the printed staggered Lab."""

_V2_LAB_GAINS: Final = frozenset({q.LearnedSpaceGains, q.DevelopedSpaceGains})
"""Asked once per Lab space: version 2 keyed its spaces by row and level, so a
space may now be asked where it was remembered, or remembered where asked."""

_V2_FIX_TECH: Final = " tech level"
_V2_NOTHING: Final = "a Lab space version 2 never asked about shows nothing"


class _V2Converter:
    """Answers a version 2 step's questions with its answers, by question key."""

    def __init__(
        self, old: Sequence[tuple[str, Answer]], step: int, where: str
    ) -> None:
        self.old = [(_V2_SETUP.get(k, k), v) for k, v in old]
        self.used = [False] * len(old)
        self.step = step
        self.where = where
        self.notes: list[MigrationNote] = []

    def _note(self, assumption: str) -> None:
        self.notes.append(MigrationNote(step=self.step, assumption=assumption))

    def __call__(self, question: Question) -> Answer:
        for i, (key, value) in enumerate(self.old):
            if not self.used[i] and key == question.key:
                self.used[i] = True
                return value
        fact, _ = _fact(question.key)
        if fact is q.DevelopSpaces:  # version 2 never had a choice of space
            word = "one" if "one" in question.choices else question.choices[0]
            self._note(
                f"a developing Tech tile entered the {'best' if word == 'one' else 'upper'}"
                " empty space (version 2's Lab had rows, never a choice of space)"
            )
            return word
        if fact in _V2_LAB_GAINS:
            self._note(_V2_NOTHING)
            return NOTHING
        msg = f"version 2 gave no answer to {question.key!r}"
        raise SerializationError(self.where, msg)

    def leftover(self) -> list[str]:
        """Version 2 answers no question used, but the dropped rows and Lab gains."""
        return [
            key
            for (key, _), used in zip(self.old, self.used, strict=True)
            if not used and key != "setup.lab_rows" and not _lab_gains(key)
        ]


def _lab_gains(key: str) -> bool:
    parts = key.split(".")
    return len(parts) > 1 and parts[1] in {f.key for f in _V2_LAB_GAINS}


def _v2_fix(
    state: TableState, step: Step, where: str
) -> tuple[tuple[str, Answer], ...]:
    """A version 2 fix of a Tech's level, as a fix of its Lab space (V9).

    The tile keeps its space if it stands in that column already; else it goes
    on the topmost empty space of the column; no empty space there: refused.
    """
    answers = dict(step.answers)
    what = answers.get("fix.what")
    if not isinstance(what, str) or not what.endswith(_V2_FIX_TECH):
        return step.answers
    tracked = state.tracked
    name = what.removesuffix(_V2_FIX_TECH)
    tech = next((t for t in TechType if t.value.replace("_", " ") == name), None)
    own = None if tracked is None or tech is None else tracked.tech(tech)
    level = answers.get("fix.value")
    if tracked is None or own is None or not isinstance(level, int):
        raise SerializationError(where, f"version 2 fixed {what!r}, no Tech of his")
    if own.level == level:
        space: str = own.space
    else:
        free = [s for s in tracked.lab_spaces if s.column == level and s.tech is None]
        if not free:
            msg = (
                f"version 2 put his {name} Tech in column {level}: no empty space there"
            )
            raise SerializationError(where, msg)
        space = free[0].id
    return (("fix.what", f"{name} tech space"), ("fix.value", space))


def migrate_v2_step(
    state: TableState, step: Step, index: int, where: str
) -> tuple[Step, list[MigrationNote], TableState]:
    """Convert one step of a version 2 save (his Lab in rows) by running it again.

    Spec 1.3 models his Lab as the printed staggered spaces (V9, R-ORBIT-6):
    set-up's columns carry over (its rows do not), a fix of a Tech's level
    becomes a fix of its space, a choice of space version 2 never asked is
    answered without drawing a card (the deck stays as it was), and a Lab
    space's gain it never asked is blank. Every other answer must answer the
    same question as before.

    Raises:
        SerializationError: the step cannot come here, a question has no
            version 2 answer, an answer does not fit, or one is left over (his
            Lab of rows and the printed Lab went different ways); names it.
    """
    kind = step.kind
    if kind not in next_steps(state):
        raise SerializationError(where, f"a {kind.value} step cannot come here")
    old = _v2_fix(state, step, where) if kind is StepKind.FIX else step.answers
    return _run_again(
        state,
        kind,
        _V2Converter(old, index, where),
        where,
        wrong="version 2 answered {value!r} where {valid} is asked (his Lab is now"
        " the printed staggered one)",
        left="version 2 answers that no question asks with his Lab as printed spaces: ",
    )
