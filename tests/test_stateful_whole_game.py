"""GameMachine: whole reference games as a state machine; every step keeps every invariant."""

import random
from collections.abc import Callable

import attrs
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from lacerda_bot import (
    Board,
    BotState,
    Outcome,
    colony_level_up,
    dumps,
    human_used_tech,
    loads,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot.lab import staggered
from lacerda_bot.model import HostId, Side, TechType
from lacerda_bot.reference._human import HumanLab, human_moves, human_techs
from lacerda_bot.testing import apply, level_up, reference_board, why_illegal

from .helpers_strategies import bot_states


class GameMachine(RuleBasedStateMachine):
    """The opponent's moves and Lacerda's calls are the rules of a whole game."""

    board: Board
    bot: BotState
    human_side: Side
    human_lab: HumanLab

    @initialize(bot=bot_states())
    def start(self, bot: BotState) -> None:
        # her Lab: the printed shape, her Shelter Tech on its start space (V9)
        self.human_lab = staggered(techs={HostId("c2-middle"): TechType.SHELTER})
        board = attrs.evolve(reference_board(), human_techs=human_techs(self.human_lab))
        self.board, self.bot = board, bot
        outcome = self._call(setup)
        self.human_side = Side.COLONY if self.board.side is Side.ORBIT else Side.ORBIT
        assert outcome.decisions

    def _call(self, call: Callable[[BotState, Board], Outcome]) -> Outcome:
        before = (dumps(self.board), dumps(self.bot))
        outcome = call(self.bot, self.board)
        assert (dumps(self.board), dumps(self.bot)) == before
        here = self.board
        for decision in outcome.decisions:
            assert why_illegal(here, decision, self.bot.options) == ""
            here = apply(here, (decision,))
        self.board, self.bot = here, outcome.bot
        while True:
            self.board, levelled = level_up(self.board)
            if not levelled:
                return outcome
            self._call(colony_level_up)

    @rule(choice=st.integers(0, 2**32 - 1))
    def human_turn(self, choice: int) -> None:
        moves = human_moves(self.board, self.human_lab, self.human_side)
        rng = random.Random(choice)
        move = moves[int(rng.random() * len(moves))]
        self.board, self.human_lab, _ = move(self.board, self.human_lab, rng)

    @rule()
    def lacerda_turn(self) -> None:
        self._call(take_turn)

    @rule(human_travels=st.booleans())
    def shuttle(self, human_travels: bool) -> None:
        self.board = attrs.evolve(self.board, shuttle_departs=True)
        if human_travels and self.board.shuttle_from is self.human_side:
            self.human_side = (
                Side.ORBIT if self.human_side is Side.COLONY else Side.COLONY
            )
        self._call(shuttle_phase)
        other = Side.ORBIT if self.board.shuttle_from is Side.COLONY else Side.COLONY
        self.board = attrs.evolve(self.board, shuttle_departs=False, shuttle_from=other)

    @precondition(lambda self: bool(self.board.lacerda_techs))
    @rule(index=st.integers(0, 7))
    def human_uses_his_tech(self, index: int) -> None:
        tech = self.board.lacerda_techs[index % len(self.board.lacerda_techs)].tech
        self._call(lambda b, v: human_used_tech(b, v, tech))

    @rule()
    def slots_clear(self) -> None:
        present = attrs.evolve(
            self.board.colonists_present, construct=0, upgrade=0, obtain_blueprint=0
        )
        self.board = attrs.evolve(self.board, colonists_present=present)

    @invariant()
    def cards_are_conserved(self) -> None:
        assert sorted(self.bot.draw_pile + self.bot.discard_pile) == list(range(1, 13))

    @invariant()
    def crystals_fit_the_depot(self) -> None:
        assert self.board.free_depot_spaces >= 0
        assert self.board.spendable_crystals >= 0

    @invariant()
    def bot_state_survives_json(self) -> None:
        assert loads(dumps(self.bot), BotState) == self.bot


GameMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=80, deadline=None
)
TestWholeGame = GameMachine.TestCase
