"""Carrying out a Rover move (R-ROVER-1..10) on the working copy."""

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
from lacerda_bot.rover import (
    PathOption,
    choose_allowance,
    eligible_tiles,
    nearest_tiles,
    other_figure_hexes,
    path_options,
    rover_start,
)

__all__ = ["do_rover_move"]


def do_rover_move(
    play: Play, resolve: GainResolver, *, base: int, rules: tuple[str, ...]
) -> Play | None:
    """One Rover move with allowance *base* + Rover Tech; ``None`` with no eligible tile.

    Emission order (R-ROVER-10): movement payment, ``MoveRover``, ``GiveOxygen``
    if the human's Tech counted, one ``GainCrystals`` per Crystal entered, then on
    arrival the tile payment, ``CollectTile`` and its reward gains.
    """
    board, options = play.board, play.bot.options
    spendable = board.spendable_crystals
    targets, removed = eligible_tiles(board, spendable)
    nearest = nearest_tiles(targets)
    if not nearest:
        return None
    index, play, target_ties = play.tie(
        [t.tile.tile.id for t in nearest], rule="R-ROVER-3"
    )
    target = nearest[index]
    tile = target.tile.tile
    allowance = choose_allowance(
        board,
        steps=target.steps,
        base=base,
        tile_cost=tile.crystal_cost,
        spendable=spendable,
        prefer_own=options.prefer_own_tech,
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

    def crystals(option: PathOption) -> int:
        return min(len(option.crystal_hexes), room)

    most = max(crystals(p) for p in paths)
    best = [p for p in paths if crystals(p) == most]
    path_index, play, path_ties = play.tie(
        [" ".join(str(h) for h in p.path) or "stay" for p in best], rule="R-ROVER-6"
    )
    chosen = best[path_index]
    counted = allowance.tech if len(chosen.path) > base else TechUsed.NONE
    reached = allowance.reached and bool(chosen.path or target.steps == 0)
    trace = Trace(
        rules=(
            *rules,
            "R-ROVER-2",
            "R-ROVER-3",
            "R-ROVER-4",
            "R-ROVER-5",
            "R-ROVER-6",
            "R-ROVER-7",
        ),
        candidates=tuple(
            Candidate(option=t.tile.tile.id, criteria=(("steps", t.steps),))
            for t in targets
        )
        + tuple(
            Candidate(
                option=" ".join(str(h) for h in p.path) or "stay",
                criteria=(("crystals", crystals(p)),),
            )
            for p in paths
        ),
        removed=removed,
        tie_breaks=target_ties + path_ties,
    )
    if allowance.pay:
        play = play.emit(
            PayCrystals(
                amount=allowance.pay,
                purpose=PaymentPurpose.MOVEMENT,
                trace=Trace(rules=("R-ROVER-5",)),
            )
        )
    play = play.emit(
        MoveRover(
            path=chosen.path,
            allowance=allowance.allowance,
            crystals_paid=allowance.pay,
            crystal_hexes=chosen.crystal_hexes,
            target=tile.id,
            reached=reached,
            tech_used=counted,
            trace=trace,
        )
    )
    if counted is TechUsed.HUMAN:
        play = play.emit(
            GiveOxygen(
                tech=TechType.ROVER, trace=Trace(rules=("R-TURN-7", "R-ROVER-4"))
            )
        )
    for _ in chosen.crystal_hexes:
        play = gain_crystals(play, 1, CrystalSource.ROVER_PATH, "R-ROVER-7")
    if not reached:
        return play
    if tile.crystal_cost:
        play = play.emit(
            PayCrystals(
                amount=tile.crystal_cost,
                purpose=PaymentPurpose.TILE,
                trace=Trace(rules=("R-ROVER-9",)),
            )
        )
    play = play.emit(
        CollectTile(
            tile=tile.id,
            crystal_cost=tile.crystal_cost,
            trace=Trace(rules=("R-ROVER-9",)),
        )
    )
    return resolve(play, tile.reward, f"tile {tile.id}")
