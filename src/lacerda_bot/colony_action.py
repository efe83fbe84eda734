"""Carrying out Upgrade (R-COLONY-3, R-COLONY-4) and Hire or Contract (R-COLONY-5..8)."""

from typing import final

import attrs

from lacerda_bot.board import Board
from lacerda_bot.colony import (
    best_contracts,
    best_scientists,
    eligible_buildings,
    rank_blueprints,
    scientist_potential,
)
from lacerda_bot.decisions import (
    Candidate,
    GiveOxygen,
    HireScientist,
    PayCrystals,
    PaymentPurpose,
    RefillContractDisplay,
    TakeContract,
    Trace,
    Upgrade,
)
from lacerda_bot.model import TechType, TechUsed
from lacerda_bot.options import NoScientistFallback, Options
from lacerda_bot.play import Play

__all__ = ["StaffPlan", "do_contract", "do_hire", "do_upgrade", "plan_staff"]


def do_upgrade(play: Play, *, rules: tuple[str, ...]) -> Play | None:
    """Upgrade (R-COLONY-3, R-COLONY-4): up to the best Upgrade Tech's capacity; ``None`` if impossible.

    The first upgrade needs no Tech. The Tech for further ones is the one that
    allows the most upgrades he makes, his own on equal results with
    ``prefer_own_tech`` (R-BUILD-10); the human's adds ``GiveOxygen`` (R-TURN-7).
    """
    board = play.board
    limit = max(board.own_upgrade_capacity, board.human_upgrade_capacity, 1)
    positions: list[int] = []
    for _ in range(limit):
        rank = rank_blueprints(play.board)
        if not rank.best:
            break
        index, play, ties = play.tie(
            [b.blueprint.id for b in rank.best],
            rule="R-COLONY-3",
            merged=[b.blueprint.id for b in rank.merged],
        )
        held = rank.best[index]
        buildings = eligible_buildings(play.board, held)
        spot, play, more_ties = play.tie(
            [str(b.hex) for b in buildings], rule="R-COLONY-4"
        )
        trace = Trace(
            rules=(*rules, "R-COLONY-3", "R-COLONY-4", "R-BUILD-12"),
            candidates=tuple(
                Candidate(
                    option=b.blueprint.id,
                    criteria=(
                        ("level", b.blueprint.level),
                        ("buildings", len(eligible_buildings(play.board, b))),
                    ),
                )
                for b in rank.candidates
            ),
            tie_breaks=ties + more_ties,
        )
        positions.append(len(play.decisions))
        play = play.emit(
            Upgrade(
                hex=buildings[spot].hex,
                blueprint=held.blueprint.id,
                tech_used=TechUsed.NONE,
                trace=trace,
            )
        )
    if not positions:
        return None
    return _credit_upgrade_tech(play, board, positions)


def _credit_upgrade_tech(play: Play, board: Board, positions: list[int]) -> Play:
    """Mark whose Upgrade Tech allowed the upgrades after the first (R-COLONY-4)."""
    made = len(positions)
    if made < 2:
        return play
    own_ok = board.own_upgrade_capacity >= made
    human_ok = board.human_upgrade_capacity >= made
    own_first = play.bot.options.prefer_own_tech
    used = TechUsed.OWN if own_ok and (own_first or not human_ok) else TechUsed.HUMAN
    decisions = list(play.decisions)
    for position in positions[1:]:
        upgrade = decisions[position]
        assert isinstance(upgrade, Upgrade)
        decisions[position] = attrs.evolve(upgrade, tech_used=used)
    if used is TechUsed.HUMAN:
        oxygen = GiveOxygen(
            tech=TechType.UPGRADE, trace=Trace(rules=("R-TURN-7", "R-COLONY-4"))
        )
        decisions.insert(positions[1] + 1, oxygen)
    return attrs.evolve(play, decisions=tuple(decisions))


@final
@attrs.frozen(kw_only=True)
class StaffPlan:
    """What Colony 3 will do (R-COLONY-5..7), or why it is impossible."""

    hire: bool
    """True: hire a Scientist; False: take a Contract."""
    rule: str
    reason: str = ""
    """Non-empty when the action is impossible."""
    extra_cost: int = 0
    """Crystals beyond placement (the Contract's cost, R-COST-3)."""


def plan_staff(board: Board, options: Options) -> StaffPlan:
    """Decide between hiring and a Contract, and check impossibility (R-COST-5, R-COLONY-5..7)."""
    if board.colonist_on_hire_slot:
        return StaffPlan(
            hire=True, rule="R-COST-5", reason="his Colonist is on his Hire slot"
        )
    if len(board.lacerda_scientists) < 2:
        if board.scientist_display:
            return StaffPlan(hire=True, rule="R-COLONY-5")
        if options.no_scientist_fallback is NoScientistFallback.ROVER:
            return StaffPlan(
                hire=True, rule="R-COLONY-6", reason="no Scientist on display"
            )
    if not board.contract_display:
        return StaffPlan(hire=False, rule="R-COLONY-7", reason="no Contract on display")
    return StaffPlan(
        hire=False, rule="R-COLONY-7", extra_cost=board.contract_crystal_cost
    )


def do_hire(play: Play, *, rules: tuple[str, ...]) -> Play:
    """Hire the display Scientist of highest potential (R-COLONY-6), then R-COLONY-8."""
    best = best_scientists(play.board)
    index, play, ties = play.tie([s.scientist.value for s in best], rule="R-COLONY-6")
    slot = best[index]
    trace = Trace(
        rules=(*rules, "R-COLONY-5", "R-COLONY-6"),
        candidates=tuple(
            Candidate(
                option=s.scientist.value,
                criteria=(("potential", scientist_potential(play.board, s)),),
            )
            for s in sorted(play.board.scientist_display, key=lambda s: s.slot)
        ),
        tie_breaks=ties,
    )
    play = play.emit(
        HireScientist(scientist=slot.scientist, slot=slot.slot, trace=trace)
    )
    return play.emit(
        RefillContractDisplay(slot=slot.slot, trace=Trace(rules=("R-COLONY-8",)))
    )


def do_contract(play: Play, *, rules: tuple[str, ...]) -> Play:
    """Take the Contract worth most (R-COLONY-7), paying its cost, then R-COLONY-8."""
    best = best_contracts(play.board)
    index, play, ties = play.tie([c.id for c in best], rule="R-COLONY-7")
    slot = best[index]
    cost = play.board.contract_crystal_cost
    if cost:
        play = play.emit(
            PayCrystals(
                amount=cost,
                purpose=PaymentPurpose.CONTRACT,
                trace=Trace(rules=("R-COLONY-7", "R-COST-3")),
            )
        )
    trace = Trace(
        rules=(*rules, "R-COLONY-7"),
        candidates=tuple(
            Candidate(option=c.id, criteria=(("op", c.op),))
            for c in sorted(play.board.contract_display, key=lambda c: c.slot)
        ),
        tie_breaks=ties,
    )
    play = play.emit(
        TakeContract(contract=slot.id, slot=slot.slot, kind=slot.kind, trace=trace)
    )
    return play.emit(
        RefillContractDisplay(slot=slot.slot, trace=Trace(rules=("R-COLONY-8",)))
    )
