"""Lacerda's final score (R-SCORE-1, R-SCORE-2): a breakdown that sums to its total."""

from collections.abc import Collection, Iterable, Sequence
from typing import Final, Protocol, TypeVar, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot._facts import Query
from lacerda_bot._rules.goals import (
    GoalFacts,
    GoalResult,
    Requirement,
    judge_goal,
)
from lacerda_bot._validate import check_is_view, read_items, read_property
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.host import BlueprintView, ScientistView, ScoreView
from lacerda_bot.model import BuildingType, ContractKind, Scientist, scored_type
from lacerda_bot.records import (
    MAX_PROGRESS_CUBES,
    AdvancedCount,
    HeldBlueprint,
    LabSpace,
)

__all__ = [
    "FINAL_QUERIES",
    "PROGRESS_POINTS",
    "SHIP_POINTS",
    "BuiltBlueprints",
    "Contracts",
    "FinalFacts",
    "FinalResult",
    "HumanCategory",
    "HumanScore",
    "LivingQuartersTop",
    "OpTrack",
    "ProgressCubes",
    "RequirementMet",
    "ScientistBuildings",
    "ScoreBreakdown",
    "ScoringView",
    "ShipsInHangar",
    "TechPoints",
    "final_scoring",
    "score_counts",
    "score_lacerda",
    "tech_points",
]

T = TypeVar("T")

PROGRESS_POINTS: Final[tuple[int, ...]] = (0, 1, 2, 4, 7, 11)
"""T7: OP for 0 to 5 Progress cubes."""
SHIP_POINTS: Final = 3
"""T7: OP per Ship in his Hangar."""
SCIENTIST_POINTS: Final = 3
"""T3: OP per Advanced Building of the scored type on Mars."""


class ScoringView(ScoreView, BlueprintView, ScientistView, Protocol):
    """What scoring reads: V21 plus his Lab (V9), Blueprints (V10) and Scientists (V11)."""

    @property
    def lab_spaces(self) -> Collection[LabSpace]:
        """His Lab's spaces: the column each of his Tech tiles stands in (V9)."""
        ...

    @property
    def lab_columns(self) -> int:
        """The number of columns of his Lab (V9)."""
        ...


@final
@attrs.frozen(kw_only=True)
class ScoreBreakdown:
    """Lacerda's score per category (R-SCORE-2); *total* is their sum."""

    op_track: int
    progress_cubes: int
    techs: int
    ships: int
    blueprints: int
    scientists: int
    contracts: int
    living_quarters: int
    total: int

    def __attrs_post_init__(self) -> None:
        """Check that the categories sum to the total."""
        parts = attrs.astuple(self)[:-1]
        if sum(parts) != self.total:
            raise InvalidHostStateError("total", f"the sum {sum(parts)}", self.total)


def _count(view: object, name: str, *, most: int | None = None) -> int:
    value = read_property(view, name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidHostStateError(name, "an int >= 0", value)
    if most is not None and value > most:
        raise InvalidHostStateError(name, f"at most {most}", value)
    return value


_READ: Final = (
    "op_track",
    "progress_cubes",
    "lab_column_values",
    "lab_spaces",
    "lab_columns",
    "living_quarters_top",
    "advanced_buildings_on_mars",
    "ships_in_hangar",
    "lacerda_contracts",
    "lacerda_blueprints",
    "lacerda_scientists",
)
"""The properties :func:`score_lacerda` reads."""


def score_counts(
    *,
    op_track: int,
    progress_cubes: int,
    tech_points: int,
    ships_in_hangar: int,
    built_level1: int,
    built_level3: int,
    scientist_buildings: int,
    upgrade_contracts: int,
    delivery_contracts: int,
    living_quarters_top: int,
) -> ScoreBreakdown:
    """Lacerda's score from counts (R-SCORE-1, T5, T7), for hosts that count by hand.

    *scientist_buildings* is the Advanced Buildings on Mars of the types his
    Scientists score, summed over his Scientists; *tech_points* the Lab
    column values of his Tech tiles. Unbuilt Blueprints cost him nothing and
    every Contract he holds counts as completed.

    >>> score_counts(op_track=40, progress_cubes=3, tech_points=9, ships_in_hangar=2,
    ...              built_level1=1, built_level3=1, scientist_buildings=3,
    ...              upgrade_contracts=1, delivery_contracts=1,
    ...              living_quarters_top=10).total
    107
    """
    parts = {
        "op_track": op_track,
        "progress_cubes": PROGRESS_POINTS[progress_cubes],
        "techs": tech_points,
        "ships": SHIP_POINTS * ships_in_hangar,
        "blueprints": 3 * built_level1 + 5 * built_level3,
        "scientists": SCIENTIST_POINTS * scientist_buildings,
        "contracts": upgrade_contracts * ContractKind.UPGRADE.completed_op
        + delivery_contracts * ContractKind.DELIVERY.completed_op,
        "living_quarters": living_quarters_top,
    }
    return ScoreBreakdown(**parts, total=sum(parts.values()))


def tech_points(values: Sequence[int], lab: Iterable[LabSpace], columns: int) -> int:
    """R-SCORE-1: his Tech tiles' points, each the value under its Lab column.

    Raises:
        InvalidHostStateError: a value is negative, or *values* has not one
            value per column of his Lab (*columns*).
    """
    for i, value in enumerate(values):
        if value < 0:
            raise InvalidHostStateError(f"lab_column_values[{i}]", "an int >= 0", value)
    if len(values) != columns:
        raise InvalidHostStateError(
            "lab_column_values",
            f"one value per column of his Lab ({columns})",
            list(values),
        )
    return sum(values[s.column - 1] for s in lab if s.tech is not None)


def score_lacerda(view: ScoringView) -> ScoreBreakdown:
    """Lacerda's end-game score, with the solo changes of R-SCORE-1.

    Living Quarters count as full (the top value), every Contract he holds as
    completed, unbuilt Blueprints cost nothing; Ships 3 each, Scientists 3 per
    Advanced Building of their scored type on Mars, Progress cubes by T7, Techs
    by the value the host reports under each one's Lab column, plus the OP
    track. The final comparison
    and its tie-breaks are the host's (R-SCORE-3).

    Raises:
        InvalidValueError: *view* is ``None`` or has none of the properties
            of :class:`ScoringView`.
        InvalidHostStateError: a property is missing or raises when read (the
            host's exception is chained), is not a collection where one is
            expected, or an item or count has the wrong type (a string for a
            :class:`~lacerda_bot.model.ContractKind`, a negative count); the
            error names the field.
    """
    check_is_view(view, _READ)
    values = read_items(view, "lab_column_values", int)
    spaces = read_items(view, "lab_spaces", LabSpace)
    techs = tech_points(values, spaces, _count(view, "lab_columns"))
    advanced: dict[BuildingType, int] = {}
    for item in read_items(view, "advanced_buildings_on_mars", AdvancedCount):
        advanced[item.building] = advanced.get(item.building, 0) + item.count
    held = read_items(view, "lacerda_blueprints", HeldBlueprint)
    built = [b.blueprint.level for b in held if b.used]
    kinds = read_items(view, "lacerda_contracts", ContractKind)
    scientists = read_items(view, "lacerda_scientists", Scientist)
    return score_counts(
        op_track=_count(view, "op_track"),
        progress_cubes=_count(view, "progress_cubes", most=MAX_PROGRESS_CUBES),
        tech_points=techs,
        ships_in_hangar=_count(view, "ships_in_hangar"),
        built_level1=built.count(1),
        built_level3=len(built) - built.count(1),
        scientist_buildings=sum(advanced.get(scored_type(s), 0) for s in scientists),
        upgrade_contracts=kinds.count(ContractKind.UPGRADE),
        delivery_contracts=kinds.count(ContractKind.DELIVERY),
        living_quarters_top=_count(view, "living_quarters_top"),
    )


class FinalFacts(Protocol):
    """What final scoring reads where a person counts (R-SCORE-1, R-GOAL-2).

    The counts of :func:`score_counts`, the human's total, and whether each
    Solo Goal requirement other than the margin holds: the queries below.
    """

    def answer(self, query: Query[T]) -> T:
        """The count or the requirement *query* asks."""
        ...


@final
@attrs.frozen
class OpTrack(Query[int]):
    """R-SCORE-1: His OP on the scoring track."""

    key = "op_track"


@final
@attrs.frozen
class ProgressCubes(Query[int]):
    """R-SCORE-1: His Progress cubes (0 to 5)."""

    key = "progress_cubes"


@final
@attrs.frozen
class TechPoints(Query[int]):
    """R-SCORE-1: The Lab column values of his Tech tiles, summed."""

    key = "tech_points"


@final
@attrs.frozen
class ShipsInHangar(Query[int]):
    """R-SCORE-1: His Ships in the Hangar."""

    key = "ships_in_hangar"


@final
@attrs.frozen
class BuiltBlueprints(Query[int]):
    """R-SCORE-1: His Blueprints of *level* (1 or 3) he built."""

    key = "built_blueprints"
    level: int


@final
@attrs.frozen
class ScientistBuildings(Query[int]):
    """R-SCORE-1: Advanced Buildings on Mars of the types his Scientists score, summed."""

    key = "scientist_buildings"


@final
@attrs.frozen
class Contracts(Query[int]):
    """R-SCORE-1: His Contracts of *kind*."""

    key = "contracts"
    kind: ContractKind


@final
@attrs.frozen
class LivingQuartersTop(Query[int]):
    """R-SCORE-1: The top value of his Living Quarters track."""

    key = "living_quarters_top"


class HumanCategory(IdentityEnum):
    """R-SCORE-1: the normal end scoring's categories, as the human scores them.

    The categories his score has too, and Private Goals; what the human loses at
    the end (unbuilt Blueprints, anything else that costs OP) is one category of
    its own, taken off.
    """

    OP_TRACK = "op_track"
    TECH_TILES = "tech_tiles"
    PROGRESS_CUBES = "progress_cubes"
    SHIPS = "ships"
    BLUEPRINTS = "blueprints"
    SCIENTISTS = "scientists"
    CONTRACTS = "contracts"
    LIVING_QUARTERS = "living_quarters"
    PRIVATE_GOALS = "private_goals"
    LOST = "lost"

    @property
    def sign(self) -> int:
        """+1, or -1 for the OP lost at the end."""
        return -1 if self is HumanCategory.LOST else 1


@final
@attrs.frozen
class HumanScore(Query[int]):
    """R-SCORE-1, R-SCORE-3: the human's OP in one *category* of the end scoring (>= 0).

    Their total is the categories' sum, :attr:`HumanCategory.LOST` taken off.
    """

    key = "human_score"
    category: HumanCategory


@final
@attrs.frozen
class RequirementMet(Query[bool]):
    """R-GOAL-2: whether requirement *index* of the goal (not the margin) holds."""

    key = "requirement_met"
    index: int
    requirement: Requirement


FINAL_QUERIES: Final = (
    OpTrack,
    ProgressCubes,
    TechPoints,
    ShipsInHangar,
    BuiltBlueprints,
    ScientistBuildings,
    Contracts,
    LivingQuartersTop,
    HumanScore,
    RequirementMet,
)
"""What final scoring reads, in that order."""


@final
@attrs.frozen(kw_only=True)
class FinalResult:
    """His score, the human's total and the Solo Goal's result (R-SCORE, R-GOAL-2)."""

    score: ScoreBreakdown
    human_total: int
    human_score: tuple[tuple[HumanCategory, int], ...] = ()
    """The human's OP by category (R-SCORE-1), in :class:`HumanCategory` order."""
    margin: int
    """Human total minus his total (R-GOAL-2)."""
    goal: GoalResult


def final_scoring(goal: str, facts: FinalFacts) -> FinalResult:
    """Score him from counts (R-SCORE-1), then judge the Solo Goal (R-GOAL-2).

    The margin is computed from the two totals; every other requirement is
    read as met or not.
    """
    score = score_counts(
        op_track=facts.answer(OpTrack()),
        progress_cubes=facts.answer(ProgressCubes()),
        tech_points=facts.answer(TechPoints()),
        ships_in_hangar=facts.answer(ShipsInHangar()),
        built_level1=facts.answer(BuiltBlueprints(1)),
        built_level3=facts.answer(BuiltBlueprints(3)),
        scientist_buildings=facts.answer(ScientistBuildings()),
        upgrade_contracts=facts.answer(Contracts(ContractKind.UPGRADE)),
        delivery_contracts=facts.answer(Contracts(ContractKind.DELIVERY)),
        living_quarters_top=facts.answer(LivingQuartersTop()),
    )
    human_score = tuple((c, facts.answer(HumanScore(c))) for c in HumanCategory)
    human = sum(c.sign * points for c, points in human_score)
    margin = human - score.total
    result = judge_goal(
        goal,
        GoalFacts(margin=margin),
        lambda index, requirement: facts.answer(RequirementMet(index, requirement)),
    )
    return FinalResult(
        score=score,
        human_total=human,
        human_score=human_score,
        margin=margin,
        goal=result,
    )
