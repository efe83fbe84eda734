"""The Orbit actions' choices (R-ORBIT-1..6): pure functions of the view."""

from collections.abc import Collection, Sequence
from typing import Protocol, final

import attrs

from lacerda_bot.decisions import Removal
from lacerda_bot.host import BlueprintView, ScientistView, TechView
from lacerda_bot.model import BlueprintRow, TechType, scored_type
from lacerda_bot.options import Options
from lacerda_bot.records import DisplayedBlueprint, GridTile, LabRow, OwnTech

__all__ = [
    "BlueprintChoice",
    "BlueprintShopView",
    "LearnChoice",
    "can_advance",
    "choose_blueprint",
    "choose_development",
    "choose_tech_tiles",
]


class BlueprintShopView(BlueprintView, ScientistView, Protocol):
    """What Obtain a Blueprint reads: the display and his Scientists."""


@final
@attrs.frozen(kw_only=True)
class BlueprintChoice:
    """The Blueprint R-ORBIT-1..4 pick, or why there is none."""

    pick: DisplayedBlueprint | None
    rule: str
    """The rule that decided: R-ORBIT-4 for a pick, else the failing rule."""
    reason: str = ""
    candidates: tuple[DisplayedBlueprint, ...] = ()
    removed: tuple[Removal, ...] = ()


def choose_blueprint(view: BlueprintShopView, options: Options) -> BlueprintChoice:
    """Obtain a Blueprint: candidates by Scientist (R-ORBIT-2, R-ORBIT-3), then row and slot (R-ORBIT-4)."""
    display = tuple(view.blueprint_display)
    if not display:
        return BlueprintChoice(
            pick=None, rule="R-ORBIT-1", reason="the display is empty"
        )
    if view.free_advanced_markers < 1:
        return BlueprintChoice(
            pick=None,
            rule="R-ORBIT-1",
            reason="he has no free Advanced Building marker",
        )
    scored = {scored_type(s) for s in view.lacerda_scientists}
    candidates = display
    removed: tuple[Removal, ...] = ()
    if scored:
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
        if not candidates:
            if not options.blueprint_fallback_any_type:
                return BlueprintChoice(
                    pick=None,
                    rule="R-ORBIT-3",
                    reason="no display card of a scored type",
                )
            candidates, removed = display, ()
    rows = {d.row for d in candidates}
    counts = {row: sum(1 for d in display if d.row is row) for row in BlueprintRow}
    row = max(rows, key=lambda r: (counts[r], r is BlueprintRow.BOTTOM))
    pick = min((d for d in candidates if d.row is row), key=lambda d: d.slot)
    return BlueprintChoice(
        pick=pick, rule="R-ORBIT-4", candidates=candidates, removed=removed
    )


@final
@attrs.frozen(kw_only=True)
class LearnChoice:
    """The Tech tiles R-ORBIT-5 leaves tied, the entry space, or why it is impossible."""

    tiles: tuple[GridTile, ...]
    """Equal candidates in canonical order (one unless R-TIE must choose)."""
    entry_row: int | None
    reason: str = ""
    removed: tuple[Removal, ...] = ()


def choose_tech_tiles(view: TechView) -> LearnChoice:
    """Learn New Technology (R-ORBIT-5): lowest cost rank, then leftmost, of a type he lacks."""
    free_rows = sorted(r.row for r in view.lab_rows if r.entry_free)
    if not free_rows:
        return LearnChoice(
            tiles=(), entry_row=None, reason="no Lab entry space is free"
        )
    owned = {t.tech for t in view.lacerda_techs}
    grid = sorted(view.tech_grid, key=lambda t: (t.row, t.column, t.id))
    lacking = [t for t in grid if t.tech not in owned]
    removed = tuple(
        Removal(option=t.id, rule="R-ORBIT-5", reason=f"he has a {t.tech.value} Tech")
        for t in grid
        if t.tech in owned
    )
    if not lacking:
        return LearnChoice(
            tiles=(),
            entry_row=None,
            reason="no grid tile of a type he lacks",
            removed=removed,
        )
    cheapest = min(t.cost_rank for t in lacking)
    leftmost = min(t.column for t in lacking if t.cost_rank == cheapest)
    tied = tuple(t for t in lacking if (t.cost_rank, t.column) == (cheapest, leftmost))
    return LearnChoice(tiles=tied, entry_row=free_rows[0], removed=removed)


def can_advance(tech: OwnTech, rows: Sequence[LabRow] | Collection[LabRow]) -> bool:
    """R-ORBIT-6: a Tech can advance while its level is below its row's maximum."""
    top = next((r.max_level for r in rows if r.row == tech.row), 0)
    return tech.level < top


def choose_development(
    view: TechView, *, most: bool, previous: TechType | None = None
) -> OwnTech | None:
    """R-ORBIT-6: the Tech one development step advances, or ``None`` if none can.

    *most* picks the most developed (step 1), otherwise the least developed
    other than *previous* unless no other can advance (step 2). Equal levels:
    the bottom one (higher Lab row). R-TO-10 uses the same steps.
    """
    rows = list(view.lab_rows)
    movable = [t for t in view.lacerda_techs if can_advance(t, rows)]
    if not most:
        others = [t for t in movable if t.tech is not previous]
        movable = others or movable
    if not movable:
        return None
    if most:
        return max(movable, key=lambda t: (t.level, t.row))
    return min(movable, key=lambda t: (t.level, -t.row))
