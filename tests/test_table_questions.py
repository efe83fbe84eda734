"""Every fact the rules read has its question at the table, worded in one place."""

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import _queries
from lacerda_bot import _queries as q
from lacerda_bot._facts import Choice, Query
from lacerda_bot._rules.goals import SOLO_GOALS
from lacerda_bot._rules.scoring import (
    FINAL_QUERIES,
    BuiltBlueprints,
    Contracts,
    HumanCategory,
    HumanScore,
    RequirementMet,
)
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.lab import staggered
from lacerda_bot.model import (
    Action,
    BuildingType,
    ContractKind,
    Gain,
    GainKind,
    HostId,
    LssReward,
    MissionSlot,
    Owner,
    Scientist,
    Side,
    TechType,
)
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.table._engine.ask_player import _EnteredSpace as EnteredSpace
from lacerda_bot.table._engine.ask_player import _TakenCard as TakenCard
from lacerda_bot.table._engine.ask_player import _UsedCard as UsedCard
from lacerda_bot.table._engine.dialogue import Answer, Question, QuestionKind
from lacerda_bot.table._engine.questions import (
    KINDS,
    QUESTIONS,
    Count,
    Gains,
    Labels,
    Pick,
    PricedGains,
    Wording,
    YesNo,
    fact_key,
    shape_of,
)
from lacerda_bot.table._engine.shapes import AnyCounted, Foreseeing
from lacerda_bot.table._engine.tracked import Card, Tracked

from .helpers_strategies import gains

WORDS = Wording(side=Side.COLONY, options=Options(), known={})
TRACKED = Tracked(
    crystals=3,
    depot=6,
    lab_spaces=staggered(techs={HostId("c2-middle"): TechType.ROVER}),
    lab_columns=6,
    cards=(
        Card(building=BuildingType.GREENHOUSE, level=3),
        Card(building=BuildingType.MINE, level=1),
    ),
    lacerda_scientists=(Scientist.HYDROLOGIST,),
)
CHOICE = Choice(index=0, of=2)

# Arguments each fact takes, as the rules pass them.
ARGS: dict[type[Query[Any]], tuple[object, ...]] = {
    q.MissionCompleted: (MissionSlot.B,),
    q.MissionCrystals: (MissionSlot.B,),
    q.StartMissionCrystals: (MissionSlot.B,),
    q.ColonistsPresent: (Action.CONSTRUCT,),
    q.BuildSize: (BuildingType.OXYGEN_CONDENSER,),
    q.BestSites: (BuildingType.MINE,),
    q.TechLevel: (TechType.ROVER, Owner.HUMAN),
    q.LssOffers: (BuildingType.GENERATOR, LssReward.RETRIEVE_COLONIST),
    q.CanAdvanceOther: (TechType.MINE,),
    q.CanAdvanceAgain: (TechType.MINE,),
    q.HasTech: (TechType.UPGRADE,),
    q.CanAdvanceTech: (TechType.UPGRADE,),
    q.DevelopSpaces: (TechType.ROVER,),
    q.EligibleBuildings: (CHOICE,),
    q.UpgradeCapacity: (Owner.LACERDA,),
    q.ContractKindOf: (CHOICE,),
    q.TechTileType: (CHOICE,),
    q.ChosenScientist: (CHOICE,),
    q.TargetSteps: (CHOICE,),
    q.TargetCrystalCost: (CHOICE,),
    q.BestPaths: (CHOICE, 4),
    q.CrystalsOnWay: (CHOICE, 4),
    q.PathMoved: (CHOICE, 4, CHOICE),
    q.StartingSide: (CHOICE,),
    q.FreeSpaceCount: (Side.ORBIT,),
    q.RevealedCard: ((1, 5, 6, 7), True, False),
    BuiltBlueprints: (3,),
    Contracts: (ContractKind.DELIVERY,),
    RequirementMet: (0, SOLO_GOALS[3].requirements[1]),
    HumanScore: (HumanCategory.TECH_TILES,),
}


class Answers:
    """Answers a shape's questions from a list, and keeps the questions asked."""

    def __init__(self, answers: tuple[Answer, ...]) -> None:
        self.answers = list(answers)
        self.asked: list[Question] = []

    def __call__(self, question: Question) -> Answer:
        self.asked.append(question)
        answer = self.answers.pop(0)
        assert question.accepts(answer), (question, answer)
        return answer


def test_every_fact_the_rules_read_has_its_question() -> None:
    """Every fact query type, of the rules and of final scoring, has one builder."""
    kinds = {
        kind
        for kind in vars(_queries).values()
        if isinstance(kind, type) and issubclass(kind, Query) and kind is not Query
    }
    assert kinds | set(FINAL_QUERIES) == set(QUESTIONS)
    assert len(KINDS) == len(QUESTIONS)  # keys are distinct


@pytest.mark.parametrize("policy", list(TiePolicy), ids=lambda p: p.value)
@pytest.mark.parametrize("tracked", [None, TRACKED], ids=["asked", "tracked"])
@pytest.mark.parametrize("kind", list(QUESTIONS), ids=lambda k: k.key)
def test_every_fact_is_asked_by_one_worded_question(
    kind: type[Query[Any]], tracked: Tracked | None, policy: TiePolicy
) -> None:
    """Every question the engine can ask has words, a key, and an explanation.

    The explanation is what ``?`` shows: the criterion in words and where to look.
    Under each tie policy: with ``chosen`` some are worded for the player placing.
    """
    query = kind(*ARGS.get(kind, ()))
    words = attrs.evolve(WORDS, tracked=tracked, options=Options(tie_policy=policy))
    shape = shape_of(query, words)
    key = f"turn1.{fact_key(query)}"
    sample, ahead = _sample_answers(shape)
    answers = Answers(sample)
    value = shape.read(answers, key)

    assert answers.asked
    assert all(str(q.text).strip() for q in answers.asked)
    assert all(len(str(q.hint).split()) >= 5 for q in answers.asked), answers.asked
    assert all("Example" in str(q.hint) for q in answers.asked), [
        str(q.text) for q in answers.asked if "Example" not in str(q.hint)
    ]
    assert all(q.key.startswith(key) for q in answers.asked)
    assert shape.answers(value, ahead) == sample[: len(answers.asked)]
    if isinstance(shape, Foreseeing):  # the later fact, typed, from the same answers
        assert shape.read_ahead(Answers(sample), key) == (value, ahead)


def _sample_answers(shape: Any) -> tuple[tuple[Answer, ...], object]:
    """Answers to *shape*, and the fact its lookahead would read (the card named)."""
    match shape:
        case YesNo():
            return (True,), None
        case Count():
            return (shape.high,), None
        case Labels():
            return ((True, 2) if shape.gate else (2,)), None
        case Pick():
            return (shape.choices[-1][0],), None
        case Gains():
            return ("nothing",), None
        case TakenCard():
            return ("greenhouse L3",), (BuildingType.GREENHOUSE, 3)
        case UsedCard():
            return ("mine L1",), (BuildingType.MINE, 1)
        case EnteredSpace():
            return (shape.choices[-1][0],), None
        case AnyCounted():
            return (2,), 2
        case PricedGains():
            return ("cost 1, crystals 2",), (Gain(kind=GainKind.CRYSTALS, n=2),)
    raise AssertionError(shape)


@given(st.lists(gains(), max_size=4), st.booleans())
def test_gains_read_back_what_their_answers_say(listed: list[Any], many: bool) -> None:
    """The answers a gain list produces read back as the same gains (one, or up to four).

    An ``other`` gain reads back without the host's words: no player types them.
    """
    value = tuple(
        attrs.evolve(g, description="") if g.kind is GainKind.OTHER else g
        for g in (listed if many else listed[:1])
    )
    shape = Gains(text="What does it give him?", many=many)
    answers = Answers(shape.answers(value))

    assert shape.read(answers, "k") == value
    assert not answers.answers


@given(st.integers(0, 20), st.booleans())
def test_labels_read_back_their_count(count: int, gated: bool) -> None:
    """A tie count (after its yes/no gate, if any) reads back as that many labels."""
    shape = Labels(
        text="How many?", prefix="site", low=1 if gated else 0, gate="Any?" * gated
    )
    value = tuple(f"site {i}" for i in range(1, count + 1))
    answers = Answers(shape.answers(value))

    assert shape.read(answers, "k") == value
    assert not answers.answers


def test_keys_name_the_fact_and_its_arguments() -> None:
    assert fact_key(q.BuildSize(*(BuildingType.MINE,))) == "build_size.mine"
    assert fact_key(q.BestPaths(*(CHOICE, 4))) == "best_paths.1.4"
    assert fact_key(q.TechLevel(*(TechType.ROVER, Owner.HUMAN))) == (
        "tech_level.rover.human"
    )
    assert fact_key(q.CanAdvanceOther(*(None,))) == "can_advance_other.that"


def test_the_shuttle_side_is_asked_relative_to_his() -> None:
    """R-SHUTTLE-1: 'from his side?' yes is his tracked side, no the other."""
    shape = shape_of(q.ShuttleFrom(), WORDS)

    assert shape.read(Answers((True,)), "k") is Side.COLONY
    assert shape.read(Answers((False,)), "k") is Side.ORBIT


def _question(
    fact: type[Query[Any]], tracked: Tracked | None, *args: object
) -> Question:
    """The (first) question *fact* asks, with *tracked* as his board."""
    shape = shape_of(fact(*args), attrs.evolve(WORDS, tracked=tracked))
    sample, _ = _sample_answers(shape)
    answers = Answers(sample)
    shape.read(answers, "turn1.k")
    return answers.asked[0]


def test_r_rover_2_the_tiles_question_says_which_benefits_he_can_take() -> None:
    """R-ROVER-2 (1.3): the criterion at a glance, and what his tracked board rules out."""
    asked = _question(q.NearestTiles, None)
    full = attrs.evolve(
        TRACKED,
        lab_spaces=staggered(
            (1, 1),
            techs={HostId("c1-p0"): TechType.MINE, HostId("c2-p0"): TechType.ROVER},
        ),
        free_advanced_markers=0,
    )
    tracked = _question(q.NearestTiles, full)

    assert "whose benefit he can take" in str(asked.hint)
    assert "Resources never" in str(asked.hint)
    assert "Right now he could not take" not in str(asked.hint)
    for ruled_out in ("a Tech", "a development", "a Blueprint"):
        assert ruled_out in str(tracked.hint).split("Right now he could not take")[1]
    assert "an upgrade (" not in str(tracked.hint)  # he holds unused Blueprints


def test_r_to_3_the_warehouse_question_leaves_crystals_out_with_a_full_depot() -> None:
    """R-TO-3 (1.3): tracking a full Depot, Crystals are not offered; asked, the rule says so."""
    full = attrs.evolve(TRACKED, crystals=TRACKED.depot)
    tracked = shape_of(q.WarehouseItem(), attrs.evolve(WORDS, tracked=full))
    room = shape_of(q.WarehouseItem(), attrs.evolve(WORDS, tracked=TRACKED))
    asked = _question(q.WarehouseItem, None)

    assert isinstance(tracked, Pick)
    assert isinstance(room, Pick)
    assert "crystal" not in [name for name, _ in tracked.choices]
    assert "crystal" in [name for name, _ in room.choices]
    assert "Depot is full" in str(asked.text)


def test_r_rover_6_the_path_questions_count_the_ways_ending_nearest() -> None:
    """R-ROVER-6 (1.3): the end nearest the tile first; Crystals after paying for movement."""
    paths = _question(q.BestPaths, None, CHOICE, 4)
    on_way = _question(q.CrystalsOnWay, None, CHOICE, 4)

    assert "get him nearest it" in str(paths.text)
    assert "after he paid for movement" in str(paths.hint)
    assert "nearest" in str(on_way.text)


def test_r_build_4_the_displacement_questions_name_available_hexes() -> None:
    """R-BUILD-4 (1.3): an empty hex or a building with no figure; after an upgrade too."""
    free = _question(q.NearestFreeHexes, None)
    on_site = _question(q.RoverOnNewBuilding, None)

    assert "a building with no figure" in str(free.text)
    assert "Crystal" in str(free.hint)
    assert "Advanced Building marker" in str(free.hint)
    assert "upgraded" in str(on_site.hint)


def test_a_count_whose_zero_has_a_word_takes_the_word_or_a_number() -> None:
    """R-ROVER-2 at the table: "none" (or "n") is no tile, a number how far it is."""
    asked = Question(
        key="k", text="How far?", kind=QuestionKind.COUNT, high=9, zero="none"
    )

    assert asked.parse("none") == asked.parse("N") == 0
    assert asked.parse(" 3 ") == 3
    assert asked.short_form() == "[none/1-9]"
    assert asked.valid_answers() == "none, or a whole number from 1 to 9"
    with pytest.raises(InvalidValueError, match="none, or a whole number"):
        asked.parse("nothing")


@given(st.integers(0, 40), st.booleans())
def test_a_count_of_zero_asks_whether_there_is_one_at_zero(n: int, some: bool) -> None:
    """AnyCounted with *at_zero*: after 0, yes is some at 0 (a tile under his Rover)."""
    shape = AnyCounted(
        text="How far?", hint="", lookahead=q.TargetSteps, zero="none", at_zero="Here?"
    )
    value = n > 0 or some
    answers = Answers(shape.answers(value, n))

    assert shape.read_ahead(answers, "k") == (value, n)
    assert not answers.answers


@pytest.mark.parametrize("tracked", [None, TRACKED], ids=["asked", "tracked"])
def test_r_rover_3_a_tile_under_his_rover_is_none_then_yes(
    tracked: Tracked | None,
) -> None:
    """R-ROVER-3: the tile his Rover hunts may lie under it, 0 steps away: the player
    answers none, then yes to the question that follows; none, then no, is no tile."""
    options = Options(tie_policy=TiePolicy.CHOSEN)
    shape = shape_of(
        q.AnyTarget(), attrs.evolve(WORDS, tracked=tracked, options=options)
    )
    under, no_tile = Answers((0, True)), Answers((0, False))

    assert isinstance(shape, AnyCounted)
    assert shape.read_ahead(under, "turn1.any_target") == (True, 0)
    assert shape.read_ahead(no_tile, "turn1.any_target") == (False, 0)
    assert "under his Rover" in str(under.asked[0].text)
    assert [a.key for a in under.asked] == [
        "turn1.any_target",
        "turn1.any_target.at_zero",
    ]


@given(st.integers(0, 40))
def test_one_count_says_whether_there_is_any_and_how_many(n: int) -> None:
    """AnyCounted: 0 is none; another count is some, and the later fact's value."""
    shape = AnyCounted(text="How far?", hint="", lookahead=q.TargetSteps, zero="none")
    answers = Answers(shape.answers(n > 0, n))

    assert shape.read_ahead(answers, "k") == (n > 0, n)
    assert not answers.answers
