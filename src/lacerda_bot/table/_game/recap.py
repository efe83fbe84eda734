"""His tracked player board in words, and what a step changed or its undo puts back.

For ``status``, a resumed game, the end of a step, and undo.

One table of entries (:data:`_ENTRIES`) says how each part of his board reads;
the status shows them all, and the end of a step lists those that changed, so
the player can check the table against the companion and ``fix`` a difference.
"""

from collections.abc import Callable, Sequence
from typing import Final

from lacerda_bot._deck import card_by_id
from lacerda_bot._rules.goals import goal_by_id
from lacerda_bot._state import redacted
from lacerda_bot.lab import place
from lacerda_bot.model import HostId, MissionSlot
from lacerda_bot.render import Line, building_name
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.table._game.rounds import round_number
from lacerda_bot.table._game.state import TableState

__all__ = ["board_lines", "card_words", "changes", "put_back", "status_lines"]


def _lab_place(t: Tracked, space: HostId) -> str:
    """Where a Lab space is, as the player sees it: ``column 2, middle``."""
    found = next((s for s in t.lab_spaces if s.id == space), None)
    if found is None:
        return str(space)  # a space the companion does not know (never in its own Lab)
    size = sum(s.column == found.column for s in t.lab_spaces)
    word = place(found.position, size) or f"space {found.position + 1} from the top"
    return f"column {found.column}, {word}"


def _techs(t: Tracked) -> str:
    return (
        ", ".join(
            f"{x.tech.value.replace('_', ' ')} {x.level} ({_lab_place(t, x.space)})"
            for x in t.lacerda_techs
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


def put_back(lines: Sequence[Line]) -> tuple[str, ...]:
    """What a step did, last first and numbered as shown: what its undo puts back.

    His board's own parts come back as :func:`changes` read in reverse says.
    """
    wide = len(str(len(lines)))
    return tuple(
        f"{n:>{wide}}. {line.text}" for n, line in reversed(tuple(enumerate(lines, 1)))
    )


def card_words(card_id: int) -> str:
    """A solo card as the status names it, e.g. ``B2 (Mission B, action 2)``."""
    card = card_by_id(card_id)
    x = ", X" if not card.travels else ""
    return f"{card.face} (Mission {card.mission.name}, action {card.action}{x})"


def status_lines(state: TableState) -> tuple[str, ...]:
    """What the ``status`` command shows: the redacted deck (R-DECK-5), his board.

    Never the draw order: only what a player may see at the table.
    """
    view = redacted(state.bot)
    side = state.side.value.title() if state.side else "not set up"
    last = "none" if view.last_card is None else card_words(view.last_card)
    discard = ", ".join(card_by_id(c).face for c in view.discard_pile) or "empty"
    lines = [
        f"Round {round_number(state)}; side: {side}; turns taken: {state.turns}",
        f"Pass: {view.pass_count}; cards left in his draw pile: {view.draw_pile_size}",
        f"Most recent card: {last}",
        f"Discard pile (oldest first): {discard}",
        f"Progress-area Bot on: {building_name(view.pointer)}",
    ]
    if state.tracked is not None:
        lines.extend(board_lines(state.tracked))
    lines.append(f"Solo Goal: {goal_by_id(state.goal).name}")
    return tuple(lines)
