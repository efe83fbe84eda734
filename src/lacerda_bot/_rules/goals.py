"""The Solo Goals (T8) and how the human's end state meets them (R-GOAL-1..3)."""

import enum
from collections.abc import Callable
from typing import Any, Final, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot._validate import is_int
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.model import (
    BuildingType,
    ContractKind,
    Item,
    Scientist,
    Side,
    TechType,
)

__all__ = [
    "SOLO_GOALS",
    "CompletedContract",
    "GoalFacts",
    "GoalResult",
    "Requirement",
    "RequirementKind",
    "RequirementResult",
    "SoloGoal",
    "evaluate_goal",
    "goal_by_id",
    "judge_goal",
]


@enum.unique
class RequirementKind(IdentityEnum):
    """The requirement kinds of T8."""

    COLONY_LEVEL = "colony_level"
    CONTRACTS = "contracts"
    PRIVATE_GOALS = "private_goals"
    TECH_LEVEL = "tech_level"
    RESEARCH_TILES = "research_tiles"
    SHELTERS = "shelters"
    MINES_WITH_OWN_COLONIST_OR_MARKER = "mines_with_own_colonist_or_marker"
    ADVANCED_BUILDINGS = "advanced_buildings"
    CONTRACT_COMPLETED = "contract_completed"
    SCIENTIST = "scientist"
    COMPLEX_SIZE = "complex_size"
    STORED = "stored"
    ENDS_ON = "ends_on"
    MARGIN = "margin"


@final
@attrs.frozen(kw_only=True)
class Requirement:
    """One requirement of a Solo Goal; counts are minimums (T8)."""

    kind: RequirementKind
    n: int = 0
    building: BuildingType | None = None
    """The type for tech_level, advanced_buildings, contract_completed, complex_size; None = any."""
    tech: TechType | None = None
    one_per_kind: bool = False
    contract: ContractKind | None = None
    items: str = ""
    """A Delivery Contract's items, e.g. ``"3 Plants + 2 Minerals"``."""
    scientist: Scientist | None = None
    item: Item | None = None
    side: Side | None = None


@final
@attrs.frozen(kw_only=True)
class SoloGoal:
    """A Solo Goal of T8 (R-GOAL-1)."""

    id: str
    name: str
    level: str
    requirements: tuple[Requirement, ...]


@final
@attrs.frozen(kw_only=True)
class CompletedContract:
    """A Contract the human completed: its kind and its type or items."""

    kind: ContractKind
    building: BuildingType | None = None
    items: str = ""


def _counts(_: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
    if not isinstance(value, tuple):
        raise InvalidValueError(attribute.name, "a tuple of (key, count) pairs", value)
    for i, pair in enumerate(value):
        count = pair[1] if isinstance(pair, tuple) and len(pair) == 2 else None
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise InvalidValueError(
                f"{attribute.name}[{i}]", "a (key, count >= 0) pair", pair
            )


@final
@attrs.frozen(kw_only=True)
class GoalFacts:
    """The human's end state, reported by the host (R-GOAL-3). Counts are >= 0."""

    colony_level: int = attrs.field(default=0, validator=is_int(0))
    contracts_completed: tuple[CompletedContract, ...] = ()
    private_goals_completed: int = attrs.field(default=0, validator=is_int(0))
    tech_levels: tuple[tuple[TechType, int], ...] = attrs.field(
        default=(), validator=_counts
    )
    research_tiles: int = attrs.field(default=0, validator=is_int(0))
    shelters_built: int = attrs.field(default=0, validator=is_int(0))
    mines_with_own_colonist_or_marker: int = attrs.field(default=0, validator=is_int(0))
    advanced_buildings: tuple[tuple[BuildingType, int], ...] = attrs.field(
        default=(), validator=_counts
    )
    """His Advanced Building markers on Mars, per type."""
    scientists: tuple[Scientist, ...] = ()
    largest_complex: tuple[tuple[BuildingType, int], ...] = attrs.field(
        default=(), validator=_counts
    )
    stored: tuple[tuple[Item, int], ...] = attrs.field(default=(), validator=_counts)
    final_side: Side = Side.COLONY
    margin: int = 0
    """Human total minus Lacerda's total (R-GOAL-2); may be negative."""


@final
@attrs.frozen(kw_only=True)
class RequirementResult:
    """Whether one requirement holds, and the value the facts show."""

    requirement: Requirement
    passed: bool
    actual: int


@final
@attrs.frozen(kw_only=True)
class GoalResult:
    """R-GOAL-2: the goal is won iff every requirement holds."""

    goal: str
    passed: bool
    requirements: tuple[RequirementResult, ...]


def _r(kind: RequirementKind, n: int = 0, **fields: object) -> Requirement:
    return Requirement(kind=kind, n=n, **fields)  # type: ignore[arg-type]


K = RequirementKind
GH = BuildingType.GREENHOUSE
SOLO_GOALS: Final[tuple[SoloGoal, ...]] = (
    SoloGoal(
        id="first_colonists",
        name="First Colonists",
        level="1",
        requirements=(
            _r(K.COLONY_LEVEL, 3),
            _r(K.CONTRACTS, 1),
            _r(K.PRIVATE_GOALS, 1),
            _r(K.TECH_LEVEL, 6),
            _r(K.MARGIN, 1),
        ),
    ),
    SoloGoal(
        id="next_generation",
        name="Next Generation",
        level="2",
        requirements=(
            _r(K.COLONY_LEVEL, 3),
            _r(K.CONTRACTS, 2, one_per_kind=True),
            _r(K.PRIVATE_GOALS, 1),
            _r(K.RESEARCH_TILES, 2),
            _r(K.SHELTERS, 4),
            _r(K.MARGIN, 10),
        ),
    ),
    SoloGoal(
        id="hunky_dory",
        name="Hunky Dory",
        level="3",
        requirements=(
            _r(K.COLONY_LEVEL, 4),
            _r(K.CONTRACTS, 2, one_per_kind=True),
            _r(K.PRIVATE_GOALS, 1),
            _r(K.MINES_WITH_OWN_COLONIST_OR_MARKER, 3),
            _r(K.ADVANCED_BUILDINGS, 5),
            _r(K.MARGIN, 20),
        ),
    ),
    SoloGoal(
        id="a_martian_potato",
        name="A Martian Potato",
        level="scenario",
        requirements=(
            _r(K.COLONY_LEVEL, 3),
            _r(K.CONTRACT_COMPLETED, contract=ContractKind.UPGRADE, building=GH),
            _r(
                K.CONTRACT_COMPLETED,
                contract=ContractKind.DELIVERY,
                items="3 Plants + 2 Minerals",
            ),
            _r(K.SCIENTIST, scientist=Scientist.BIOCHEMIST),
            _r(K.ADVANCED_BUILDINGS, 3, building=GH),
            _r(K.COMPLEX_SIZE, 5, building=GH),
            _r(K.STORED, 5, item=Item.PLANT),
            _r(K.RESEARCH_TILES, 2),
            _r(K.TECH_LEVEL, 6, tech=TechType.GREENHOUSE),
            _r(K.ENDS_ON, side=Side.ORBIT),
            _r(K.MARGIN, 30),
        ),
    ),
)
"""T8: the four Solo Goals, as data (R-GOAL-1)."""


def goal_by_id(goal_id: str) -> SoloGoal:
    """The Solo Goal with id *goal_id*; an unknown id raises InvalidValueError naming it."""
    for goal in SOLO_GOALS:
        if goal.id == goal_id:
            return goal
    known = ", ".join(g.id for g in SOLO_GOALS)
    raise InvalidValueError("goal", f"one of {known}", goal_id)


def _lookup(pairs: tuple[tuple[object, int], ...], key: object) -> int:
    return sum(n for k, n in pairs if k is key or key is None)


def _actual(req: Requirement, facts: GoalFacts) -> tuple[bool, int]:
    """Whether *req* holds for *facts*, and the value compared."""
    kind = req.kind
    if kind is K.CONTRACTS:
        done = facts.contracts_completed
        kinds = {c.kind for c in done}
        ok = len(done) >= req.n and (not req.one_per_kind or kinds == set(ContractKind))
        return ok, len(done)
    if kind is K.TECH_LEVEL:
        levels = [n for t, n in facts.tech_levels if req.tech is None or t is req.tech]
        best = max(levels, default=0)
        return best >= req.n, best
    if kind is K.ADVANCED_BUILDINGS:
        count = _lookup(facts.advanced_buildings, req.building)
        return count >= req.n, count
    if kind is K.CONTRACT_COMPLETED:
        wanted = CompletedContract(
            kind=req.contract or ContractKind.UPGRADE,
            building=req.building if req.contract is ContractKind.UPGRADE else None,
            items=req.items,
        )
        found = sum(1 for c in facts.contracts_completed if c == wanted)
        return found >= 1, found
    if kind is K.SCIENTIST:
        held = int(req.scientist in facts.scientists)
        return bool(held), held
    if kind is K.COMPLEX_SIZE:
        size = max(
            (n for t, n in facts.largest_complex if t is req.building), default=0
        )
        return size >= req.n, size
    if kind is K.STORED:
        units = _lookup(facts.stored, req.item)
        return units >= req.n, units
    if kind is K.ENDS_ON:
        on = int(facts.final_side is req.side)
        return bool(on), on
    value = {
        K.COLONY_LEVEL: facts.colony_level,
        K.PRIVATE_GOALS: facts.private_goals_completed,
        K.RESEARCH_TILES: facts.research_tiles,
        K.SHELTERS: facts.shelters_built,
        K.MINES_WITH_OWN_COLONIST_OR_MARKER: facts.mines_with_own_colonist_or_marker,
        K.MARGIN: facts.margin,
    }[kind]
    return value >= req.n, value


def _goal(goal: SoloGoal | str) -> SoloGoal:
    if isinstance(goal, str):
        return goal_by_id(goal)
    if not isinstance(goal, SoloGoal):
        raise InvalidValueError("goal", "a SoloGoal or a goal id", goal)
    return goal


def _result(goal: SoloGoal, results: list[RequirementResult]) -> GoalResult:
    return GoalResult(
        goal=goal.id, passed=all(r.passed for r in results), requirements=tuple(results)
    )


def evaluate_goal(goal: SoloGoal | str, facts: GoalFacts) -> GoalResult:
    """Pass or fail per requirement, and overall (R-GOAL-2, R-GOAL-3).

    "More OP than Lacerda" is a margin of at least 1; "beat by N" at least N.

    >>> evaluate_goal("first_colonists", GoalFacts(margin=0)).passed
    False
    """
    goal = _goal(goal)
    if not isinstance(facts, GoalFacts):
        raise InvalidValueError("facts", "a GoalFacts record", facts)
    results = []
    for req in goal.requirements:
        ok, actual = _actual(req, facts)
        results.append(RequirementResult(requirement=req, passed=ok, actual=actual))
    return _result(goal, results)


def judge_goal(
    goal: SoloGoal | str,
    facts: GoalFacts,
    met: Callable[[int, Requirement], bool],
) -> GoalResult:
    """R-GOAL-2 for a host that judges the requirements itself (a person at the table).

    The margin is read from *facts*; every other requirement *i* holds when
    ``met(i, requirement)`` says so.
    """
    goal = _goal(goal)
    results = []
    for i, req in enumerate(goal.requirements):
        if req.kind is K.MARGIN:
            ok, actual = _actual(req, facts)
        else:
            ok = met(i, req)
            actual = int(ok)
        results.append(RequirementResult(requirement=req, passed=ok, actual=actual))
    return _result(goal, results)
