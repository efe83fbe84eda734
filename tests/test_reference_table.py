"""The table companion answered perfectly from the reference board; the questions per step counted."""

import enum
from typing import Any, Final

import pytest

from lacerda_bot import _queries as q
from lacerda_bot._rules.scoring import FINAL_QUERIES, RequirementMet
from lacerda_bot.model import Side
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.reference import play_game
from lacerda_bot.reference._table import (
    PerfectPlayer,
    TableMismatchError,
    questions_per_step,
)
from lacerda_bot.table import table_options
from lacerda_bot.table._engine.questions import QUESTIONS, Labels, Wording, shape_of
from lacerda_bot.table._game.driver import StepKind

from .test_table_questions import ARGS as _ARGS


def test_a_perfect_player_plays_whole_games_and_counts_every_step() -> None:
    player = PerfectPlayer()
    record = play_game(4, watch=player)
    counts = player.result()

    assert len(counts.of(StepKind.SETUP)) == 1
    assert len(counts.of(StepKind.TURN)) == record.lacerda_turns
    assert len(counts.of(StepKind.SHUTTLE)) == record.rounds
    assert len(counts.of(StepKind.SCORE)) == 1
    assert player.state is not None
    assert player.state.final_score == record.score.total
    assert counts.most(StepKind.TURN) >= counts.median(StepKind.TURN) > 0


def test_counts_over_seeds_add_up() -> None:
    both = questions_per_step(range(2))
    one, two = questions_per_step([0]), questions_per_step([1])

    for kind in StepKind:
        assert both.of(kind) == one.of(kind) + two.of(kind)
    assert questions_per_step([]).median(StepKind.TURN) == 0.0


def test_a_table_that_reads_otherwise_than_the_board_is_caught() -> None:
    """The player refuses to answer a fact the board did not read at that place."""
    from lacerda_bot._facts import Read
    from lacerda_bot.reference._table import _FromLog
    from lacerda_bot.testing import reference_board

    source = _FromLog([Read(query=q.HisSide(), value=None)], reference_board())
    with pytest.raises(TableMismatchError, match="the board read side"):
        source.value(Read(query=q.HasFreeMarker(), value=None), 0)
    with pytest.raises(TableMismatchError, match="past the board"):
        source.value(Read(query=q.HisSide(), value=None), 1)
    # facts only the table asks are read off the board itself
    printed = source.value(Read(query=q.LabColumns(), value=None), 1)
    assert printed == reference_board().lab_columns


class Glance(enum.Enum):
    """What answering a question takes at the table (issue: the table without counting)."""

    LOOK = "yes or no about one thing in one place"
    PIECES = "a count of a handful of pieces in one place"
    PRINTED = "a pick among what is printed, or what a space, tile or card shows"
    PLACE = "the player places by a stated criterion, then reads one thing there"
    DISPLAY_TIE = "how many of a handful of printed cards or tiles tie (cards only)"
    SCORE = "a figure of the printed end scoring"
    SEARCH = "a count of equal places on the map, or a rule's search across it"


GLANCES: Final[dict[type[Any], Glance]] = {
    **dict.fromkeys(
        (
            q.RoverOnNewBuilding,
            q.ExplorationTileLeft,
            q.SupplyHasCrystal,
            q.HasShipLeft,
            q.HasBotLeft,
            q.HasShelterLeft,
            q.ColonistOnHireSlot,
            q.HasFreeMarker,
            q.HasScientist,
            q.LabEntryFree,
            q.CanAdvanceAny,
            q.CanAdvanceOther,
            q.CanAdvanceAgain,
            q.CanAdvanceTech,
            q.HasTech,
            q.HisSide,
            q.MissionCompleted,
            q.ShuttleDeparts,
            q.ShuttleFrom,
            RequirementMet,
        ),
        Glance.LOOK,
    ),
    **dict.fromkeys(
        (
            q.TechLevel,
            q.MovedCrystalCount,
            q.SpendableCrystals,
            q.SupplyCrystals,
            q.ScientistCount,
            q.ColonistsPresent,
            q.FirstColonistTileCount,
            q.FreeSpaceCount,
            q.StartCrystals,
            q.StartFreeDepot,
            q.LabColumns,
            q.StartShelterTech,
            q.StartLivingQuarters,
        ),
        Glance.PIECES,
    ),
    **dict.fromkeys(
        (
            q.LssOffers,
            q.TargetCrystalCost,
            q.ContractCrystalCost,
            q.BlueprintDisplay,
            q.ObtainedPickupCrystals,
            q.TechTileType,
            q.LearnedSpaceGains,
            q.DevelopSpaces,
            q.DevelopedSpaceGains,
            q.UsedBlueprint,
            q.UpgradeCapacity,
            q.ChosenScientist,
            q.ContractKindOf,
            q.ObtainedBlueprint,
            q.MissionCrystals,
            q.StartMissionCrystals,
            q.CollectedTileReward,
            q.StartingSide,
            q.SpaceGains,
            q.UsedTech,
            q.WarehouseItem,
            q.RevealedCard,
        ),
        Glance.PRINTED,
    ),
    **dict.fromkeys(
        (
            q.BuildSize,
            q.AnyFreeHex,
            q.AnyTarget,
            q.TargetSteps,
            q.CrystalsOnWay,
            q.PathMoved,
            q.AnyDiscoverySite,
        ),
        Glance.PLACE,
    ),
    **dict.fromkeys(
        (q.CheapestTechTiles, q.BestScientists, q.BestContracts, q.UpgradeBlueprints),
        Glance.DISPLAY_TIE,
    ),
    **dict.fromkeys(  # final scoring's figures; its requirements are looks
        (kind for kind in FINAL_QUERIES if kind is not RequirementMet),
        Glance.SCORE,
    ),
    **dict.fromkeys(
        (
            q.BestSites,
            q.NearestFreeHexes,
            q.NearestTiles,
            q.BestPaths,
            q.DiscoverySites,
            q.EligibleBuildings,
        ),
        Glance.SEARCH,
    ),
}
"""Every question kind the table can ask, by what answering it takes."""

_SEARCHES: Final = frozenset(k for k, g in GLANCES.items() if g is Glance.SEARCH)


def test_every_question_kind_is_classified_by_what_it_takes() -> None:
    """A new question must say what answering it takes before it can be asked."""
    assert set(GLANCES) == set(QUESTIONS)


@pytest.mark.parametrize("policy", list(TiePolicy), ids=lambda p: p.value)
def test_only_searches_and_display_ties_ask_how_many_tie(policy: TiePolicy) -> None:
    """A tie count (how many options are equally good) is a search or a display tie."""
    words = Wording(side=Side.COLONY, options=Options(tie_policy=policy), known={})
    for kind, glance in GLANCES.items():
        query = kind(*_ARGS.get(kind, ()))
        if isinstance(shape_of(query, words), Labels):
            assert glance in (Glance.SEARCH, Glance.DISPLAY_TIE), kind


@pytest.mark.parametrize("seed", [0, 3, 7, 11])
def test_with_the_table_defaults_no_question_searches_the_map(seed: int) -> None:
    """R-TIE-1 (``tie_policy = chosen``, the table's default): no question asks the
    player to count equal places or search the map; the player places among equals,
    and the table still decides as the board's calls do (the player places where
    the host takes the first in canonical order: the bot states agree). With solo
    cards breaking every tie, the same games do ask such counts."""
    chosen = PerfectPlayer()
    play_game(seed, options=table_options(), watch=chosen)
    asked = {type(read.query) for read in chosen.asked}
    assert not asked & _SEARCHES
    assert q.BuildSize in asked  # he built: the player placed it by the criterion
    cards = PerfectPlayer()
    play_game(seed, watch=cards)
    assert {type(read.query) for read in cards.asked} & _SEARCHES
