"""HostEvolutionMachine: the host and the human change the board; every bot call stays sound."""

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
    shuttle_phase,
    take_turn,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    BuildingType,
    Gain,
    GainKind,
    HostId,
    Owner,
    Side,
    TileKind,
)
from lacerda_bot.records import Building, MapTile, Tile
from lacerda_bot.testing import apply, reference_board, why_illegal

from .helpers_strategies import bot_states, host_states


class HostEvolutionMachine(RuleBasedStateMachine):
    """Long random turn sequences against an evolving reference host."""

    board: Board
    bot: BotState
    last: Outcome | None
    turns: int

    @initialize(
        board=st.one_of(st.just(reference_board()), host_states()), bot=bot_states()
    )
    def start(self, board: Board, bot: BotState) -> None:
        self.board, self.bot, self.last, self.turns = board, bot, None, 0

    def _play(self, outcome: Outcome) -> None:
        here = self.board
        for decision in outcome.decisions:
            assert why_illegal(here, decision, self.bot.options) == ""
            here = apply(here, (decision,))
        self.board, self.bot, self.last = here, outcome.bot, outcome

    def _free_hex(self, data: st.DataObject) -> Hex | None:
        """A map hex with no building and no tile, or None."""
        taken = {b.hex for b in self.board.buildings}
        taken |= {t.hex for t in self.board.map_tiles}
        free = sorted(h for h in self.board.map_hexes if h not in taken)
        return data.draw(st.sampled_from(free)) if free else None

    @rule()
    def lacerda_turn(self) -> None:
        before = dumps(self.board)
        outcome = take_turn(self.bot, self.board)

        assert take_turn(self.bot, self.board) == outcome
        assert dumps(self.board) == before
        self._play(outcome)
        self.turns += 1

    @rule(turns=st.integers(2, 12))
    def several_turns_in_a_row(self, turns: int) -> None:
        for _ in range(turns):
            self.lacerda_turn()

    @precondition(lambda self: bool(self.board.lacerda_techs))
    @rule(data=st.data())
    def human_uses_his_tech(self, data: st.DataObject) -> None:
        tech = data.draw(st.sampled_from([t.tech for t in self.board.lacerda_techs]))
        self._play(human_used_tech(self.bot, self.board, tech))

    @rule(data=st.data())
    def human_builds(self, data: st.DataObject) -> None:
        spot = self._free_hex(data)
        if spot is None:
            return
        kind = data.draw(st.sampled_from(BuildingType))
        owner = Owner.HUMAN if kind is BuildingType.SHELTER else None
        new = Building(id=HostId(f"human{spot}"), hex=spot, type=kind, owner=owner)
        self.board = attrs.evolve(
            self.board,
            buildings=(*self.board.buildings, new),
            crystal_hexes=self.board.crystal_hexes - {spot},
        )

    @rule(data=st.data())
    def human_moves_rover(self, data: st.DataObject) -> None:
        self.board = attrs.evolve(
            self.board,
            human_rover=data.draw(st.sampled_from(sorted(self.board.map_hexes))),
        )

    @rule(departs=st.booleans(), side=st.sampled_from(Side))
    def shuttle_phase(self, departs: bool, side: Side) -> None:
        board = attrs.evolve(self.board, shuttle_departs=departs, shuttle_from=side)
        arrival = Side.ORBIT if board.side is Side.COLONY else Side.COLONY
        if not any(
            s.side is arrival and not s.occupied for s in board.turn_order_spaces
        ):
            board = attrs.evolve(
                board,
                turn_order_spaces=tuple(
                    attrs.evolve(s, occupied=False) for s in board.turn_order_spaces
                ),
                lacerda_space=None,
            )
        self.board = board
        self._play(shuttle_phase(self.bot, self.board))

    @rule()
    def colony_levels_up(self) -> None:
        self.board = attrs.evolve(
            self.board, colony_level=min(self.board.colony_level + 1, 6)
        )
        self._play(colony_level_up(self.bot, self.board))

    @rule(crystals=st.integers(0, 4), depot=st.integers(0, 4))
    def host_sets_crystals(self, crystals: int, depot: int) -> None:
        self.board = attrs.evolve(
            self.board, spendable_crystals=crystals, free_depot_spaces=depot
        )

    @rule(data=st.data())
    def host_places_a_tile(self, data: st.DataObject) -> None:
        spot = self._free_hex(data)
        if spot is None:
            return
        kind = data.draw(
            st.sampled_from([GainKind.CRYSTALS, GainKind.BOT, GainKind.TECH])
        )
        new = Tile(
            id=HostId(f"x{self.turns}{spot}"),
            kind=TileKind.DISCOVERY,
            reward=(Gain(kind=kind),),
        )
        self.board = attrs.evolve(
            self.board, map_tiles=(*self.board.map_tiles, MapTile(hex=spot, tile=new))
        )

    @invariant()
    def cards_are_conserved(self) -> None:
        assert sorted(self.bot.draw_pile + self.bot.discard_pile) == list(range(1, 13))

    @invariant()
    def bot_state_survives_json(self) -> None:
        assert loads(dumps(self.bot), BotState) == self.bot

    @invariant()
    def counts_stay_non_negative(self) -> None:
        assert self.board.free_depot_spaces >= 0
        assert self.board.spendable_crystals >= 0
        assert self.board.free_advanced_markers >= 0


HostEvolutionMachine.TestCase.settings = settings(
    max_examples=50, stateful_step_count=100
)
TestHostEvolution = HostEvolutionMachine.TestCase
