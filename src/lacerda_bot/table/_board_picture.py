"""His tracked player board drawn as one SVG panel, for the page's Status.

What a player compares with the table at a glance: his Crystals against his
Depot's spaces, his Lab with his Techs at their levels (V9), his Blueprints
(used or not), Scientists and Contracts, and the pieces he has left. Its text
alternative is the board in words (:func:`~lacerda_bot.table._game.recap.board_lines`),
so a screen reader hears exactly what the ``status`` command prints.

Pure: SVG text out of a :class:`Tracked`. Drawn in the page's text colour
(``currentColor``) so it follows light and dark; the classes (``crystal``,
``free``, ``tile``, ``used``...) are hooks for the page's style sheet.
"""

from collections.abc import Iterator
from typing import Final
from xml.sax.saxutils import escape

from lacerda_bot.language import ENGLISH, Words, msg, msg_c
from lacerda_bot.model import ContractKind, Scientist, TechType
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.table._game.recap import board_lines
from lacerda_bot.table._icons import SHORT_NAMES

__all__ = ["board_picture"]

WIDTH: Final = 320
"""The panel's width in SVG units (it scales to the page's width)."""
_LEFT: Final = 84
"""Where the pictures start, right of the row names."""
_ROW_GAP: Final = 8

_TECHS: Final = {
    **{TechType(b.value): short for b, short in SHORT_NAMES.items()},
    TechType.ROVER: msg_c("short", "Rover"),
    TechType.UPGRADE: msg_c("short", "Upgr."),
}
"""Each Tech, short enough for its Lab space (a building's Tech as the building)."""

_SCIENTISTS: Final = {
    # Translators: Scientists in three letters, inside a round 21 pixels wide.
    Scientist.GEOLOGIST: msg_c("short", "Geo"),
    Scientist.RD_ENGINEER: msg_c("short", "R&D"),
    Scientist.HYDROLOGIST: msg_c("short", "Hyd"),
    Scientist.BIOCHEMIST: msg_c("short", "Bio"),
    Scientist.GEOCHEMIST: msg_c("short", "GCh"),
    Scientist.SYSTEMS_ENGINEER: msg_c("short", "Sys"),
}

_CONTRACTS: Final = {
    # Translators: a Contract's kind inside a token 48 pixels wide (8 letters).
    ContractKind.UPGRADE: msg_c("short", "Upgrade"),
    ContractKind.DELIVERY: msg_c("short", "Delivery"),
}


def _text(x: float, y: float, words: str, size: int = 10, anchor: str = "start") -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
        f'fill="currentColor">{escape(words)}</text>'
    )


def _across(step: int) -> int:
    """How many items *step* wide fit in a row right of the row names."""
    return max(1, (WIDTH - _LEFT) // step)


def _wrapped(count: int, step: int) -> Iterator[tuple[int, int]]:
    """The (column, row) of each of *count* items *step* wide, rows as wide as fits."""
    for i in range(count):
        yield i % _across(step), i // _across(step)


def _rows(count: int, step: int) -> int:
    """How many rows :func:`_wrapped` fills (at least one)."""
    return max(1, -(-count // _across(step)))


def _crystals(t: Tracked, top: int, words: Words) -> tuple[list[str], int]:
    """His Depot's spaces as pips, a filled pip per Crystal (R-COST-2's Crystals)."""
    held = msg("{crystals} of {depot}", crystals=t.crystals, depot=t.depot)
    body = [
        _text(0, top + 11, words.say(msg("Crystals"))),
        _text(0, top + 23, words.say(held), 9),
    ]
    step = 16
    for n, (col, row) in enumerate(_wrapped(t.depot, step)):
        full = n < t.crystals
        body.append(
            f'<circle class="{"crystal" if full else "free"}" cx="{_LEFT + 7 + col * step}" '
            f'cy="{top + 8 + row * step}" r="6" stroke="currentColor" stroke-width="1.5" '
            f'fill="{"currentColor" if full else "none"}"/>'
        )
    return body, max(26, _rows(t.depot, step) * step)


def _lab(t: Tracked, top: int, words: Words) -> tuple[list[str], int]:
    """His Lab: a column per level, each space at its staggered height, his tiles named."""
    spaces, columns = t.lab_spaces, t.lab_columns
    body = [
        _text(0, top + 11, words.say(msg("Techs"))),
        _text(0, top + 23, words.say(msg("by level")), 9),
    ]
    if not spaces:
        body.append(_text(_LEFT, top + 11, words.say(msg_c("techs", "none"))))
        return body, 26
    step, half, high = 38, 10, 16
    levels = max(columns, *(s.column for s in spaces))
    sizes = {c: sum(s.column == c for s in spaces) for c in range(1, levels + 1)}
    tallest = max(sizes.values())
    body.extend(
        _text(_LEFT + (c - 1) * step + 17, top + 9, str(c), 9, "middle")
        for c in range(1, levels + 1)
    )
    for space in spaces:
        x = _LEFT + (space.column - 1) * step
        y = top + 13 + (tallest - sizes[space.column] + 2 * space.position) * half
        tile = space.tech is not None
        body.append(
            f'<rect class="{"tile" if tile else "space"}" x="{x}" y="{y}" width="34" '
            f'height="{high}" rx="2" stroke="currentColor" '
            f'stroke-width="{1.5 if tile else 0.75}" fill="currentColor" '
            f'fill-opacity="{0.2 if tile else 0}"/>'
        )
        if space.tech is not None:
            body.append(
                _text(x + 17, y + 12, words.say(_TECHS[space.tech]), 9, "middle")
            )
    return body, 13 + (2 * tallest - 2) * half + high


def _blueprints(t: Tracked, top: int, words: Words) -> tuple[list[str], int]:
    """His Blueprints as small cards, type and level; a used one dashed and dimmed."""
    cards = t.cards
    body = [_text(0, top + 13, words.say(msg("Blueprints")))]
    if not cards:
        body.append(_text(_LEFT, top + 13, words.say(msg_c("blueprints", "none"))))
        return body, 18
    step, high = 58, 18
    for card, (col, row) in zip(cards, _wrapped(len(cards), step), strict=True):
        x, y = _LEFT + col * step, top + row * (high + 4)
        used = ' stroke-dasharray="3 2" opacity="0.55"' if card.used else ""
        # Translators: a Blueprint in a card 54 pixels wide: "Gen. L1" (L for level).
        name = msg(
            "{building} L{level}", building=SHORT_NAMES[card.building], level=card.level
        )
        body.append(
            f'<g class="{"used" if card.used else "blueprint"}"{used}>'
            f'<rect x="{x}" y="{y}" width="54" height="{high}" rx="2" fill="none" '
            f'stroke="currentColor" stroke-width="1.25"/>'
            f"{_text(x + 27, y + 13, words.say(name), 10, 'middle')}</g>"
        )
    return body, _rows(len(cards), step) * (high + 4) - 4


def _people(t: Tracked, top: int, words: Words) -> tuple[list[str], int]:
    """His Scientists as named rounds, then his Contracts as named tokens."""
    body = [
        _text(0, top + 13, words.say(msg("Scientists,"))),
        _text(0, top + 25, words.say(msg("Contracts")), 10),
    ]
    x = _LEFT
    for scientist in t.lacerda_scientists:
        body.append(
            f'<circle class="scientist" cx="{x + 11}" cy="{top + 11}" r="10.5" '
            'fill="none" stroke="currentColor" stroke-width="1.25"/>'
            + _text(x + 11, top + 14.5, words.say(_SCIENTISTS[scientist]), 9, "middle")
        )
        x += 25
    for contract in t.lacerda_contracts:
        x += 3
        body.append(
            f'<rect class="contract" x="{x}" y="{top + 2}" width="48" height="18" '
            'fill="currentColor" fill-opacity="0.12" stroke="currentColor" '
            'stroke-width="1.25"/>'
            + _text(x + 24, top + 15, words.say(_CONTRACTS[contract]), 9, "middle")
        )
        x += 50
    if not t.lacerda_scientists and not t.lacerda_contracts:
        body.append(_text(_LEFT, top + 13, words.say(msg_c("scientists", "none"))))
    return body, 28


_PIECES: Final = (
    # a small dome
    (msg("Shelters"), '<path d="M1 13a7 7 0 0 1 14 0z"/>'),
    # a ship's hull, pointed up
    (msg("Ships"), '<path d="M8 1l5 13H3z"/>'),
    # a bot's square head with eyes
    (
        msg("Bots"),
        '<rect x="2" y="3" width="12" height="10" rx="2"/><path d="M6 7v1M10 7v1"/>',
    ),
    # an Advanced Building marker
    (msg("Markers"), '<path d="M8 1l6 7-6 7-6-7z"/>'),
)


def _pieces(t: Tracked, top: int, words: Words) -> tuple[list[str], int]:
    """The pieces he has left, each as our glyph and a count."""
    body = [_text(0, top + 13, words.say(msg("Pieces left")))]
    counts = (t.shelters_left, t.ships_left, t.bots_left, t.free_advanced_markers)
    for i, ((name, glyph), count) in enumerate(zip(_PIECES, counts, strict=True)):
        x = _LEFT + i * 58
        body.append(
            f'<g class="piece" transform="translate({x} {top})" fill="none" '
            f'stroke="currentColor" stroke-width="1.25">{glyph}</g>'
            + _text(x + 19, top + 13, f"{count}", 11)
            + _text(x, top + 26, words.say(name), 8)
        )
    body.append(
        _text(
            _LEFT,
            top + 42,
            words.say(
                msg(
                    "Ships in his Hangar {ships} · Colony level {level}",
                    ships=t.ships_in_hangar,
                    level=t.colony_level,
                )
            ),
            9,
        )
    )
    return body, 46


def board_picture(tracked: Tracked, words: Words = ENGLISH) -> str:
    """His tracked board as an SVG panel, with the board in words as its alternative."""
    lines = "; ".join(words.say(line) for line in board_lines(tracked))
    said = words.say(msg("His board: {lines}", lines=lines))
    body: list[str] = []
    top = 2
    for part in (_crystals, _lab, _blueprints, _people, _pieces):
        drawn, high = part(tracked, top, words)
        body.extend(drawn)
        top += high + _ROW_GAP
    label = escape(said, {'"': "&quot;"})
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {top}" '
        f'role="img" aria-label="{label}"><title>{escape(said)}</title>'
        f"{''.join(body)}</svg>"
    )
