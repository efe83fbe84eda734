"""His tracked board drawn for the page's Status: what it shows, and its words."""

import xml.etree.ElementTree as ET

import attrs
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot.lab import PRINTED_COLUMNS, space_id, staggered
from lacerda_bot.model import BuildingType, ContractKind, Scientist, TechType
from lacerda_bot.table._board_picture import WIDTH, board_picture
from lacerda_bot.table._engine.tracked import Card, Tracked
from lacerda_bot.table._game.recap import board_lines

from .helpers_table import HIS

_NS = "{http://www.w3.org/2000/svg}"


def _of(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{_NS}{tag}") if e.get("class") == cls]


def _texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{_NS}text")]


@st.composite
def boards(draw: st.DrawFn) -> Tracked:
    """A tracked board of any size the companion may hold."""
    depot = draw(st.integers(0, 30))
    sizes = PRINTED_COLUMNS[: draw(st.integers(1, len(PRINTED_COLUMNS)))]
    spaces = staggered(sizes)
    techs = draw(st.lists(st.sampled_from(TechType), unique=True, max_size=len(spaces)))
    where = draw(st.permutations([s.id for s in spaces]))
    return Tracked(
        crystals=draw(st.integers(0, depot)),
        depot=depot,
        lab_spaces=staggered(sizes, techs=dict(zip(where, techs, strict=False))),
        lab_columns=len(sizes),
        cards=tuple(
            draw(
                st.lists(
                    st.builds(
                        Card,
                        building=st.sampled_from(BuildingType),
                        level=st.integers(1, 3),
                        used=st.booleans(),
                    ),
                    max_size=10,
                )
            )
        ),
        lacerda_scientists=tuple(
            draw(st.lists(st.sampled_from(Scientist), unique=True, max_size=4))
        ),
        lacerda_contracts=tuple(
            draw(st.lists(st.sampled_from(ContractKind), max_size=2))
        ),
        shelters_left=draw(st.integers(0, 4)),
        ships_left=draw(st.integers(0, 5)),
        bots_left=draw(st.integers(0, 3)),
        free_advanced_markers=draw(st.integers(0, 8)),
    )


@given(boards())
def test_the_picture_shows_every_part_and_says_the_board_in_words(t: Tracked) -> None:
    """One pip per Depot space (filled per Crystal), a tile per Tech, a card per
    Blueprint; its title and accessible name are the status lines of his board."""
    root = ET.fromstring(board_picture(t))
    words = "His board: " + "; ".join(str(line) for line in board_lines(t))
    title = root.find(f"{_NS}title")

    assert root.get("role") == "img"
    assert root.get("aria-label") == words
    assert title is not None
    assert title.text == words
    assert len(_of(root, "circle", "crystal")) == t.crystals
    assert len(_of(root, "circle", "free")) == t.free_depot_spaces
    assert len(_of(root, "rect", "tile")) == len(t.lacerda_techs)
    assert len(_of(root, "rect", "space")) == len(t.lab_spaces) - len(t.lacerda_techs)
    assert len(_of(root, "g", "used")) == sum(c.used for c in t.cards)
    assert len(_of(root, "g", "blueprint")) == sum(not c.used for c in t.cards)
    assert len(_of(root, "circle", "scientist")) == len(t.lacerda_scientists)
    assert len(_of(root, "rect", "contract")) == len(t.lacerda_contracts)


@given(boards())
def test_nothing_is_drawn_past_the_panels_edges(t: Tracked) -> None:
    """However many Crystals, spaces or Blueprints, every shape fits the view box."""
    root = ET.fromstring(board_picture(t))
    _, _, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    assert width == WIDTH
    for rect in root.iter(f"{_NS}rect"):
        x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
        if rect.get("class") in {"tile", "space", "contract"}:
            assert x + float(rect.get("width", 0)) <= width
            assert y + float(rect.get("height", 0)) <= height
    for circle in root.iter(f"{_NS}circle"):
        r = float(circle.get("r", 0))
        assert float(circle.get("cx", 0)) + r <= width
        assert float(circle.get("cy", 0)) + r <= height


def test_v9_his_techs_stand_in_the_column_of_their_level() -> None:
    """A Tech on the middle space of column 2 is drawn in column 2, between its
    neighbours; the column numbers head the Lab (V9, R-ORBIT-6)."""
    lab = staggered(techs={space_id(2, 1, 3): TechType.SHELTER})
    root = ET.fromstring(board_picture(attrs.evolve(HIS, lab_spaces=lab)))
    (tile,) = _of(root, "rect", "tile")
    column_two = [s for s in _of(root, "rect", "space") if s.get("x") == tile.get("x")]
    heights = sorted(float(s.get("y", 0)) for s in column_two)

    assert len(column_two) == 2
    assert heights[0] < float(tile.get("y", 0)) < heights[1]
    assert "Shelt." in _texts(root)
    assert [str(c) for c in range(1, 7)] == [t for t in _texts(root) if t.isdigit()][:6]


def test_a_used_blueprint_is_drawn_apart_and_named_used() -> None:
    """His Blueprints read as type and level; a used one is dashed, and the words say so."""
    cards = (
        Card(building=BuildingType.MINE, level=1),
        Card(building=BuildingType.GREENHOUSE, level=3, used=True),
    )
    drawn = board_picture(attrs.evolve(HIS, cards=cards))
    root = ET.fromstring(drawn)
    (used,) = _of(root, "g", "used")

    assert used.get("stroke-dasharray")
    assert "Green. L3" in _texts(used)
    assert "Mine L1" in _texts(root)
    assert "Blueprints: Mine L1, Greenhouse L3 (used)" in (root.get("aria-label") or "")


def test_the_pieces_he_has_left_are_counted() -> None:
    """Shelters, Ships, Bots and Advanced Building markers left, each named and counted."""
    board = attrs.evolve(
        HIS, shelters_left=3, ships_left=1, bots_left=0, free_advanced_markers=7
    )
    texts = _texts(ET.fromstring(board_picture(board)))
    for name, count in (("Shelters", 3), ("Ships", 1), ("Bots", 0), ("Markers", 7)):
        assert name in texts
        assert str(count) in texts
