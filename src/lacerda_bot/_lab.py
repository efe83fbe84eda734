"""His Laboratory (V9, spec 1.3): which Techs can advance, which one a step takes, and where.

Pure functions of his Lab's spaces (R-ORBIT-5, R-ORBIT-6, R-TO-10, R-TURN-6),
shared by every source of facts: a host's board, and the table companion's
tracked copy of his player board. A Tech tile's level is the column of its
space; it develops into an empty space of the next column that its space
touches, so a tile whose touched spaces are both taken cannot develop.
"""

from collections.abc import Callable, Collection, Sequence

import attrs

from lacerda_bot.model import Gain, HostId, TechType
from lacerda_bot.records import LabSpace, OwnTech
from lacerda_bot.trace import Removal

__all__ = [
    "Lab",
    "best_entries",
    "choose_development",
    "developed",
    "entry_space",
    "free_ahead",
    "learned",
    "level_of",
    "movable",
    "own_techs",
]

Lab = Collection[LabSpace]
"""His Lab's spaces, in canonical order: by column, then position (top first)."""


def own_techs(lab: Lab) -> tuple[OwnTech, ...]:
    """His Techs: the tiles on his Lab's spaces, in the Lab's order."""
    return tuple(
        OwnTech(tech=s.tech, level=s.column, space=s.id, position=s.position)
        for s in lab
        if s.tech is not None
    )


def level_of(lab: Lab, tech: TechType) -> int:
    """The level of his *tech* Tech: the column of its space (0 without it)."""
    for space in lab:
        if space.tech is tech:
            return space.column
    return 0


def entry_space(lab: Lab) -> LabSpace | None:
    """R-ORBIT-5: the topmost empty space of the entry column, if one is empty."""
    free = [s for s in lab if s.column == 1 and s.tech is None]
    return min(free, key=lambda s: s.position) if free else None


def free_ahead(lab: Lab, space: HostId) -> tuple[LabSpace, ...]:
    """R-ORBIT-6: the empty spaces that space *space* touches, top first."""
    at = next(s for s in lab if s.id == space)
    ahead = [s for s in lab if s.id in at.touches and s.tech is None]
    return tuple(sorted(ahead, key=lambda s: s.position))


def movable(lab: Lab) -> list[LabSpace]:
    """R-ORBIT-6: the spaces of his Techs that can advance (a space they touch is empty).

    In the Lab's order; each holds a tile (its ``tech`` is set).
    """
    empty = {s.id for s in lab if s.tech is None}
    return [s for s in lab if s.tech is not None and not empty.isdisjoint(s.touches)]


def choose_development(
    lab: Lab, *, most: bool, previous: TechType | None = None
) -> LabSpace | None:
    """R-ORBIT-6: the space of the Tech one development step advances, or ``None``.

    *most* picks the most developed (step 1), otherwise the least developed
    other than *previous* unless no other can advance (step 2). Equal levels:
    the bottom one (its space lower in its column). R-TO-10 uses the same
    steps.
    """
    can = movable(lab)
    if not most:
        others = [s for s in can if s.tech is not previous]
        can = others or can
    if not can:
        return None
    if most:
        return max(can, key=lambda s: (s.column, s.position))
    return min(can, key=lambda s: (s.column, -s.position))


def learned(lab: Lab, space: HostId, tech: TechType) -> tuple[LabSpace, ...]:
    """*lab* with a new *tech* tile on space *space* (R-ORBIT-5).

    Raises:
        ValueError: *lab* has no space *space*.
    """
    spaces = list(lab)
    to = next((i for i, s in enumerate(spaces) if s.id == space), None)
    if to is None:
        raise ValueError(f"his Lab has no space {space}")
    spaces[to] = attrs.evolve(spaces[to], tech=tech)
    return tuple(spaces)


def developed(lab: Lab, tech: TechType, space: HostId) -> tuple[LabSpace, ...]:
    """*lab* with his *tech* tile moved onto space *space* (R-ORBIT-6).

    Raises:
        ValueError: *lab* has no space *space*, or no *tech* tile.
    """
    spaces = list(lab)
    to = next((i for i, s in enumerate(spaces) if s.id == space), None)
    at = next((i for i, s in enumerate(spaces) if s.tech is tech), None)
    if to is None or at is None:
        raise ValueError(f"his Lab has no space {space} or no {tech.value} Tech")
    spaces[at] = attrs.evolve(spaces[at], tech=None)
    spaces[to] = attrs.evolve(spaces[to], tech=tech)
    return tuple(spaces)


Carried = Callable[[LabSpace], tuple[Gain, ...]]
"""The gains of a space he could carry out (R-TO-2) once his tile has entered it."""


def best_entries(
    free: Sequence[LabSpace],
    carried: Carried,
    dominates: Callable[[tuple[Gain, ...], tuple[Gain, ...]], bool],
) -> tuple[tuple[LabSpace, ...], tuple[Removal, ...]]:
    """R-ORBIT-6: of the empty spaces a tile may enter, those whose gain helps him most.

    A space with a gain he can carry out comes before one whose gains he
    cannot and before a blank space; between two spaces whose gains he can
    carry out, one whose gains *dominate* the other's (R-TIE-1) stands. What
    remains (one space, or two for R-TIE, top first) is returned with the
    removed spaces and why.
    """
    if len(free) < 2:
        return tuple(free), ()
    gains = [carried(s) for s in free]
    if any(gains):
        kept = [(s, g) for s, g in zip(free, gains, strict=True) if g]
        removed = [
            Removal(
                option=s.id,
                rule="R-ORBIT-6",
                reason="blank" if not s.gains else "no gain he could carry out",
            )
            for s, g in zip(free, gains, strict=True)
            if not g
        ]
    else:
        kept = list(zip(free, gains, strict=True))
        removed = []
    if len(kept) == 2:
        (a, ga), (b, gb) = kept
        for (win, g_win), (lose, g_lose) in (((a, ga), (b, gb)), ((b, gb), (a, ga))):
            if dominates(g_win, g_lose):
                reason = f"{win.id}'s gain helps him more (R-TIE-1)"
                removed.append(Removal(option=lose.id, rule="R-TIE-1", reason=reason))
                kept = [(win, g_win)]
                break
    return tuple(s for s, _ in kept), tuple(removed)
