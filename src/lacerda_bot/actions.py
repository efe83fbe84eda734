"""A card's action (R-TURN-1 step 4): impossibility, cost, placement, then the action.

An impossible or unaffordable action becomes a Rover move (R-TURN-4), and a
Rover move with no eligible tile a skipped turn (R-TURN-5).
"""

from typing import final

import attrs

from lacerda_bot.board import Board
from lacerda_bot.build import choose_building_type
from lacerda_bot.colony import rank_blueprints
from lacerda_bot.colony_action import do_contract, do_hire, do_upgrade, plan_staff
from lacerda_bot.decisions import (
    ActionImpossible,
    PayCrystals,
    PaymentPurpose,
    PlaceColonist,
    SkipTurn,
    Trace,
)
from lacerda_bot.gains import resolve_gains
from lacerda_bot.model import Action
from lacerda_bot.options import Options
from lacerda_bot.orbit import choose_blueprint, choose_development, choose_tech_tiles
from lacerda_bot.perform import (
    do_construct,
    do_develop,
    do_learn_tech,
    do_obtain_blueprint,
)
from lacerda_bot.play import Play
from lacerda_bot.rover_move import do_rover_move
from lacerda_bot.state import BotState

__all__ = ["ActionCheck", "check_action", "placement_cost", "run_action"]

_RULES = {
    Action.OBTAIN_BLUEPRINT: ("R-ORBIT-1",),
    Action.LEARN_TECH: ("R-ORBIT-5",),
    Action.RESEARCH_DEVELOPMENT: ("R-ORBIT-6",),
    Action.CONSTRUCT: ("R-COLONY-1", "R-COLONY-2"),
    Action.UPGRADE: ("R-COLONY-3", "R-COLONY-4"),
    Action.HIRE_OR_CONTRACT: ("R-COLONY-5",),
}


@final
@attrs.frozen(kw_only=True)
class ActionCheck:
    """Whether a card action can be done now, and at what Crystal cost (R-TURN-4, R-COST)."""

    action: Action
    rule: str = ""
    """The failing rule; empty when the action is possible and affordable."""
    reason: str = ""
    cost: int = 0
    """All Crystal costs of the action: placement plus e.g. a Contract (R-COST-3)."""
    placement: int = 0
    """The placement part of *cost* (R-COST-2)."""
    hire: bool = False
    """For Colony 3: hire a Scientist (True) or take a Contract (R-COLONY-5)."""

    @property
    def ok(self) -> bool:
        """True when the action goes ahead."""
        return not self.rule


def placement_cost(board: Board, action: Action, options: Options) -> int:
    """R-COST-1, R-COST-2: Crystals per Colonist present on a red-Colonist action; Orbit 2 costs none."""
    if not action.places_colonist:
        return 0
    present = getattr(board.colonists_present, action.value)
    return options.placement_cost_per_colonist * int(present)


def _impossibility(board: Board, bot: BotState, action: Action) -> tuple[str, str]:
    """The failing rule and reason if *action* is impossible, else two empty strings."""
    options = bot.options
    if action is Action.OBTAIN_BLUEPRINT:
        choice = choose_blueprint(board, options)
        return ("", "") if choice.pick else (choice.rule, choice.reason)
    if action is Action.LEARN_TECH:
        learn = choose_tech_tiles(board)
        return ("", "") if learn.tiles else ("R-ORBIT-5", learn.reason)
    if action is Action.RESEARCH_DEVELOPMENT:
        if choose_development(board, most=True) is None:
            return "R-ORBIT-6", "none of his Techs can advance"
        return "", ""
    if action is Action.CONSTRUCT:
        if choose_building_type(board, bot.pointer, options).building is None:
            return "R-COLONY-2", "no qualifying type has a legal site"
        return "", ""
    if action is Action.UPGRADE:
        if not rank_blueprints(board).best:
            return "R-COLONY-3", "no unused Blueprint has an eligible building"
        return "", ""
    staff = plan_staff(board, options)
    return (staff.rule, staff.reason) if staff.reason else ("", "")


def check_action(board: Board, bot: BotState, action: Action) -> ActionCheck:
    """R-TURN-4: impossibility first, then affordability (R-COST-3)."""
    rule, reason = _impossibility(board, bot, action)
    if rule:
        return ActionCheck(action=action, rule=rule, reason=reason)
    placement = placement_cost(board, action, bot.options)
    cost, hire = placement, False
    if action is Action.HIRE_OR_CONTRACT:
        staff = plan_staff(board, bot.options)
        cost, hire = cost + staff.extra_cost, staff.hire
    if cost > board.spendable_crystals:
        reason = f"costs {cost} Crystals, he can spend {board.spendable_crystals}"
        return ActionCheck(action=action, rule="R-COST-3", reason=reason, cost=cost)
    return ActionCheck(action=action, cost=cost, placement=placement, hire=hire)


def run_action(play: Play, action: Action) -> Play:
    """R-TURN-1 step 4: pay and place, then perform; or the Rover fallback (R-TURN-4, R-TURN-5)."""
    check = check_action(play.board, play.bot, action)
    if not check.ok:
        trace = Trace(rules=("R-TURN-4", check.rule))
        play = play.emit(
            ActionImpossible(
                action=action, rule=check.rule, reason=check.reason, trace=trace
            )
        )
        base = play.bot.options.rover_base_movement
        moved = do_rover_move(
            play, resolve_gains, base=base, rules=("R-TURN-4", "R-ROVER-1")
        )
        if moved is not None:
            return moved
        reason = "the action is impossible and no tile is eligible for his Rover"
        return play.emit(
            SkipTurn(reason=reason, trace=Trace(rules=("R-TURN-5", "R-ROVER-8")))
        )
    if check.placement:
        trace = Trace(rules=("R-COST-2", "R-COST-3", "R-COST-7"))
        play = play.emit(
            PayCrystals(
                amount=check.placement, purpose=PaymentPurpose.PLACEMENT, trace=trace
            )
        )
    if action.places_colonist:
        play = play.emit(
            PlaceColonist(action=action, trace=Trace(rules=("R-COST-1", "R-COST-2")))
        )
    return _perform(play, check)


def _perform(play: Play, check: ActionCheck) -> Play:
    action, rules = check.action, _RULES[check.action]
    if action is Action.OBTAIN_BLUEPRINT:
        return do_obtain_blueprint(play)
    if action is Action.LEARN_TECH:
        return do_learn_tech(play, resolve_gains)
    if action is Action.RESEARCH_DEVELOPMENT:
        play, first = do_develop(
            play, resolve_gains, most=True, previous=None, rules=("R-ORBIT-6",)
        )
        play, _ = do_develop(
            play, resolve_gains, most=False, previous=first, rules=("R-ORBIT-6",)
        )
        return play
    if action is Action.CONSTRUCT:
        done = do_construct(play, kind=None, rules=rules)
    elif action is Action.UPGRADE:
        done = do_upgrade(play, rules=rules)
    elif check.hire:
        done = do_hire(play, rules=rules)
    else:
        done = do_contract(play, rules=rules)
    assert done is not None  # possibility was checked on this same board (R-TURN-4)
    return done
