"""Our own SVG icons for the table page: a solo card as its Mission, action and X.

Pure: each function returns SVG text; nothing here reads or writes files.
"""

from xml.sax.saxutils import escape

from lacerda_bot._deck import SoloCard

__all__ = ["card_icon"]


def card_icon(card: SoloCard) -> str:
    """The solo *card* drawn as its Mission letter, action number and X if it stops travel."""
    words = f"Solo card {card.id}: Mission {card.mission.name}, action {card.action}"
    words += ", X: he does not travel" if not card.travels else ""
    mark = (
        '<text x="48" y="22" font-size="16" text-anchor="middle">X</text>'
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
