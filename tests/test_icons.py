import xml.etree.ElementTree as ET

from lacerda_bot._deck import SOLO_CARDS
from lacerda_bot.table._icons import card_icon

_NS = "{http://www.w3.org/2000/svg}"


def test_card_icon_names_mission_action_and_x() -> None:
    """Every card draws well-formed SVG with its letter, number and an X exactly when it stops travel."""
    for card in SOLO_CARDS:
        root = ET.fromstring(card_icon(card))
        texts = [t.text for t in root.iter(f"{_NS}text")]
        title = root.find(f"{_NS}title")

        assert root.get("role") == "img"
        assert title is not None
        assert f"Mission {card.mission.name}" in (title.text or "")
        assert f"{card.mission.name}{card.action}" in texts
        assert ("X" in texts) == (not card.travels)
