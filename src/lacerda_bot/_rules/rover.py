"""Lacerda's Rover (R-ROVER-1..10): target, allowance, path, and arrival.

The facts say how many eligible tiles are nearest, how far and how dear the
chosen one is, and how many shortest paths tie; the engine breaks the ties
(R-TIE), chooses the Rover Tech (R-ROVER-4) and what he pays (R-ROVER-5), and
emits the move in the order of R-ROVER-10.
"""

from collections.abc import Callable
from typing import Final, final

import attrs

from lacerda_bot import _queries as q
from lacerda_bot._facts import PLACED, Choice, Facts, Numbered
from lacerda_bot._rules.crystals import gain_crystals
from lacerda_bot._rules.play import GainResolver, Play, rules_trace
from lacerda_bot._ties import TiedRule
from lacerda_bot.decisions import (
    CollectTile,
    CrystalSource,
    D,
    GiveOxygen,
    MoveRover,
    PayCrystals,
    PaymentPurpose,
)
from lacerda_bot.model import Owner, TechType, TechUsed
from lacerda_bot.trace import Explanation, TieBreak

__all__ = ["Allowance", "best_rover_tech", "move_rover"]

_ROVER_RULES: Final = (
    "R-ROVER-2",
    "R-ROVER-3",
    "R-ROVER-4",
    "R-ROVER-5",
    "R-ROVER-6",
    "R-ROVER-7",
)


@final
@attrs.frozen(kw_only=True)
class Allowance:
    """How far he moves and what he pays (R-ROVER-4, R-ROVER-5)."""

    allowance: int
    tech: TechUsed
    """Whose Rover Tech sets the allowance (counted only if he moves more than base)."""
    reached: bool
    pay: int
    """Crystals paid for extra hexes (0 when the target is not reached)."""
    length: int
    """Hexes the chosen path runs before truncation: steps if reached, else the allowance."""


def best_rover_tech(
    *,
    steps: int,
    base: int,
    own_level: Callable[[], int],
    human_level: Callable[[], int],
    tile_cost: Callable[[], int],
    spendable: Callable[[], int],
    prefer_own: bool,
) -> Allowance:
    """R-ROVER-4, R-ROVER-5: the allowance, whose Rover Tech, and whether he pays to reach.

    A Tech is needed only if *steps* exceed *base*. Among Techs, the best
    result is first reaching the target, then paying fewer Crystals
    (R-ROVER-5), then going farther (the hex reached counted in steps, before
    figures shorten the path); on equal results his own Tech wins with
    *prefer_own*, else the human's (R-BUILD-10). The levels, the tile's cost and the spendable Crystals are read
    only when the answer depends on them (a level of 0 means no Rover Tech).

    >>> best_rover_tech(steps=3, base=2, own_level=lambda: 1, human_level=lambda: 3,
    ...                 tile_cost=lambda: 0, spendable=lambda: 0, prefer_own=True).tech
    <TechUsed.OWN: 'own'>
    """
    if steps <= base:  # no Tech needed: he reaches it for free, nothing else is read
        return Allowance(
            allowance=base, tech=TechUsed.NONE, reached=True, pay=0, length=steps
        )
    read: dict[str, int] = {}

    def crystals() -> int:
        if "spendable" not in read:
            read["spendable"] = spendable()
        return read["spendable"]

    def result(allowance: int) -> tuple[bool, int]:
        if steps <= allowance:
            return True, 0
        extra = steps - allowance
        return (True, extra) if extra + tile_cost() <= crystals() else (False, 0)

    def score(choice: tuple[TechUsed, int]) -> tuple[bool, int, int]:
        reached, pay = result(base + choice[1])
        return reached, -pay, steps if reached else base + choice[1]

    ranked = [(TechUsed.OWN, own_level), (TechUsed.HUMAN, human_level)]
    if not prefer_own:
        ranked.reverse()
    (first, first_level), (second, second_level) = ranked
    levels = [(first, first_level())]
    # the preferred Tech reaching the target for free cannot be beaten: the
    # other one's level is not read
    if score(levels[0]) != (True, 0, steps):
        levels.append((second, second_level()))
    choices = [(user, level) for user, level in levels if level > 0]
    choices = choices or [(TechUsed.NONE, 0)]

    user, level = max(choices, key=score)  # max keeps the first of equals
    reached, pay = result(base + level)
    length = steps if reached else base + level
    return Allowance(
        allowance=base + level, tech=user, reached=reached, pay=pay, length=length
    )


def move_rover(
    play: Play[D], resolve: GainResolver[D], *, base: int, rules: tuple[str, ...]
) -> bool:
    """One Rover move with allowance *base* + Rover Tech; ``False`` with no eligible tile.

    Emission order (R-ROVER-10): movement payment, ``MoveRover``, ``GiveOxygen``
    if the human's Tech counted, one ``GainCrystals`` per Crystal entered, then
    on arrival the tile payment, ``CollectTile`` and its reward gains.
    """
    facts = play.facts
    target_ties: tuple[TieBreak, ...] = ()
    if play.player_places:  # the player picks the tile among the equal nearest ones
        if not facts.answer(q.AnyTarget()):
            return False
        target = PLACED
    else:
        tiles = facts.answer(q.NearestTiles())
        if not tiles:
            return False
        index, target_ties = play.tie(tiles, rule=TiedRule.ROVER_TARGET)
        target = play.choice(index, len(tiles), TiedRule.ROVER_TARGET)
    steps = facts.answer(q.TargetSteps(target))
    costs: list[int] = []

    def cost() -> int:
        """The tile's Crystal cost, read once, when paying or arriving needs it."""
        if not costs:
            costs.append(facts.answer(q.TargetCrystalCost(target)))
        return costs[0]

    allowance = best_rover_tech(
        steps=steps,
        base=base,
        own_level=lambda: facts.answer(q.TechLevel(TechType.ROVER, Owner.LACERDA)),
        human_level=lambda: facts.answer(q.TechLevel(TechType.ROVER, Owner.HUMAN)),
        tile_cost=cost,
        spendable=lambda: facts.answer(q.SpendableCrystals()),
        prefer_own=play.options.prefer_own_tech,
    )
    length, paid = allowance.length, allowance.pay

    def explain(f: Facts[D]) -> Explanation:
        return f.explain(q.RoverCandidates(target, length, paid)), f.explain(
            q.RoverRemovals()
        )

    # the tiles are explained on the board they were chosen on (before the payment)
    later = facts.later(explain)
    told = explain
    if later is None:  # a source that cannot defer explains now, before paying too
        now = explain(facts)

        def told(f: Facts[D]) -> Explanation:
            return now

    # R-ROVER-10: the movement payment comes first, and the Depot spaces it frees
    # count for the Crystals on the way (R-ROVER-6).
    if allowance.pay:
        pay = PayCrystals(
            amount=allowance.pay,
            purpose=PaymentPurpose.MOVEMENT,
            trace=rules_trace(("R-ROVER-5",)),
        )
        play.emit(pay)
    # Reaching the tile with no Crystal on the way, every shortest path ends alike
    # and is merged into one (R-TIE-1); otherwise the paths' outcomes may differ.
    crystals = not allowance.reached or facts.answer(
        q.CrystalsOnWay(target, allowance.length)
    )
    path_ties: tuple[TieBreak, ...] = ()
    if crystals and play.player_places:  # the player moves along one of the best
        path = PLACED
    else:
        paths = (
            facts.answer(q.BestPaths(target, allowance.length))
            if crystals
            else Numbered.of(("the way",))
        )
        merged = (
            facts.explain(q.PathMergedLabels(target, length)) if paths.count > 1 else ()
        )
        path_index, path_ties = play.tie(paths, rule=TiedRule.ROVER_PATH, merged=merged)
        path = play.choice(path_index, paths.count, TiedRule.ROVER_PATH)
    trace = play.explained(
        (*rules, *_ROVER_RULES),
        told,
        tie_breaks=target_ties + path_ties,
        later=later,
    )
    counted = _counted_tech(play, allowance, base, target, path)
    move = MoveRover(
        path=facts.name(q.PathHexes(target, allowance.length, path)),
        allowance=allowance.allowance,
        crystals_paid=allowance.pay,
        crystal_hexes=facts.name(q.PathCrystalHexes(target, allowance.length, path)),
        target=facts.name(q.TargetTileId(target)),
        reached=allowance.reached,
        tech_used=counted,
        trace=trace,
    )
    arrival_cost = cost() if allowance.reached else 0  # read before he moves
    play.emit(move)
    if counted is TechUsed.HUMAN:
        oxygen = GiveOxygen(
            tech=TechType.ROVER, trace=rules_trace(("R-TURN-7", "R-ROVER-4"))
        )
        play.emit(oxygen)
    for _ in range(facts.answer(q.MovedCrystalCount()) if crystals else 0):
        gain_crystals(play, 1, CrystalSource.ROVER_PATH, "R-ROVER-7")
    if allowance.reached:
        _arrive(play, resolve, arrival_cost)
    return True


def _counted_tech(
    play: Play[D], allowance: Allowance, base: int, target: Choice, path: Choice
) -> TechUsed:
    """R-ROVER-4: the Rover Tech counts as used only if he moves more than *base* hexes.

    Reaching the target he moves its full distance; stopping short, figures
    may stop him before the allowance, so the facts say how far he moved.
    """
    if allowance.tech is TechUsed.NONE:
        return TechUsed.NONE
    if allowance.reached:
        moved = allowance.length
    else:
        moved = play.facts.answer(q.PathMoved(target, allowance.length, path))
    return allowance.tech if moved > base else TechUsed.NONE


def _arrive(play: Play[D], resolve: GainResolver[D], cost: int) -> None:
    """R-ROVER-9: pay the tile's cost, collect it, resolve its reward gains in order."""
    facts = play.facts
    if cost:
        pay = PayCrystals(
            amount=cost,
            purpose=PaymentPurpose.TILE,
            trace=rules_trace(("R-ROVER-9",)),
        )
        play.emit(pay)
    tile = facts.name(q.ArrivalTileId())
    play.emit(
        CollectTile(tile=tile, crystal_cost=cost, trace=rules_trace(("R-ROVER-9",)))
    )
    resolve(play, facts.answer(q.CollectedTileReward()), f"tile {tile}")
