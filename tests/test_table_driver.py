"""The table driver: library calls run on asked facts, one question at a time (issue 9)."""

import io
from pathlib import Path

import attrs
import pytest

from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.options import ImpossibleBenefit, Options, UnknownGain
from lacerda_bot.table.dialogue import Answer
from lacerda_bot.table.driver import StepKind, run_step
from lacerda_bot.table.session import new_game, replay, save_game
from lacerda_bot.table.state import TableState
from lacerda_bot.table.terminal import Style, Terminal

from .helpers import bot_with
from .table_helpers import rules_of, scripted, text_of

SETUP: dict[str, Answer] = {
    "first_colonist_tile_count": 6,
    "starting_side": "colony",
    "space_gains": "nothing",
}


def set_up(seed: int = 2, **options: object) -> TableState:
    state, _ = replay(new_game(seed, Options(**options)))  # type: ignore[arg-type]
    state, _, _ = scripted(state, StepKind.SETUP, SETUP)
    return state


def on(side: str, cards: tuple[int, ...], **options: object) -> TableState:
    """A table game after set-up, with his draw pile starting with *cards*."""
    from lacerda_bot.model import Side

    return TableState(
        bot=bot_with(cards, options=Options(**options)),  # type: ignore[arg-type]
        goal="first_colonists",
        side=Side(side),
    )


def test_a_tie_is_on_screen_before_the_question_that_follows_it() -> None:
    """R-TIE-8: the tie's result shows before he asks about 'that site'."""
    answers = [
        ("turn1.has_legal_site.mine", True),
        ("turn1.colonists_present.construct", 0),
        ("turn1.best_site_size.mine", 2),
        ("turn1.best_sites.mine", 3),
    ]
    run = run_step(on("colony", (5,)), StepKind.TURN, answers)

    assert run.question is not None
    assert run.question.key == "turn1.tech_level.mine.lacerda"
    assert "Tie among 3 sites" in run.lines[-1].text
    assert run.used == len(answers)


def test_a_step_asks_only_what_the_rules_read() -> None:
    """A free Construct: no Crystal question; his own Tech level decides whose Tech."""
    state, lines, asked = scripted(
        on("colony", (5,)),
        StepKind.TURN,
        {
            "has_legal_site.mine": True,
            "colonists_present.construct": 0,
            "best_site_size.mine": 3,
            "best_sites.mine": 1,
            "tech_level.mine.lacerda": 2,
            "rover_on_new_building": False,
        },
    )

    assert "spendable_crystals" not in " ".join(q.key for q in asked)
    assert "He builds a Mine on that site (a Mine Complex of 3)" in text_of(lines)
    assert "You gain 1 Oxygen" not in text_of(lines)
    assert state.bot.pointer.value == "generator"
    assert {"R-BUILD-9", "R-BUILD-10", "R-BUILD-11"} <= rules_of(lines)


def test_an_unknown_benefit_is_an_error_when_the_options_say_so(
    tmp_path: Path,
) -> None:
    """R-TO-9: with unknown_gain=error an 'other' benefit is refused, as take_turn refuses it."""
    state, _ = replay(new_game(1, Options(unknown_gain=UnknownGain.ERROR)))
    answers: list[tuple[str, Answer]] = [
        ("setup.first_colonist_tile_count", 6),
        ("setup.starting_side.1", "orbit"),
        ("setup.space_gains", "other"),
    ]
    with pytest.raises(InvalidHostStateError, match="a gain of a kind in T6"):
        run_step(state, StepKind.SETUP, answers)

    path = tmp_path / "g.json"
    save_game(new_game(1, Options(unknown_gain=UnknownGain.ERROR)), path)
    out = io.StringIO()
    lines = "setup\n6\norbit\nother\nnothing\nquit\n"
    from lacerda_bot.table.session import load_game

    terminal = Terminal(load_game(path), path, io.StringIO(lines), out, Style(False))
    terminal.loop()
    assert "That answer breaks a rule" in out.getvalue()
    assert terminal.state.side is not None


def test_an_unknown_benefit_is_lost_by_default() -> None:
    """R-TO-9: with unknown_gain=skip an 'other' benefit is lost, and said so."""
    state, _ = replay(new_game(1))
    state, lines, _ = scripted(
        state,
        StepKind.SETUP,
        {**SETUP, "starting_side": "orbit", "space_gains": "other"},
    )

    assert "He loses the other benefit: a gain outside T6." in text_of(lines)


def test_two_upgrades_with_your_upgrade_tech_give_you_oxygen() -> None:
    """R-COLONY-4, R-TURN-7: the second upgrade uses your Tech; you gain 1 Oxygen."""
    _, lines, asked = scripted(
        on("colony", (7,)),
        StepKind.TURN,
        {
            "has_upgrade_blueprint": True,
            "colonists_present.upgrade": 0,
            "upgrade_blueprints": 1,
            "eligible_buildings.1": 1,
            "upgrade_capacity.lacerda": 1,
            "upgrade_capacity.human": 2,
        },
    )

    text = text_of(lines)
    assert text.count("Put one of his Advanced Building markers") == 2
    assert "You gain 1 Oxygen: he used your Upgrade Tech." in text
    assert [q.key for q in asked].count("turn1.has_upgrade_blueprint") == 2


def test_research_and_development_words_each_step_by_its_rule() -> None:
    """R-ORBIT-6: step 1 the most developed Tech, step 2 the least developed other one."""
    _, lines, _ = scripted(
        on("orbit", (12,)),
        StepKind.TURN,
        {
            "can_advance_any": True,
            "colonists_present.research_development": 0,
            "developed_space_gains": "nothing",
            "can_advance_other.that": True,
        },
    )

    text = text_of(lines)
    assert "Develop his most developed Tech" in text
    assert "Develop his least developed Tech" in text


def test_you_used_his_tech_names_it() -> None:
    """R-TURN-6: the tech step asks which Tech, then develops it with its gain."""
    state = set_up()
    _, lines, asked = scripted(
        state,
        StepKind.TECH,
        {
            "used_tech": "rover",
            "can_advance_tech.rover": True,
            "developed_space_gains": "bot",
        },
    )

    assert asked[0].text == "Which of his Techs did you use?"
    text = text_of(lines)
    assert "He does not keep the Oxygen you paid him." in text
    assert "Develop his Rover Tech one level, for free." in text
    assert "Move his Progress-area Bot 2 icons forward" in text


def test_a_shuttle_to_the_colony_places_a_tile_then_builds() -> None:
    """R-SHUTTLE-5, R-SHUTTLE-6: the Discovery tile, the space's gain, the free build."""
    from lacerda_bot.model import Side

    state = attrs.evolve(set_up(), side=Side.ORBIT)
    _, lines, _ = scripted(
        state,
        StepKind.SHUTTLE,
        {
            "shuttle_departs": True,
            "shuttle_from": True,
            "free_space_count.colony": 3,
            "exploration_tile_left": True,
            "discovery_sites": 2,
            "space_gains": "nothing",
            "has_legal_site.mine": True,
            "best_site_size.mine": 1,
            "best_sites.mine": 1,
            "rover_on_new_building": False,
        },
    )

    text = text_of(lines)
    assert text.index("he takes number") < text.index("Discovery tile")
    assert text.index("Discovery tile") < text.index("He travels to the Colony")
    assert text.index("He travels to the Colony") < text.index("He builds a Mine")


def test_a_rover_move_at_the_table() -> None:
    """R-ROVER-3..10: the target tie, the path, the Crystals on the way, the tile's reward."""
    _, lines, _ = scripted(
        on("colony", (7,), impossible_benefit=ImpossibleBenefit.LOSE),
        StepKind.TURN,
        {
            "has_upgrade_blueprint": False,
            "nearest_tiles.any": True,
            "nearest_tiles": 2,
            "target_steps": 2,
            "target_crystal_cost": 1,
            "best_paths": 1,
            "moved_crystal_count": 1,
            "collected_tile_reward": "crystals",
            "collected_tile_reward.n": 2,
            "collected_tile_reward.more1": "nothing",
            "supply_has_crystal": True,
        },
    )

    text = text_of(lines)
    assert "Tie among 2 nearest tiles" in text
    assert "Move his Rover along the path onto the tile." in text
    assert "He gains 1 Crystal picked up on his Rover's way" in text
    assert "He pays 1 Crystal for the tile." in text
    assert "He gains 2 Crystals from the general supply" in text


def test_final_scoring_and_the_solo_goal() -> None:
    """R-SCORE-1, R-GOAL-2: his total from counts, the margin from the two totals."""
    state = set_up()
    counts = {
        "op_track": 40,
        "progress_cubes": 3,
        "tech_points": 9,
        "ships_in_hangar": 2,
        "built_blueprints.1": 1,
        "built_blueprints.3": 1,
        "scientist_buildings": 3,
        "contracts.upgrade": 1,
        "contracts.delivery": 1,
        "living_quarters_top": 10,
        "human_total": 110,
        "requirement_met": True,
    }
    state, lines, _ = scripted(state, StepKind.SCORE, counts)

    assert state.final_score == 107
    assert "Lacerda scores 107 OP." in text_of(lines)
    assert "margin +3; you win." in text_of(lines)


def test_benefits_nested_beyond_any_board_are_refused() -> None:
    """T6: a player answering 'develop' at every Lab space gets an error, not a crash."""
    from lacerda_bot._rules.gains import MAX_NESTED_GAINS
    from lacerda_bot.table.dialogue import Question, QuestionKind

    asked: list[str] = []

    def always_more(question: Question) -> Answer:
        asked.append(question.key)
        match question.kind:
            case QuestionKind.YES_NO:
                return True
            case QuestionKind.COUNT:
                return max(question.low, 1)
            case QuestionKind.PICK:
                return "develop" if "develop" in question.choices else "rover"

    with pytest.raises(InvalidHostStateError, match=f"at most {MAX_NESTED_GAINS}"):
        run_step(set_up(), StepKind.TECH, (), source=always_more)
    assert sum(k.endswith("developed_space_gains") for k in asked) >= MAX_NESTED_GAINS


def test_an_answer_source_that_breaks_its_question_is_refused() -> None:
    """A front end's answer of the wrong kind is an error naming the question."""
    from lacerda_bot.errors import InvalidValueError

    with pytest.raises(InvalidValueError, match="used_tech: expected a number or a"):
        run_step(set_up(), StepKind.TECH, (), source=lambda question: 7)
