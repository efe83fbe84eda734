"""Every fact the rules read has its question at the table, worded in one place (issue 9)."""

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot._rules.goals import SOLO_GOALS
from lacerda_bot.facts import Choice, Fact
from lacerda_bot.model import (
    Action,
    BuildingType,
    ContractKind,
    GainKind,
    LssReward,
    MissionSlot,
    Owner,
    Side,
    TechType,
)
from lacerda_bot.options import Options
from lacerda_bot.table.dialogue import Answer, Question
from lacerda_bot.table.questions import (
    Count,
    Gains,
    Labels,
    Pick,
    Wording,
    YesNo,
    fact_key,
    shape_of,
)

from .strategies import gains

WORDS = Wording(side=Side.COLONY, options=Options(), known={})
CHOICE = Choice(index=0, of=2)

# Arguments each fact takes, as the rules pass them.
ARGS: dict[Fact, tuple[object, ...]] = {
    Fact.MISSION_COMPLETED: (MissionSlot.B,),
    Fact.MISSION_CRYSTALS: (MissionSlot.B,),
    Fact.COLONISTS_PRESENT: (Action.CONSTRUCT,),
    Fact.LSS_BELOW_COLONY_LEVEL: (BuildingType.GREENHOUSE,),
    Fact.HAS_LEGAL_SITE: (BuildingType.SHELTER,),
    Fact.BEST_SITE_SIZE: (BuildingType.OXYGEN_CONDENSER,),
    Fact.BEST_SITES: (BuildingType.MINE,),
    Fact.TECH_LEVEL: (TechType.ROVER, Owner.HUMAN),
    Fact.LSS_OFFERS: (BuildingType.GENERATOR, LssReward.RETRIEVE_COLONIST),
    Fact.CAN_ADVANCE_OTHER: (TechType.MINE,),
    Fact.CAN_ADVANCE_AGAIN: (TechType.MINE,),
    Fact.HAS_TECH: (TechType.UPGRADE,),
    Fact.CAN_ADVANCE_TECH: (TechType.UPGRADE,),
    Fact.ELIGIBLE_BUILDINGS: (CHOICE,),
    Fact.UPGRADE_CAPACITY: (Owner.LACERDA,),
    Fact.CONTRACT_KIND: (CHOICE,),
    Fact.TARGET_STEPS: (CHOICE,),
    Fact.TARGET_CRYSTAL_COST: (CHOICE,),
    Fact.BEST_PATHS: (CHOICE, 4),
    Fact.PATH_MOVED: (CHOICE, 4, CHOICE),
    Fact.STARTING_SIDE: (CHOICE,),
    Fact.FREE_SPACE_COUNT: (Side.ORBIT,),
    Fact.BUILT_BLUEPRINTS: (3,),
    Fact.CONTRACTS: (ContractKind.DELIVERY,),
    Fact.REQUIREMENT_MET: (0, SOLO_GOALS[3].requirements[1]),
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


@pytest.mark.parametrize("fact", list(Fact), ids=lambda f: f.value)
def test_every_fact_is_asked_by_one_worded_question(fact: Fact) -> None:
    """Each fact has a shape whose questions have text, keys under the fact's key, and shapes."""
    args = ARGS.get(fact, ())
    shape = shape_of(fact, args, WORDS)
    key = f"turn1.{fact_key(fact, args)}"
    answers = Answers(_sample_answers(shape))
    value = shape.read(answers, key)

    assert answers.asked
    assert all(q.text.strip() for q in answers.asked)
    assert all(q.key.startswith(key) for q in answers.asked)
    assert shape.answers(value) == tuple(
        a for a in _sample_answers(shape)[: len(answers.asked)]
    )


def _sample_answers(shape: Any) -> tuple[Answer, ...]:
    match shape:
        case YesNo():
            return (True,)
        case Count():
            return (shape.high,)
        case Labels():
            return (True, 2) if shape.gate else (2,)
        case Pick():
            return (shape.choices[-1][0],)
        case Gains():
            return ("nothing",)
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
    assert fact_key(Fact.HAS_LEGAL_SITE, (BuildingType.MINE,)) == "has_legal_site.mine"
    assert fact_key(Fact.BEST_PATHS, (CHOICE, 4)) == "best_paths.1.4"
    assert fact_key(Fact.TECH_LEVEL, (TechType.ROVER, Owner.HUMAN)) == (
        "tech_level.rover.human"
    )
    assert fact_key(Fact.CAN_ADVANCE_OTHER, (None,)) == "can_advance_other.that"


def test_the_shuttle_side_is_asked_relative_to_his() -> None:
    """R-SHUTTLE-1: 'from his side?' yes is his tracked side, no the other."""
    shape = shape_of(Fact.SHUTTLE_FROM, (), WORDS)

    assert shape.read(Answers((True,)), "k") is Side.COLONY
    assert shape.read(Answers((False,)), "k") is Side.ORBIT
