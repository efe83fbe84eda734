import attrs

from lacerda_bot import Options, colony_level_up, new_bot, score_lacerda
from lacerda_bot.decisions import BuildShelter, GainBot, GainShip
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import BuildingType, Owner, TechType
from lacerda_bot.testing import apply, building, level_up, small_board

from .helpers import kinds, of_type, own_techs

SHELTER = BuildingType.SHELTER


def test_r_level_1_once_per_level_and_r_level_6_order() -> None:
    """R-LEVEL-1, R-LEVEL-6: one call per level gained: Shelter, then Ship, then Bot."""
    board = small_board()
    once = colony_level_up(new_bot(0), board)
    twice = colony_level_up(once.bot, apply(board, once.decisions))

    assert kinds(once.decisions) == ["BuildShelter", "GainShip", "GainBot"]
    assert len(of_type(twice, BuildShelter)) == 1
    assert of_type(twice, BuildShelter)[0].hex != of_type(once, BuildShelter)[0].hex


def test_r_level_2_shelter_joins_his_complex_when_his_tech_allows() -> None:
    """R-LEVEL-2: the largest Complex of his own Shelters that his Shelter Tech allows."""
    shelters = (
        building(0, 0, BuildingType.MINE),
        building(2, 0, SHELTER, owner=Owner.LACERDA),
    )
    board = small_board(buildings=shelters, **own_techs((TechType.SHELTER, 1)))
    outcome = colony_level_up(new_bot(0), board)
    (shelter,) = of_type(outcome, BuildShelter)

    assert shelter.resulting_size == 2
    assert shelter.joined_sizes == (1,)
    assert shelter.tech_used.value == "own"


def test_r_level_2_skipped_without_shelter_or_site() -> None:
    """R-LEVEL-2: no Shelter left, or no legal site -> skipped with a trace note."""
    none_left = colony_level_up(new_bot(0), small_board(shelters_left=0))
    no_site = colony_level_up(new_bot(0), small_board(map_hexes=frozenset({Hex(0, 0)})))

    assert not of_type(none_left, BuildShelter)
    assert "no Shelter left" in none_left.trace.notes[0]
    assert "no legal Shelter site" in no_site.trace.notes[0]


def test_r_level_3_shelter_keeps_the_pointer_unless_the_option() -> None:
    """R-LEVEL-3: a Shelter does not move the pointer; with shelter_moves_pointer it moves one."""
    still = colony_level_up(new_bot(0), small_board())
    moved = colony_level_up(
        new_bot(0, Options(shelter_moves_pointer=True)), small_board()
    )

    assert still.bot.pointer is BuildingType.MINE
    assert moved.bot.pointer is BuildingType.GENERATOR


def test_r_level_4_and_r_level_5_ship_and_bot_when_left() -> None:
    """R-LEVEL-4, R-LEVEL-5: a Ship frees a Depot space; no Ship or Bot left -> skipped."""
    board = small_board(free_depot_spaces=0)
    outcome = colony_level_up(new_bot(0), board)
    empty = colony_level_up(new_bot(0), small_board(ships_left=0, bots_left=0))

    assert of_type(outcome, GainShip)
    assert of_type(outcome, GainBot)
    assert apply(board, outcome.decisions).free_depot_spaces == 1
    assert not of_type(empty, GainShip)
    assert not of_type(empty, GainBot)
    assert any("no Ship left" in n for n in empty.trace.notes)


def test_r_level_4_a_ship_goes_to_his_hangar_and_scores() -> None:
    """R-LEVEL-4, R-SCORE-1: the reference host moves the Ship Depot -> Hangar; it scores 3 OP."""
    board = small_board(free_depot_spaces=0, ships_left=2, ships_in_hangar=1)
    after = apply(board, (GainShip(),))

    assert (after.ships_left, after.ships_in_hangar) == (1, 2)
    assert after.free_depot_spaces == 1
    assert score_lacerda(after).ships == score_lacerda(board).ships + 3


def test_reference_level_up_rule() -> None:
    """The reference host's illustrative track: a level when every LSS marker reached it."""
    board = small_board(colony_level=1)
    raised = attrs.evolve(
        board,
        lss_markers=attrs.evolve(
            board.lss_markers,
            generator=1,
            water_extractor=1,
            greenhouse=1,
            oxygen_condenser=1,
        ),
    )

    assert level_up(board) == (board, False)
    assert level_up(raised)[0].colony_level == 2
