"""The Colony actions besides Construct: Upgrade (R-COLONY-3, -4), Hire or Contract (R-COLONY-5..8)."""

import attrs

from lacerda_bot import _queries as q
from lacerda_bot._facts import PLACED
from lacerda_bot._rules.building import relocate_rover
from lacerda_bot._rules.plans import ContractPlan, HirePlan, Impossible, UpgradePlan
from lacerda_bot._rules.play import Play, rules_trace
from lacerda_bot._ties import TiedRule
from lacerda_bot.decisions import (
    D,
    GiveOxygen,
    HireScientist,
    PayCrystals,
    PaymentPurpose,
    RefillContractDisplay,
    TakeContract,
    Upgrade,
)
from lacerda_bot.model import Owner, TechType, TechUsed
from lacerda_bot.options import NoScientistFallback
from lacerda_bot.trace import TieBreak

__all__ = [
    "perform_contract",
    "perform_hire",
    "perform_upgrade",
    "plan_staff",
    "plan_upgrade",
]


def plan_upgrade(play: Play[D]) -> UpgradePlan | Impossible:
    """R-COLONY-3: impossible when no unused Blueprint of his has an eligible building."""
    if not play.facts.answer(q.UpgradeBlueprints()):
        return Impossible(
            rule="R-COLONY-3", reason="no unused Blueprint has an eligible building"
        )
    return UpgradePlan()


def _upgrade_once(
    play: Play[D], rules: tuple[str, ...], blueprints: tuple[str, ...]
) -> None:
    """R-COLONY-3, R-COLONY-4: one of the tied *blueprints*, then one building."""
    facts = play.facts
    index, ties = play.tie(
        blueprints,
        rule=TiedRule.BLUEPRINT_TYPE,
        merged=facts.explain(q.UpgradeMergedLabels()),
    )
    blueprint = play.choice(index, len(blueprints), TiedRule.BLUEPRINT_TYPE)
    more_ties: tuple[TieBreak, ...] = ()
    if play.player_places:  # he has one (R-COLONY-3); the player picks which
        building = PLACED
    else:
        buildings = facts.answer(q.EligibleBuildings(blueprint))
        spot, more_ties = play.tie(buildings, rule=TiedRule.UPGRADED_BUILDING)
        building = play.choice(spot, len(buildings), TiedRule.UPGRADED_BUILDING)
    trace = play.explained(
        (*rules, "R-COLONY-3", "R-COLONY-4", "R-BUILD-12"),
        lambda f: (f.explain(q.UpgradeCandidates()), ()),
        tie_breaks=ties + more_ties,
    )
    play.emit(
        Upgrade(
            hex=facts.name(q.EligibleBuildingHex(blueprint, building)),
            blueprint=facts.name(q.UpgradeBlueprintId(blueprint)),
            tech_used=TechUsed.NONE,
            trace=trace,
        )
    )
    relocate_rover(play)


def perform_upgrade(play: Play[D], *, rules: tuple[str, ...]) -> None:
    """Upgrade (R-COLONY-3, R-COLONY-4): as many as the best Upgrade Tech allows.

    The first upgrade needs no Tech. Only when a second is possible are the
    Upgrade Techs read: the one allowing the most upgrades he makes is used,
    his own on equal results with ``prefer_own_tech`` (R-BUILD-10); the
    human's adds ``GiveOxygen`` (R-TURN-7).
    """
    facts = play.facts
    positions: list[int] = []
    limit: int | None = None
    capacities = (1, 1)
    while limit is None or len(positions) < limit:
        blueprints = facts.answer(q.UpgradeBlueprints())
        if not blueprints:
            break
        if positions and limit is None:
            capacities = (
                facts.answer(q.UpgradeCapacity(Owner.LACERDA)),
                facts.answer(q.UpgradeCapacity(Owner.HUMAN)),
            )
            limit = max(*capacities, 1)
            if len(positions) >= limit:
                break
        positions.append(len(play.decisions))
        _upgrade_once(play, rules, blueprints)
    _credit_upgrade_tech(play, capacities, positions)


def _credit_upgrade_tech(
    play: Play[D], capacities: tuple[int, int], positions: list[int]
) -> None:
    """Mark whose Upgrade Tech allowed the upgrades after the first (R-COLONY-4)."""
    made = len(positions)
    if made < 2:
        return
    own_ok, human_ok = (capacity >= made for capacity in capacities)
    own_first = play.options.prefer_own_tech
    used = TechUsed.OWN if own_ok and (own_first or not human_ok) else TechUsed.HUMAN
    for position in positions[1:]:
        upgrade = play.decisions[position]
        assert isinstance(upgrade, Upgrade)
        play.amend(position, attrs.evolve(upgrade, tech_used=used))
    if used is TechUsed.HUMAN:
        oxygen = GiveOxygen(
            tech=TechType.UPGRADE, trace=rules_trace(("R-TURN-7", "R-COLONY-4"))
        )
        play.insert(positions[1] + 1, oxygen)


def plan_staff(play: Play[D]) -> HirePlan | ContractPlan | Impossible:
    """Colony 3: hire or a Contract, or why it is impossible (R-COST-5, R-COLONY-5..7)."""
    facts = play.facts
    if facts.answer(q.ColonistOnHireSlot()):
        return Impossible(rule="R-COST-5", reason="his Colonist is on his Hire slot")
    if facts.answer(q.ScientistCount()) < 2:
        if facts.answer(q.BestScientists()):
            return HirePlan()
        if play.options.no_scientist_fallback is NoScientistFallback.ROVER:
            return Impossible(rule="R-COLONY-6", reason="no Scientist on display")
    if not facts.answer(q.BestContracts()):
        return Impossible(rule="R-COLONY-7", reason="no Contract on display")
    return ContractPlan(cost=facts.answer(q.ContractCrystalCost()))


def perform_hire(play: Play[D], *, rules: tuple[str, ...]) -> None:
    """Hire the display Scientist of highest potential (R-COLONY-6), then R-COLONY-8."""
    facts = play.facts
    scientists = facts.answer(q.BestScientists())
    index, ties = play.tie(scientists, rule=TiedRule.SCIENTIST)
    choice = play.choice(index, len(scientists), TiedRule.SCIENTIST)
    scientist = facts.name(q.HiredScientist(choice))
    slot = facts.name(q.HiredSlot(choice))
    trace = play.explained(
        (*rules, "R-COLONY-5", "R-COLONY-6"),
        lambda f: (f.explain(q.ScientistCandidates()), ()),
        tie_breaks=ties,
    )
    play.emit(HireScientist(scientist=scientist, slot=slot, trace=trace))
    play.emit(RefillContractDisplay(slot=slot, trace=rules_trace(("R-COLONY-8",))))


def perform_contract(
    play: Play[D], plan: ContractPlan, *, rules: tuple[str, ...]
) -> None:
    """Take the Contract worth most (R-COLONY-7), paying its cost, then R-COLONY-8."""
    facts = play.facts
    contracts = facts.answer(q.BestContracts())
    index, ties = play.tie(contracts, rule=TiedRule.CONTRACT)
    choice = play.choice(index, len(contracts), TiedRule.CONTRACT)
    if plan.cost:
        play.emit(
            PayCrystals(
                amount=plan.cost,
                purpose=PaymentPurpose.CONTRACT,
                trace=rules_trace(("R-COLONY-7", "R-COST-3")),
            )
        )
    trace = play.explained(
        (*rules, "R-COLONY-7"),
        lambda f: (f.explain(q.ContractCandidates()), ()),
        tie_breaks=ties,
    )
    slot = facts.name(q.TakenSlot(choice))
    play.emit(
        TakeContract(
            contract=facts.name(q.TakenContract(choice)),
            slot=slot,
            kind=facts.answer(q.ContractKindOf(choice)),
            trace=trace,
        )
    )
    play.emit(RefillContractDisplay(slot=slot, trace=rules_trace(("R-COLONY-8",))))
