"""Our own SVG icons for the table page: a solo card as its Mission, action and X.

Pure: each function returns SVG text; nothing here reads or writes files but
the ``python -m`` entry point, which writes the README's example card.
Drawn by us from the card's printed facts (never card art), in the page's
text colour (``currentColor``), so it follows light and dark.
"""

import sys
from pathlib import Path
from xml.sax.saxutils import escape

from lacerda_bot._deck import SoloCard, card_by_id

__all__ = ["card_icon"]


def card_icon(card: SoloCard) -> str:
    """The solo *card* drawn as its Mission letter, action number and X if it stops travel."""
    words = (
        f"Solo card {card.mission.name}{card.action}: Mission {card.mission.name}, "
        f"action {card.action}"
    )
    words += ", X: he does not travel" if not card.travels else ""
    mark = (
        '<text x="48" y="22" font-size="16" text-anchor="middle" fill="currentColor">X</text>'
        if not card.travels
        else ""
    )
    label = escape(words, {'"': "&quot;"})
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 40" role="img" '
        f'aria-label="{label}"><title>{escape(words)}</title>'
        '<rect x="1" y="1" width="62" height="38" rx="4" fill="none" '
        'stroke="currentColor" stroke-width="2"/>'
        f'<text x="18" y="30" font-size="22" text-anchor="middle" '
        f'fill="currentColor">{escape(card.mission.name)}{card.action}</text>'
        f"{mark}</svg>"
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m lacerda_bot.table._icons FOLDER``: write the README's example card."""
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs/images")
    (folder / "card-b3x.svg").write_text(card_icon(card_by_id(8)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
