"""The reference game: a whole seeded solo game on the reference board.

It plays Lacerda through the library's own calls and a scripted human
(:mod:`lacerda_bot.reference._human`), and keeps what a host keeps: the board, Mission
progress, OP, the Shuttle. Its simplifications (an illustrative board, Mission
and Colony tracks, OP and a human who does not score well) are listed in the
README; the point is to put Lacerda in every situation his rules cover, from
set-up to final scoring, reproducibly from one seed.
"""

import random
from collections.abc import Callable
from typing import Final, Protocol, final

import attrs

from lacerda_bot._board.board import Board, evolve_board
from lacerda_bot._calls import (
    colony_level_up,
    human_used_tech,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot._deck import card_by_id
from lacerda_bot._rules.goals import (
    GoalFacts,
    GoalResult,
    RequirementKind,
    evaluate_goal,
)
from lacerda_bot._rules.scoring import ScoreBreakdown, score_lacerda
from lacerda_bot._state import BotState, new_bot
from lacerda_bot.decisions import (
    ActionImpossible,
    AdvanceMission,
    Construct,
    Decision,
    RefillContractDisplay,
    RevealCard,
    SkipTurn,
    Upgrade,
)
from lacerda_bot.errors import IllegalDecisionError, LacerdaBotError
from lacerda_bot.lab import staggered
from lacerda_bot.model import (
    Action,
    BuildingType,
    ContractKind,
    HostId,
    MissionSlot,
    Side,
    TechType,
)
from lacerda_bot.options import Options
from lacerda_bot.outcome import CallKind, Outcome
from lacerda_bot.records import AdvancedCount, ContractSlot, Stock
from lacerda_bot.reference._human import HumanLab, human_moves, human_techs, pick
from lacerda_bot.serialization import dumps, loads
from lacerda_bot.testing import apply, level_up, reference_board

__all__ = [
    "MAX_ROUNDS",
    "MISSION_LENGTH",
    "CallRecord",
    "GameRecord",
    "Watcher",
    "play_game",
]

MISSION_LENGTH: Final = 6
"""Spaces on each (illustrative) Mission track."""
MAX_ROUNDS: Final = 40
"""A safety cap: the game ends after this round even if a Mission is still open."""
_SLOTS: Final = (MissionSlot.A, MissionSlot.B, MissionSlot.C)


@final
@attrs.frozen(kw_only=True)
class CallRecord:
    """One library call of the game, as the golden traces store it."""

    round: int
    call: str
    outcome: Outcome


@final
@attrs.frozen(kw_only=True)
class GameRecord:
    """What one reference game produced; ``calls`` only when asked for."""

    seed: int
    rounds: int
    lacerda_turns: int
    score: ScoreBreakdown
    human_score: int
    actions: tuple[tuple[Action, int], ...]
    """How often each card action came up."""
    fallbacks: int
    """Turns whose action was impossible or unaffordable (R-TURN-4)."""
    skips: int
    tie_breaks: int
    goal: GoalResult | None = None
    goal_met_but_score: bool = False
    """Every requirement of the goal but the margin holds."""
    calls: tuple[CallRecord, ...] = ()
    actions_by_pass: tuple[tuple[int, Action, int], ...] = ()
    """How often each card action came up in each pass of his deck: ``(pass, action,
    count)``, by pass then action; summed over the passes, ``actions``."""


class Watcher(Protocol):
    """Sees each library call of a game before it is made, and the final scoring.

    For tools that replay a game another way, such as the table companion
    answered from the board (:mod:`lacerda_bot.reference._table`).
    """

    def call(
        self, kind: CallKind, bot: BotState, board: Board, tech: TechType | None
    ) -> None:
        """Call *kind* is about to be made on *board* (*tech* for the human's use)."""
        ...

    def scoring(self, board: Board, human_total: int, goal: GoalFacts) -> None:
        """The game is scored on *board* (its V21 fields filled in)."""
        ...


@attrs.define
class _Host:
    """The host's mutable bookkeeping during one game (local to :func:`play_game`)."""

    board: Board
    bot: BotState
    seed: int
    human_side: Side
    human_lab: HumanLab = ()
    events: int = 0
    round: int = 0
    progress: list[int] = attrs.Factory(lambda: [0, 0, 0])
    lacerda_op: int = 0
    human_op: int = 0
    contract_deck: list[ContractSlot] = attrs.Factory(list)
    calls: list[CallRecord] = attrs.Factory(list)
    keep_calls: bool = False
    actions: dict[Action, int] = attrs.Factory(dict)
    pass_actions: dict[tuple[int, Action], int] = attrs.Factory(dict)
    turns: int = 0
    fallbacks: int = 0
    skips: int = 0
    ties: int = 0
    check: bool = False
    watch: Watcher | None = None

    def rng(self) -> random.Random:
        self.events += 1
        return random.Random(f"reference_human:{self.seed}:{self.events}")

    def run(
        self,
        call: CallKind,
        fn: Callable[[BotState, Board], Outcome],
        tech: TechType | None = None,
    ) -> Outcome:
        if self.watch is not None:
            self.watch.call(call, self.bot, self.board, tech)
        outcome = fn(self.bot, self.board)
        if self.keep_calls:
            record = CallRecord(round=self.round, call=call.value, outcome=outcome)
            self.calls.append(record)
        self.ties += sum(len(d.trace.tie_breaks) for d in outcome.decisions)
        if self.check:
            self.board = _checked(call, self.board, outcome)
        else:
            self.board = apply(self.board, outcome.decisions)
        self.bot = outcome.bot
        self._credit(outcome.decisions)
        return outcome

    def _credit(self, decisions: tuple[Decision, ...]) -> None:
        """The host's side of his decisions: Missions, OP, refills (the rest is `apply`)."""
        for d in decisions:
            if isinstance(d, AdvanceMission):
                self._advance(d.slot)
            elif isinstance(d, Construct):
                self.lacerda_op += d.resulting_size
                self._advance(
                    MissionSlot.A if d.building is BuildingType.MINE else MissionSlot.B
                )
            elif isinstance(d, Upgrade):
                self.lacerda_op += 2
                self._advance(MissionSlot.C)
            elif isinstance(d, RefillContractDisplay):
                self._refill_contract(d.slot)

    def _advance(self, slot: MissionSlot) -> None:
        index = _SLOTS.index(slot)
        self.progress[index] += 1
        if self.progress[index] >= MISSION_LENGTH:
            missions = tuple(
                attrs.evolve(m, completed=True) if m.slot is slot else m
                for m in self.board.missions
            )
            self.board = evolve_board(self.board, missions=missions)

    def _refill_contract(self, slot: int) -> None:
        if not self.contract_deck or any(
            c.slot == slot for c in self.board.contract_display
        ):
            return
        card = attrs.evolve(self.contract_deck.pop(0), slot=slot)
        self.board = evolve_board(
            self.board,
            contract_display=tuple(
                sorted((*self.board.contract_display, card), key=lambda c: c.slot)
            ),
        )

    def missions_done(self) -> bool:
        return all(m.completed for m in self.board.missions)


class InvariantError(LacerdaBotError, AssertionError):
    """A checked game found a decision or a state that breaks an invariant."""


def _checked(call: str, board: Board, outcome: Outcome) -> Board:
    """Apply *outcome* decision by decision, checking every invariant on the way.

    The board ``testing.apply`` reuses for the whole call (the library's, without
    applying the decisions again) must be the board applying them one by one gives.
    """
    options = outcome.bot.options
    start = board
    for decision in outcome.decisions:
        try:  # apply checks each decision on the board just before it
            board = apply(board, (decision,), options=options)
        except IllegalDecisionError as error:
            problem = f"{call}: {error.decision_type}: {error.reason}"
            raise InvariantError(problem) from error
    reused = apply(start, outcome.decisions)
    bot = outcome.bot
    if sorted(bot.draw_pile + bot.discard_pile) != list(range(1, 13)):
        raise InvariantError(f"{call}: the 12 cards are not conserved")
    if board.free_depot_spaces < 0 or board.spendable_crystals < 0:
        raise InvariantError(f"{call}: Crystals exceed the Depot")
    if loads(dumps(bot), BotState) != bot:
        raise InvariantError(f"{call}: the bot state does not survive JSON")
    if reused != board:
        raise InvariantError(
            f"{call}: the board reused for the call is not the applied one"
        )
    return board


_START_LAB: Final = staggered(techs={HostId("c2-middle"): TechType.SHELTER})
"""The human's Lab at set-up: the printed shape, her Shelter Tech on its start space."""

_COLUMN_VALUES: Final = (0, 1, 2, 4, 6, 9)
"""The OP under each column of the reference Lab (illustrative, not the printed values)."""


def _contract_deck() -> list[ContractSlot]:
    kinds = [ContractKind.UPGRADE] * 6 + [ContractKind.DELIVERY] * 6
    return [
        ContractSlot(slot=0, id=HostId(f"K{i}"), kind=k)
        for i, k in enumerate(kinds, start=1)
    ]


def _human_turn(host: _Host) -> None:
    moves = human_moves(host.board, host.human_lab, host.human_side)
    rng = host.rng()
    move = moves[int(rng.random() * len(moves))]
    host.board, host.human_lab, label = move(host.board, host.human_lab, rng)
    if label.startswith("builds"):
        host.human_op += 2
        host._advance(MissionSlot.A if " mine " in label else MissionSlot.B)
    techs = [s.tech for s in host.board.lab_spaces if s.tech is not None]
    if not techs:  # the coin below is not needed, but its event number is spent
        host.events += 1
        return
    rng = host.rng()
    if rng.random() < 1 / 6:  # now and then the human uses one of his Techs
        used = techs[int(rng.random() * len(techs))]
        host.run(
            CallKind.HUMAN_USED_TECH,
            lambda b, v: human_used_tech(b, v, used),
            used,
        )


def _lacerda_turn(host: _Host) -> None:
    side = host.board.side
    outcome = host.run(CallKind.TAKE_TURN, take_turn)
    card = card_by_id(outcome.trace.card)
    action = Action.for_card(side, card.action)
    host.actions[action] = host.actions.get(action, 0) + 1
    # the pass of the card itself: a tie-break later in the turn may reshuffle again
    passes = next(
        (d.pass_count for d in outcome.decisions if isinstance(d, RevealCard)),
        outcome.trace.pass_count,
    )
    key = (passes, action)
    host.pass_actions[key] = host.pass_actions.get(key, 0) + 1
    host.turns += 1
    host.fallbacks += any(isinstance(d, ActionImpossible) for d in outcome.decisions)
    host.skips += any(isinstance(d, SkipTurn) for d in outcome.decisions)


def _after_turn(host: _Host) -> None:
    """Level-ups at the end of a turn (R-LEVEL-1), once per level gained."""
    while True:
        host.board, levelled = level_up(host.board)
        if not levelled:
            return
        host.run(CallKind.COLONY_LEVEL_UP, colony_level_up)


def _shuttle(host: _Host) -> None:
    board = evolve_board(host.board, shuttle_departs=True)
    if board.shuttle_from is host.human_side and host.rng().random() < 0.5:
        host.human_side = Side.ORBIT if host.human_side is Side.COLONY else Side.COLONY
    host.board = board
    host.run(CallKind.SHUTTLE_PHASE, shuttle_phase)
    other = Side.ORBIT if board.shuttle_from is Side.COLONY else Side.COLONY
    host.board = evolve_board(host.board, shuttle_departs=False, shuttle_from=other)


def _new_round(host: _Host) -> None:
    """Slot clearing and a restocked Warehouse at the start of each round."""
    board = host.board
    host.board = evolve_board(
        board,
        colonists_present=attrs.evolve(
            board.colonists_present,
            obtain_blueprint=0,
            research_development=0,
            construct=0,
            upgrade=0,
            hire_or_contract=0,
        ),
        warehouse=tuple(
            Stock(item=s.item, units=max(s.units, 2)) for s in board.warehouse
        ),
    )


def _final_score(host: _Host) -> tuple[Board, ScoreBreakdown, int]:
    board = host.board
    counts: dict[BuildingType, int] = {}
    for b in board.buildings:
        if b.upgraded_by is not None:
            counts[b.type] = counts.get(b.type, 0) + 1
    scored = evolve_board(
        board,
        op_track=host.lacerda_op,
        progress_cubes=min(5, board.colony_level - 1),
        lab_column_values=_COLUMN_VALUES[: board.lab_columns],
        advanced_buildings_on_mars=tuple(
            AdvancedCount(building=k, count=n)
            for k, n in sorted(counts.items(), key=lambda kv: kv[0].value)
        ),
    )
    human = (
        host.human_op
        + sum(_COLUMN_VALUES[t.level - 1] for t in board.human_techs)
        + 3 * len(board.human_blueprints)
    )
    return scored, score_lacerda(scored), human


def play_game(
    seed: int,
    *,
    options: Options | None = None,
    goal: str = "first_colonists",
    keep_calls: bool = False,
    check: bool = False,
    max_rounds: int = MAX_ROUNDS,
    watch: Watcher | None = None,
) -> GameRecord:
    """Play one reference game from *seed* to its end; pure apart from the result.

    Each round a seeded coin (standing in for the Turn Order track) says who
    plays first; level-ups follow the turn that caused them; then the Shuttle
    phase. The game ends after the round in which the third Mission
    completes, or after *max_rounds*. With *check*, every decision is checked
    for legality on the board it is applied to, and cards, Crystals and the
    JSON round trip after every call; a break raises :class:`InvariantError`.
    A *watch* sees every call before it is made, and the final scoring.
    """
    start = reference_board()
    host = _Host(
        board=evolve_board(start, human_techs=human_techs(_START_LAB)),
        human_lab=_START_LAB,
        bot=new_bot(seed, options),
        seed=seed,
        human_side=Side.ORBIT,
        keep_calls=keep_calls,
        check=check,
        watch=watch,
    )
    host.contract_deck = _contract_deck()
    host.run(CallKind.SETUP, setup)
    host.human_side = Side.COLONY if host.board.side is Side.ORBIT else Side.ORBIT
    while host.round < max_rounds and not host.missions_done():
        _play_round(host)
    return _record(host, goal)


def _play_round(host: _Host) -> None:
    host.round += 1
    _new_round(host)
    turns = (_human_turn, _lacerda_turn)
    for turn in turns if pick(host.seed, host.round, 2) == 0 else reversed(turns):
        turn(host)
        _after_turn(host)
    _shuttle(host)


def _record(host: _Host, goal: str) -> GameRecord:
    scored, score, human = _final_score(host)
    facts = _facts(host, human - score.total)
    if host.watch is not None:
        host.watch.scoring(scored, human, facts)
    result = evaluate_goal(goal, facts)
    return GameRecord(
        seed=host.seed,
        rounds=host.round,
        lacerda_turns=host.turns,
        score=score,
        human_score=human,
        actions=tuple(sorted(host.actions.items(), key=lambda kv: kv[0].value)),
        actions_by_pass=tuple(
            (passes, action, n)
            for (passes, action), n in sorted(
                host.pass_actions.items(), key=lambda kv: (kv[0][0], kv[0][1].value)
            )
        ),
        fallbacks=host.fallbacks,
        skips=host.skips,
        tie_breaks=host.ties,
        goal=result,
        goal_met_but_score=all(
            r.passed
            for r in result.requirements
            if r.requirement.kind is not RequirementKind.MARGIN
        ),
        calls=tuple(host.calls),
    )


def _facts(host: _Host, margin: int) -> GoalFacts:
    board = host.board
    return GoalFacts(
        colony_level=board.colony_level,
        tech_levels=tuple((t.tech, t.level) for t in board.human_techs),
        final_side=host.human_side,
        margin=margin,
    )
