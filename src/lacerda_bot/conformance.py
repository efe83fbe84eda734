"""A conformance kit for host authors: does your host apply decisions as the rules mean?

Run :func:`check_host` in your own test suite (as PettingZoo's ``api_test``):
it plays seeded reference games (:func:`~lacerda_bot.reference.play_game`)
and, before each library call, converts the reference board to your host,
makes the call on *your host as the view*, applies the decisions with your
``apply`` and with the reference :func:`lacerda_bot.testing.apply`, and
compares the two boards field by field. The first difference raises
:class:`ConformanceError`, which names the call, the decision, the field, both
values and the game to replay.

The Hypothesis strategies the library's own tests use are here too, for your
property tests: :func:`host_states` (rule-consistent boards),
:func:`bot_states`, :func:`options`, :func:`seeds`, :func:`gains`,
:func:`hexes` and :func:`game_plans` (whole games for :func:`check_host`).

The kit needs hypothesis: ``pip install "lacerda-bot[conformance]"``.
"""

try:
    import hypothesis
except ImportError as _missing:
    raise ImportError(
        "lacerda_bot.conformance needs hypothesis; install it with "
        "pip install 'lacerda-bot[conformance]'",
        name="hypothesis",
    ) from _missing

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Generic, TypeVar, cast, final, overload

import attrs

from lacerda_bot._board.board import _COLLECTIONS, _HEX_SETS, Board, read_view
from lacerda_bot._calls import (
    colony_level_up,
    human_used_tech,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot._deck import MAX_SEED, check_seed
from lacerda_bot._host_choices import Difference, host_fields_set_aside, reconciled
from lacerda_bot._rules.goals import GoalFacts
from lacerda_bot._state import BotState
from lacerda_bot._strategies import (
    bot_states,
    gains,
    hexes,
    host_states,
    options,
    seeds,
)
from lacerda_bot._validate import is_instance, is_int
from lacerda_bot.contract import HostValues
from lacerda_bot.decisions import Decision
from lacerda_bot.errors import (
    InvalidHostStateError,
    InvalidValueError,
    LacerdaBotError,
)
from lacerda_bot.host import HostState
from lacerda_bot.model import TechType
from lacerda_bot.options import Options
from lacerda_bot.outcome import CallKind, Outcome
from lacerda_bot.reference._game import MAX_ROUNDS, play_game
from lacerda_bot.testing import apply as reference_apply

__all__ = [
    "ConformanceError",
    "GamePlan",
    "bot_states",
    "check_host",
    "gains",
    "game_plans",
    "hexes",
    "host_states",
    "options",
    "seeds",
]

H = TypeVar("H")
V = TypeVar("V", bound=HostState)

_st = hypothesis.strategies


def _seed_ok(_: object, __: "attrs.Attribute[int]", value: int) -> None:
    check_seed(value)


@final
@attrs.frozen(kw_only=True)
class GamePlan:
    """One reference game to play through a host: its seed, options and length.

    The same plan always plays the same game, so a plan reproduces a report.
    """

    seed: int = attrs.field(validator=_seed_ok)
    """The game's seed (the bot's and the scripted human's, R-DECK-1)."""
    options: Options = attrs.field(factory=Options, validator=is_instance(Options))
    """The bot's options."""
    max_rounds: int = attrs.field(default=MAX_ROUNDS, validator=is_int(1))
    """The game ends after this round if a Mission is still open."""


def game_plans(*, max_rounds: int = MAX_ROUNDS) -> _st.SearchStrategy[GamePlan]:
    """Whole reference games: any seed and options, 1 to *max_rounds* rounds long.

    Hypothesis shrinks a failing plan towards seed 0, the default options and
    one round.
    """
    return _st.builds(
        GamePlan,
        seed=seeds(),
        options=options(),
        max_rounds=_st.integers(1, max_rounds),
    )


@final
class ConformanceError(LacerdaBotError, AssertionError):
    """A host applied a decision differently from the reference host.

    Attributes:
        plan: the game; ``check_host(..., games=[error.plan])`` replays it.
        seed: the game's seed (``plan.seed``).
        step: the library call's index in the game (0 is ``setup``).
        call: which call it was.
        decision_index: the decision's index in the call's outcome, or
            ``None`` when the host's view differed before any decision.
        decision: that decision, or ``None``.
        decision_type: its class name (``"GainShip"``), or ``None``.
        field: the :class:`~lacerda_bot.Board` field that differs.
        expected: the field on the reference host.
        actual: the field on the host, read back with
            :func:`~lacerda_bot.read_view` (property by property if the
            host's view breaks a precondition there).
        board: the reference board just before the call.
        bot: the bot state the call was given.
    """

    def __init__(
        self,
        *,
        plan: GamePlan,
        step: int,
        call: CallKind,
        decision_index: int | None,
        decision: Decision | None,
        field: str,
        expected: object,
        actual: object,
        board: Board,
        bot: BotState,
    ) -> None:
        """Build the report; the message says all of it in one line."""
        self.plan = plan
        self.seed = plan.seed
        self.step = step
        self.call = call
        self.decision_index = decision_index
        self.decision = decision
        self.decision_type = None if decision is None else type(decision).__name__
        self.field = field
        self.expected = expected
        self.actual = actual
        self.board = board
        self.bot = bot
        if decision is None:
            at = "before any decision, the host's view differs"
        else:
            at = f"after decisions[{decision_index}] ({self.decision_type})"
        super().__init__(
            f"seed {plan.seed}, step {step} ({call.value}), {at}: "
            f"{_describe(field, expected, actual)}; "
            f"replay with check_host(..., games=[error.plan])"
        )


def _short(value: object, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def _describe(field: str, expected: object, actual: object) -> str:
    """Where *field* differs, narrowed to the first differing item of a tuple."""
    if isinstance(expected, tuple) and isinstance(actual, tuple):
        if len(expected) != len(actual):
            return (
                f"{field} has {len(actual)} items on the host, "
                f"{len(expected)} on the reference host"
            )
        i = next(
            i for i, (e, a) in enumerate(zip(expected, actual, strict=True)) if e != a
        )
        field, expected, actual = f"{field}[{i}]", expected[i], actual[i]
    elif isinstance(expected, frozenset) and isinstance(actual, frozenset):
        return (
            f"{field} lacks {_short(sorted(expected - actual, key=repr))} and has "
            f"{_short(sorted(actual - expected, key=repr))} more on the host"
        )
    return (
        f"{field} is {_short(actual)} on the host, "
        f"{_short(expected)} on the reference host"
    )


def _difference(
    expected: Board, actual: Mapping[str, object]
) -> tuple[str, object, object] | None:
    """The first field (in :class:`Board` order) where *actual* differs, or ``None``."""
    return next(
        (
            (f.name, getattr(expected, f.name), actual[f.name])
            for f in attrs.fields(Board)
            if getattr(expected, f.name) != actual[f.name]
        ),
        None,
    )


_MISSING: Final = "<missing>"


def _canonical(name: str, value: Any) -> Any:
    """A collection of an unchecked view in canonical order, when it can be sorted."""
    try:
        if name in _HEX_SETS:
            return frozenset(value)
        if name in _COLLECTIONS:
            key = _COLLECTIONS[name][1]
            return tuple(value) if key is None else tuple(sorted(value, key=key))
    except Exception:  # unsortable: compared as it is, so it differs
        return value
    return value


def _compare(
    expected: Board,
    view: HostState,
    settle: Callable[[Board], "Board | Difference"],
) -> Difference | None:
    """The first field where *view* differs from *expected*, or ``None``.

    *settle* first checks the host's own choices and fields on its board and
    sets them aside (:mod:`lacerda_bot._host_choices`), or names the first
    that the contract does not allow. A view that breaks a precondition is
    compared property by property, so the report names the field and both
    values rather than the broken rule; if every property equals the
    reference's, its InvalidHostStateError is raised.
    """
    try:
        theirs = read_view(view)
    except InvalidHostStateError:
        raw = {
            f.name: _canonical(f.name, getattr(view, f.name, _MISSING))
            for f in attrs.fields(Board)
        }
        found = _difference(expected, raw)  # the host's values, as it gave them
        if found is None:
            raise
        return found
    settled = settle(theirs)
    if not isinstance(settled, Board):
        return settled
    return _difference(expected, vars(settled))


_CALLS: dict[CallKind, Callable[[BotState, HostState], Outcome]] = {
    CallKind.SETUP: setup,
    CallKind.TAKE_TURN: take_turn,
    CallKind.SHUTTLE_PHASE: shuttle_phase,
    CallKind.COLONY_LEVEL_UP: colony_level_up,
}


class _Checker(Generic[H]):
    """Watches a reference game and replays each of its calls on the author's host."""

    def __init__(
        self,
        plan: GamePlan,
        to_host: Callable[[Board], H],
        apply: Callable[[H, Sequence[Decision]], H],
        read: Callable[[H], HostState] | None,
        values: HostValues | None,
    ) -> None:
        self.plan = plan
        self.to_host = to_host
        self.apply = apply
        self.read = read
        self.values = values
        self.step = -1
        self.decisions = 0

    def view(self, host: H) -> HostState:
        return cast(HostState, host) if self.read is None else self.read(host)

    def applied(self, board: Board, decisions: Sequence[Decision]) -> HostState:
        """*decisions* applied by the author's host to a fresh copy of *board*."""
        return self.view(self.apply(self.to_host(board), decisions))

    def call(
        self, kind: CallKind, bot: BotState, board: Board, tech: TechType | None
    ) -> None:
        """Replay call *kind* on the author's host; raise at the first difference."""
        self.step += 1
        try:
            self._check(kind, bot, board, tech)
        except ConformanceError:
            raise
        except Exception as error:
            error.add_note(
                f"lacerda_bot.conformance: seed {self.plan.seed}, step {self.step} "
                f"({kind.value}); replay with check_host(..., games=[{self.plan!r}])"
            )
            raise

    def _check(
        self, kind: CallKind, bot: BotState, board: Board, tech: TechType | None
    ) -> None:
        host = self.to_host(board)
        view = self.view(host)
        expected = read_view(board)
        found = _compare(
            expected,
            view,
            lambda theirs: host_fields_set_aside(expected, theirs, self.values),
        )
        if found is not None:
            raise self._error(kind, bot, board, None, None, found)
        if kind is CallKind.HUMAN_USED_TECH:
            outcome = human_used_tech(bot, view, cast(TechType, tech))
        else:
            outcome = _CALLS[kind](bot, view)
        decisions = outcome.decisions
        theirs = self.view(self.apply(host, decisions))
        reference = reference_apply(board, decisions, options=self.plan.options)
        if self._differs(board, decisions, reference, theirs):
            index, found = self._first_broken(board, decisions)
            raise self._error(kind, bot, board, index, decisions[index], found)
        self.decisions += len(decisions)

    def _first_broken(
        self, board: Board, decisions: Sequence[Decision]
    ) -> tuple[int, tuple[str, object, object]]:
        """The first decision after which the two hosts differ, and how."""
        reference = board
        for i, decision in enumerate(decisions):
            reference = reference_apply(
                reference, (decision,), options=self.plan.options
            )
            found = self._differs(
                board,
                decisions[: i + 1],
                reference,
                self.applied(board, decisions[: i + 1]),
            )
            if found is not None:
                return i, found
        msg = (
            "the host gave another board for the same decisions on a fresh "
            "to_host(board): do its hosts share mutable state?"
        )
        raise AssertionError(msg)

    def _differs(
        self,
        board: Board,
        decisions: Sequence[Decision],
        reference: Board,
        theirs: HostState,
    ) -> Difference | None:
        """How the host's board after *decisions* differs from the reference's, if it does."""
        before, expected = read_view(board), read_view(reference)
        return _compare(
            expected,
            theirs,
            lambda settled: reconciled(
                before, decisions, expected, settled, self.values
            ),
        )

    def _error(
        self,
        kind: CallKind,
        bot: BotState,
        board: Board,
        index: int | None,
        decision: Decision | None,
        found: tuple[str, object, object],
    ) -> ConformanceError:
        field, expected, actual = found
        return ConformanceError(
            plan=self.plan,
            step=self.step,
            call=kind,
            decision_index=index,
            decision=decision,
            field=field,
            expected=expected,
            actual=actual,
            board=board,
            bot=bot,
        )

    def scoring(self, board: Board, human_total: int, goal: GoalFacts) -> None:
        """The final scoring makes no decision: nothing to check."""


def _plans(games: object, seed: object) -> Iterable[GamePlan]:
    """The games to play: checked whole before the first is played.

    A count makes its plans one at a time (any count, no list of them).
    """
    if isinstance(games, int) and not isinstance(games, bool):
        first = check_seed(seed)
        if not 1 <= games <= MAX_SEED - first:
            expected = f"an int from 1 to {MAX_SEED - first} (seeds below 2**63)"
            raise InvalidValueError("games", expected, games)
        return (GamePlan(seed=first + i) for i in range(games))
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise InvalidValueError("games", "an int >= 1 or GamePlan values", games)
    if type(seed) is not int or seed != 0:
        raise InvalidValueError("seed", "0 when games lists GamePlan values", seed)
    plans = list(games)
    if not plans:
        raise InvalidValueError("games", "at least one GamePlan", plans)
    for i, plan in enumerate(plans):
        if not isinstance(plan, GamePlan):
            raise InvalidValueError(f"games[{i}]", "a GamePlan", plan)
    return plans


@overload
def check_host(
    to_host: Callable[[Board], V],
    apply: Callable[[V, Sequence[Decision]], V],
    read: None = None,
    *,
    games: int | Iterable[GamePlan] = 10,
    seed: int = 0,
    values: HostValues | None = None,
) -> int: ...
@overload
def check_host(
    to_host: Callable[[Board], H],
    apply: Callable[[H, Sequence[Decision]], H],
    read: Callable[[H], HostState],
    *,
    games: int | Iterable[GamePlan] = 10,
    seed: int = 0,
    values: HostValues | None = None,
) -> int: ...
def check_host(
    to_host: Callable[[Board], H],
    apply: Callable[[H, Sequence[Decision]], H],
    read: Callable[[H], HostState] | None = None,
    *,
    games: int | Iterable[GamePlan] = 10,
    seed: int = 0,
    values: HostValues | None = None,
) -> int:
    """Play reference games through your host; raise at its first difference.

    Before each library call of each game, the kit converts the reference
    board with *to_host*, checks that your host's view reads back as the same
    board, makes the call on your host as the view, then applies the
    decisions with *apply* and with :func:`lacerda_bot.testing.apply` and
    compares the two boards, every field of :class:`~lacerda_bot.Board` (both
    read with :func:`~lacerda_bot.read_view`, so collection order does not
    matter; a view that breaks a precondition is compared property by
    property). When they differ, the decisions are applied again one prefix
    at a time, each time to a fresh ``to_host(board)``, to name the first
    decision that breaks. Your host may be mutable: *apply* may change it in
    place and return it.

    Only what the library decides is compared by default
    (:data:`lacerda_bot.contract.FIELD_OWNERS`). Your host's own choices are
    checked against what the contract allows and then set aside: the ids of
    new buildings, the nearest available hex each displaced figure takes,
    what refills the slots a call empties, the Crystals of his Mission
    contributions (any credit from the supply, at most one Mission's
    Crystals per decision), and its own fields (its OP, Mission and Colony
    tracks, Advanced Building count and Lab column values), which it may
    change by its own rules or report with its own values. Declare those
    values with *values* to have them checked too.

    Ten games of the default options apply about 2,000 decisions of 30 of
    the 31 decision types (all but ``SkipTurn``) in about half a second on
    the reference host; :func:`game_plans` varies the options too.

    Args:
        to_host: builds your host from a reference board.
        apply: applies decisions to your host, in order, and returns it.
        read: your host's view (:class:`~lacerda_bot.host.HostState`); leave
            it out when the host is its own view.
        games: how many games, from seeds *seed*, *seed* + 1, ... with the
            default options; or the games themselves (:class:`GamePlan`
            values, e.g. drawn from :func:`game_plans`).
        seed: the first game's seed, when *games* is a count.
        values: your host's own values for the fields it owns
            (:class:`~lacerda_bot.contract.HostValues`): its OP per LSS
            space, which builds contribute to which Mission, its Lab column
            values; checked when given.

    Returns:
        How many decisions were applied and compared.

    Raises:
        ConformanceError: your host differs from the reference host; the
            report names the seed, call, decision, field and both values.
        InvalidValueError: *games* or *seed* is of another type or out of
            range (``games=2.0`` is not a count), or *to_host*, *apply* or
            *read* is not a function; before any game is played.
        Exception: anything *to_host*, *apply* or *read* raises (or an
            AssertionError if *apply* gives two answers to the same
            decisions), with a note naming the seed and step.

    >>> from lacerda_bot.testing import apply
    >>> check_host(lambda board: board, apply, games=1) > 0
    True
    """
    functions: dict[str, object] = {"to_host": to_host, "apply": apply}
    if read is not None:
        functions["read"] = read
    for name, function in functions.items():
        if not callable(function):
            raise InvalidValueError(name, "a function", function)
    if values is not None and not isinstance(values, HostValues):
        raise InvalidValueError("values", "a HostValues or None", values)
    checked = 0
    for plan in _plans(games, seed):
        checker = _Checker(plan, to_host, apply, read, values)
        play_game(
            plan.seed,
            options=plan.options,
            max_rounds=plan.max_rounds,
            watch=checker,
        )
        checked += checker.decisions
    return checked
