"""Resolving gains (T6, R-TO-2..10): one mechanism for Turn Order spaces, Lab spaces and tiles."""

from collections.abc import Sequence

from lacerda_bot.colony_action import do_upgrade
from lacerda_bot.decisions import (
    AdvanceProgressBot,
    CrystalSource,
    GainShip,
    LoseBenefit,
    TakeBenefit,
    TakeWarehouseItem,
    Trace,
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
from lacerda_bot.options import ImpossibleBenefit, UnknownGain
from lacerda_bot.orbit import choose_blueprint, choose_tech_tiles
from lacerda_bot.perform import (
    do_build_shelter,
    do_construct,
    do_develop,
    do_learn_tech,
    do_obtain_blueprint,
    gain_crystals,
)
from lacerda_bot.play import Play
from lacerda_bot.records import Stock
from lacerda_bot.rover_move import do_rover_move

__all__ = ["check_gains", "choose_warehouse_item", "resolve_gain", "resolve_gains"]


def resolve_gains(play: Play, gains: Sequence[Gain], source: str) -> Play:
    """Resolve *gains* in listed order, each fully before the next (T6)."""
    for gain in gains:
        play = resolve_gain(play, gain, source)
    return play


def check_gains(gains: Sequence[Gain], unknown: UnknownGain, field: str) -> None:
    """R-TO-9 with ``unknown_gain = error``: raise before any decision if a gain is ``OTHER``."""
    if unknown is UnknownGain.ERROR:
        for i, gain in enumerate(gains):
            if gain.kind is GainKind.OTHER:
                raise InvalidHostStateError(
                    f"{field}[{i}]", "a gain of a kind in T6", str(gain)
                )


def resolve_gain(play: Play, gain: Gain, source: str) -> Play:
    """Take *gain* from *source* the way Lacerda does (T6, R-TO-2..10)."""
    play = play.emit(
        TakeBenefit(gain=gain, source=source, trace=Trace(rules=("R-TO-2",)))
    )
    kind = gain.kind
    if kind is GainKind.RESOURCES:
        return _lose(play, gain, "R-TO-6", "he never takes Resources (R-CRYSTAL-4)")
    if kind is GainKind.OTHER:
        check_gains((gain,), play.bot.options.unknown_gain, "gain")
        return _lose(play, gain, "R-TO-9", gain.description or "a gain outside T6")
    if kind is GainKind.BOT:
        before = play.bot.pointer
        steps = play.bot.options.bot_benefit_steps
        after = next_in_sequence(before, steps)
        trace = Trace(rules=("R-TO-5",))
        return play.emit(
            AdvanceProgressBot(steps=steps, before=before, after=after, trace=trace)
        )
    if kind is GainKind.DEVELOP:
        return _develop_n(play, gain.n)
    done = _carry_out(play, gain)
    if done is None:
        return _impossible(play, gain)
    return done


def _carry_out(play: Play, gain: Gain) -> Play | None:
    """The gains that may be impossible; ``None`` sends them to R-TO-2."""
    kind = gain.kind
    if kind is GainKind.WAREHOUSE:
        return _take_warehouse(play)
    if kind is GainKind.TECH:
        if choose_tech_tiles(play.board).entry_row is None:
            return None
        return do_learn_tech(play, resolve_gains)
    if kind is GainKind.BLUEPRINT:
        if choose_blueprint(play.board, play.bot.options).pick is None:
            return None
        return do_obtain_blueprint(play)
    if kind is GainKind.CRYSTALS:
        if play.board.supply_crystals < 1:  # R-CRYSTAL-5
            return None
        return gain_crystals(play, gain.n, CrystalSource.BENEFIT, "R-TO-6")
    if kind is GainKind.COLONIST:
        return do_rover_move(
            play,
            resolve_gains,
            base=play.bot.options.rover_base_movement,
            rules=("R-TO-4",),
        )
    if kind is GainKind.ROVER:
        return do_rover_move(play, resolve_gains, base=gain.n, rules=("R-TO-7",))
    if kind is GainKind.CONSTRUCT:
        if gain.building is BuildingType.SHELTER:
            return do_build_shelter(play, rules=("R-BUILD-3",))
        return do_construct(play, kind=gain.building, rules=("R-BUILD-3", "R-COST-6"))
    if kind is GainKind.UPGRADE:
        return do_upgrade(play, rules=("R-TO-7", "R-COST-6"))
    # SHIP (R-LEVEL-4, R-CRYSTAL-5)
    if play.board.ships_left < 1:
        return None
    return play.emit(GainShip(trace=Trace(rules=("R-TO-7", "R-LEVEL-4"))))


def choose_warehouse_item(warehouse: Sequence[Stock]) -> Stock | None:
    """R-TO-3: the item with most units; among ties a Crystal, else the leftmost.

    >>> from lacerda_bot.records import Stock
    >>> stocks = [Stock(item=Item.CRYSTAL, units=1), Stock(item=Item.BATTERY, units=2),
    ...           Stock(item=Item.WATER, units=2)]
    >>> choose_warehouse_item(stocks).item
    <Item.BATTERY: 'battery'>
    """
    stocked = [s for s in warehouse if s.units > 0]
    if not stocked:
        return None
    top = max(s.units for s in stocked)
    tied = [s for s in stocked if s.units == top]
    return next((s for s in tied if s.item is Item.CRYSTAL), tied[0])


def _take_warehouse(play: Play) -> Play | None:
    stock = choose_warehouse_item(play.board.warehouse)
    if stock is None:
        return None
    crystal = stock.item is Item.CRYSTAL
    trace = Trace(rules=("R-TO-3", "R-TO-8"))
    play = play.emit(
        TakeWarehouseItem(item=stock.item, to_supply=not crystal, trace=trace)
    )
    if crystal:
        play = gain_crystals(play, 1, CrystalSource.WAREHOUSE, "R-TO-3")
    return play


def _develop_n(play: Play, n: int) -> Play:
    """R-TO-10: n steps, odd ones as R-ORBIT-6 step 1, even ones as its step 2."""
    previous: TechType | None = None
    for step in range(n):
        most = step % 2 == 0
        play, moved = do_develop(
            play,
            resolve_gains,
            most=most,
            previous=previous,
            rules=("R-TO-10", "R-ORBIT-6"),
        )
        if moved is None:
            return play.note(
                f"R-TO-10: nothing can advance; develop stopped after {step} step(s)"
            )
        previous = moved
    return play


def _impossible(play: Play, gain: Gain) -> Play:
    """R-TO-2: lose the gain, or move the Rover with ``impossible_benefit = rover``."""
    if play.bot.options.impossible_benefit is ImpossibleBenefit.ROVER:
        moved = do_rover_move(
            play,
            resolve_gains,
            base=play.bot.options.rover_base_movement,
            rules=("R-TO-2",),
        )
        if moved is not None:
            return moved
        return _lose(
            play, gain, "R-ROVER-8", "it cannot be carried out and no tile is eligible"
        )
    return _lose(play, gain, "R-TO-2", "it cannot be carried out")


def _lose(play: Play, gain: Gain, rule: str, reason: str) -> Play:
    return play.emit(
        LoseBenefit(gain=gain, reason=reason, trace=Trace(rules=(rule, "R-TO-2")))
    )
