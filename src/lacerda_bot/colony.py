"""The Colony actions' choices (R-COLONY-3..7, R-BUILD-12): pure functions of the view."""

from typing import Protocol, final

import attrs

from lacerda_bot.build import complexes
from lacerda_bot.host import BlueprintView, MapView, ScientistView
from lacerda_bot.model import BuildingType, Owner, scored_type
from lacerda_bot.records import Building, ContractSlot, HeldBlueprint, ScientistSlot

__all__ = [
    "BlueprintRank",
    "UpgradeView",
    "best_contracts",
    "best_scientists",
    "eligible_buildings",
    "rank_blueprints",
    "scientist_potential",
]


class UpgradeView(MapView, BlueprintView, ScientistView, Protocol):
    """What Upgrade reads: the buildings, his Blueprints and his Scientists."""


def eligible_buildings(view: MapView, held: HeldBlueprint) -> tuple[Building, ...]:
    """R-BUILD-12: buildings *held* may upgrade, in canonical order.

    Same type, not yet upgraded, Shelters only his own; Level 3 needs a
    Complex of size >= 3. Used Blueprints upgrade nothing.
    """
    card = held.blueprint
    if held.used:
        return ()
    owner = Owner.LACERDA if card.building is BuildingType.SHELTER else None
    sizes = {
        h: len(group)
        for group in complexes(view.buildings, card.building, owner)
        for h in group
    }
    return tuple(
        b
        for b in view.buildings
        if b.hex in sizes
        and b.upgraded_by is None
        and (card.level == 1 or sizes[b.hex] >= 3)
    )


@final
@attrs.frozen(kw_only=True)
class BlueprintRank:
    """R-COLONY-3: the Blueprints left tied after the Scientist and level preferences."""

    best: tuple[HeldBlueprint, ...]
    """Distinct (type, level) candidates, lowest id first; one unless R-TIE must choose."""
    merged: tuple[HeldBlueprint, ...]
    """Candidates equal in type and level to one in *best* (R-TIE-1)."""
    candidates: tuple[HeldBlueprint, ...]
    """Every unused Blueprint with an eligible building."""


def rank_blueprints(view: UpgradeView) -> BlueprintRank:
    """R-COLONY-3: prefer a type his Scientists score, then Level 3 over Level 1."""
    candidates = tuple(
        b
        for b in sorted(view.lacerda_blueprints, key=lambda b: b.blueprint.id)
        if eligible_buildings(view, b)
    )
    scored = {scored_type(s) for s in view.lacerda_scientists}

    def preference(b: HeldBlueprint) -> tuple[bool, int]:
        return b.blueprint.building in scored, b.blueprint.level

    if not candidates:
        return BlueprintRank(best=(), merged=(), candidates=())
    top = max(preference(b) for b in candidates)
    tied = [b for b in candidates if preference(b) == top]
    best: list[HeldBlueprint] = []
    merged: list[HeldBlueprint] = []
    for b in tied:
        same = any(o.blueprint.building is b.blueprint.building for o in best)
        (merged if same else best).append(b)
    return BlueprintRank(best=tuple(best), merged=tuple(merged), candidates=candidates)


def scientist_potential(view: UpgradeView, slot: ScientistSlot) -> int:
    """R-COLONY-6: 3 x Blueprints of the scored type held by either player, used or not."""
    kind = scored_type(slot.scientist)
    held = sum(1 for b in view.lacerda_blueprints if b.blueprint.building is kind)
    return 3 * (held + sum(1 for t in view.human_blueprints if t is kind))


def best_scientists(view: UpgradeView) -> tuple[ScientistSlot, ...]:
    """R-COLONY-6: the display Scientists of highest potential, in slot order."""
    slots = sorted(view.scientist_display, key=lambda s: s.slot)
    if not slots:
        return ()
    top = max(scientist_potential(view, s) for s in slots)
    return tuple(s for s in slots if scientist_potential(view, s) == top)


def best_contracts(view: ScientistView) -> tuple[ContractSlot, ...]:
    """R-COLONY-7: the display Contracts worth most when completed, in slot order."""
    slots = sorted(view.contract_display, key=lambda c: c.slot)
    if not slots:
        return ()
    top = max(c.op for c in slots)
    return tuple(c for c in slots if c.op == top)
