"""A scripted human opponent for the reference game: seeded, legal, varied, not clever.

Each move is chosen uniformly among the moves open to the human on its side,
with its own random stream ``random.Random(f"reference_human:{seed}:{k}")`` so
it never touches Lacerda's randomness. A move is a pure function of the board and the human's Lab (the printed
shape, like his: she learns and develops Techs on it as the rules let her).
"""

import random
from collections.abc import Callable
from typing import Final

from lacerda_bot._board.board import Board, evolve_board
from lacerda_bot._board.sites import Site, legal_sites, qualifies
from lacerda_bot._lab import developed, entry_space, free_ahead, learned, movable
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import BUILDING_SEQUENCE, Action, BuildingType, HostId, Side
from lacerda_bot.options import Options
from lacerda_bot.records import Building, HumanTech, LabSpace

__all__ = ["HumanLab", "HumanMove", "human_moves", "human_techs", "pick"]

HumanLab = tuple[LabSpace, ...]
"""The human's Laboratory: the printed shape, her Tech tiles on it (her Techs on the board)."""

BoardMove = Callable[[Board, random.Random], tuple[Board, str]]
"""A move that reads and changes the board only."""

HumanMove = Callable[[Board, HumanLab, random.Random], tuple[Board, HumanLab, str]]
"""A move: the board and her Lab after it, and a short label (``"build mine (2,-1)"``)."""


def human_techs(lab: HumanLab) -> tuple[HumanTech, ...]:
    """Her Techs as the board reports them (V9): each tile's type, its column as level."""
    return tuple(
        HumanTech(tech=s.tech, level=s.column) for s in lab if s.tech is not None
    )


def pick(seed: int, event: int, n: int) -> int:
    """The human's uniform pick among *n* options for event *event*."""
    return int(random.Random(f"reference_human:{seed}:{event}").random() * n)


def _take_blueprint(board: Board, rng: random.Random) -> tuple[Board, str]:
    shown = board.blueprint_display[int(rng.random() * len(board.blueprint_display))]
    return (
        evolve_board(
            board,
            blueprint_display=tuple(
                d for d in board.blueprint_display if d is not shown
            ),
            human_blueprints=(*board.human_blueprints, shown.blueprint.building),
        ),
        f"takes Blueprint {shown.blueprint.id}",
    )


def _learn_tech(
    board: Board, lab: HumanLab, rng: random.Random
) -> tuple[Board, HumanLab, str]:
    owned = {s.tech for s in lab}
    options = [t for t in board.tech_grid if t.tech not in owned]
    tile = options[int(rng.random() * len(options))]
    space = entry_space(lab)
    assert space is not None  # the move is open only then
    lab = learned(lab, space.id, tile.tech)
    return (
        evolve_board(
            board,
            tech_grid=tuple(t for t in board.tech_grid if t.id != tile.id),
            human_techs=human_techs(lab),
        ),
        lab,
        f"learns {tile.tech.value}",
    )


def _develop(
    board: Board, lab: HumanLab, rng: random.Random
) -> tuple[Board, HumanLab, str]:
    """She moves a tile that can advance into an empty space it touches (R&D, one step)."""
    options = movable(lab)
    at = options[int(rng.random() * len(options))]
    assert at.tech is not None  # a space of one of her Techs
    ahead = free_ahead(lab, at.id)
    space = ahead[int(rng.random() * len(ahead))]
    lab = developed(lab, at.tech, space.id)
    return (
        evolve_board(board, human_techs=human_techs(lab)),
        lab,
        f"develops {at.tech.value}",
    )


def _on_board(move: BoardMove) -> HumanMove:
    """*move*, leaving her Lab as it is."""

    def on_board(
        board: Board, lab: HumanLab, rng: random.Random
    ) -> tuple[Board, HumanLab, str]:
        board, label = move(board, rng)
        return board, lab, label

    return on_board


_OPTIONS: Final = Options()
"""The human builds by the default rules (R-BUILD-4..8)."""


def _sites(board: Board, kind: BuildingType) -> tuple[Site, ...]:
    """The legal sites for the human's building of *kind* (none if it does not qualify).

    Kept for the last board asked about: the human asks whether he can build,
    then builds, on the same board.
    """
    entry = _LAST_SITES.get(id(board))
    if entry is None or entry[0] is not board:
        entry = (board, {})
        _LAST_SITES.clear()
        _LAST_SITES[id(board)] = entry
    found = entry[1].get(kind)
    if found is None:
        found = legal_sites(board, kind, _OPTIONS) if qualifies(board, kind) else ()
        entry[1][kind] = found
    return found


_LAST_SITES: Final[dict[int, tuple[Board, dict[BuildingType, tuple[Site, ...]]]]] = {}
"""The last board asked about (held, so its ``id`` stays its) and its sites by type.

Matched by identity, which cannot go stale: a :class:`Board` is immutable.
"""


def _build(board: Board, rng: random.Random) -> tuple[Board, str]:
    kinds = [k for k in BUILDING_SEQUENCE if _sites(board, k)]
    kind = kinds[int(rng.random() * len(kinds))]
    sites = _sites(board, kind)
    site = sites[int(rng.random() * len(sites))]
    new = Building(id=HostId(f"h{site.hex}"), hex=site.hex, type=kind)
    board = evolve_board(
        board,
        buildings=tuple(
            sorted((*board.buildings, new), key=lambda b: (b.hex.r, b.hex.q))
        ),
        crystal_hexes=board.crystal_hexes - {site.hex},
        map_tiles=tuple(t for t in board.map_tiles if t.hex != site.hex),
    )
    if kind is not BuildingType.MINE:
        board = evolve_board(board, lss_markers=board.lss_markers.raised(kind))
    return board, f"builds a {kind.value} on {site.hex}"


def _hire(board: Board, rng: random.Random) -> tuple[Board, str]:
    slot = board.scientist_display[int(rng.random() * len(board.scientist_display))]
    display = tuple(s for s in board.scientist_display if s is not slot)
    return evolve_board(
        board, scientist_display=display
    ), f"hires the {slot.scientist.value}"


def _move_rover(board: Board, rng: random.Random) -> tuple[Board, str]:
    here = board.initial_mine_hex if board.human_rover is None else board.human_rover
    busy = {f.hex for f in board.figures} | {h for h in (board.lacerda_rover,) if h}
    steps = [h for h in here.neighbours() if h in board.map_hexes and h not in busy]
    target = steps[int(rng.random() * len(steps))]
    return evolve_board(board, human_rover=target), f"moves its Rover to {target}"


def _occupy(side: Side) -> BoardMove:
    actions = (
        (Action.OBTAIN_BLUEPRINT, Action.RESEARCH_DEVELOPMENT)
        if side is Side.ORBIT
        else (Action.CONSTRUCT, Action.UPGRADE, Action.HIRE_OR_CONTRACT)
    )

    def occupy(board: Board, rng: random.Random) -> tuple[Board, str]:
        action = actions[int(rng.random() * len(actions))]
        present = board.colonists_present.placed(action)
        return (
            evolve_board(board, colonists_present=present),
            f"places a Colonist on {action.value}",
        )

    return occupy


def _can_build(board: Board) -> bool:
    return any(_sites(board, k) for k in BUILDING_SEQUENCE)


def _can_move(board: Board) -> bool:
    here: Hex = (
        board.initial_mine_hex if board.human_rover is None else board.human_rover
    )
    busy = {f.hex for f in board.figures} | {h for h in (board.lacerda_rover,) if h}
    return any(h in board.map_hexes and h not in busy for h in here.neighbours())


_Open = Callable[[Board, HumanLab], bool]

_ORBIT: Final[tuple[tuple[_Open, HumanMove], ...]] = (
    (lambda b, lab: bool(b.blueprint_display), _on_board(_take_blueprint)),
    (
        lambda b, lab: (
            entry_space(lab) is not None
            and any(t.tech not in {s.tech for s in lab} for t in b.tech_grid)
        ),
        _learn_tech,
    ),
    (lambda b, lab: bool(movable(lab)), _develop),
    (lambda b, lab: True, _on_board(_occupy(Side.ORBIT))),
)
_COLONY: Final[tuple[tuple[_Open, HumanMove], ...]] = (
    (lambda b, lab: _can_build(b), _on_board(_build)),
    (lambda b, lab: bool(b.scientist_display), _on_board(_hire)),
    (lambda b, lab: _can_move(b), _on_board(_move_rover)),
    (lambda b, lab: True, _on_board(_occupy(Side.COLONY))),
)


def human_moves(board: Board, lab: HumanLab, side: Side) -> tuple[HumanMove, ...]:
    """The moves open to the human on *side* now (never empty: a Colonist can always go)."""
    table = _ORBIT if side is Side.ORBIT else _COLONY
    return tuple(move for possible, move in table if possible(board, lab))
