"""The Laboratory as a player board prints it: staggered columns of spaces (V9, spec 1.3).

A host describes his Lab space by space (:class:`~lacerda_bot.records.LabSpace`):
its column, its place in the column, its gain, the spaces of the next column
it touches, and his Tech tile on it, if any. :func:`staggered` builds those
spaces from the columns' sizes, the way the printed board staggers them.

>>> from lacerda_bot.model import TechType
>>> lab = staggered(techs={space_id(2, 1, 3): TechType.SHELTER})
>>> [s.id for s in lab if s.column == 1], lab[3].id, lab[3].touches, lab[3].tech
(['c1-top', 'c1-bottom'], 'c2-middle', ('c3-top', 'c3-bottom'), <TechType.SHELTER: 'shelter'>)
"""

from collections.abc import Mapping, Sequence
from typing import Final

from lacerda_bot.model import Gain, HostId, TechType
from lacerda_bot.records import LabSpace

__all__ = ["PRINTED_COLUMNS", "picture", "place", "space_id", "staggered"]


PRINTED_COLUMNS: Final = (2, 3, 2, 3, 2, 3)
"""How many spaces each column of the printed Lab has, left to right (our reading).

The rulebook's set-up puts the entry column at two spaces and the second at
three, the columns staggered; the library reads the rest as alternating. A
host whose board differs describes its own (:func:`staggered`).
"""

_PLACES: Final = {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}


def place(position: int, size: int) -> str | None:
    """The word for space *position* of a column of *size*: ``top``, ``middle``, ``bottom``.

    ``None`` past three spaces a column, where no word names each place.
    """
    names = _PLACES.get(size)
    return names[position] if names and 0 <= position < size else None


def space_id(column: int, position: int, size: int) -> HostId:
    """The id :func:`staggered` gives: ``c2-middle``, ``c1-top``, ``c4-p3``."""
    word = place(position, size)
    return HostId(f"c{column}-{word if word else f'p{position}'}")


def staggered(
    sizes: Sequence[int] = PRINTED_COLUMNS,
    *,
    gains: Mapping[HostId, tuple[Gain, ...]] | None = None,
    techs: Mapping[HostId, TechType] | None = None,
) -> tuple[LabSpace, ...]:
    """A Lab of staggered columns of *sizes* spaces, with *gains* and *techs* by space id.

    Ids are :func:`space_id`'s. A column one space longer than the one
    before sits half a space higher, so space *p* touches spaces *p* and
    *p + 1* of it; one space shorter, *p - 1* and *p*; as long, *p* alone.

    Raises:
        ValueError: a size below 1, or two neighbouring columns whose sizes
            differ by more than one.
    """
    if any(n < 1 for n in sizes):
        raise ValueError(f"sizes: every column needs a space, got {list(sizes)}")
    gains = gains or {}
    techs = techs or {}
    spaces: list[LabSpace] = []
    for index, size in enumerate(sizes):
        column = index + 1
        after = sizes[index + 1] if index + 1 < len(sizes) else 0
        if after and abs(after - size) > 1:
            raise ValueError(
                f"sizes: columns {column} and {column + 1} ({size}, {after} spaces)"
                " are not staggered"
            )
        for position in range(size):
            if not after:
                ahead: tuple[int, ...] = ()
            elif after == size + 1:
                ahead = (position, position + 1)
            elif after == size - 1:
                ahead = tuple(p for p in (position - 1, position) if 0 <= p < after)
            else:
                ahead = (position,)
            own = space_id(column, position, size)
            spaces.append(
                LabSpace(
                    id=own,
                    column=column,
                    position=position,
                    gains=gains.get(own, ()),
                    touches=tuple(space_id(column + 1, p, after) for p in ahead),
                    tech=techs.get(own),
                )
            )
    return tuple(spaces)


def picture(lab: Sequence[LabSpace]) -> str:
    """*lab* drawn as text: a column per level, each space at its height, tiles named.

    A space sits half a row below the top for each space its column has
    fewer than the longest one, so the staggering shows: a space touches
    the spaces just above and below it to its right.

    >>> print(picture(staggered((2, 3), techs={space_id(2, 1, 3): TechType.SHELTER})))
    level 1      level 2
                 c2-top
    c1-top
                 c2-middle: shelter
    c1-bottom
                 c2-bottom
    """
    if not lab:
        return ""
    columns = sorted({s.column for s in lab})
    sizes = {c: sum(1 for s in lab if s.column == c) for c in columns}
    tallest = max(sizes.values())
    cells: dict[tuple[int, int], str] = {}
    rank = {
        s.id: i
        for c in columns
        for i, s in enumerate(
            sorted((p for p in lab if p.column == c), key=lambda p: p.position)
        )
    }
    for space in lab:
        row = tallest - sizes[space.column] + 2 * rank[space.id]
        on = f": {space.tech.value}" if space.tech is not None else ""
        cells[(row, space.column)] = f"{space.id}{on}"
    width = {
        c: max(len(f"level {c}"), *(len(t) for (_, k), t in cells.items() if k == c))
        for c in columns
    }
    lines = ["    ".join(f"level {c}".ljust(width[c]) for c in columns).rstrip()]
    for row in range(2 * tallest - 1):
        line = "    ".join(cells.get((row, c), "").ljust(width[c]) for c in columns)
        lines.append(line.rstrip())
    return "\n".join(line for line in lines if line)
