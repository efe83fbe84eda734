import attrs
import pytest

from lacerda_bot import (
    SOLO_GOALS,
    CompletedContract,
    GoalFacts,
    InvalidValueError,
    RequirementKind,
    evaluate_goal,
)
from lacerda_bot._rules.goals import goal_by_id
from lacerda_bot.model import (
    BuildingType,
    ContractKind,
    Item,
    Scientist,
    Side,
    TechType,
)

GH = BuildingType.GREENHOUSE
UPGRADE_GH = CompletedContract(kind=ContractKind.UPGRADE, building=GH)
DELIVERY_PLANTS = CompletedContract(
    kind=ContractKind.DELIVERY, items="3 Plants + 2 Minerals"
)

WINNING = {
    "first_colonists": GoalFacts(
        colony_level=3,
        contracts_completed=(DELIVERY_PLANTS,),
        private_goals_completed=1,
        tech_levels=((TechType.ROVER, 6),),
        margin=1,
    ),
    "next_generation": GoalFacts(
        colony_level=3,
        contracts_completed=(UPGRADE_GH, DELIVERY_PLANTS),
        private_goals_completed=1,
        research_tiles=2,
        shelters_built=4,
        margin=10,
    ),
    "hunky_dory": GoalFacts(
        colony_level=4,
        contracts_completed=(UPGRADE_GH, DELIVERY_PLANTS),
        private_goals_completed=1,
        mines_with_own_colonist_or_marker=3,
        advanced_buildings=((GH, 2), (BuildingType.MINE, 3)),
        margin=20,
    ),
    "a_martian_potato": GoalFacts(
        colony_level=3,
        contracts_completed=(UPGRADE_GH, DELIVERY_PLANTS),
        scientists=(Scientist.BIOCHEMIST,),
        advanced_buildings=((GH, 3),),
        largest_complex=((GH, 5),),
        stored=((Item.PLANT, 5),),
        research_tiles=2,
        tech_levels=((TechType.GREENHOUSE, 6),),
        final_side=Side.ORBIT,
        margin=30,
    ),
}


def test_r_goal_1_four_goals_as_data() -> None:
    """R-GOAL-1: the four Solo Goals of T8 with their levels and requirement counts."""
    assert [(g.id, g.level, len(g.requirements)) for g in SOLO_GOALS] == [
        ("first_colonists", "1", 5),
        ("next_generation", "2", 6),
        ("hunky_dory", "3", 6),
        ("a_martian_potato", "scenario", 11),
    ]


@pytest.mark.parametrize("goal", [g.id for g in SOLO_GOALS])
def test_r_goal_3_each_goal_is_met_by_its_facts(goal: str) -> None:
    """R-GOAL-3: facts meeting every requirement of the T8 table pass, requirement by requirement."""
    result = evaluate_goal(goal, WINNING[goal])

    assert result.passed
    assert all(r.passed for r in result.requirements)


@pytest.mark.parametrize("goal", [g.id for g in SOLO_GOALS])
def test_r_goal_2_every_requirement_is_needed(goal: str) -> None:
    """R-GOAL-2: the goal is won only if every requirement holds: empty facts fail each one."""
    result = evaluate_goal(goal, GoalFacts(margin=-5))

    assert not result.passed
    assert not any(r.passed for r in result.requirements)


def test_r_goal_2_margin_rules() -> None:
    """R-GOAL-2: "more OP than Lacerda" is a margin of at least 1; a tie fails."""
    facts = WINNING["first_colonists"]

    assert evaluate_goal("first_colonists", facts).passed
    tied = evaluate_goal("first_colonists", attrs.evolve(facts, margin=0))
    assert not tied.passed
    assert [r.requirement.kind for r in tied.requirements if not r.passed] == [
        RequirementKind.MARGIN
    ]


def test_contracts_one_per_kind() -> None:
    """T8: contracts(2, one_per_kind) needs one Upgrade and one Delivery Contract."""
    two_deliveries = attrs.evolve(
        WINNING["next_generation"],
        contracts_completed=(DELIVERY_PLANTS, DELIVERY_PLANTS),
    )

    assert not evaluate_goal("next_generation", two_deliveries).passed


def test_unknown_goal_is_refused() -> None:
    """Bad input: an unknown goal id raises InvalidValueError naming the goal field."""
    with pytest.raises(InvalidValueError, match="goal"):
        evaluate_goal("moon_base", GoalFacts())
    with pytest.raises(InvalidValueError, match="goal"):
        goal_by_id("")


def test_negative_fact_counts_are_refused() -> None:
    """Bad input: a negative count in the facts names the field."""
    with pytest.raises(InvalidValueError, match="research_tiles"):
        GoalFacts(research_tiles=-1)
    with pytest.raises(InvalidValueError, match=r"stored\[0\]"):
        GoalFacts(stored=((Item.PLANT, -2),))


def test_evaluate_goal_takes_goal_values_and_checks_types() -> None:
    """R-GOAL-3: a SoloGoal value works like its id; wrong argument types are refused."""
    goal = SOLO_GOALS[0]

    assert evaluate_goal(goal, WINNING[goal.id]) == evaluate_goal(
        goal.id, WINNING[goal.id]
    )
    with pytest.raises(InvalidValueError, match="goal"):
        evaluate_goal(3, GoalFacts())  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="facts"):
        evaluate_goal(goal, {"margin": 3})  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="stored"):
        GoalFacts(stored=[(Item.PLANT, 1)])  # type: ignore[arg-type]
