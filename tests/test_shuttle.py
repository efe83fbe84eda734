from collections import Counter

import attrs
import pytest
from hypothesis import given

from lacerda_bot import (
    Board,
    BotState,
    InvalidHostStateError,
    Options,
    new_bot,
    shuttle_phase,
)
from lacerda_bot._board.paths import discovery_sites
from lacerda_bot.decisions import (
    AdvanceProgressBot,
    Construct,
    LoseBenefit,
    MoveRover,
    PlaceDiscoveryTile,
    Stay,
    Travel,
)
from lacerda_bot.hexmap import Hex, dist
from lacerda_bot.model import BuildingType, Gain, GainKind, HostId, Side, TileKind
from lacerda_bot.options import ImpossibleBenefit
from lacerda_bot.records import LssMarkers, Tile, TurnOrderSpace
from lacerda_bot.testing import hex_map, small_board, tile

from .helpers import kinds, of_type
from .helpers_strategies import host_states, options

BOT_GAIN = Gain(kind=GainKind.BOT)


def spaces(
    *, colony_gain: Gain = BOT_GAIN, occupied: tuple[int, ...] = ()
) -> tuple[TurnOrderSpace, ...]:
    return tuple(
        TurnOrderSpace(
            id=HostId(f"S{n}"),
            side=Side.ORBIT if n <= 4 else Side.COLONY,
            number=n,
            gains=(Gain(kind=GainKind.CRYSTALS, n=1),) if n <= 4 else (colony_gain,),
            occupied=n in occupied,
        )
        for n in range(1, 9)
    )


def departing(side: Side, **fields: object) -> Board:
    base: dict[str, object] = {
        "side": side,
        "shuttle_departs": True,
        "shuttle_from": side,
        "turn_order_spaces": spaces(),
        "exploration_tiles": (
            Tile(id=HostId("D1"), kind=TileKind.DISCOVERY, reward=(BOT_GAIN,)),
        ),
    }
    base.update(fields)
    return small_board(**base)


def after_card(card: int, options: Options | None = None) -> BotState:
    return attrs.evolve(new_bot(0, options), last_card=card)


def test_r_shuttle_1_no_departure_means_stay() -> None:
    """R-SHUTTLE-1: the host says whether the Shuttle departs; if not, he stays."""
    outcome = shuttle_phase(new_bot(0), departing(Side.ORBIT, shuttle_departs=False))

    assert kinds(outcome.decisions) == ["Stay"]
    assert "does not depart" in of_type(outcome, Stay)[0].reason


def test_r_shuttle_2_x_card_or_other_side_means_stay() -> None:
    """R-SHUTTLE-2: an X on the most recent card, or a Shuttle leaving the other side -> stay."""
    x_card = shuttle_phase(after_card(8), departing(Side.ORBIT))
    other_side = shuttle_phase(
        new_bot(0), departing(Side.ORBIT, shuttle_from=Side.COLONY)
    )
    no_card = shuttle_phase(new_bot(0), departing(Side.ORBIT))

    assert "X" in of_type(x_card, Stay)[0].reason
    assert of_type(other_side, Stay)
    assert of_type(no_card, Travel)


def test_r_shuttle_3_free_space_of_the_arrival_side() -> None:
    """R-SHUTTLE-3: he takes a free space of the other side, never an occupied one."""
    board = departing(Side.ORBIT, turn_order_spaces=spaces(occupied=(5, 6, 8)))
    for seed in range(30):
        (travel,) = of_type(shuttle_phase(new_bot(seed), board), Travel)

        assert travel.space == "S7"
        assert travel.side is Side.COLONY


def test_r_shuttle_3_pick_is_uniform_over_free_spaces() -> None:
    """R-SHUTTLE-3, R-TIE-7: the pick is uniform over the free spaces (seeded statistics)."""
    board = departing(Side.COLONY, turn_order_spaces=spaces(occupied=(2,)))
    counts = Counter(
        of_type(shuttle_phase(new_bot(seed), board), Travel)[0].space
        for seed in range(6000)
    )

    assert set(counts) == {"S1", "S3", "S4"}
    for space in ("S1", "S3", "S4"):
        assert abs(counts[HostId(space)] / 6000 - 1 / 3) < 0.02


def test_r_shuttle_3_no_free_space_is_a_host_error() -> None:
    """R-SHUTTLE-3: no free space on the arrival side -> InvalidHostStateError, no result."""
    board = departing(Side.ORBIT, turn_order_spaces=spaces(occupied=(5, 6, 7, 8)))

    with pytest.raises(InvalidHostStateError, match="turn_order_spaces"):
        shuttle_phase(new_bot(0), board)


def test_r_shuttle_4_to_orbit_only_the_gain() -> None:
    """R-SHUTTLE-4: to Orbit he skips both travel steps: Travel, then the space's gain."""
    outcome = shuttle_phase(new_bot(0), departing(Side.COLONY))

    assert kinds(outcome.decisions) == ["Travel", "TakeBenefit", "GainCrystals"]


def test_r_shuttle_5_spec_example_bot_space_then_a_mine() -> None:
    """R-SHUTTLE-5: a BOT space moves the pointer Greenhouse -> Mine; he builds a Mine; pointer Generator."""
    bot = attrs.evolve(new_bot(0), pointer=BuildingType.GREENHOUSE)
    outcome = shuttle_phase(bot, departing(Side.ORBIT))
    names = kinds(outcome.decisions)
    (construct,) = of_type(outcome, Construct)

    assert names[:4] == [
        "PlaceDiscoveryTile",
        "Travel",
        "TakeBenefit",
        "AdvanceProgressBot",
    ]
    assert of_type(outcome, AdvanceProgressBot)[0].after is BuildingType.MINE
    assert construct.building is BuildingType.MINE
    assert outcome.bot.pointer is BuildingType.GENERATOR
    assert "PlaceColonist" not in names
    assert "PayCrystals" not in names


def test_r_shuttle_5_no_site_loses_the_construction_or_moves_the_rover() -> None:
    """R-SHUTTLE-5, R-TO-2: no legal site on arrival -> lost, or a Rover move with the option."""
    fields: dict[str, object] = {
        "map_hexes": frozenset({Hex(0, 0), Hex(1, 0)}),
        "map_tiles": (tile("T", 1, 0, BOT_GAIN),),
        "turn_order_spaces": spaces(colony_gain=Gain(kind=GainKind.RESOURCES)),
        "lss_markers": LssMarkers(
            generator=1, water_extractor=1, greenhouse=1, oxygen_condenser=1
        ),
    }
    board = departing(Side.ORBIT, **fields)
    lose = shuttle_phase(new_bot(0), board)
    rover = shuttle_phase(
        new_bot(0, Options(impossible_benefit=ImpossibleBenefit.ROVER)), board
    )

    assert isinstance(lose.decisions[-1], LoseBenefit)
    assert lose.decisions[-1].gain.kind is GainKind.CONSTRUCT
    assert of_type(rover, MoveRover)


def test_r_shuttle_6_spec_example() -> None:
    """R-SHUTTLE-6: Rover off-map at (0,0), the human's at (1,1): four hexes at dist 5 tie (n = 4)."""
    board = departing(Side.ORBIT, map_hexes=hex_map(4), human_rover=Hex(1, 1))
    found = discovery_sites(board, Options())
    outcome = shuttle_phase(new_bot(0), board)
    (placed,) = of_type(outcome, PlaceDiscoveryTile)

    assert set(found.sites) == {Hex(0, -3), Hex(-1, -2), Hex(-2, -1), Hex(-3, 0)}
    assert found.distance == 5
    assert placed.hex in found.sites
    tie = placed.trace.tie_breaks[0]
    assert len(tie.options) == tie.count == 4
    assert tie.rounds[0].groups == ((1, 2), (3, 3), (4, 4))


def test_r_shuttle_6_nothing_placed_without_tile_or_site() -> None:
    """R-SHUTTLE-6: no tile left, or no empty hex at dist 3 -> nothing is placed."""
    no_tile = shuttle_phase(new_bot(0), departing(Side.ORBIT, exploration_tiles=()))
    no_site = shuttle_phase(new_bot(0), departing(Side.ORBIT, map_hexes=hex_map(2)))

    assert of_type(no_tile, PlaceDiscoveryTile)[0].hex is None
    assert of_type(no_site, PlaceDiscoveryTile)[0].hex is None
    assert of_type(no_site, PlaceDiscoveryTile)[0].reason


def test_r_shuttle_6_crystal_hexes_need_the_option() -> None:
    """R-SHUTTLE-6: a hex holding a Crystal is not empty unless discovery_site_allows_crystal."""
    ring3 = [h for h in hex_map(3) if dist(h, Hex(0, 0)) == 3]
    board = departing(Side.ORBIT, crystal_hexes=frozenset(ring3))

    assert discovery_sites(board, Options()).sites == ()
    assert discovery_sites(board, Options(discovery_site_allows_crystal=True)).sites


@given(host_states(), options())
def test_discovery_site_is_empty_at_three_and_farthest(
    board: Board, opts: Options
) -> None:
    """R-SHUTTLE-6 property: each site is empty, at dist 3 from his Rover; none empty is farther."""
    found = discovery_sites(board, opts)
    his = board.lacerda_rover or board.initial_mine_hex
    human = board.human_rover or board.initial_mine_hex
    taken = (
        {b.hex for b in board.buildings}
        | {t.hex for t in board.map_tiles}
        | {f.hex for f in board.figures}
    )
    taken |= {h for h in (board.lacerda_rover, board.human_rover) if h}
    if not opts.discovery_site_allows_crystal:
        taken |= board.crystal_hexes
    empty3 = [h for h in board.map_hexes if dist(h, his) == 3 and h not in taken]
    for site in found.sites:
        assert site in empty3
        assert dist(site, human) == found.distance
    assert all(dist(h, human) <= found.distance for h in empty3)
    assert bool(found.sites) == bool(empty3)


def test_r_to_1_spaces_are_host_data() -> None:
    """R-TO-1: the gain he takes is the one the host reports for the space."""
    board = departing(Side.COLONY, turn_order_spaces=spaces())
    outcome = shuttle_phase(new_bot(0), board)

    assert of_type(outcome, Travel)[0].space in {"S1", "S2", "S3", "S4"}
    assert outcome.decisions[1].gain.kind is GainKind.CRYSTALS  # type: ignore[union-attr]
