"""Our own SVG icons for the table page: a solo card, the six actions, the sequence.

Pure: each function returns SVG text; nothing here reads or writes files but
the ``python -m`` entry point, which writes the README's example card.
Drawn by us from the card's printed facts (never card art), in the page's
text colour (``currentColor``), so it follows light and dark.
"""

import sys
from pathlib import Path
from typing import Final
from xml.sax.saxutils import escape

from lacerda_bot._deck import SoloCard, card_by_id
from lacerda_bot.language import ENGLISH, Param, Words, msg, msg_c
from lacerda_bot.model import BUILDING_SEQUENCE, Action, BuildingType, Side
from lacerda_bot.terms import action_name, building_name, side_name

__all__ = ["SHORT_NAMES", "action_icon", "card_icon", "sequence_icon"]

SHORT_NAMES: Final = {
    # Translators: building names short enough for a box 48 pixels wide (6 letters).
    BuildingType.MINE: msg_c("short", "Mine"),
    BuildingType.GENERATOR: msg_c("short", "Gen."),
    BuildingType.WATER_EXTRACTOR: msg_c("short", "Water"),
    BuildingType.GREENHOUSE: msg_c("short", "Green."),
    BuildingType.OXYGEN_CONDENSER: msg_c("short", "Oxy."),
    BuildingType.SHELTER: msg_c("short", "Shelt."),
}
"""Each building type, short enough for a box of a picture."""


def card_icon(card: SoloCard, words: Words = ENGLISH) -> str:
    """The solo *card* drawn as its Mission letter, action number and X if it stops travel."""
    facts: dict[str, Param] = {"mission": card.mission.name, "action": card.action}
    said = words.say(
        msg("Solo card {mission}{action}: Mission {mission}, action {action}", **facts)
        if card.travels
        else msg(
            "Solo card {mission}{action}: Mission {mission}, action {action}, X: he "
            "does not travel",
            **facts,
        )
    )
    mark = (
        '<text x="48" y="22" font-size="16" text-anchor="middle" fill="currentColor">X</text>'
        if not card.travels
        else ""
    )
    label = escape(said, {'"': "&quot;"})
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 40" role="img" '
        f'aria-label="{label}"><title>{escape(said)}</title>'
        '<rect x="1" y="1" width="62" height="38" rx="4" fill="none" '
        'stroke="currentColor" stroke-width="2"/>'
        f'<text x="18" y="30" font-size="22" text-anchor="middle" '
        f'fill="currentColor">{escape(card.mission.name)}{card.action}</text>'
        f"{mark}</svg>"
    )


_ACTION_DRAWINGS: Final = {
    # a sheet with a plan's grid on it
    Action.OBTAIN_BLUEPRINT: '<rect x="7" y="4" width="18" height="24" rx="1"/>'
    '<path d="M7 12h18M7 20h18M16 4v24"/>',
    # a chip: a Tech tile, new in his Lab
    Action.LEARN_TECH: '<rect x="9" y="9" width="14" height="14" rx="2"/>'
    '<path d="M13 9V5M19 9V5M13 27v-4M19 27v-4M9 13H5M9 19H5M27 13h-4M27 19h-4"/>',
    # a tile moved on to the next column, to the right
    Action.RESEARCH_DEVELOPMENT: '<rect x="3" y="11" width="10" height="10" rx="1"/>'
    '<rect x="19" y="11" width="10" height="10" rx="1" stroke-dasharray="2 2"/>'
    '<path d="M14 16h4M16 13l3 3-3 3"/>',
    # a dome on the ground
    Action.CONSTRUCT: '<path d="M5 24a11 11 0 0 1 22 0zM2 27h28"/>',
    # a dome with an arrow going up
    Action.UPGRADE: '<path d="M3 26a9 9 0 0 1 18 0zM1 29h22M26 22V4M21 9l5-5 5 5"/>',
    # a person beside a signed sheet
    Action.HIRE_OR_CONTRACT: '<circle cx="10" cy="9" r="4"/>'
    '<path d="M3 26a7 7 0 0 1 14 0z"/><rect x="19" y="6" width="10" height="14" rx="1"/>'
    '<path d="M21 10h6M21 14h6M21 18h3"/>',
}
"""Each card action drawn by us as a pictogram (stroke paths in a 32 x 32 box)."""


def _side_and_number(action: Action) -> tuple[Side, int]:
    """The side whose card action *action* is, and its number there (R-TURN-1)."""
    return next(
        (side, number)
        for side in Side
        for number in (1, 2, 3)
        if Action.for_card(side, number) is action
    )


def action_icon(action: Action, words: Words = ENGLISH) -> str:
    """The card *action* as our pictogram, named with its side and number (R-TURN-1).

    For example "Orbit action 1: Obtain a Blueprint".
    """
    side, number = _side_and_number(action)
    said = words.say(
        msg(
            "{side} action {number}: {action}",
            side=side_name(side),
            number=number,
            action=action_name(action),
        )
    )
    label = escape(said, {'"': "&quot;"})
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" role="img" '
        f'aria-label="{label}"><title>{escape(said)}</title>'
        '<g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" '
        f'stroke-linejoin="round">{_ACTION_DRAWINGS[action]}</g></svg>'
    )


def sequence_icon(pointer: BuildingType, words: Words = ENGLISH) -> str:
    """The building sequence as five boxes, his Progress Bot's marked (R-BUILD-1).

    The Bot's box is filled and has a dot under it; the words name it.
    """
    names = ", ".join(words.say(building_name(b)) for b in BUILDING_SEQUENCE)
    said = words.say(
        msg(
            "Building sequence {names}; his Progress Bot is on the {building}",
            names=names,
            building=building_name(pointer),
        )
    )
    body = []
    for i, building in enumerate(BUILDING_SEQUENCE):
        x = 2 + i * 52
        on = building is pointer
        body.append(
            f'<rect x="{x}" y="2" width="48" height="24" rx="3" stroke="currentColor" '
            f'stroke-width="1.5" fill="{"currentColor" if on else "none"}" '
            f'fill-opacity="{0.25 if on else 0}"/>'
            f'<text x="{x + 24}" y="18" font-size="10" text-anchor="middle" '
            f'fill="currentColor">{escape(words.say(SHORT_NAMES[building]))}</text>'
        )
        if on:
            body.append(f'<circle cx="{x + 24}" cy="33" r="4" fill="currentColor"/>')
    label = escape(said, {'"': "&quot;"})
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 262 40" role="img" '
        f'aria-label="{label}"><title>{escape(said)}</title>{"".join(body)}</svg>'
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m lacerda_bot.table._icons FOLDER``: write the README's example card."""
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs/images")
    (folder / "card-b3x.svg").write_text(card_icon(card_by_id(8)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
