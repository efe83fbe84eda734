"""The table driver: library calls run on asked facts, one question at a time."""

import io
from pathlib import Path

import attrs
import pytest

from lacerda_bot._lab import learned
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.lab import staggered
from lacerda_bot.model import (
    BuildingType,
    ContractKind,
    HostId,
    Scientist,
    Side,
    TechType,
)
from lacerda_bot.options import ImpossibleBenefit, Options, UnknownGain
from lacerda_bot.table._engine.dialogue import Answer
from lacerda_bot.table._engine.tracked import Card, Tracked
from lacerda_bot.table._game.driver import StepKind, run_step
from lacerda_bot.table._game.session import new_game, replay, save_game
from lacerda_bot.table.terminal import Style, Terminal

from .helpers_table import HIS, PRINTED, SETUP, on, rules_of, scripted, set_up, text_of


def with_techs(*techs: tuple[TechType, int]) -> Tracked:
    """His board with these Techs, each on the topmost empty space of its column."""
    lab = staggered()
    for tech, level in techs:
        space = next(s for s in lab if s.column == level and s.tech is None)
        lab = learned(lab, space.id, tech)
    return attrs.evolve(HIS, lab_spaces=lab)


def test_a_tie_is_on_screen_before_the_question_that_follows_it() -> None:
    """R-TIE-8: the tie's result shows before he asks about 'that site'."""
    answers = [
        ("turn1.build_size.mine", 2),
        ("turn1.colonists_present.construct", 0),
        ("turn1.best_sites.mine", 3),
    ]
    his = attrs.evolve(HIS, rover_on_map=True)
    run = run_step(on("colony", (5,), his), StepKind.TURN, answers)

    assert run.question is not None
    # his own Mine Tech is tracked (none): the legal join uses yours, unasked
    assert run.question.key == "turn1.rover_on_new_building"
    text = text_of(list(run.lines))
    assert text.index("Tie among 3 sites") < text.index("He builds a Mine on tied site")
    assert run.used == len(answers)


def test_a_step_asks_only_what_the_rules_read() -> None:
    """A free Construct: no Crystal question; his tracked Tech level decides whose Tech."""
    state, lines, asked = scripted(
        on("colony", (5,), with_techs((TechType.MINE, 2))),
        StepKind.TURN,
        {
            "build_size.mine": 3,
            "colonists_present.construct": 0,
            "best_sites.mine": 1,
            "rover_on_new_building": False,
        },
    )

    assert [q.key.split(".")[1] for q in asked] == [
        "build_size",
        "colonists_present",
        "best_sites",
    ]  # his Rover is not on Mars yet (tracked): it cannot stand on the new building
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
        *((f"setup.{key}", value) for key, value in PRINTED.items()),
        ("setup.first_colonist_tile_count", 6),
        ("setup.starting_side.1", "orbit"),
        ("setup.space_gains", "other"),
    ]
    with pytest.raises(InvalidHostStateError, match="a gain of a kind in T6"):
        run_step(state, StepKind.SETUP, answers)

    path = tmp_path / "g.json"
    save_game(new_game(1, Options(unknown_gain=UnknownGain.ERROR)), path)
    out = io.StringIO()
    lines = "setup\n2\n4\n4\n6\n0\n10\n1\n2\n3\n6\norbit\nother\nnothing\nquit\n"
    from lacerda_bot.table._game.session import load_game

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
    cards = (
        Card(building=BuildingType.MINE, level=1),
        Card(building=BuildingType.GREENHOUSE, level=1),
    )
    answers: list[tuple[str, Answer]] = [
        ("turn1.upgrade_blueprints", "mine L1"),
        ("turn1.colonists_present.upgrade", 0),
        ("turn1.eligible_buildings.1", 1),
        ("turn1.upgrade_blueprints", True),  # the one card left: yes or no
        ("turn1.upgrade_capacity.human", 2),
        ("turn1.eligible_buildings.1", 1),
    ]
    run = run_step(
        on("colony", (7,), attrs.evolve(HIS, cards=cards)), StepKind.TURN, answers
    )

    assert run.question is None
    assert run.used == len(answers)
    text = text_of(list(run.lines))
    assert text.count("Put one of his Advanced Building markers") == 2
    assert "You gain 1 Oxygen: he used your Upgrade Tech." in text
    # his own capacity is tracked (no Upgrade Tech: 1), and which card he used
    assert run.state.tracked is not None
    assert all(c.used for c in run.state.tracked.cards)


def test_research_and_development_names_each_tech_it_develops() -> None:
    """R-ORBIT-6: step 1 the most developed Tech, step 2 the least developed other one."""
    his = with_techs((TechType.ROVER, 3), (TechType.GREENHOUSE, 1), (TechType.MINE, 1))
    state, lines, asked = scripted(
        on("orbit", (12,), his),
        StepKind.TURN,
        {
            "colonists_present.research_development": 0,
            # his Rover's lower space is c4-middle, his Mine's c2-bottom
            "develop_spaces.rover": "middle",
            "develop_spaces.mine": "bottom",
            "developed_space_gains": "nothing",
        },
    )

    text = text_of(lines)
    assert "Develop his Rover Tech to level 4." in text
    assert "Develop his Mine Tech to level 2." in text
    assert [q.key.split(".")[1] for q in asked] == [
        "colonists_present",
        "develop_spaces",
        "developed_space_gains",
        "develop_spaces",
        "developed_space_gains",
    ]
    assert state.tracked is not None
    levels = {t.tech: t.level for t in state.tracked.lacerda_techs}
    assert levels == {TechType.ROVER: 4, TechType.GREENHOUSE: 1, TechType.MINE: 2}
    assert state.tracked.space_gains(HostId("c4-middle")) == ()
    assert state.tracked.space_gains(HostId("c4-top")) is None
    tiles: dict[str, TechType] = {
        s.id: s.tech for s in state.tracked.lab_spaces if s.tech
    }
    assert tiles["c4-middle"] is TechType.ROVER
    assert tiles["c2-bottom"] is TechType.MINE


def test_a_question_with_one_possible_answer_is_not_asked_and_old_saves_replay() -> (
    None
):
    """His only Tech: the step asks not which you used; a save that recorded the
    answer anyway (written before) replays to the same state, every answer used."""
    state = on("colony", (1,), with_techs((TechType.ROVER, 2)))
    live = run_step(state, StepKind.TECH, [])
    assert live.question is not None
    assert live.question.key != "tech0.used_tech"  # the Lab space's gain comes first
    rest = [(live.question.key, "bot")]
    now = run_step(state, StepKind.TECH, rest)
    before = run_step(state, StepKind.TECH, [("tech0.used_tech", "rover"), *rest])
    assert now.question is None
    assert before.question is None
    assert before.used == 2
    assert before.state == now.state


def test_you_used_his_tech_names_it() -> None:
    """R-TURN-6: with one Tech, the tech step asks not which (the only possible
    answer) and develops it with its gain."""
    state = on("colony", (1,), with_techs((TechType.ROVER, 2)))
    _, lines, asked = scripted(
        state,
        StepKind.TECH,
        {"used_tech": "rover", "developed_space_gains": "bot"},
    )

    assert all(q.key != "used_tech" for q in asked)  # his one Tech: not asked which
    text = text_of(lines)
    assert "He does not keep the Oxygen you paid him." in text
    assert "Develop his Rover Tech to level 3." in text
    assert "Move his Progress-area Bot 2 icons forward" in text


def test_a_shuttle_to_the_colony_places_a_tile_then_builds() -> None:
    """R-SHUTTLE-5, R-SHUTTLE-6: the Discovery tile, the space's gain, the free build."""
    state = on("orbit", (1,))
    state, lines, asked = scripted(
        state,
        StepKind.SHUTTLE,
        {
            "shuttle_departs": True,
            "free_space_count.colony": 3,
            "exploration_tile_left": True,
            "discovery_sites": 2,
            "space_gains": "nothing",
            "build_size.mine": 1,
            "best_sites.mine": 1,
            "rover_on_new_building": False,
        },
    )

    text = text_of(lines)
    assert text.index("he takes number") < text.index("Discovery tile")
    assert text.index("Discovery tile") < text.index("He travels to the Colony")
    assert text.index("He travels to the Colony") < text.index("He builds a Mine")
    assert "shuttle_from" not in " ".join(q.key for q in asked)  # tracked
    assert state.tracked is not None
    assert state.tracked.shuttle_from is Side.COLONY  # it left his side


def test_a_rover_move_at_the_table() -> None:
    """R-ROVER-3..10: the target tie, the path, the Crystals on the way, the tile's reward."""
    state, lines, asked = scripted(
        on("colony", (7,), impossible_benefit=ImpossibleBenefit.LOSE),
        StepKind.TURN,
        {
            "nearest_tiles": 2,
            "target_steps": 2,
            "crystals_on_way": 1,  # the richest shortest path holds 1 Crystal
            "best_paths": 1,
            "target_crystal_cost": "cost 1, crystals 2",  # and what it gives
        },
    )

    text = text_of(lines)
    assert "Tie among 2 nearest tiles" in text
    assert "Move his Rover along the path onto the tile." in text
    assert "He gains 1 Crystal picked up on his Rover's way" in text
    assert "He pays 1 Crystal for the tile." in text
    assert "He gains 2 Crystals from the general supply" in text
    keys = [q.key.split(".")[1] for q in asked]
    # he holds no Blueprint (tracked): Upgrade is impossible unasked; with a free
    # Depot space for the one Crystal on the way, he picks it up: not asked either
    assert "upgrade_blueprints" not in keys
    assert "moved_crystal_count" not in keys
    assert "collected_tile_reward" not in keys  # named with the tile's cost
    assert state.tracked is not None
    assert state.tracked.crystals == HIS.crystals + 1 - 1 + 2


def test_r_cost_5_a_contract_at_the_table_blocks_his_next_colony_3() -> None:
    """R-COST-5: the companion keeps his Colonist on the Colony 3 slot after a Contract."""
    his = attrs.evolve(
        HIS, lacerda_scientists=(Scientist.GEOLOGIST, Scientist.BIOCHEMIST)
    )
    script: dict[str, Answer] = {
        "best_contracts": 1,
        "contract_crystal_cost": 0,
        "colonists_present": 0,
        "contract_kind": "delivery",
        "nearest_tiles": 0,
    }
    state, _, _ = scripted(on("colony", (4, 12), his), StepKind.TURN, script)
    assert state.tracked is not None
    assert state.tracked.colonist_on_hire_slot
    state, lines, asked = scripted(state, StepKind.TURN, script)

    assert "is impossible: his Colonist is on his Hire slot" in text_of(lines)
    assert [q.key.split(".")[1] for q in asked] == ["nearest_tiles"]
    assert "R-COST-5" in rules_of(lines)


def test_final_scoring_and_the_solo_goal() -> None:
    """R-SCORE-1, R-GOAL-2: what he built and holds is tracked; the rest is asked."""
    his = attrs.evolve(
        HIS,
        cards=(
            Card(building=BuildingType.MINE, level=1, used=True),
            Card(building=BuildingType.GREENHOUSE, level=3, used=True),
            Card(building=BuildingType.SHELTER, level=3),
        ),
        lacerda_scientists=(Scientist.HYDROLOGIST,),
        lacerda_contracts=(ContractKind.UPGRADE, ContractKind.DELIVERY),
        ships_in_hangar=2,
        colony_level=3,
    )
    counts = {
        "op_track": 40,
        "progress_cubes": 3,
        "tech_points": 9,
        "scientist_buildings": 3,
        "human_score": 0,
        "human_score.op_track": 90,
        "human_score.tech_tiles": 22,
        "human_score.lost": 2,
        "requirement_met": True,
    }
    state, lines, asked = scripted(on("colony", (1,), his), StepKind.SCORE, counts)

    assert state.final_score == 107
    text = text_of(lines)
    assert "Lacerda scores 107 OP in all." in text
    for category in ("OP track: 40 OP", "Ships in his Hangar: 6 OP", "Contracts:"):
        assert category in text
    assert "met: you beat Lacerda by 1 OP or more" in text
    assert "Margin +3; you win." in text
    assert (
        str(lines[0].text) == "Result: You win. You 110 OP, Lacerda 107 OP (margin +3)."
    )
    assert "Your final score:" in text
    assert "Lost at the end: -2 OP" in text
    assert len(asked) == 17  # 5 counts, your 10 categories, 2 Solo Goal requirements
    assert "Greenhouses" in str(asked[3].text)


def test_benefits_nested_beyond_any_board_are_refused() -> None:
    """T6: a player answering 'develop' at every Lab space gets an error, not a crash.

    Only in a game that asks about his Techs: a tracked Lab ends the chain itself.
    """
    from lacerda_bot._rules.gains import MAX_NESTED_GAINS
    from lacerda_bot.table._engine.dialogue import Question, QuestionKind

    asked: list[str] = []

    def always_more(question: Question) -> Answer:
        asked.append(question.key)
        match question.kind:
            case QuestionKind.YES_NO:
                return True
            case QuestionKind.COUNT:
                return max(question.low, 1)
            case QuestionKind.PICK:
                return question.choices[0]
            case QuestionKind.BENEFITS:
                return "develop 1"

    with pytest.raises(InvalidHostStateError, match=f"at most {MAX_NESTED_GAINS}"):
        run_step(
            attrs.evolve(on("colony", (1,)), tracking=False, tracked=None),
            StepKind.TECH,
            (),
            source=always_more,
        )
    assert sum(k.endswith("developed_space_gains") for k in asked) >= MAX_NESTED_GAINS


def test_an_answer_source_that_breaks_its_question_is_refused() -> None:
    """A front end's answer of the wrong kind is an error naming the question."""
    from lacerda_bot.errors import InvalidValueError

    with pytest.raises(InvalidValueError, match="used_tech: expected a number or a"):
        run_step(set_up(), StepKind.TECH, (), source=lambda question: 7)
