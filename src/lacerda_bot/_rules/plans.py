"""Whether an action can be done, and how: typed plans that performing consumes.

Each action's rule decides once whether it is possible (R-TURN-4) and returns
either :class:`Impossible` (the failing rule and why) or a plan holding what
that check found out; the performing step takes the plan and never checks
again. The same plans serve a card action and an action taken as a gain
(R-TO-4, R-COST-6).
"""

from typing import TypeAlias, final

import attrs

from lacerda_bot.model import BuildingType
from lacerda_bot.trace import Removal

__all__ = [
    "ActionPlan",
    "ConstructPlan",
    "ContractPlan",
    "DevelopPlan",
    "HirePlan",
    "Impossible",
    "LearnPlan",
    "ObtainPlan",
    "UpgradePlan",
]


@final
@attrs.frozen(kw_only=True)
class Impossible:
    """The action cannot be done: *rule* says so, for *reason* (R-TURN-4)."""

    rule: str
    reason: str


@final
@attrs.frozen(kw_only=True)
class ObtainPlan:
    """Obtain a Blueprint (R-ORBIT-2..4): among scored types only, or any card."""

    scored_only: bool


@final
@attrs.frozen(kw_only=True)
class LearnPlan:
    """Learn New Technology (R-ORBIT-5): a free entry space and a new type exist."""


@final
@attrs.frozen(kw_only=True)
class DevelopPlan:
    """Research & Development (R-ORBIT-6): some Tech of his can advance."""


@final
@attrs.frozen(kw_only=True)
class ConstructPlan:
    """Construct (R-BUILD-2, R-BUILD-3): the type to build and the types passed over."""

    building: BuildingType
    removed: tuple[Removal, ...] = ()


@final
@attrs.frozen(kw_only=True)
class UpgradePlan:
    """Upgrade (R-COLONY-3): an unused Blueprint of his has an eligible building."""


@final
@attrs.frozen(kw_only=True)
class HirePlan:
    """Colony 3 as a hire (R-COLONY-5, R-COLONY-6)."""


@final
@attrs.frozen(kw_only=True)
class ContractPlan:
    """Colony 3 as a Contract (R-COLONY-7), which costs *cost* Crystals (R-COST-3)."""

    cost: int


ActionPlan: TypeAlias = (
    ObtainPlan
    | LearnPlan
    | DevelopPlan
    | ConstructPlan
    | UpgradePlan
    | HirePlan
    | ContractPlan
)
"""What a possible action will do; :func:`lacerda_bot._rules.actions.perform` consumes it."""
