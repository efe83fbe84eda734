"""Facts asked at the table: the companion's source of facts for the library's rules.

:class:`AskedFacts` answers each fact a rule reads from what the companion
already knows (his side; facts read earlier in the step and not changed by a
decision since), and otherwise asks the player through its *answer source*
(:mod:`lacerda_bot.table._engine.questions` words the question). A source that has
no answer yet raises :class:`Unanswered`: the step stops there, the player
answers, and the step runs again from its start with one more answer. The
rules are pure and seeded, so each run repeats the last exactly.

Where a decision names a place or card the table cannot name, it carries a
:class:`~lacerda_bot.decisions.Described`: what the table says instead.
"""

import functools
from collections.abc import Callable
from typing import Any, Final, Protocol, TypeVar, runtime_checkable

from typing_extensions import TypeIs

from lacerda_bot import _queries as q
from lacerda_bot._answers import Answers
from lacerda_bot._facts import (
    PLACED,
    Choice,
    DevelopChoice,
    Explain,
    Facts,
    Name,
    Numbered,
    Query,
    Read,
)
from lacerda_bot.decisions import (
    ChooseLssReward,
    Criterion,
    Decision,
    Described,
    DevelopTech,
    GainCrystals,
    HireScientist,
    LearnTech,
    PayCrystals,
    PlaceColonist,
    StartingSpace,
    TakeContract,
    Travel,
)
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.model import LssReward, Side
from lacerda_bot.options import Options
from lacerda_bot.table._engine.dialogue import Answer, Question
from lacerda_bot.table._engine.forgetting import about_your_techs, changed_by
from lacerda_bot.table._engine.questions import Shape, Wording, fact_key, shape_of
from lacerda_bot.table._engine.shapes import Foreseeing
from lacerda_bot.trace import Explanation

__all__ = ["AnswerSource", "AskedFacts", "FactSource", "Unanswered", "gives_values"]

AnswerSource = Callable[[Question], Answer]
"""Gives the answer to a question, or raises :class:`Unanswered`."""


@runtime_checkable
class FactSource(Protocol):
    """Gives the value of each fact the table asks: a player who reads a board perfectly.

    The table asks its questions all the same and answers them with what the
    value means (:meth:`~lacerda_bot.table._engine.questions.Shape.answers`), so the
    questions are counted and checked as a player's would be. For tests and
    measurements that answer from a board.
    """

    def value(self, read: Read, index: int) -> object:
        """The value of *read*, the step's read number *index* (from 0).

        *read* names the fact and its arguments; a tie's value is its number of
        options. Reads the table answers from memory count in *index* too.
        """
        ...

    def ahead(self, kind: type[Query[object]], index: int) -> object:
        """The value of the next read of a *kind* fact after read number *index*.

        For a question that also names what the rules learn later (which
        Blueprint he takes, asked with whether the display is empty).
        """
        ...


def gives_values(source: object) -> TypeIs[FactSource]:
    """Whether *source* is a :class:`FactSource` (checked once per class).

    ``isinstance`` against a runtime-checkable Protocol looks up each of its
    members on every call; a class's answer does not change.
    """
    kind: Any = type(source)
    return _values_class(kind)


@functools.cache
def _values_class(kind: Any) -> bool:
    return issubclass(kind, FactSource)


def _foresees(shape: Shape) -> TypeIs[Foreseeing]:
    """Whether *shape* is :class:`Foreseeing` (checked once per class)."""
    kind: Any = type(shape)
    return _foreseeing_class(kind)


@functools.cache
def _foreseeing_class(kind: Any) -> bool:
    return callable(getattr(kind, "read_ahead", None))


class Unanswered(Exception):  # noqa: N818 - a signal: stop and ask
    """The player has not answered *question* yet: the step stops to ask it.

    A control-flow signal between an answer source and the driver, which
    always catches it; it is not an error, so it is no ``LacerdaBotError``.
    """

    def __init__(self, question: Question) -> None:
        """Carry the question to ask."""
        super().__init__(question.key)
        self.question = question


T = TypeVar("T")


def _described(criterion: Criterion, choice: Choice | None = None) -> Described:
    if choice is None:
        return Described(criterion=criterion)
    return Described(criterion=criterion, number=choice.index + 1, of=choice.of)


class _Answering:
    """Answers each question of a fact with what a :class:`FactSource` says it is."""

    def __init__(self, facts: "AskedFacts", source: FactSource) -> None:
        self.facts = facts
        self.source = source
        self.pending: Read | None = None
        self.queue: list[Answer] = []

    def __call__(self, question: Question) -> Answer:
        facts = self.facts
        assert facts.pending is not None
        assert facts.pending_shape is not None
        if facts.pending is not self.pending:
            self.pending = facts.pending
            shape = facts.pending_shape
            value = self.source.value(facts.pending, facts.reads)
            if facts.pending.query.tied and isinstance(value, int):
                value = ("option",) * value
            later = shape.lookahead
            ahead = None if later is None else self.source.ahead(later, facts.reads)
            self.queue = list(shape.answers(value, ahead))
        return self.queue.pop(0)


def _said(
    criterion: Criterion,
) -> Callable[[Any], Described]:
    return lambda query: _described(criterion)


def _said_of(criterion: Criterion) -> Callable[[Any], Described]:
    return lambda query: _described(criterion, query.choice)


_DEVELOPING: Final = {
    DevelopChoice.MOST: Criterion.MOST_DEVELOPED,
    DevelopChoice.LEAST_OTHER: Criterion.LEAST_DEVELOPED,
    DevelopChoice.SAME: Criterion.SAME_TECH,
}


_SAID: Final[dict[type, Callable[[Any], Described]]] = {
    q.MissionId: _said(Criterion.MISSION),
    q.CrystalsKept: _said(Criterion.DEPOT),
    q.SiteHex: _said_of(Criterion.SITE),
    q.SiteJoinedSizes: _said(Criterion.JOINED),
    q.FreeHex: _said_of(Criterion.FREE_HEX),
    q.RoverHex: _said(Criterion.ROVER_HEX),
    q.PickedBlueprint: lambda query: _described(_blueprint(query.scored_only)),
    q.PickedRow: lambda query: _described(_blueprint(query.scored_only)),
    q.PickedSlot: lambda query: _described(_blueprint(query.scored_only)),
    q.TechTileId: _said_of(Criterion.TECH_TILE),
    q.TileTech: _said_of(Criterion.TECH_TILE),
    q.EntrySpaceId: _said(Criterion.ENTRY_SPACE),
    q.Developing: lambda query: _described(_DEVELOPING[query.choice]),
    q.DevelopFrom: _said(Criterion.LEVEL),
    q.DevelopTo: _said(Criterion.LEVEL),
    q.DevelopSpaceId: _said_of(Criterion.LEVEL),
    q.UpgradeBlueprintId: _said_of(Criterion.UPGRADE_BLUEPRINT),
    q.EligibleBuildingHex: _said_of(Criterion.BUILDING),
    q.HiredScientist: _said_of(Criterion.SCIENTIST),
    q.HiredSlot: _said_of(Criterion.SCIENTIST),
    q.TakenContract: _said_of(Criterion.CONTRACT),
    q.TakenSlot: _said_of(Criterion.CONTRACT),
    q.TargetTileId: lambda query: _described(Criterion.TILE, query.target),
    q.PathHexes: lambda query: _described(Criterion.PATH, query.path),
    q.PathCrystalHexes: _said(Criterion.PATH_CRYSTALS),
    q.ArrivalTileId: _said(Criterion.TILE),
    q.StartingSpaceId: _said_of(Criterion.FIRST_COLONIST_TILE),
    q.FreeSpaceId: _said_of(Criterion.FREE_SPACE),
    q.ExplorationTileId: _said(Criterion.DISCOVERY_TILE),
    q.DiscoverySiteHex: _said_of(Criterion.DISCOVERY_HEX),
}
"""What the table says for each name a decision needs (a :class:`Described`)."""


def _blueprint(scored_only: bool) -> Criterion:
    return Criterion.SCORED_BLUEPRINT if scored_only else Criterion.BLUEPRINT


_UNBUILDABLE: Final = (
    "its LSS marker is not below the Colony level, or it has no legal site"
)

_ANSWERS: Final["Answers[AskedFacts]"] = Answers()
"""The facts the table answers other than by asking its question."""


class AskedFacts:
    """The facts of a game at the table: known, remembered within the step, or asked."""

    def __init__(
        self,
        source: AnswerSource | FactSource,
        *,
        step: str,
        side: Side | None,
        options: Options,
        log: list[Read] | None = None,
    ) -> None:
        """Ask through *source*; keys start with *step*; *side* is his tracked side."""
        self.source: AnswerSource = (
            _Answering(self, source) if gives_values(source) else source
        )
        self.asked = 0
        """How many questions the source answered."""
        self.reads = -1
        """The number of the read in progress in this step (from 0)."""
        self._foreseen: tuple[type[Query[Any]], object] | None = None
        """The later fact the last question asked also named, and its value."""
        """The answers given to the last fact asked (a question may name more)."""
        self.step = step
        self.side_now = side
        self.options = options
        self.log = log
        self._known: dict[Query[object], object] = {}
        self.pending: Read | None = None
        """The fact being asked, for answer sources that answer from a board."""
        self.pending_shape: Shape | None = None
        """How it is asked (its :meth:`~lacerda_bot.table._engine.questions.Shape.answers`)."""

    # --- reading ---------------------------------------------------------------

    def answer(self, query: Query[T]) -> T:
        """What the companion knows of *query*, or the player's answer to its question."""
        return _ANSWERS.answer(self, query, self._asked)

    def name(self, query: Name[T]) -> Described:
        """What the table says instead of a name (:class:`Described`)."""
        return _SAID[type(query)](query)

    def explain(self, query: Explain[T]) -> T:
        """Nothing: the table does not know the candidates (R-TURN-10)."""
        if isinstance(query, q.UnbuildableReason):
            return _UNBUILDABLE  # type: ignore[return-value]
        return ()  # type: ignore[return-value]

    def _asked(self, query: Query[T]) -> T:
        """*query* remembered within the step, or asked with its question."""
        self.reads += 1
        if query in self._known:
            value = self._known[query]
        else:
            shape = shape_of(query, self._wording())
            self.pending, self.pending_shape = Read(query=query, value=None), shape
            key = f"{self.step}.{fact_key(query)}"
            if shape.lookahead is not None and _foresees(shape):
                value, ahead = shape.read_ahead(self._ask, key)
                self._foreseen = (shape.lookahead, ahead)
            else:
                value, self._foreseen = shape.read(self._ask, key), None
            self.pending, self.pending_shape = None, None
            if query.tied:
                value = tuple(str(v) for v in value)  # type: ignore[attr-defined]
            self._known[query] = value
        self._log(query, value)
        return value  # type: ignore[return-value]

    def _log(self, query: Query[T], value: object) -> None:
        if self.log is not None:
            logged = len(value) if query.tied and isinstance(value, tuple) else value
            self.log.append(Read(query=query, value=logged))

    def _wording(self) -> Wording:
        """What the questions' words may depend on."""
        return Wording(side=self.side_now, options=self.options, known=self._known)

    def _given(self, query: Query[T], value: T) -> T:
        """A fact the companion knows without asking: read, logged, not asked."""
        self.reads += 1
        self._log(query, value)
        return value

    def foreseen(self, later: type[Query[T]]) -> T | None:
        """The value of *later* the last question asked also named, if it did.

        A question may name what the rules read next (which Blueprint he
        takes, what a tile gives): its shape parses that with the answer
        (:class:`~lacerda_bot.table._engine.shapes.Foreseeing`), typed.
        """
        if self._foreseen is None or self._foreseen[0] is not later:
            return None
        value: T | None = self._foreseen[1]  # type: ignore[assignment]
        return value

    def remembers(self, query: Query[object]) -> bool:
        """Whether the answer to *query* is known without asking."""
        return query in self._known

    def _ask(self, question: Question) -> Answer:
        """The source's answer, refused if it does not fit the question."""
        answer = self.source(question)
        if question.sole_answer() is None:  # one possible answer: nobody is asked
            self.asked += 1
        if not question.accepts(answer):
            raise InvalidValueError(question.key, question.valid_answers(), answer)
        return answer

    # --- the working copy ------------------------------------------------------

    def apply(self, decision: Decision[Described]) -> None:
        """Forget what *decision* may change; keep what it changes in a known way."""
        changed = changed_by(decision)
        if changed:
            own_techs = isinstance(decision, LearnTech | DevelopTech)
            stale = [
                k
                for k in self._known
                if type(k) in changed and not (own_techs and about_your_techs(k))
            ]
            for key in stale:
                del self._known[key]
        spendable = q.SpendableCrystals()
        match decision:
            case PayCrystals() if spendable in self._known:
                now = self._known[spendable]
                assert isinstance(now, int)
                self._known[spendable] = now - decision.amount
            case GainCrystals() if self.options.same_call_gains_spendable:
                now = self._known.pop(spendable, None)
                if isinstance(now, int) and isinstance(decision.kept, int):
                    self._known[spendable] = now + decision.kept
            case PlaceColonist():
                present = q.ColonistsPresent(decision.action)
                count = self._known.get(present)
                if isinstance(count, int):
                    self._known[present] = count + 1
            case StartingSpace() | Travel():
                self.side_now = decision.side
            case HireScientist() | TakeContract():  # R-COST-5: the Colony 3 slot
                self._known[q.ColonistOnHireSlot()] = True
            case ChooseLssReward() if decision.reward is LssReward.RETRIEVE_COLONIST:
                self._known[q.ColonistOnHireSlot()] = False
            case _:
                pass

    def later(
        self, explain: Callable[[Facts[Described]], Explanation]
    ) -> Callable[[], Explanation] | None:
        """None: the table's answers come in the order the rules read them."""
        return None

    # --- facts known without asking ------------------------------------------------

    @_ANSWERS.fact(q.HisSide)
    def _side(self, query: q.HisSide) -> Side:
        """V1: tracked by the companion (set-up and travel)."""
        if self.side_now is not None:
            self._known[query] = self.side_now
        return self._asked(query)

    @_ANSWERS.fact(q.HasTech)
    def _has_tech(self, query: q.HasTech) -> bool:
        """Known: the player named it as his Tech (R-TURN-6)."""
        self._known[query] = True
        return self._asked(query)

    @_ANSWERS.fact(q.RevealedCard)
    def _revealed_card(self, query: q.RevealedCard) -> int:
        """Asked at every reveal (``solo_deck = physical``).

        No two reveals share an answer, even where the draw pile is the same
        (a tie's cards go back into it).
        """
        self._known.pop(query, None)
        return self._asked(query)

    @_ANSWERS.fact(q.AnyTarget)
    def _any_target(self, query: q.AnyTarget) -> bool:
        """Asked with how far the tile the player chose is (R-ROVER-3).

        That distance then answers :class:`~lacerda_bot._queries.TargetSteps`
        of the placed tile, read next, without a question.
        """
        some = self._asked(query)
        steps = self.foreseen(q.TargetSteps)
        if some and steps is not None:
            self._known[q.TargetSteps(PLACED)] = steps
        return some

    @_ANSWERS.fact(q.BestPaths)
    def _best_paths(self, query: q.BestPaths) -> Numbered:
        """Asked: how many tie."""
        labels = self._asked_labels(query)
        return Numbered.of(labels)

    def _asked_labels(self, query: q.BestPaths) -> tuple[str, ...]:
        value: object = self._asked(query)  # labels, though typed Numbered
        assert isinstance(value, tuple)
        return tuple(str(v) for v in value)
