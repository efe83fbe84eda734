"""Lacerda's final score (R-SCORE-1, R-SCORE-2): a breakdown that sums to its total."""

from typing import Final, Protocol, final

import attrs

from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.host import BlueprintView, ScientistView, ScoreView
from lacerda_bot.model import ContractKind, scored_type
from lacerda_bot.records import AdvancedCount, HeldBlueprint

__all__ = [
    "PROGRESS_POINTS",
    "SHIP_POINTS",
    "ScoreBreakdown",
    "ScoringView",
    "score_lacerda",
]

PROGRESS_POINTS: Final[tuple[int, ...]] = (0, 1, 2, 4, 7, 11)
"""T7: OP for 0 to 5 Progress cubes."""
SHIP_POINTS: Final = 3
"""T7: OP per Ship in his Hangar."""
SCIENTIST_POINTS: Final = 3
"""T3: OP per Advanced Building of the scored type on Mars."""


class ScoringView(ScoreView, BlueprintView, ScientistView, Protocol):
    """What scoring reads: V21 plus his Blueprints (V10) and Scientists (V11)."""


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
    value = getattr(view, name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidHostStateError(name, "an int >= 0", value)
    if most is not None and value > most:
        raise InvalidHostStateError(name, f"at most {most}", value)
    return value


def _blueprint_points(held: HeldBlueprint) -> int:
    """T5, R-SCORE-1: built +3 (L1) or +5 (L3); unbuilt cost him nothing."""
    if not held.used:
        return 0
    return 3 if held.blueprint.level == 1 else 5


def score_lacerda(view: ScoringView) -> ScoreBreakdown:
    """Lacerda's end-game score, with the solo changes of R-SCORE-1.

    Living Quarters count as full (the top value), every Contract he holds as
    completed, unbuilt Blueprints cost nothing; Ships 3 each, Scientists 3 per
    Advanced Building of their scored type on Mars, Progress cubes by T7, Techs
    by the host's Lab column values, plus the OP track. The final comparison
    and its tie-breaks are the host's (R-SCORE-3).

    Raises:
        InvalidHostStateError: a count is negative or not an int; names the field.
    """
    values: list[int] = []
    for i, value in enumerate(view.lab_column_values):
        item: object = value
        if isinstance(item, bool) or not isinstance(item, int) or item < 0:
            raise InvalidHostStateError(f"lab_column_values[{i}]", "an int >= 0", item)
        values.append(item)
    advanced: dict[object, int] = {}
    for i, item in enumerate(view.advanced_buildings_on_mars):
        if not isinstance(item, AdvancedCount):
            raise InvalidHostStateError(
                f"advanced_buildings_on_mars[{i}]", "an AdvancedCount", item
            )
        advanced[item.building] = advanced.get(item.building, 0) + item.count
    scientists = sum(
        SCIENTIST_POINTS * advanced.get(scored_type(s), 0)
        for s in view.lacerda_scientists
    )
    contracts = sum(ContractKind(k).completed_op for k in view.lacerda_contracts)
    parts = {
        "op_track": _count(view, "op_track"),
        "progress_cubes": PROGRESS_POINTS[_count(view, "progress_cubes", most=5)],
        "techs": sum(values),
        "ships": SHIP_POINTS * _count(view, "ships_in_hangar"),
        "blueprints": sum(_blueprint_points(b) for b in view.lacerda_blueprints),
        "scientists": scientists,
        "contracts": contracts,
        "living_quarters": _count(view, "living_quarters_top"),
    }
    return ScoreBreakdown(**parts, total=sum(parts.values()))
