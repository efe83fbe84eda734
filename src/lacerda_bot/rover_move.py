"""Carrying out a Rover move (R-ROVER-1..10) on the working copy."""

from typing import Final, final

import attrs

from lacerda_bot.decisions import (
    Candidate,
    CollectTile,
    CrystalSource,
    GiveOxygen,
    MoveRover,
    PayCrystals,
    PaymentPurpose,
    Trace,
)
from lacerda_bot.model import TechType, TechUsed
from lacerda_bot.perform import GainResolver, gain_crystals
from lacerda_bot.play import Play
from lacerda_bot.records import Tile
from lacerda_bot.rover import (
    Allowance,
    PathOption,
    Target,
    choose_allowance,
    eligible_tiles,
    nearest_tiles,
    other_figure_hexes,
    path_options,
    rover_start,
)

__all__ = ["do_rover_move"]


_ROVER_RULES: Final = (
    "R-ROVER-2",
    "R-ROVER-3",
    "R-ROVER-4",
    "R-ROVER-5",
    "R-ROVER-6",
    "R-ROVER-7",
)


@final
@attrs.frozen(kw_only=True)
class _Move:
    """A planned move: target, allowance, chosen path and the trace that explains it."""

    target: Target
    allowance: Allowance
    path: PathOption
    trace: Trace


def _label(option: PathOption) -> str:
    return " ".join(str(h) for h in option.path) or "stay"


def _plan(
    play: Play, *, base: int, rules: tuple[str, ...]
) -> tuple[Play, _Move] | None:
    """Choose the target (R-ROVER-2, R-ROVER-3), allowance (R-ROVER-4, R-ROVER-5) and path (R-ROVER-6)."""
    board = play.board
    spendable = board.spendable_crystals
    targets, removed = eligible_tiles(board, spendable)
    nearest = nearest_tiles(targets)
    if not nearest:
        return None
    index, play, target_ties = play.tie(
        [t.tile.tile.id for t in nearest], rule="R-ROVER-3"
    )
    target = nearest[index]
    allowance = choose_allowance(
        board,
        steps=target.steps,
        base=base,
        tile_cost=target.tile.tile.crystal_cost,
        spendable=spendable,
        prefer_own=play.bot.options.prefer_own_tech,
    )
    paths = path_options(
        frozenset(board.map_hexes),
        rover_start(board),
        target.tile.hex,
        length=allowance.length,
        figures=other_figure_hexes(board),
        crystals=frozenset(board.crystal_hexes),
    )
    room = board.free_depot_spaces
    kept = {p: min(len(p.crystal_hexes), room) for p in paths}
    most = max(kept.values())
    best = [p for p in paths if kept[p] == most]
    path_index, play, path_ties = play.tie([_label(p) for p in best], rule="R-ROVER-6")
    trace = Trace(
        rules=(*rules, *_ROVER_RULES),
        candidates=tuple(
            Candidate(option=t.tile.tile.id, criteria=(("steps", t.steps),))
            for t in targets
        )
        + tuple(
            Candidate(option=_label(p), criteria=(("crystals", kept[p]),))
            for p in paths
        ),
        removed=removed,
        tie_breaks=target_ties + path_ties,
    )
    return play, _Move(
        target=target, allowance=allowance, path=best[path_index], trace=trace
    )


def do_rover_move(
    play: Play, resolve: GainResolver, *, base: int, rules: tuple[str, ...]
) -> Play | None:
    """One Rover move with allowance *base* + Rover Tech; ``None`` with no eligible tile.

    Emission order (R-ROVER-10): movement payment, ``MoveRover``, ``GiveOxygen``
    if the human's Tech counted, one ``GainCrystals`` per Crystal entered, then on
    arrival the tile payment, ``CollectTile`` and its reward gains.
    """
    planned = _plan(play, base=base, rules=rules)
    if planned is None:
        return None
    play, move = planned
    allowance, chosen, tile = move.allowance, move.path, move.target.tile.tile
    counted = allowance.tech if len(chosen.path) > base else TechUsed.NONE
    reached = allowance.reached and bool(chosen.path or move.target.steps == 0)
    if allowance.pay:
        pay = PayCrystals(
            amount=allowance.pay,
            purpose=PaymentPurpose.MOVEMENT,
            trace=Trace(rules=("R-ROVER-5",)),
        )
        play = play.emit(pay)
    play = play.emit(
        MoveRover(
            path=chosen.path,
            allowance=allowance.allowance,
            crystals_paid=allowance.pay,
            crystal_hexes=chosen.crystal_hexes,
            target=tile.id,
            reached=reached,
            tech_used=counted,
            trace=move.trace,
        )
    )
    if counted is TechUsed.HUMAN:
        oxygen = GiveOxygen(
            tech=TechType.ROVER, trace=Trace(rules=("R-TURN-7", "R-ROVER-4"))
        )
        play = play.emit(oxygen)
    for _ in chosen.crystal_hexes:
        play = gain_crystals(play, 1, CrystalSource.ROVER_PATH, "R-ROVER-7")
    return _arrive(play, resolve, tile) if reached else play


def _arrive(play: Play, resolve: GainResolver, tile: Tile) -> Play:
    """R-ROVER-9: pay the tile's cost, collect it, resolve its reward gains in order."""
    if tile.crystal_cost:
        pay = PayCrystals(
            amount=tile.crystal_cost,
            purpose=PaymentPurpose.TILE,
            trace=Trace(rules=("R-ROVER-9",)),
        )
        play = play.emit(pay)
    collect = CollectTile(
        tile=tile.id, crystal_cost=tile.crystal_cost, trace=Trace(rules=("R-ROVER-9",))
    )
    return resolve(play.emit(collect), tile.reward, f"tile {tile.id}")
