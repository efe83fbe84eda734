"""Resolving gains (T6, R-TO-2..10): one mechanism for Turn Order spaces, Lab spaces and tiles."""

from collections.abc import Sequence
from typing import Final, assert_never

from lacerda_bot import _queries as q
from lacerda_bot._facts import check_gains
from lacerda_bot._rules.building import (
    perform_construct,
    perform_shelter,
    plan_construct,
    plan_shelter,
)
from lacerda_bot._rules.colony import perform_upgrade, plan_upgrade
from lacerda_bot._rules.crystals import gain_crystals
from lacerda_bot._rules.orbit import (
    DevelopStep,
    develop_step,
    perform_learn,
    perform_obtain,
    plan_learn,
    plan_obtain,
)
from lacerda_bot._rules.plans import Impossible
from lacerda_bot._rules.play import Play, rules_trace
from lacerda_bot._rules.rover import move_rover
from lacerda_bot.decisions import (
    AdvanceProgressBot,
    CrystalSource,
    D,
    GainShip,
    LoseBenefit,
    TakeBenefit,
    TakeWarehouseItem,
)
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.model import (
    BuildingType,
    Gain,
    GainKind,
    Item,
    TechType,
    next_in_sequence,
)
from lacerda_bot.options import ImpossibleBenefit

__all__ = ["MAX_NESTED_GAINS", "resolve_gain", "resolve_gains"]


def resolve_gains(play: Play[D], gains: Sequence[Gain], source: str) -> None:
    """Resolve *gains* in listed order, each fully before the next (T6)."""
    for gain in gains:
        resolve_gain(play, gain, source)


MAX_NESTED_GAINS: Final = 64
"""Gains inside gains a board can hold: each develops a Tech level or collects a tile."""


def resolve_gain(play: Play[D], gain: Gain, source: str) -> None:
    """Take *gain* from *source* the way Lacerda does (T6, R-TO-2..10).

    Raises:
        InvalidHostStateError: the gain is ``OTHER`` and ``unknown_gain`` is
            ``error`` (R-TO-9), or gains nest deeper than
            :data:`MAX_NESTED_GAINS` (facts no board can give); the call
            returns nothing.
    """
    if play.depth >= MAX_NESTED_GAINS:
        raise InvalidHostStateError(
            "gain", f"benefits nested at most {MAX_NESTED_GAINS} deep", str(gain)
        )
    play.depth += 1
    try:
        _resolve(play, gain, source)
    finally:
        play.depth -= 1


def _resolve(play: Play[D], gain: Gain, source: str) -> None:
    play.emit(TakeBenefit(gain=gain, source=source, trace=rules_trace(("R-TO-2",))))
    options = play.options
    done = True
    match gain.kind:
        case GainKind.RESOURCES:
            _lose(play, gain, "R-TO-6", "he never takes Resources (R-CRYSTAL-4)")
        case GainKind.OTHER:
            check_gains((gain,), options.unknown_gain, "gain")
            _lose(play, gain, "R-TO-9", gain.description or "a gain outside T6")
        case GainKind.BOT:
            _advance_bot(play)
        case GainKind.DEVELOP:
            _develop_n(play, gain.n)
        case GainKind.WAREHOUSE:
            done = _take_warehouse(play)
        case GainKind.TECH:
            done = _learn(play)
        case GainKind.BLUEPRINT:
            done = _obtain(play)
        case GainKind.CRYSTALS:
            done = play.facts.answer(q.SupplyHasCrystal())  # R-CRYSTAL-5
            if done:
                gain_crystals(play, gain.n, CrystalSource.BENEFIT, "R-TO-6")
        case GainKind.COLONIST:
            base = options.rover_base_movement
            done = move_rover(play, resolve_gains, base=base, rules=("R-TO-4",))
        case GainKind.ROVER:
            done = move_rover(play, resolve_gains, base=gain.n, rules=("R-TO-7",))
        case GainKind.CONSTRUCT:
            done = _construct(play, gain.building)
        case GainKind.UPGRADE:
            done = not isinstance(plan_upgrade(play), Impossible)
            if done:
                perform_upgrade(play, rules=("R-TO-7", "R-COST-6"))
        case GainKind.SHIP:  # R-LEVEL-4, R-CRYSTAL-5
            done = play.facts.answer(q.HasShipLeft())
            if done:
                play.emit(GainShip(trace=rules_trace(("R-TO-7", "R-LEVEL-4"))))
        case unreachable:
            assert_never(unreachable)
    if not done:
        _impossible(play, gain)


def _advance_bot(play: Play[D]) -> None:
    """R-TO-5: the Progress Bot advances ``bot_benefit_steps`` icons of T2."""
    before = play.bot.pointer
    steps = play.options.bot_benefit_steps
    play.emit(
        AdvanceProgressBot(
            steps=steps,
            before=before,
            after=next_in_sequence(before, steps),
            trace=rules_trace(("R-TO-5",)),
        )
    )


def _learn(play: Play[D]) -> bool:
    """``TECH``: Learn New Technology as Orbit 2, free (R-TO-4)."""
    if isinstance(plan_learn(play), Impossible):
        return False
    perform_learn(play, resolve_gains)
    return True


def _obtain(play: Play[D]) -> bool:
    """``BLUEPRINT``: Obtain a Blueprint as Orbit 1, no placement cost (R-TO-4)."""
    plan = plan_obtain(play)
    if isinstance(plan, Impossible):
        return False
    perform_obtain(play, plan)
    return True


def _construct(play: Play[D], kind: BuildingType | None) -> bool:
    """``CONSTRUCT(t)``: a Shelter, the type *kind*, or by the sequence (R-BUILD-3)."""
    if kind is BuildingType.SHELTER:
        if plan_shelter(play) is not None:
            return False
        perform_shelter(play, rules=("R-BUILD-3",))
        return True
    plan = plan_construct(play, kind)
    if isinstance(plan, Impossible):
        return False
    perform_construct(play, plan, rules=("R-BUILD-3", "R-COST-6"))
    return True


def _take_warehouse(play: Play[D]) -> bool:
    """R-TO-3: the item with most units; a Crystal is his, a Resource goes to the supply."""
    item = play.facts.answer(q.WarehouseItem())
    if item is None:
        return False
    crystal = item is Item.CRYSTAL
    trace = rules_trace(("R-TO-3", "R-TO-8"))
    play.emit(TakeWarehouseItem(item=item, to_supply=not crystal, trace=trace))
    if crystal:
        gain_crystals(play, 1, CrystalSource.WAREHOUSE, "R-TO-3")
    return True


def _develop_n(play: Play[D], n: int) -> None:
    """R-TO-10: n steps, odd ones as R-ORBIT-6 step 1, even ones as its step 2."""
    previous: TechType | D | None = None
    for step in range(n):
        kind = DevelopStep.MOST if step % 2 == 0 else DevelopStep.LEAST
        moved = develop_step(
            play,
            resolve_gains,
            kind,
            rules=("R-TO-10", "R-ORBIT-6"),
            previous=previous,
        )
        if moved is None:
            play.note(
                f"R-TO-10: nothing can advance; develop stopped after {step} step(s)"
            )
            return
        previous = moved


def _impossible(play: Play[D], gain: Gain) -> None:
    """R-TO-2: lose the gain, or move the Rover with ``impossible_benefit = rover``."""
    options = play.options
    if options.impossible_benefit is ImpossibleBenefit.ROVER:
        base = options.rover_base_movement
        if move_rover(play, resolve_gains, base=base, rules=("R-TO-2",)):
            return
        _lose(
            play, gain, "R-ROVER-8", "it cannot be carried out and no tile is eligible"
        )
        return
    _lose(play, gain, "R-TO-2", "it cannot be carried out")


def _lose(play: Play[D], gain: Gain, rule: str, reason: str) -> None:
    play.emit(
        LoseBenefit(gain=gain, reason=reason, trace=rules_trace((rule, "R-TO-2")))
    )
