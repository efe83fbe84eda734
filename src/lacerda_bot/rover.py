"""Lacerda's Rover (R-ROVER-2..7): target choice and paths, pure functions of the view.

The "what" (:func:`eligible_tiles`, :func:`nearest_tiles`) is kept apart from
the "where" (:func:`choose_allowance`, :func:`path_options`).
"""

from collections.abc import Collection, Mapping
from typing import Protocol, final

import attrs

from lacerda_bot.decisions import Removal
from lacerda_bot.hexmap import Hex, steps_from
from lacerda_bot.host import MapView, TechView, TileView
from lacerda_bot.model import GainKind, TechType, TechUsed
from lacerda_bot.records import MapTile, Tile

__all__ = [
    "Allowance",
    "PathOption",
    "RoverView",
    "Target",
    "best_rover_tech",
    "choose_allowance",
    "eligible_tiles",
    "gives_something",
    "nearest_tiles",
    "other_figure_hexes",
    "path_options",
    "rover_start",
]


class RoverView(MapView, TileView, TechView, Protocol):
    """What Rover planning reads: the map, the tiles and the Rover Techs."""


def rover_start(view: MapView) -> Hex:
    """Where his Rover counts as standing: its hex, or the initial-Mine hex if off-map (§0)."""
    return view.initial_mine_hex if view.lacerda_rover is None else view.lacerda_rover


def other_figure_hexes(view: MapView) -> frozenset[Hex]:
    """Hexes holding a figure other than his Rover (spec §0)."""
    hexes = {f.hex for f in view.figures}
    if view.human_rover is not None:
        hexes.add(view.human_rover)
    return frozenset(hexes)


def gives_something(tile: Tile) -> bool:
    """False when every gain of the tile's reward is ``RESOURCES`` (R-ROVER-2)."""
    return any(g.kind is not GainKind.RESOURCES for g in tile.reward)


@final
@attrs.frozen(kw_only=True)
class Target:
    """An eligible tile and its ``steps`` from his Rover."""

    tile: MapTile
    steps: int


def eligible_tiles(
    view: RoverView, spendable: int
) -> tuple[tuple[Target, ...], tuple[Removal, ...]]:
    """R-ROVER-2: the tiles his Rover may head for, and the ones removed, with why.

    Eligible: gives him something, requirement met, Crystal cost within
    *spendable*, no other figure on its hex, and reachable over map hexes.
    """
    by_steps = steps_from(frozenset(view.map_hexes), rover_start(view))
    figures = other_figure_hexes(view)
    targets: list[Target] = []
    removed: list[Removal] = []
    for placed in view.map_tiles:
        tile = placed.tile
        reason = _ineligible_reason(tile, placed.hex, spendable, figures, by_steps)
        if reason:
            removed.append(Removal(option=tile.id, rule="R-ROVER-2", reason=reason))
        else:
            targets.append(Target(tile=placed, steps=by_steps[placed.hex]))
    return tuple(targets), tuple(removed)


def _ineligible_reason(
    tile: Tile,
    where: Hex,
    spendable: int,
    figures: Collection[Hex],
    by_steps: Mapping[Hex, int],
) -> str:
    if not gives_something(tile):
        return "its reward gives him nothing (Resources only)"
    if not tile.requirement_met:
        return "he does not meet its requirement"
    if tile.crystal_cost > spendable:
        return f"costs {tile.crystal_cost} Crystals, he can spend {spendable}"
    if where in figures:
        return "another figure stands on it"
    if where not in by_steps:
        return "no path over the map reaches it"
    return ""


def nearest_tiles(targets: tuple[Target, ...]) -> tuple[Target, ...]:
    """R-ROVER-3: the eligible tiles with the fewest steps, in canonical order."""
    if not targets:
        return ()
    best = min(t.steps for t in targets)
    return tuple(t for t in targets if t.steps == best)


@final
@attrs.frozen(kw_only=True)
class Allowance:
    """How far he moves and what he pays (R-ROVER-4, R-ROVER-5)."""

    allowance: int
    tech: TechUsed
    """Whose Rover Tech sets the allowance (counted only if he moves more than base)."""
    reached: bool
    pay: int
    """Crystals paid for extra hexes (0 when the target is not reached)."""
    length: int
    """Hexes the chosen path runs before truncation: steps if reached, else the allowance."""


def _result(steps: int, allowance: int, cost: int, spendable: int) -> tuple[bool, int]:
    if steps <= allowance:
        return True, 0
    extra = steps - allowance
    return (True, extra) if extra + cost <= spendable else (False, 0)


def choose_allowance(
    view: TechView,
    *,
    steps: int,
    base: int,
    tile_cost: int,
    spendable: int,
    prefer_own: bool,
) -> Allowance:
    """R-ROVER-4, R-ROVER-5: :func:`best_rover_tech` with the Rover Tech levels of *view*."""
    own = max(
        (t.level for t in view.lacerda_techs if t.tech is TechType.ROVER), default=0
    )
    human = max(
        (t.level for t in view.human_techs if t.tech is TechType.ROVER), default=0
    )
    return best_rover_tech(
        steps=steps,
        base=base,
        own_level=own,
        human_level=human,
        tile_cost=tile_cost,
        spendable=spendable,
        prefer_own=prefer_own,
    )


def best_rover_tech(
    *,
    steps: int,
    base: int,
    own_level: int,
    human_level: int,
    tile_cost: int,
    spendable: int,
    prefer_own: bool,
) -> Allowance:
    """R-ROVER-4, R-ROVER-5: the allowance, whose Rover Tech, and whether he pays to reach.

    A Tech is needed only if *steps* exceed *base*. Among Techs, the best result
    is reaching the target, then paying fewer Crystals, then going farther; on
    equal results his own Tech wins with *prefer_own*, else the human's. Levels
    are 0 for a player without a Rover Tech.

    >>> best_rover_tech(steps=3, base=2, own_level=1, human_level=3,
    ...                 tile_cost=0, spendable=0, prefer_own=True).tech
    <TechUsed.OWN: 'own'>
    """
    choices = [(TechUsed.NONE, 0)]
    if steps > base:
        ranked = [(TechUsed.OWN, own_level), (TechUsed.HUMAN, human_level)]
        if not prefer_own:
            ranked.reverse()
        choices = [(user, level) for user, level in ranked if level > 0] or choices

    def score(choice: tuple[TechUsed, int]) -> tuple[bool, int, int]:
        reached, pay = _result(steps, base + choice[1], tile_cost, spendable)
        return reached, -pay, steps if reached else base + choice[1]

    user, level = max(choices, key=score)  # max keeps the first of equals
    reached, pay = _result(steps, base + level, tile_cost, spendable)
    length = steps if reached else base + level
    return Allowance(
        allowance=base + level, tech=user, reached=reached, pay=pay, length=length
    )


@final
@attrs.frozen(kw_only=True)
class PathOption:
    """One distinct outcome of moving toward the target (R-ROVER-6, R-ROVER-7)."""

    path: tuple[Hex, ...]
    """Hexes entered, in order (empty: he stays)."""
    crystal_hexes: tuple[Hex, ...]
    """Entered hexes holding a Crystal, in path order."""


_State = tuple[Hex, Hex | None, frozenset[Hex], frozenset[Hex]]


def path_options(
    map_hexes: frozenset[Hex],
    start: Hex,
    target: Hex,
    *,
    length: int,
    figures: frozenset[Hex],
    crystals: frozenset[Hex],
) -> tuple[PathOption, ...]:
    """Distinct outcomes of the shortest paths from *start* to *target*, cut at *length*.

    Along each path he stops on the farthest hex within *length* that holds no
    other figure (R-ROVER-6). Two paths with the same stop hex and the same
    Crystal hexes entered are one outcome, represented by the first path in
    canonical (lexicographic) order (R-TIE-1). Outcomes come in that path order.
    A layered search over the shortest-path graph keeps, per state, only the
    first path reaching it, so paths are never listed one by one.
    """
    from_target = steps_from(map_hexes, target)
    total = from_target.get(start)
    if total is None or length == 0:
        return (PathOption(path=(), crystal_hexes=()),)
    # state: (hex, stop hex or None, Crystals entered up to the stop, Crystals after it)
    layer: dict[_State, tuple[Hex, ...]] = {
        (start, None, frozenset(), frozenset()): (start,)
    }
    for i in range(1, length + 1):
        nxt: dict[_State, tuple[Hex, ...]] = {}
        for (here, stop, kept, pending), path in layer.items():
            for step in here.neighbours():
                if from_target.get(step) != total - i:
                    continue
                found = frozenset({step}) if step in crystals else frozenset()
                state: _State
                if step in figures:
                    state = (step, stop, kept, pending | found)
                else:
                    state = (step, step, kept | pending | found, frozenset())
                candidate = (*path, step)
                if state not in nxt or candidate < nxt[state]:
                    nxt[state] = candidate
        layer = nxt
    outcomes: dict[tuple[Hex | None, frozenset[Hex]], tuple[Hex, ...]] = {}
    for (_, stop, kept, _), path in layer.items():
        key = (stop, kept)
        if key not in outcomes or path < outcomes[key]:
            outcomes[key] = path
    options = []
    for (stop, kept), path in sorted(outcomes.items(), key=lambda item: item[1]):
        entered = path[1 : path.index(stop) + 1] if stop is not None else ()
        options.append(
            PathOption(
                path=entered, crystal_hexes=tuple(h for h in entered if h in kept)
            )
        )
    return tuple(options)
