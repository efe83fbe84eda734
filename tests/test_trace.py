"""Traces (R-TURN-10): shared rule-only traces, and candidates and removals built when first read.

On a board the rules hand :meth:`Facts.later` their explanation; the trace is
the same value whether it is read or not, and the same as the one built at
once (as the table's facts do).
"""

import copy
import pickle
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import Options
from lacerda_bot._board.facts import BoardFacts
from lacerda_bot._rules.play import rules_trace
from lacerda_bot.options import TiePolicy
from lacerda_bot.reference import GameRecord, play_game
from lacerda_bot.serialization import dumps, loads
from lacerda_bot.trace import Candidate, Explanation, Removal, Trace, TraceShape

CANDIDATES = (
    Candidate(option="(0,1)", criteria=(("resulting_size", 2),)),
    Candidate(option="(1,0)", criteria=(("resulting_size", 3),)),
)
REMOVED = (Removal(option="T7", rule="R-ROVER-2", reason="nothing for him"),)
WHOLE = Trace(
    rules=("R-BUILD-9",), candidates=CANDIDATES, removed=REMOVED, note="a note"
)


def unread(calls: list[int] | None = None) -> Trace:
    """WHOLE, with its explanation not built yet; *calls* counts the builds."""

    def explain() -> Explanation:
        if calls is not None:
            calls.append(1)
        return CANDIDATES, REMOVED

    return Trace.explained_later(("R-BUILD-9", "R-BUILD-9"), explain, note="a note")


def is_unread(trace: Trace) -> bool:
    """Whether *trace* still holds an explanation to build (it holds its board)."""
    return trace.explaining.pending


READS: list[tuple[str, Callable[[Trace], object]]] = [
    ("candidates", lambda t: t.candidates),
    ("removed", lambda t: t.removed),
    ("equality", lambda t: t == WHOLE),
    ("hash", hash),
    ("repr", repr),
    ("pickle", lambda t: pickle.loads(pickle.dumps(t))),
    ("copy", copy.copy),
    ("deepcopy", copy.deepcopy),
    ("shape", TraceShape.of),
    ("JSON", lambda t: loads(dumps(t), Trace)),
]


@pytest.mark.parametrize(("how", "read"), READS, ids=[name for name, _ in READS])
def test_an_unread_trace_is_the_value_it_explains(
    how: str, read: Callable[[Trace], object]
) -> None:
    calls: list[int] = []
    trace = unread(calls)
    assert is_unread(trace)
    assert calls == []
    got = read(trace)
    assert calls == [1], how  # built once, on the first read
    assert not is_unread(trace)  # and its board let go
    assert trace == WHOLE
    assert hash(trace) == hash(WHOLE)
    assert repr(trace) == repr(WHOLE)
    assert dumps(trace) == dumps(WHOLE)
    assert got == read(WHOLE), how
    assert calls == [1]
    assert trace.rules == ("R-BUILD-9",)  # in its normal form


def test_a_copy_made_with_evolve_shares_the_explanation_still_to_build() -> None:
    """``attrs.evolve`` copies a trace without building its explanation; either one
    builds it, once, for both."""
    calls: list[int] = []
    trace = unread(calls)
    copied = attrs.evolve(trace, note="another note")
    assert calls == []
    assert copied.candidates == CANDIDATES
    assert calls == [1]
    assert trace == WHOLE
    assert copied == attrs.evolve(WHOLE, note="another note")
    assert calls == [1]


def test_reading_both_fields_builds_the_explanation_once() -> None:
    calls: list[int] = []
    trace = unread(calls)
    assert (trace.removed, trace.candidates, trace.removed) == (
        REMOVED,
        CANDIDATES,
        REMOVED,
    )
    assert calls == [1]


def test_a_whole_trace_has_no_explanation_to_build() -> None:
    assert not is_unread(WHOLE)
    with pytest.raises(AttributeError, match="no attribute 'candidate'"):
        WHOLE.candidate  # type: ignore[attr-defined]  # noqa: B018
    assert not is_unread(Trace())


def test_an_explanation_that_fails_is_not_taken_for_a_missing_field() -> None:
    """An AttributeError inside it would make hasattr() and getattr(..., d) lie."""

    def broken() -> Explanation:
        raise AttributeError("a typo in an explanation")

    trace = Trace.explained_later(("R-BUILD-9",), broken)
    with pytest.raises(RuntimeError, match="explanation failed") as raised:
        trace.candidates  # noqa: B018
    assert isinstance(raised.value.__cause__, AttributeError)


def traces(record: GameRecord) -> list[Trace]:
    return [d.trace for call in record.calls for d in call.outcome.decisions]


OPTION_SETS = [
    Options(),
    Options(tie_policy=TiePolicy.UNIFORM, prefer_own_tech=False),
    Options(same_call_gains_spendable=True),
]


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=["default", "uniform", "spendable"]
)
def test_games_give_the_traces_explained_at_once(
    options: Options, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole games: every trace read late (after the game, on boards long gone)
    equals the one explained at once."""
    for seed in range(4):
        late = play_game(seed, options=options, keep_calls=True)
        left = sum(map(is_unread, traces(late)))
        with monkeypatch.context() as patched:
            patched.setattr(BoardFacts, "later", lambda self, explain: None)
            at_once = play_game(seed, options=options, keep_calls=True)
        assert not any(map(is_unread, traces(at_once)))
        assert left > 0  # the games did leave traces unread
        assert repr(late) == repr(at_once)
        assert late == at_once
        assert not any(map(is_unread, traces(late)))


@given(
    st.lists(st.sampled_from(["R-TURN-4", "R-ROVER-1", "R-TO-2", "R-X"]), max_size=5)
)
def test_a_shared_rules_trace_is_the_trace_built_for_it(rules: list[str]) -> None:
    """R-TURN-10: ``rules_trace`` gives a trace equal to a fresh one, shared per rules."""
    key = tuple(rules)
    shared = rules_trace(key)

    assert shared == Trace(rules=key)
    assert shared.rules == tuple(dict.fromkeys(rules))
    assert rules_trace(tuple(rules)) is shared
    assert rules_trace.cache_info().maxsize is not None  # bounded


def test_a_trace_of_one_rule_is_kept_and_a_bad_one_still_refused() -> None:
    """The converter's short cut for one rule refuses what the merge refused."""
    from lacerda_bot.trace import Trace

    one = ("R-ROVER-9",)
    assert Trace(rules=one).rules is one
    assert Trace(rules=("R-A", "R-B", "R-A")).rules == ("R-A", "R-B")
    with pytest.raises(TypeError):
        Trace(rules=([1],))  # type: ignore[arg-type]
