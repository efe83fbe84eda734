"""His tracked player board in words, and what a step changed or its undo puts back.

For ``status``, a resumed game, the end of a step, and undo.

One table of entries (:data:`_ENTRIES`) says how each part of his board reads;
the status shows them all, and the end of a step lists those that changed, so
the player can check the table against the companion and ``fix`` a difference.
Every line is a :class:`~lacerda_bot.language.Message`, said by the front end
in the player's language.
"""

from collections.abc import Callable, Sequence
from typing import Final

from lacerda_bot._deck import card_by_id
from lacerda_bot._state import redacted
from lacerda_bot.lab import place
from lacerda_bot.language import Message, Param, msg, msg_c
from lacerda_bot.model import ContractKind, HostId, MissionSlot
from lacerda_bot.render import Line
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.table._game.rounds import round_number
from lacerda_bot.table._game.state import TableState
from lacerda_bot.terms import (
    building_name,
    goal_name,
    scientist_name,
    side_name,
    tech_name,
)

__all__ = ["board_lines", "card_words", "changes", "put_back", "status_lines"]


def _listed(items: Sequence[Param], none: Message) -> Param:
    """*items* one after the other, by commas (``A, B, C``); *none* when there are none."""
    if not items:
        return none
    said = items[-1]
    for item in reversed(items[:-1]):
        said = msg("{item}, {rest}", item=item, rest=said)
    return said


def _lab_place(t: Tracked, space: HostId) -> Param:
    """Where a Lab space is, as the player sees it: ``column 2, middle``."""
    found = next((s for s in t.lab_spaces if s.id == space), None)
    if found is None:
        return str(space)  # a space the companion does not know (never in its own Lab)
    size = sum(s.column == found.column for s in t.lab_spaces)
    column = found.column
    match place(found.position, size):
        case "top":
            return msg("column {column}, top", column=column)
        case "middle":
            return msg("column {column}, middle", column=column)
        case "bottom":
            return msg("column {column}, bottom", column=column)
        case _:
            return msg(
                "column {column}, space {n} from the top",
                column=column,
                n=found.position + 1,
            )


def _techs(t: Tracked) -> Param:
    return _listed(
        [
            # Translators: one of his Techs, its level and where its tile is:
            # "Mine 2 (column 2, middle)".
            msg(
                "{tech} {level} ({place})",
                tech=tech_name(x.tech),
                level=x.level,
                place=_lab_place(t, x.space),
            )
            for x in t.lacerda_techs
        ],
        # Translators: no Techs.
        msg_c("techs", "none"),
    )


def _cards(t: Tracked) -> Param:
    return _listed(
        [
            # Translators: a Blueprint he has used: "Greenhouse L3 (used)".
            msg("{card} (used)", card=c.name) if c.used else c.name
            for c in t.cards
        ],
        # Translators: no Blueprints.
        msg_c("blueprints", "none"),
    )


def _scientists(t: Tracked) -> Param:
    return _listed(
        [scientist_name(s) for s in t.lacerda_scientists],
        # Translators: no Scientists.
        msg_c("scientists", "none"),
    )


_CONTRACTS: Final = {
    # Translators: an Upgrade Contract, as his Contracts are listed.
    ContractKind.UPGRADE: msg_c("contract", "upgrade"),
    # Translators: a Delivery Contract, as his Contracts are listed.
    ContractKind.DELIVERY: msg_c("contract", "delivery"),
}


def _contracts(t: Tracked) -> Param:
    return _listed(
        [_CONTRACTS[c] for c in t.lacerda_contracts],
        # Translators: no Contracts.
        msg_c("contracts", "none"),
    )


def _missions(t: Tracked) -> Param:
    done = [s.value.upper() for s in MissionSlot if t.mission(s).completed]
    # Translators: no Missions completed.
    return _listed(done, msg_c("missions", "none"))


def _yes_no(value: bool) -> Message:
    return msg_c("answer", "yes") if value else msg_c("answer", "no")


_ENTRIES: Final[tuple[tuple[Message, Callable[[Tracked], Param]], ...]] = (
    (msg("Crystals"), lambda t: t.crystals),
    (msg("free Depot spaces"), lambda t: t.free_depot_spaces),
    (msg("Techs"), _techs),
    (msg("Blueprints"), _cards),
    (msg("Advanced Building markers left"), lambda t: t.free_advanced_markers),
    (msg("Scientists"), _scientists),
    (msg("Contracts"), _contracts),
    (
        msg("Colonist on his Hire a Scientist slot"),
        lambda t: _yes_no(t.colonist_on_hire_slot),
    ),
    (msg("Shelters left"), lambda t: t.shelters_left),
    (msg("Ships left"), lambda t: t.ships_left),
    (msg("Ships in his Hangar"), lambda t: t.ships_in_hangar),
    (msg("Bots left"), lambda t: t.bots_left),
    (msg("Colony level"), lambda t: t.colony_level),
    (msg("Missions completed"), _missions),
)
"""Each part of his board the companion tracks: its name, and how it reads."""


def board_lines(tracked: Tracked) -> tuple[Message, ...]:
    """His whole tracked board, one part a line: ``Crystals: 3``."""
    return tuple(
        # Translators: a part of his board and what it holds: "Crystals: 3".
        msg("{name}: {value}", name=name, value=read(tracked))
        for name, read in _ENTRIES
    )


def changes(before: Tracked | None, after: Tracked | None) -> tuple[Message, ...]:
    """The parts of his board a step changed: ``Crystals: 2 -> 3``."""
    if after is None:
        return ()
    if before is None:
        return board_lines(after)
    return tuple(
        # Translators: a part of his board that changed, before and after:
        # "Crystals: 2 -> 3".
        msg(
            "{name}: {before} -> {after}",
            name=name,
            before=read(before),
            after=read(after),
        )
        for name, read in _ENTRIES
        if read(before) != read(after)
    )


def put_back(lines: Sequence[Line]) -> tuple[Message, ...]:
    """What a step did, last first and numbered as shown: what its undo puts back.

    Each is ``N. text``, the number right-aligned to the widest. His board's
    own parts come back as :func:`changes` read in reverse says.
    """
    wide = len(str(len(lines)))
    numbered = [(str(n).rjust(wide), line) for n, line in enumerate(lines, 1)]
    return tuple(
        # Translators: a line of a step, numbered as it was shown: "2. He gains
        # 2 Crystals.". Keep ". " right after the number.
        msg("{number}. {line}", number=number, line=line.text)
        for number, line in reversed(numbered)
    )


def card_words(card_id: int) -> Message:
    """A solo card as the status names it, e.g. ``B2 (Mission B, action 2)``."""
    card = card_by_id(card_id)
    if card.travels:
        # Translators: a solo card: its id (B2), Mission letter and action number.
        return msg(
            "{face} (Mission {mission}, action {action})",
            face=card.face,
            mission=card.mission.name,
            action=card.action,
        )
    # Translators: a solo card: its id (B2), Mission letter and action number;
    # X marks a card that does not travel, as printed.
    return msg(
        "{face} (Mission {mission}, action {action}, X)",
        face=card.face,
        mission=card.mission.name,
        action=card.action,
    )


def status_lines(state: TableState) -> tuple[Message, ...]:
    """What the ``status`` command shows: the redacted deck (R-DECK-5), his board.

    Never the draw order: only what a player may see at the table.
    """
    view = redacted(state.bot)
    side: Param = side_name(state.side) if state.side else msg("not set up")
    if view.last_card is None:
        # Translators: no solo card revealed yet.
        last = msg_c("card", "none")
    else:
        last = card_words(view.last_card)
    discard = ", ".join(card_by_id(c).face for c in view.discard_pile)
    lines = [
        msg(
            "Round {round}; side: {side}; turns taken: {turns}",
            round=round_number(state),
            side=side,
            turns=state.turns,
        ),
        # Translators: {count} is the number of his pass through his solo deck.
        msg(
            "Pass: {count}; cards left in his draw pile: {left}",
            count=view.pass_count,
            left=view.draw_pile_size,
        ),
        msg("Most recent card: {card}", card=last),
        msg(
            "Discard pile (oldest first): {cards}",
            cards=discard or msg_c("pile", "empty"),
        ),
        msg("Progress-area Bot on: {building}", building=building_name(view.pointer)),
    ]
    if state.tracked is not None:
        lines.extend(board_lines(state.tracked))
    lines.append(msg("Solo Goal: {goal}", goal=goal_name(state.goal)))
    return tuple(lines)
