import json
import re

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lacerda_bot import (
    SOLO_GOALS,
    Board,
    BotState,
    GoalFacts,
    GoalResult,
    InvalidHostStateError,
    Options,
    Outcome,
    ScoreBreakdown,
    SerializationError,
    SoloGoal,
    colony_level_up,
    dumps,
    evaluate_goal,
    loads,
    new_bot,
    score_lacerda,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import Gain
from lacerda_bot.options import SoloDeck
from lacerda_bot.serialization import FORMAT_VERSION, structure
from lacerda_bot.testing import apply, reference_board

from .helpers_strategies import bot_states, host_states, options, seeds


@given(bot_states())
def test_bot_state_round_trip(bot: BotState) -> None:
    """R-DECK-6: loads(dumps(bot)) == bot, options included."""
    assert loads(dumps(bot), BotState) == bot


@given(options())
def test_options_round_trip(value: Options) -> None:
    """R-DECK-6: the pinned options survive JSON."""
    assert loads(dumps(value), Options) == value


@given(host_states())
def test_board_round_trip(board: Board) -> None:
    """Every field of the reference host survives JSON."""
    assert loads(dumps(board), Board) == board


@given(host_states(), bot_states())
def test_outcome_round_trip(board: Board, bot: BotState) -> None:
    """Every decision, trace and tie-break record survives JSON (tagged by class name)."""
    outcome = take_turn(bot, board)

    assert loads(dumps(outcome), Outcome) == outcome
    for decision in outcome.decisions:
        assert loads(dumps(decision), type(decision)) == decision


@settings(deadline=None)  # slow on purpose: up to 30 whole turns per example
@given(seeds(), st.integers(0, 25))
def test_mid_game_state_round_trip(seed: int, turns: int) -> None:
    """R-DECK-6: a state after many turns (reshuffles, tie-breaks) loads equal and plays on equal."""
    board, bot = reference_board(), new_bot(seed)
    for _ in range(turns):
        outcome = take_turn(bot, board)
        board, bot = apply(board, outcome.decisions), outcome.bot
    loaded = loads(dumps(bot), BotState)

    assert loaded == bot
    assert take_turn(loaded, board) == take_turn(bot, board)


def test_json_is_canonical() -> None:
    """Equal values give byte-identical JSON."""
    assert dumps(reference_board()) == dumps(reference_board())


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("", "$"),
        ("{", "$"),
        ("[]", "$"),
        (
            '{"format": "other", "version": 1, "type": "BotState", "data": {}}',
            "$.format",
        ),
        (
            '{"format": "lacerda_bot", "version": 99, "type": "BotState", "data": {}}',
            "$.version",
        ),
        (
            '{"format": "lacerda_bot", "version": 1, "type": "Board", "data": {}}',
            "$.type",
        ),
        ('{"format": "lacerda_bot", "version": 1, "type": "BotState"}', "$.data"),
        ('{"version": 1}', "$.format"),
    ],
)
def test_bad_documents_are_refused(text: str, path: str) -> None:
    """Bad input: a corrupt, foreign or wrong-version document raises, naming the path."""
    with pytest.raises(SerializationError) as info:
        loads(text, BotState)

    assert info.value.path == path


def _document(bot: BotState) -> dict[str, object]:
    loaded = json.loads(dumps(bot))
    assert isinstance(loaded, dict)
    return loaded


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", "x", "$.data.seed"),
        ("draw_pile", [70, 1, 2], "draw_pile[0]"),
        ("draw_pile", [1, 2], "12 card ids"),
        ("pointer", "shelter", "pointer"),
        ("pass_count", 0, "pass_count"),
        ("surprise", 1, "surprise"),
    ],
)
def test_bad_fields_name_the_field(field: str, value: object, message: str) -> None:
    """Bad input: an invalid field is refused whole, and the error names it."""
    document = _document(new_bot(1))
    data = document["data"]
    assert isinstance(data, dict)
    data[field] = value

    with pytest.raises(SerializationError, match=re.escape(message)):
        loads(json.dumps(document), BotState)


def test_missing_field_is_named() -> None:
    """Bad input: a truncated state (a field missing) names the missing field."""
    document = _document(new_bot(1))
    data = document["data"]
    assert isinstance(data, dict)
    del data["seed"]

    with pytest.raises(SerializationError, match="seed"):
        loads(json.dumps(document), BotState)


def test_truncated_text_is_refused() -> None:
    """Bad input: a document cut short is not JSON."""
    with pytest.raises(SerializationError, match="not valid JSON"):
        loads(dumps(new_bot(1))[:-5], BotState)


def test_version_is_in_every_document() -> None:
    """The format version is written in every document."""
    assert json.loads(dumps(new_bot(0)))["version"] == FORMAT_VERSION


@given(host_states(), bot_states())
def test_between_turn_outcomes_round_trip(board: Board, bot: BotState) -> None:
    """Set-up, Shuttle phase, level-up and scoring results survive JSON."""
    outcomes = [colony_level_up(bot, board)]
    if board.first_colonist_tiles:
        outcomes.append(setup(bot, board))
    free = [
        s
        for s in board.turn_order_spaces
        if s.side is not board.side and not s.occupied
    ]
    if free or not board.shuttle_departs:
        outcomes.append(shuttle_phase(bot, board))
    for outcome in outcomes:
        assert loads(dumps(outcome), Outcome) == outcome
    score = score_lacerda(board)
    assert loads(dumps(score), ScoreBreakdown) == score


def test_goal_results_round_trip() -> None:
    """Solo Goals and their results survive JSON."""
    result = evaluate_goal("a_martian_potato", GoalFacts(margin=3))

    assert loads(dumps(result), GoalResult) == result
    for goal in SOLO_GOALS:
        assert loads(dumps(goal), SoloGoal) == goal


def test_structure_and_unstructure_embed_values_in_other_documents() -> None:
    """R-DECK-6: plain JSON data round trips; a bad field is named under the given path."""
    import pytest

    from lacerda_bot import Options, SerializationError
    from lacerda_bot.options import TiePolicy
    from lacerda_bot.serialization import structure, unstructure

    options = Options(tie_policy=TiePolicy.UNIFORM)
    data = unstructure(options)
    assert data["tie_policy"] == "uniform"
    assert structure(data, Options) == options
    with pytest.raises(SerializationError) as caught:
        structure({**data, "bot_benefit_steps": 7}, Options, path="$.options")
    assert caught.value.path.startswith("$.options")


def test_a_decision_list_names_a_bad_decision() -> None:
    """A decision that is not an object, or of no known type, is refused by path."""
    from lacerda_bot import Decision, SerializationError
    from lacerda_bot.serialization import structure

    with pytest.raises(SerializationError) as e:
        structure(["not a decision"], tuple[Decision, ...])
    assert str(e.value) == (
        '$[0]: expected a decision (a JSON object), got "not a decision"'
    )
    with pytest.raises(SerializationError) as e:
        structure([{"type": "Dance"}], tuple[Decision, ...])
    assert (
        str(e.value) == '$[0].type: expected the name of a decision class, got "Dance"'
    )
    with pytest.raises(SerializationError) as e:
        structure([{"card": 1}], tuple[Decision, ...])
    assert str(e.value) == "$[0].type: missing"


def test_a_type_no_document_can_hold_is_refused_as_such() -> None:
    from lacerda_bot import SerializationError
    from lacerda_bot.serialization import structure

    class Stranger:
        pass

    with pytest.raises(SerializationError, match="Stranger"):
        structure({}, Stranger)


@pytest.mark.parametrize("keep_spaces", [False, True])
def test_a_board_in_the_row_form_says_how_to_describe_the_lab(
    keep_spaces: bool,
) -> None:
    """Spec 1.3, V9: a 1.2 board (lab_rows) is refused, saying what replaces it."""
    document = json.loads(dumps(reference_board()))
    data = document["data"]
    assert isinstance(data, dict)
    if not keep_spaces:  # the 1.2 shape: no lab_spaces, no lab_columns
        del data["lab_spaces"], data["lab_columns"]
    data["lab_rows"] = [{"row": 0, "entry_free": True, "max_level": 6}]

    with pytest.raises(SerializationError, match="lab_rows") as caught:
        loads(json.dumps(document), Board)
    assert "describe it as lab_spaces" in str(caught.value)
    assert "His Laboratory" in str(caught.value)


def test_a_view_in_the_row_form_says_how_to_describe_the_lab() -> None:
    """Spec 1.3, V9: a host view with lab_rows and no lab_spaces names the change."""

    class RowView:
        def __init__(self, board: Board) -> None:
            self._board = board

        def __getattr__(self, name: str) -> object:
            if name in ("lab_spaces", "lab_columns"):
                raise AttributeError(name)
            if name == "lab_rows":
                return ()
            return getattr(self._board, name)

    with pytest.raises(InvalidHostStateError, match="lab_spaces") as caught:
        take_turn(new_bot(1), RowView(reference_board()))  # type: ignore[arg-type]
    assert "replace lab_rows" in str(caught.value)


def test_remembered_options_keep_the_strict_checks() -> None:
    """A load of remembered options still refuses 1 for true, or a missing field."""
    bot = new_bot(3)
    text = dumps(bot)
    assert loads(text, BotState) == bot
    assert loads(text, BotState).options is loads(text, BotState).options

    document = json.loads(text)
    document["data"]["options"]["same_call_gains_spendable"] = 0
    with pytest.raises(SerializationError, match="same_call_gains_spendable"):
        loads(json.dumps(document), BotState)
    del document["data"]["options"]["same_call_gains_spendable"]
    with pytest.raises(SerializationError, match="same_call_gains_spendable"):
        loads(json.dumps(document), BotState)
    assert loads(text, BotState) == bot


def test_options_remembered_are_bounded() -> None:
    """Memory stays flat: a converter remembers a bounded number of option documents."""
    for movement in range(100):
        bot = new_bot(1, Options(rover_base_movement=movement))
        assert loads(dumps(bot), BotState).options.rover_base_movement == movement


def test_a_duplicate_key_is_still_refused() -> None:
    """Bad input: a key twice in one object is refused (the faster check keeps it)."""
    text = dumps(new_bot(3)).replace('"data":{', '"data":{"draw_pile":[],', 1)
    with pytest.raises(SerializationError, match="draw_pile"):
        loads(text, BotState)


@given(bot_states())
def test_a_bot_state_written_before_solo_deck_loads_with_the_seeded_deck(
    bot: BotState,
) -> None:
    """``solo_deck`` came after 0.2: a document without it takes ``seeded``; any other
    option left out is still refused, naming it."""
    doc = json.loads(dumps(bot))
    del doc["data"]["options"]["solo_deck"]
    loaded = loads(json.dumps(doc), BotState)
    assert loaded.options == attrs.evolve(bot.options, solo_deck=SoloDeck.SEEDED)
    del doc["data"]["options"]["tie_policy"]
    with pytest.raises(SerializationError, match=r"missing field.*tie_policy"):
        loads(json.dumps(doc), BotState)


def test_a_set_names_the_member_listed_twice_and_the_hex_out_of_order() -> None:
    """A set is a list in canonical order, each member once: the error names the index."""
    hexes = [{"q": 0, "r": 0}, {"q": 1, "r": 0}, {"q": 2, "r": 0}]
    with pytest.raises(SerializationError) as twice:
        structure([*hexes, hexes[1]], frozenset[Hex], path="$.map_hexes")
    with pytest.raises(SerializationError) as disorder:
        structure([hexes[0], hexes[2], hexes[1]], frozenset[Hex], path="$.map_hexes")
    with pytest.raises(SerializationError) as item:
        structure([hexes[0], {"q": True, "r": 0}], frozenset[Hex], path="$.map_hexes")

    assert str(twice.value) == (
        '$.map_hexes[3]: expected each member once, got {"q": 1, "r": 0} again'
        " ([1] is the same)"
    )
    assert str(disorder.value) == (
        "$.map_hexes[2]: expected the hexes in canonical order (by r, then q),"
        ' got {"q": 1, "r": 0} after {"q": 2, "r": 0}'
    )
    assert str(item.value) == "$.map_hexes[1].q: expected a JSON integer, got true"


def test_a_value_a_validator_refuses_is_named_by_its_path() -> None:
    """A record's validator names its field: the path goes on to it, the value as JSON."""
    data = {"kind": "crystals", "n": 1, "building": "mine", "description": ""}
    with pytest.raises(SerializationError) as refused:
        structure([data], tuple[Gain, ...], path="$.gains")

    assert refused.value.path == "$.gains[0].building"
    assert str(refused.value) == (
        '$.gains[0].building: expected no building type but for construct, got "mine"'
    )
