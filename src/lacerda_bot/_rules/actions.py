"""A card's action (R-TURN-1 step 4): plan it, pay and place, then perform it.

An impossible or unaffordable action becomes a Rover move (R-TURN-4), and a
Rover move with no eligible tile a skipped turn (R-TURN-5).
"""

from typing import assert_never

from lacerda_bot import _queries as q
from lacerda_bot._rules.building import perform_construct, plan_construct
from lacerda_bot._rules.colony import (
    perform_contract,
    perform_hire,
    perform_upgrade,
    plan_staff,
    plan_upgrade,
)
from lacerda_bot._rules.gains import resolve_gains
from lacerda_bot._rules.orbit import (
    perform_develop,
    perform_learn,
    perform_obtain,
    plan_develop,
    plan_learn,
    plan_obtain,
)
from lacerda_bot._rules.plans import (
    ActionPlan,
    ConstructPlan,
    ContractPlan,
    DevelopPlan,
    HirePlan,
    Impossible,
    LearnPlan,
    ObtainPlan,
    UpgradePlan,
)
from lacerda_bot._rules.play import Play, rules_trace
from lacerda_bot._rules.rover import move_rover
from lacerda_bot.decisions import (
    ActionImpossible,
    D,
    PayCrystals,
    PaymentPurpose,
    PlaceColonist,
    SkipTurn,
)
from lacerda_bot.model import Action

__all__ = ["plan_action", "run_action"]


def plan_action(play: Play[D], action: Action) -> ActionPlan | Impossible:
    """Whether *action* is possible, and how (R-TURN-4: checked before its cost)."""
    match action:
        case Action.OBTAIN_BLUEPRINT:
            return plan_obtain(play)
        case Action.LEARN_TECH:
            return plan_learn(play)
        case Action.RESEARCH_DEVELOPMENT:
            return plan_develop(play)
        case Action.CONSTRUCT:
            return plan_construct(play, None)
        case Action.UPGRADE:
            return plan_upgrade(play)
        case Action.HIRE_OR_CONTRACT:
            return plan_staff(play)
        case unreachable:
            assert_never(unreachable)


def _placement(play: Play[D], action: Action) -> int:
    """R-COST-1, R-COST-2: Crystals per Colonist present on a red-Colonist action."""
    per = play.options.placement_cost_per_colonist
    if not action.places_colonist or per == 0:
        return 0
    return per * play.facts.answer(q.ColonistsPresent(action))


def run_action(play: Play[D], action: Action) -> None:
    """R-TURN-1 step 4: pay and place, then perform; or the Rover fallback (R-TURN-4, R-TURN-5)."""
    plan = plan_action(play, action)
    placement = 0
    if not isinstance(plan, Impossible):
        placement = _placement(play, action)
        cost = placement + (plan.cost if isinstance(plan, ContractPlan) else 0)
        if cost:
            spendable = play.facts.answer(q.SpendableCrystals())
            if cost > spendable:
                crystals = "Crystal" if cost == 1 else "Crystals"
                reason = f"costs {cost} {crystals}, he can spend {spendable}"
                plan = Impossible(rule="R-COST-3", reason=reason)
    if isinstance(plan, Impossible):
        _fall_back(play, action, plan)
        return
    if placement:
        trace = rules_trace(("R-COST-2", "R-COST-3", "R-COST-7"))
        play.emit(
            PayCrystals(amount=placement, purpose=PaymentPurpose.PLACEMENT, trace=trace)
        )
    if action.places_colonist:
        play.emit(
            PlaceColonist(action=action, trace=rules_trace(("R-COST-1", "R-COST-2")))
        )
    perform(play, plan)


def _fall_back(play: Play[D], action: Action, why: Impossible) -> None:
    """R-TURN-4, R-TURN-5: a Rover move replaces the action, or he skips the turn."""
    trace = rules_trace(("R-TURN-4", why.rule))
    play.emit(
        ActionImpossible(action=action, rule=why.rule, reason=why.reason, trace=trace)
    )
    base = play.options.rover_base_movement
    if move_rover(play, resolve_gains, base=base, rules=("R-TURN-4", "R-ROVER-1")):
        return
    reason = "the action is impossible and no tile is eligible for his Rover"
    play.emit(SkipTurn(reason=reason, trace=rules_trace(("R-TURN-5", "R-ROVER-8"))))


def perform(play: Play[D], plan: ActionPlan) -> None:
    """Carry out a possible action's *plan*; the gains it meets go to :mod:`gains`."""
    match plan:
        case ObtainPlan():
            perform_obtain(play, plan)
        case LearnPlan():
            perform_learn(play, resolve_gains)
        case DevelopPlan():
            perform_develop(play, resolve_gains)
        case ConstructPlan():
            perform_construct(play, plan, rules=("R-COLONY-1", "R-COLONY-2"))
        case UpgradePlan():
            perform_upgrade(play, rules=("R-COLONY-3", "R-COLONY-4"))
        case HirePlan():
            perform_hire(play, rules=("R-COLONY-5",))
        case ContractPlan():
            perform_contract(play, plan, rules=("R-COLONY-5",))
        case unreachable:
            assert_never(unreachable)
