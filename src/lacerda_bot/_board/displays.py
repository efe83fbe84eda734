"""The displays on a board: the cards and Techs his rules pick (R-ORBIT-2..6, R-COLONY-3..7, R-TO-3).

How a board answers the facts about displays and his Lab: which Blueprint
R-ORBIT-4 takes, the cheapest new Tech tile, the Tech a development step
takes, his preferred Blueprints, the Scientists and Contracts worth most, the
Warehouse item. The engine decides what to do with them.
"""

from collections.abc import Collection, Sequence
from typing import Protocol, final

import attrs

from lacerda_bot._board.sites import eligible_buildings
from lacerda_bot.host import BlueprintView, MapView, ScientistView, TechView
from lacerda_bot.model import BlueprintRow, Item, scored_type
from lacerda_bot.records import (
    ContractSlot,
    DisplayedBlueprint,
    GridTile,
    HeldBlueprint,
    ScientistSlot,
    Stock,
    TurnOrderSpace,
)
from lacerda_bot.trace import Removal

__all__ = [
    "BlueprintChoice",
    "BlueprintRank",
    "BlueprintShopView",
    "LearnChoice",
    "UpgradeView",
    "best_contracts",
    "best_scientists",
    "choose_blueprint",
    "choose_tech_tiles",
    "choose_warehouse_item",
    "rank_blueprints",
    "scientist_potential",
    "starting_spaces",
]


class BlueprintShopView(BlueprintView, ScientistView, Protocol):
    """What Obtain a Blueprint reads: the display and his Scientists."""


@final
@attrs.frozen(kw_only=True)
class BlueprintChoice:
    """The Blueprint R-ORBIT-4 picks among the candidates of R-ORBIT-2 or R-ORBIT-3."""

    pick: DisplayedBlueprint
    candidates: tuple[DisplayedBlueprint, ...]
    removed: tuple[Removal, ...] = ()


def choose_blueprint(view: BlueprintShopView, *, scored_only: bool) -> BlueprintChoice:
    """The card R-ORBIT-4 takes from a non-empty display.

    The engine has decided the action is possible (R-ORBIT-1) and whether
    only the types his Scientists score are candidates (R-ORBIT-2) or every
    card (no Scientist, or the R-ORBIT-3 fallback). Of the candidates, the
    fuller row's leftmost; the bottom row if the rows are equally full.
    """
    display = tuple(view.blueprint_display)
    candidates = display
    removed: tuple[Removal, ...] = ()
    if scored_only:
        scored = {scored_type(s) for s in view.lacerda_scientists}
        candidates = tuple(d for d in display if d.blueprint.building in scored)
        removed = tuple(
            Removal(
                option=d.blueprint.id,
                rule="R-ORBIT-2",
                reason="no Scientist of his scores it",
            )
            for d in display
            if d not in candidates
        )
    rows = {d.row for d in candidates}
    counts = {row: sum(1 for d in display if d.row is row) for row in BlueprintRow}
    row = max(rows, key=lambda r: (counts[r], r is BlueprintRow.BOTTOM))
    pick = min((d for d in candidates if d.row is row), key=lambda d: d.slot)
    return BlueprintChoice(pick=pick, candidates=candidates, removed=removed)


@final
@attrs.frozen(kw_only=True)
class LearnChoice:
    """The Tech tiles R-ORBIT-5 leaves tied (none when no tile is of a type he lacks)."""

    tiles: tuple[GridTile, ...]
    """Equal candidates in canonical order (one unless R-TIE must choose)."""
    removed: tuple[Removal, ...] = ()


def choose_tech_tiles(view: TechView) -> LearnChoice:
    """Learn New Technology (R-ORBIT-5): lowest cost rank, then leftmost, of a type he lacks.

    No tile when none is of a type he lacks.
    """
    owned = {s.tech for s in view.lab_spaces}
    grid = sorted(view.tech_grid, key=lambda t: (t.row, t.column, t.id))
    lacking = [t for t in grid if t.tech not in owned]
    removed = tuple(
        Removal(option=t.id, rule="R-ORBIT-5", reason=f"he has a {t.tech.value} Tech")
        for t in grid
        if t.tech in owned
    )
    if not lacking:
        return LearnChoice(tiles=(), removed=removed)
    cheapest = min(t.cost_rank for t in lacking)
    leftmost = min(t.column for t in lacking if t.cost_rank == cheapest)
    tied = tuple(t for t in lacking if (t.cost_rank, t.column) == (cheapest, leftmost))
    return LearnChoice(tiles=tied, removed=removed)


class UpgradeView(MapView, BlueprintView, ScientistView, Protocol):
    """What Upgrade reads: the buildings, his Blueprints and his Scientists."""


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


def choose_warehouse_item(warehouse: Sequence[Stock], *, room: bool) -> Stock | None:
    """R-TO-3: the item with most units; among ties a Crystal, else the leftmost.

    Without *room* (no free Depot space) the Crystals are passed over: nothing
    is taken from the Warehouse without room to store it, and he stores no
    Resources (they go to the general supply). None: nothing he may take.

    >>> stocks = [Stock(item=Item.CRYSTAL, units=2), Stock(item=Item.BATTERY, units=2),
    ...           Stock(item=Item.WATER, units=1)]
    >>> choose_warehouse_item(stocks, room=True).item
    <Item.CRYSTAL: 'crystal'>
    >>> choose_warehouse_item(stocks, room=False).item
    <Item.BATTERY: 'battery'>
    """
    stocked = [
        s for s in warehouse if s.units > 0 and (room or s.item is not Item.CRYSTAL)
    ]
    if not stocked:
        return None
    top = max(s.units for s in stocked)
    tied = [s for s in stocked if s.units == top]
    return next((s for s in tied if s.item is Item.CRYSTAL), tied[0])


def starting_spaces(
    spaces: Sequence[TurnOrderSpace], tiles: Collection[str]
) -> tuple[TurnOrderSpace, ...]:
    """R-SETUP-7: the spaces the First Colonist tiles name, in canonical order (spec §0)."""
    named = set(tiles)
    return tuple(s for s in spaces if s.id in named)
