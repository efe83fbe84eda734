from typing import Any

import attrs
import pytest
from hypothesis import given

from lacerda_bot import Board, InvalidHostStateError, ScoreBreakdown, score_lacerda
from lacerda_bot.model import BuildingType, ContractKind, HostId, Scientist, TechType
from lacerda_bot.records import AdvancedCount, Blueprint, HeldBlueprint
from lacerda_bot.testing import small_board

from .helpers import own_techs
from .helpers_strategies import host_states


def blueprint(card: str, level: int, used: bool) -> HeldBlueprint:
    return HeldBlueprint(
        blueprint=Blueprint(id=HostId(card), building=BuildingType.MINE, level=level),
        used=used,
    )


def test_r_score_2_spec_example() -> None:
    """R-SCORE-1, R-SCORE-2: 40 + 4 + 9 + 6 + 8 + 0 + 9 + 21 + v = 97 + v."""
    v = 7
    board = small_board(
        op_track=40,
        progress_cubes=3,
        lab_column_values=(3, 6),  # Techs 9: one in column 1, one in column 2
        **own_techs((TechType.MINE, 1), (TechType.ROVER, 2), sizes=(2, 3)),
        ships_in_hangar=2,
        lacerda_blueprints=(
            blueprint("a", 1, True),
            blueprint("b", 3, True),
            blueprint("c", 3, False),
        ),
        lacerda_scientists=(Scientist.HYDROLOGIST,),
        advanced_buildings_on_mars=(
            AdvancedCount(building=BuildingType.GREENHOUSE, count=3),
        ),
        lacerda_contracts=(ContractKind.UPGRADE, ContractKind.DELIVERY),
        living_quarters_top=v,
    )
    score = score_lacerda(board)

    assert score.total == 97 + v
    assert (score.op_track, score.progress_cubes, score.techs, score.ships) == (
        40,
        4,
        9,
        6,
    )
    assert (score.blueprints, score.scientists, score.contracts) == (8, 9, 21)
    assert score.living_quarters == v


def test_r_score_1_unbuilt_blueprints_cost_him_nothing() -> None:
    """R-SCORE-1: an unbuilt Blueprint scores 0, never a penalty."""
    board = small_board(
        lacerda_blueprints=(blueprint("a", 3, False), blueprint("b", 1, False))
    )

    assert score_lacerda(board).blueprints == 0


def test_r_score_3_the_comparison_is_the_hosts() -> None:
    """R-SCORE-3: score_lacerda gives his breakdown only; the comparison stays with the host."""
    score = score_lacerda(small_board(op_track=5))

    assert not hasattr(score, "winner")
    assert score.total == 5


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("op_track", -1),
        ("progress_cubes", 6),
        ("ships_in_hangar", -2),
        ("lab_column_values", (1, -1)),
    ],
)
def test_negative_counts_are_refused(field: str, value: object) -> None:
    """Bad input: a scoring record with a negative or impossible count names the field."""
    # deliberately ill-typed: the host reports something the rules cannot score
    board = attrs.evolve(small_board(), **{field: value})  # type: ignore[arg-type]

    with pytest.raises(InvalidHostStateError, match=field):
        score_lacerda(board)


@given(host_states())
def test_breakdown_sums_to_total(board: Board) -> None:
    """R-SCORE-2: the categories always sum to the total."""
    score = score_lacerda(board)

    assert score.total == sum(attrs.astuple(score)[:-1])
    assert score.total >= 0


def test_breakdown_must_sum() -> None:
    """R-SCORE-2: a breakdown whose parts do not sum to the total is refused."""
    with pytest.raises(InvalidHostStateError, match="total"):
        ScoreBreakdown(
            op_track=1,
            progress_cubes=0,
            techs=0,
            ships=0,
            blueprints=0,
            scientists=0,
            contracts=0,
            living_quarters=0,
            total=2,
        )


def test_advanced_counts_must_be_records() -> None:
    """Bad input: Advanced Buildings are reported as AdvancedCount records."""
    pairs: Any = ((BuildingType.MINE, 2),)  # deliberately not AdvancedCount records
    board = attrs.evolve(small_board(), advanced_buildings_on_mars=pairs)

    with pytest.raises(InvalidHostStateError, match="advanced_buildings_on_mars"):
        score_lacerda(board)
