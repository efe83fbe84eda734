"""Each call reads only what it needs: no scoring property for a decision."""

import types

import attrs
import pytest

from lacerda_bot import (
    Board,
    colony_level_up,
    human_used_tech,
    new_bot,
    score_lacerda,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot._lab import learned
from lacerda_bot.host import PlayView, ScoreView
from lacerda_bot.model import HostId, TechType
from lacerda_bot.testing import reference_board

SCORING = {n for n, v in vars(ScoreView).items() if isinstance(v, property)}


class Counting:
    """A host view that records every property read."""

    def __init__(self, fields: dict[str, object]) -> None:
        self._fields = fields
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> object:
        if name.startswith("_") or name not in self._fields:
            raise AttributeError(name)
        self.read.add(name)
        return self._fields[name]


def board() -> Board:
    """The reference board, with one Tech of his (for ``human_used_tech``)."""
    ref = reference_board()
    lab = learned(ref.lab_spaces, HostId("c1-top"), TechType.MINE)
    return attrs.evolve(ref, lab_spaces=lab)


def board_fields() -> dict[str, object]:
    return attrs.asdict(board(), recurse=False)


def test_scoring_properties_are_the_score_view() -> None:
    assert {
        "op_track",
        "progress_cubes",
        "lab_column_values",
        "living_quarters_top",
        "advanced_buildings_on_mars",
        "ships_in_hangar",
        "lacerda_contracts",
    } == SCORING
    assert not SCORING & {
        n for n, v in vars(PlayView).items() if isinstance(v, property)
    }


@pytest.mark.parametrize(
    "call",
    [
        lambda bot, view: setup(bot, view),
        lambda bot, view: take_turn(bot, view),
        lambda bot, view: shuttle_phase(bot, view),
        lambda bot, view: colony_level_up(bot, view),
        lambda bot, view: human_used_tech(bot, view, TechType.MINE),
    ],
    ids=["setup", "take_turn", "shuttle_phase", "colony_level_up", "human_used_tech"],
)
def test_a_decision_reads_no_scoring_property(call: object) -> None:
    """A host without the scoring properties gets the same decisions."""
    without = {k: v for k, v in board_fields().items() if k not in SCORING}
    view = Counting(without)
    bot = new_bot(4)
    assert callable(call)
    assert call(bot, view) == call(bot, board())
    assert not view.read & SCORING


def test_score_lacerda_reads_only_its_view() -> None:
    view = Counting(board_fields())
    score_lacerda(view)  # type: ignore[arg-type]
    assert view.read <= SCORING | {
        "lab_spaces",  # his Techs score their columns' values (V9, V21)
        "lab_columns",  # one value per column (V21)
        "lacerda_blueprints",
        "lacerda_scientists",
    }, view.read - SCORING


def test_a_namespace_view_without_scoring_is_a_play_view() -> None:
    fields = {k: v for k, v in board_fields().items() if k not in SCORING}
    outcome = take_turn(new_bot(2), types.SimpleNamespace(**fields))
    assert outcome.decisions
