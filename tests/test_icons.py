import xml.etree.ElementTree as ET
from pathlib import Path

from lacerda_bot._deck import SOLO_CARDS
from lacerda_bot.model import BUILDING_SEQUENCE, Action, Side
from lacerda_bot.render import ACTION_NAMES, building_name
from lacerda_bot.table._icons import action_icon, card_icon, main, sequence_icon

ROOT = Path(__file__).resolve().parents[1]

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


def test_the_readme_card_is_what_the_code_draws(tmp_path: Path) -> None:
    """docs/images/card-b3x.svg cannot go stale: it is the icon of card 8 (B3 X)."""
    assert main([str(tmp_path)]) == 0
    drawn = (tmp_path / "card-b3x.svg").read_text()
    assert drawn == (ROOT / "docs/images/card-b3x.svg").read_text()
    assert "X: he does not travel" in drawn


def test_r_build_1_the_sequence_marks_his_progress_bot() -> None:
    """Five boxes in the building sequence's order; only the Bot's is filled and dotted."""
    for pointer in BUILDING_SEQUENCE:
        root = ET.fromstring(sequence_icon(pointer))
        boxes = root.findall(f"{_NS}rect")
        filled = [i for i, box in enumerate(boxes) if box.get("fill") != "none"]
        assert len(boxes) == len(BUILDING_SEQUENCE)
        assert filled == [BUILDING_SEQUENCE.index(pointer)]
        assert len(root.findall(f"{_NS}circle")) == 1
        title = root.find(f"{_NS}title")
        assert title is not None
        assert (title.text or "").endswith(f"on the {building_name(pointer)}")
        assert root.get("aria-label") == title.text


def test_r_turn_1_each_action_icon_names_its_side_and_number() -> None:
    """Six different pictograms, each named as the card table numbers it (R-TURN-1)."""
    drawings = set()
    for side in Side:
        for number in (1, 2, 3):
            action = Action.for_card(side, number)
            root = ET.fromstring(action_icon(action))
            title = root.find(f"{_NS}title")
            words = f"{side.value.title()} action {number}: {ACTION_NAMES[action]}"
            assert root.get("role") == "img"
            assert root.get("aria-label") == words
            assert title is not None
            assert title.text == words
            group = root.find(f"{_NS}g")
            assert group is not None
            assert group.get("stroke") == "currentColor"  # follows light and dark
            drawings.add(ET.tostring(group))
    assert len(drawings) == len(Action)
