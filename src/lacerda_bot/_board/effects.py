"""How a decision changes the board: one mechanism for the library and the host.

The library applies its own decisions to its working copy of the view within
a call (R-SETUP-5), and :func:`lacerda_bot.testing.apply` uses the same
function as the reference host. Effects only the host decides in a real game
(where the human's displaced figures go, Mission credits, level-ups) are
forecast the simplest way, and the next call's view is authoritative.
"""

from typing import Final, assert_never

import attrs

from lacerda_bot._board.board import Board, evolve_board
from lacerda_bot._board.paths import free_hexes_nearest
from lacerda_bot._lab import developed, learned
from lacerda_bot.decisions import (
    ActionImpossible,
    AdvanceMission,
    AdvanceProgressBot,
    BuildShelter,
    ChooseLssReward,
    CollectTile,
    Construct,
    Decision,
    DevelopTech,
    GainBot,
    GainCrystals,
    GainShip,
    GiveOxygen,
    HireScientist,
    LearnTech,
    LoseBenefit,
    MoveRover,
    ObtainBlueprint,
    PayCrystals,
    PlaceColonist,
    PlaceDiscoveryTile,
    RefillContractDisplay,
    RelocateRover,
    RevealCard,
    SkipTurn,
    StartingSpace,
    Stay,
    TakeBenefit,
    TakeContract,
    TakeWarehouseItem,
    Travel,
    Upgrade,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import BuildingType, FigureKind, HostId, LssReward, Owner
from lacerda_bot.records import (
    Building,
    Figure,
    HeldBlueprint,
    MapTile,
)

__all__ = ["apply_decision"]


def apply_decision(board: Board, decision: Decision, *, gains_spendable: bool) -> Board:
    """Return *board* after *decision* (decisions with no board effect return it as is).

    It makes every change :mod:`lacerda_bot.contract` lists as forecast, and no other.

    *gains_spendable* says whether gained Crystals may be spent at once: the
    library's working copy follows ``same_call_gains_spendable`` (R-CRYSTAL-3);
    a host applying a whole call passes ``True``.
    """
    if type(decision) in _NO_EFFECT:  # a third of them; the match tries each case
        return board
    match decision:
        case GainCrystals():
            return _gain(board, decision, gains_spendable=gains_spendable)
        case PayCrystals():
            return _pay(board, decision)
        case PlaceColonist():
            present = board.colonists_present.placed(decision.action)
            return evolve_board(board, colonists_present=present)
        case StartingSpace():  # the Shuttle goes on the red space of his side
            board = evolve_board(board, side=decision.side, shuttle_from=decision.side)
            return _take_space(board, decision.space)
        case Travel():
            return _take_space(evolve_board(board, side=decision.side), decision.space)
        case ObtainBlueprint():
            return _obtain_blueprint(board, decision)
        case LearnTech():
            return _learn_tech(board, decision)
        case DevelopTech():
            return _develop_tech(board, decision)
        case Construct():
            return _construct(board, decision)
        case BuildShelter():
            return _build_shelter(board, decision)
        case Upgrade():
            return _upgrade(board, decision)
        case HireScientist():
            return _hire(board, decision)
        case TakeContract():
            return _take_contract(board, decision)
        case MoveRover():
            return _move_rover(board, decision)
        case CollectTile():
            return _collect_tile(board, decision)
        case RelocateRover():
            return evolve_board(board, lacerda_rover=decision.to_hex)
        case TakeWarehouseItem():
            return _take_item(board, decision)
        case PlaceDiscoveryTile():
            return _place_discovery(board, decision)
        case GainShip():  # from his Depot to his Hangar (R-LEVEL-4)
            return evolve_board(
                board,
                ships_left=board.ships_left - 1,
                ships_in_hangar=board.ships_in_hangar + 1,
                free_depot_spaces=board.free_depot_spaces + 1,
            )
        case GainBot():
            return evolve_board(board, bots_left=board.bots_left - 1)
        case ChooseLssReward():
            if decision.reward is LssReward.RETRIEVE_COLONIST:
                return evolve_board(board, colonist_on_hire_slot=False)
            return board
        case (
            RevealCard()
            | AdvanceMission()
            | ActionImpossible()
            | RefillContractDisplay()
            | AdvanceProgressBot()
            | Stay()
            | TakeBenefit()
            | GiveOxygen()
            | LoseBenefit()
            | SkipTurn()
        ):
            return board
        case unreachable:
            assert_never(unreachable)


_NO_EFFECT: Final = frozenset(
    {
        RevealCard,
        AdvanceMission,
        ActionImpossible,
        RefillContractDisplay,
        AdvanceProgressBot,
        Stay,
        TakeBenefit,
        GiveOxygen,
        LoseBenefit,
        SkipTurn,
    }
)
"""The decisions with no board effect (the match's last case; the classes are final)."""


def _gain(board: Board, d: GainCrystals, *, gains_spendable: bool) -> Board:
    return evolve_board(
        board,
        free_depot_spaces=board.free_depot_spaces - d.kept,
        supply_crystals=board.supply_crystals - (d.kept if d.source.from_supply else 0),
        spendable_crystals=board.spendable_crystals
        + (d.kept if gains_spendable else 0),
    )


def _pay(board: Board, d: PayCrystals) -> Board:
    return evolve_board(
        board,
        spendable_crystals=board.spendable_crystals - d.amount,
        free_depot_spaces=board.free_depot_spaces + d.amount,
        supply_crystals=board.supply_crystals + d.amount,
    )


def _take_space(board: Board, space: HostId) -> Board:
    """He leaves the space he stood on (if any) and occupies *space*."""
    left = board.lacerda_space
    spaces = tuple(
        attrs.evolve(s, occupied=s.id == space) if s.id in (space, left) else s
        for s in board.turn_order_spaces
    )
    return evolve_board(board, turn_order_spaces=spaces, lacerda_space=space)


def _obtain_blueprint(board: Board, d: ObtainBlueprint) -> Board:
    taken = next(s for s in board.blueprint_display if s.blueprint.id == d.blueprint)
    return evolve_board(
        board,
        blueprint_display=tuple(s for s in board.blueprint_display if s is not taken),
        lacerda_blueprints=tuple(
            sorted(
                (*board.lacerda_blueprints, HeldBlueprint(blueprint=taken.blueprint)),
                key=lambda b: b.blueprint.id,
            )
        ),
        free_advanced_markers=board.free_advanced_markers - 1,
    )


def _learn_tech(board: Board, d: LearnTech) -> Board:
    return evolve_board(
        board,
        tech_grid=tuple(t for t in board.tech_grid if t.id != d.grid_tile),
        lab_spaces=learned(board.lab_spaces, d.lab_space, d.tech),
    )


def _develop_tech(board: Board, d: DevelopTech) -> Board:
    return evolve_board(board, lab_spaces=developed(board.lab_spaces, d.tech, d.space))


def _construct(board: Board, d: Construct) -> Board:
    board = _build(board, d.hex, d.building, owner=None)
    if d.building is not BuildingType.MINE:
        board = evolve_board(board, lss_markers=board.lss_markers.raised(d.building))
    if d.miner:
        miner = Figure(hex=d.hex, kind=FigureKind.COLONIST, owner=Owner.LACERDA)
        board = evolve_board(board, figures=_sorted_figures((*board.figures, miner)))
    return board


def _build_shelter(board: Board, d: BuildShelter) -> Board:
    board = _build(board, d.hex, BuildingType.SHELTER, owner=Owner.LACERDA)
    return evolve_board(board, shelters_left=board.shelters_left - 1)


def _build(
    board: Board, site: Hex, building: BuildingType, *, owner: Owner | None
) -> Board:
    """Add a building; human figures there move (R-BUILD-4).

    A Crystal on the site goes back to the general supply (not to him), a tile
    there leaves the game.
    """
    new = Building(id=HostId(f"built{site}"), hex=site, type=building, owner=owner)
    crystal = site in board.crystal_hexes
    board = evolve_board(
        board,
        buildings=tuple(
            sorted((*board.buildings, new), key=lambda b: (b.hex.r, b.hex.q, b.id))
        ),
        crystal_hexes=board.crystal_hexes - {site} if crystal else board.crystal_hexes,
        supply_crystals=board.supply_crystals + crystal,
        map_tiles=tuple(t for t in board.map_tiles if t.hex != site),
    )
    return _displace_human_figures(board, site)


def _displace_human_figures(board: Board, site: Hex) -> Board:
    """The human's Rover and Bots on *site* go to the first nearest available hex.

    R-BUILD-4, as the host's forecast: where they go is the host's choice (the
    next call's view is authoritative); with no available hex they stay. A
    Colonist on an upgraded Mine stays on it.
    """
    moving = [
        f
        for f in board.figures
        if f.hex == site and f.owner is Owner.HUMAN and f.kind is FigureKind.BOT
    ]
    if board.human_rover == site:
        nearest = free_hexes_nearest(board, site)
        if nearest:
            board = evolve_board(board, human_rover=nearest[0])
    for figure in moving:
        nearest = free_hexes_nearest(board, site)
        if not nearest:
            break
        staying = tuple(f for f in board.figures if f is not figure)
        moved = attrs.evolve(figure, hex=nearest[0])
        board = evolve_board(board, figures=_sorted_figures((*staying, moved)))
    return board


def _sorted_figures(figures: tuple[Figure, ...]) -> tuple[Figure, ...]:
    return tuple(
        sorted(figures, key=lambda f: (f.hex.r, f.hex.q, f.kind.value, f.owner.value))
    )


def _upgrade(board: Board, d: Upgrade) -> Board:
    """His marker goes on the building, a figure (§0): the human's there move (R-BUILD-4)."""
    board = evolve_board(
        board,
        buildings=tuple(
            attrs.evolve(b, upgraded_by=Owner.LACERDA) if b.hex == d.hex else b
            for b in board.buildings
        ),
        lacerda_blueprints=tuple(
            attrs.evolve(b, used=True) if b.blueprint.id == d.blueprint else b
            for b in board.lacerda_blueprints
        ),
    )
    return _displace_human_figures(board, d.hex)


def _hire(board: Board, d: HireScientist) -> Board:
    return evolve_board(
        board,
        scientist_display=tuple(s for s in board.scientist_display if s.slot != d.slot),
        lacerda_scientists=tuple(
            sorted((*board.lacerda_scientists, d.scientist), key=lambda s: s.value)
        ),
        colonist_on_hire_slot=True,
    )


def _take_contract(board: Board, d: TakeContract) -> Board:
    """R-COST-5: like a hire, a Contract leaves his Colonist on his one Colony 3 slot."""
    return evolve_board(
        board,
        contract_display=tuple(c for c in board.contract_display if c.slot != d.slot),
        lacerda_contracts=tuple(
            sorted((*board.lacerda_contracts, d.kind), key=lambda k: k.value)
        ),
        colonist_on_hire_slot=True,
    )


def _move_rover(board: Board, d: MoveRover) -> Board:
    if not d.path:
        return board
    return evolve_board(
        board,
        lacerda_rover=d.path[-1],
        crystal_hexes=board.crystal_hexes - set(d.crystal_hexes),
    )


def _collect_tile(board: Board, d: CollectTile) -> Board:
    return evolve_board(
        board, map_tiles=tuple(t for t in board.map_tiles if t.tile.id != d.tile)
    )


def _take_item(board: Board, d: TakeWarehouseItem) -> Board:
    index = next(
        i for i, s in enumerate(board.warehouse) if s.item is d.item and s.units
    )
    stock = board.warehouse[index]
    warehouse = list(board.warehouse)
    warehouse[index] = attrs.evolve(stock, units=stock.units - 1)
    return evolve_board(board, warehouse=tuple(warehouse))


def _place_discovery(board: Board, d: PlaceDiscoveryTile) -> Board:
    if d.hex is None or not board.exploration_tiles:
        return board
    tile, *rest = board.exploration_tiles
    placed = (*board.map_tiles, MapTile(hex=d.hex, tile=tile))
    return evolve_board(
        board,
        exploration_tiles=tuple(rest),
        map_tiles=tuple(sorted(placed, key=lambda t: (t.hex.r, t.hex.q, t.tile.id))),
    )
