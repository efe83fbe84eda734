"""His tracked player board in words: for ``status``, a resumed game, and what a step changed.

One table of entries (:data:`_ENTRIES`) says how each part of his board reads;
the status shows them all, and the end of a step lists those that changed, so
the player can check the table against the companion and ``fix`` a difference.
"""

from collections.abc import Callable
from typing import Final

from lacerda_bot.model import MissionSlot
from lacerda_bot.table.tracked import Tracked

__all__ = ["board_lines", "changes"]


def _techs(t: Tracked) -> str:
    return (
        ", ".join(
            f"{x.tech.value.replace('_', ' ')} {x.level}" for x in t.lacerda_techs
        )
        or "none"
    )


def _cards(t: Tracked) -> str:
    return ", ".join(c.label + (" (used)" if c.used else "") for c in t.cards) or "none"


def _scientists(t: Tracked) -> str:
    return ", ".join(s.value.replace("_", " ") for s in t.lacerda_scientists) or "none"


def _contracts(t: Tracked) -> str:
    return ", ".join(c.value for c in t.lacerda_contracts) or "none"


def _missions(t: Tracked) -> str:
    done = [s.value.upper() for s in MissionSlot if t.mission(s).completed]
    return ", ".join(done) or "none"


_ENTRIES: Final[tuple[tuple[str, Callable[[Tracked], object]], ...]] = (
    ("Crystals", lambda t: t.crystals),
    ("free Depot spaces", lambda t: t.free_depot_spaces),
    ("Techs", _techs),
    ("Blueprints", _cards),
    ("Advanced Building markers left", lambda t: t.free_advanced_markers),
    ("Scientists", _scientists),
    ("Contracts", _contracts),
    (
        "Colonist on his Hire a Scientist slot",
        lambda t: "yes" if t.colonist_on_hire_slot else "no",
    ),
    ("Shelters left", lambda t: t.shelters_left),
    ("Ships left", lambda t: t.ships_left),
    ("Ships in his Hangar", lambda t: t.ships_in_hangar),
    ("Bots left", lambda t: t.bots_left),
    ("Colony level", lambda t: t.colony_level),
    ("Missions completed", _missions),
)
"""Each part of his board the companion tracks: its name, and how it reads."""


def board_lines(tracked: Tracked) -> tuple[str, ...]:
    """His whole tracked board, one part a line: ``Crystals: 3``."""
    return tuple(f"{name}: {read(tracked)}" for name, read in _ENTRIES)


def changes(before: Tracked | None, after: Tracked | None) -> tuple[str, ...]:
    """The parts of his board a step changed: ``Crystals: 2 -> 3``."""
    if after is None:
        return ()
    if before is None:
        return board_lines(after)
    return tuple(
        f"{name}: {read(before)} -> {read(after)}"
        for name, read in _ENTRIES
        if read(before) != read(after)
    )
