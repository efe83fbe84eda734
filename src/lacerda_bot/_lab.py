"""His Lab (V9): which of his Techs can advance, and which one a development step takes.

Pure functions of his Techs and Lab rows (R-ORBIT-6, R-TO-10, R-TURN-6), shared by
every source of facts: a host's board, and the table companion's tracked copy of
his player board.
"""

from collections.abc import Iterable

from lacerda_bot.model import TechType
from lacerda_bot.records import LabRow, OwnTech

__all__ = ["can_advance", "choose_development", "movable"]


def can_advance(tech: OwnTech, rows: Iterable[LabRow]) -> bool:
    """R-ORBIT-6: a Tech can advance while its level is below its row's maximum."""
    top = next((r.max_level for r in rows if r.row == tech.row), 0)
    return tech.level < top


def movable(techs: Iterable[OwnTech], rows: Iterable[LabRow]) -> list[OwnTech]:
    """His Techs that can advance, in the order given."""
    lab = tuple(rows)
    return [t for t in techs if can_advance(t, lab)]


def choose_development(
    techs: Iterable[OwnTech],
    rows: Iterable[LabRow],
    *,
    most: bool,
    previous: TechType | None = None,
) -> OwnTech | None:
    """R-ORBIT-6: the Tech one development step advances, or ``None`` if none can.

    *most* picks the most developed (step 1), otherwise the least developed
    other than *previous* unless no other can advance (step 2). Equal levels:
    the bottom one (higher Lab row). R-TO-10 uses the same steps.
    """
    can = movable(techs, rows)
    if not most:
        others = [t for t in can if t.tech is not previous]
        can = others or can
    if not can:
        return None
    if most:
        return max(can, key=lambda t: (t.level, t.row))
    return min(can, key=lambda t: (t.level, -t.row))
