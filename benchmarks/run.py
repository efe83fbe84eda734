"""The benchmark table: each figure measured against a yardstick in the same run.

Usage: pip install -e ".[bench]" && python benchmarks/run.py [--quick]

Rows:
  1. whole reference games per second vs python-chess random games per second (target >= 1.5x, 4x in the long term)
  2. median Lacerda turn vs one bare breadth-first search of the same map over (q, r)
     tuples with a precomputed neighbour dict, code no change of ours moves (target <= 3x);
     and, for comparison with older runs, vs the old yardstick (a BFS over Hex objects)
  3. Rover planning time on hex maps of radius 6, 12, 24 vs the hex-count ratio (target <= 1.5x);
     and the worst case, a whole turn on a map with a Crystal on every hex, his Rover paying
     to cross the map to a tile (every shortest path its own way, C(2R, R) of them): its
     growth vs the hex-count ratio (target <= 1.5x) and the radius-24 turn (target < 50 ms)
  4. JSON save + load of a mid-game bot state vs a plain json.dumps + json.loads round
     trip of the same text (target >= 1x), and per second (target >= 20,000/s)
  5. memory a batch keeps from its 250th game to its 1,000th vs its peak (target: ~0)
  6. table companion: resuming a saved 49-step game (load + replay every answer) vs
     python-chess resuming a whole saved game from PGN (target: under 1 s, so resume
     and undo feel instant)
Then the questions the table companion asks per step when a perfect player answers
every question from the reference board (counts, not timings): median and most per
Lacerda turn (targets <= 4 and <= 12), Shuttle phase, level-up (<= 3) and final
scoring (<= 8).
Timings interleave the measured code and its yardstick, so machine noise hits both alike.
"""

import gc
import io
import itertools
import json
import random
import statistics
import sys
import time
import tracemalloc
from collections import deque
from collections.abc import Callable
from typing import Final

import chess
import chess.pgn

from lacerda_bot import Board, BotState, dumps, loads, new_bot, serialization, take_turn
from lacerda_bot._board.paths import eligible_tiles, nearest_tiles
from lacerda_bot._board.usable import usable_gains
from lacerda_bot._board.ways import Trip, ways
from lacerda_bot._rules.rover import best_rover_tech
from lacerda_bot.hexmap import Hex, map_index
from lacerda_bot.model import BuildingType, Gain, GainKind, Side
from lacerda_bot.options import Options
from lacerda_bot.reference import play_game
from lacerda_bot.reference._simulate import game_seeds, run_batch, summarise
from lacerda_bot.reference._table import percentile, questions_per_step
from lacerda_bot.table import (
    Answer,
    Question,
    QuestionKind,
    Step,
    StepKind,
    new_game,
    replay,
    run_step,
)
from lacerda_bot.table._game.session import (
    dumps_game,
    loads_game,
    record,
    table_options,
)
from lacerda_bot.testing import (
    apply,
    building,
    hex_map,
    reference_board,
    small_board,
    tile,
)


def chess_random_game(seed: int) -> int:
    """A python-chess game of uniformly random legal moves, to the end; its ply count."""
    rng = random.Random(seed)
    board = chess.Board()
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return board.ply()


def plain_bfs(hexes: frozenset[Hex], start: Hex) -> dict[Hex, int]:
    """The simplest breadth-first search over a map: the yardstick of a turn."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in here.neighbours():
            if nxt in hexes and nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


Pair = tuple[int, int]


def neighbour_dict(hexes: frozenset[Hex]) -> dict[Pair, tuple[Pair, ...]]:
    """Each map hex as a ``(q, r)`` tuple with its neighbours on the map (precomputed)."""
    pairs = {(h.q, h.r) for h in hexes}
    offsets = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    return {
        (q, r): tuple(
            (q + dq, r + dr) for dq, dr in offsets if (q + dq, r + dr) in pairs
        )
        for q, r in pairs
    }


def bare_bfs(neighbours: dict[Pair, tuple[Pair, ...]], start: Pair) -> dict[Pair, int]:
    """The floor of a Python breadth-first search: the yardstick of a turn."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        d = seen[here] + 1
        for nxt in neighbours[here]:
            if nxt not in seen:
                seen[nxt] = d
                queue.append(nxt)
    return seen


def timed(fn: Callable[..., object], *args: object) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def games_vs_chess(count: int) -> tuple[float, float]:
    bot_time = chess_time = 0.0
    for seed in range(count):
        bot_time += timed(play_game, seed)
        chess_time += timed(chess_random_game, seed)
    return count / bot_time, count / chess_time


def positions(count: int) -> list[tuple[BotState, Board]]:
    out = []
    for seed in range(count):
        board, bot = reference_board(), new_bot(seed)
        for _ in range(seed % 20):
            outcome = take_turn(bot, board)
            board, bot = apply(board, outcome.decisions), outcome.bot
        out.append((bot, board))
    return out


def turn_vs_bfs(count: int) -> tuple[float, float, float]:
    """Median turn, median bare BFS over tuples, median BFS over Hex objects."""
    turns, bare, searches = [], [], []
    hexes = reference_board().map_hexes
    neighbours = neighbour_dict(hexes)
    for bot, board in positions(count):
        turns.append(timed(take_turn, bot, board))
        bare.append(timed(bare_bfs, neighbours, (0, 0)))
        searches.append(timed(plain_bfs, hexes, Hex(0, 0)))
    return tuple(map(statistics.median, (turns, bare, searches)))  # type: ignore[return-value]


def rover_board(radius: int) -> Board:
    far = tile("far", radius, 0, Gain(kind=GainKind.CRYSTALS, n=1))
    return small_board(
        map_hexes=hex_map(radius),
        buildings=(building(0, 0, BuildingType.MINE),),
        map_tiles=(far,),
        lacerda_rover=Hex(-radius, 0),
    )


def plan(board: Board) -> None:
    map_index.cache_clear()  # planning from cold: no search of an earlier repeat kept
    targets = eligible_tiles(
        board, board.spendable_crystals, usable_gains(board, Options())
    )
    kept, _ = nearest_tiles(targets)
    target = kept[0]
    chosen = best_rover_tech(
        steps=target.steps,
        base=2,
        own_level=lambda: 0,
        human_level=lambda: 0,
        tile_cost=lambda: 0,
        spendable=lambda: 0,
        prefer_own=True,
    )
    trip = Trip(
        map_hexes=board.map_hexes,
        start=Hex(-target.steps // 2, 0),
        target=target.tile.hex,
        length=chosen.length,
        figures=frozenset(),
        crystals=frozenset(),
    )
    ways(trip, room=0)


def rover_scaling(repeats: int) -> list[tuple[int, int, float]]:
    rows = []
    for radius in (6, 12, 24):
        board = rover_board(radius)
        samples = [timed(plan, board) for _ in range(repeats)]
        rows.append((radius, len(board.map_hexes), statistics.median(samples)))
    return rows


def crystal_board(radius: int) -> Board:
    """The worst case of the Rover's search: a Crystal on every hex of the map.

    In Orbit with nothing to take, every action fails and he moves his Rover
    (R-TURN-4) from (-R, 0) to the one tile, at (0, R): 2R steps, every one of
    the C(2R, R) shortest paths through Crystals only. He can pay to reach it and
    his Depot is full, so the Crystals he keeps are capped by the payment: every
    path keeps as many, and every one is its own way, tied (R-ROVER-6).
    """
    hexes = hex_map(radius)
    return small_board(
        side=Side.ORBIT,
        map_hexes=hexes,
        buildings=(),
        crystal_hexes=hexes,
        map_tiles=(tile("far", 0, radius, Gain(kind=GainKind.BOT)),),
        lacerda_rover=Hex(-radius, 0),
        spendable_crystals=2 * radius,
        free_depot_spaces=0,
        supply_crystals=10 * radius,
    )


def crystal_turns(repeats: int) -> list[tuple[int, int, float]]:
    """The median whole turn on :func:`crystal_board` of radius 6, 12 and 24 (warm map)."""
    rows = []
    for radius in (6, 12, 24):
        board = crystal_board(radius)
        take_turn(new_bot(0), board)  # the map's index, as a host keeping its map has
        samples = [timed(take_turn, new_bot(seed), board) for seed in range(repeats)]
        rows.append((radius, len(board.map_hexes), statistics.median(samples)))
    return rows


def json_rate(count: int) -> tuple[float, float]:
    """Saves + loads per second, and plain ``json`` round trips of the same text."""
    board, bot = reference_board(), new_bot(3)
    for _ in range(15):
        outcome = take_turn(bot, board)
        board, bot = apply(board, outcome.decisions), outcome.bot
    text = dumps(bot)
    ours = plain = 0.0
    for _ in range(count):
        ours += timed(lambda: loads(dumps(bot), BotState))
        plain += timed(lambda: json.dumps(json.loads(text)))
    return count / ours, count / plain


def table_game(steps: int) -> str:
    """A saved table game: set-up, then turns and Shuttle phases, seeded answers."""
    rng = random.Random(5)

    def answer(question: Question) -> Answer:
        if question.kind is QuestionKind.YES_NO:
            return rng.random() < 0.6
        if question.kind is QuestionKind.COUNT:
            low = max(question.low, ".free_space_count." in question.key)
            return rng.randint(low, min(question.high, low + 3))
        if question.kind is QuestionKind.BENEFITS:
            return rng.choice(("nothing", question.example))
        return rng.choice(question.choices)

    game = new_game(7)
    state, _ = replay(game)
    kinds = [StepKind.SETUP] + [StepKind.TURN, StepKind.TURN, StepKind.SHUTTLE] * steps
    for kind in kinds[:steps]:
        answers: list[tuple[str, Answer]] = []
        while (run := run_step(state, kind, answers)).question is not None:
            answers.append((run.question.key, answer(run.question)))
        state = run.state
        game = record(game, Step(kind=kind, answers=tuple(answers)))
    return dumps_game(game)


def chess_pgn(seed: int) -> str:
    """A whole python-chess game of random legal moves, saved as PGN text."""
    rng = random.Random(seed)
    board = chess.Board()
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return str(chess.pgn.Game.from_board(board))


def chess_resume(pgn: str) -> chess.Board:
    """Resume a saved chess game: parse the PGN and replay it, every move checked."""
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None
    return game.end().board()


def table_resume(steps: int, repeats: int) -> tuple[float, float, int]:
    """Seconds to load and replay a saved table game, and to resume a saved chess game.

    The yardstick is python-chess resuming a whole random game from its PGN (parse,
    replay and check every move): the same job, in code no change of ours moves.
    Returns both medians and the chess game's number of moves.
    """
    text = table_game(steps)
    pgn = chess_pgn(1)
    plies = chess_resume(pgn).ply()
    ours = [timed(loads_game, text) for _ in range(repeats)]
    chess_times = [timed(chess_resume, pgn) for _ in range(repeats)]
    return statistics.median(ours), statistics.median(chess_times), plies


def batch_memory(games: int) -> tuple[int, int, int]:
    """Memory a batch keeps after a quarter of its games and after all, and its peak.

    Tracing starts before a warm-up game, so the library's caches count. What is
    kept is measured after a full collection, which also empties CPython's free
    lists: between collections they hold up to a few MiB of freed tuples, which
    the peak includes. A leak shows as the kept figure growing with the games.
    """
    tracemalloc.start()
    summarise(run_batch(game_seeds(10_000, 1)))
    quarter = games // 4
    summary = summarise(run_batch(game_seeds(0, quarter)))
    gc.collect()
    kept_quarter = tracemalloc.get_traced_memory()[0]
    summary = summarise(run_batch(game_seeds(quarter, games - quarter)))
    peak = tracemalloc.get_traced_memory()[1]
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert summary.games == games - quarter
    return kept, kept_quarter, peak


def main(quick: bool = False) -> None:
    scale = 0.2 if quick else 1.0
    print("| benchmark | measured | yardstick | ratio | target |")
    print("|---|---|---|---|---|")
    bot_rate, chess_rate = games_vs_chess(int(60 * scale) or 5)
    print(
        f"| games per second | {bot_rate:.1f} reference games/s | {chess_rate:.1f} chess random games/s | {bot_rate / chess_rate:.2f}x | >= 1.5x (long term 4x) |"
    )
    turn, bare, bfs = turn_vs_bfs(int(400 * scale))
    print(
        f"| one Lacerda turn (median) | {turn * 1e6:.0f} us | {bare * 1e6:.0f} us per bare BFS over (q, r) tuples | {turn / bare:.2f}x | <= 3x |"
    )
    print(
        f"| one Lacerda turn (median), old yardstick | {turn * 1e6:.0f} us | {bfs * 1e6:.0f} us per BFS over Hex objects | {turn / bfs:.2f}x | |"
    )
    rows = rover_scaling(int(50 * scale) or 5)
    for (r0, n0, t0), (r1, n1, t1) in itertools.pairwise(rows):
        growth, hexes = t1 / t0, n1 / n0
        print(
            f"| Rover planning, radius {r0} -> {r1} | x{growth:.2f} time | x{hexes:.2f} hexes | {growth / hexes:.2f} | <= 1.5 |"
        )
    worst = crystal_turns(int(40 * scale) or 5)
    for (r0, n0, t0), (r1, n1, t1) in itertools.pairwise(worst):
        growth, hexes = t1 / t0, n1 / n0
        print(
            f"| Rover worst case (a Crystal on every hex), one turn, radius {r0} -> {r1} | x{growth:.2f} time | x{hexes:.2f} hexes | {growth / hexes:.2f} | <= 1.5 |"
        )
    print(
        f"| Rover worst case, one turn at radius 24 ({worst[-1][1]} hexes) | {worst[-1][2] * 1e3:.1f} ms | | | < 50 ms |"
    )
    rate, plain = json_rate(int(20_000 * scale))
    print(
        f"| JSON save + load, mid-game bot state ({'orjson' if serialization._ORJSON else 'stdlib json'}) | {rate:,.0f}/s | {plain:,.0f}/s plain json round trips | {rate / plain:.2f}x | >= 1x |"
    )
    print(
        f"| JSON save + load, mid-game bot state (absolute) | {rate:,.0f}/s | | | >= 20,000/s |"
    )
    games = int(1000 * scale)
    kept, kept_quarter, peak = batch_memory(games)
    growth = kept - kept_quarter
    print(
        f"| memory kept by a batch | {growth:+,} bytes from game {games // 4} to {games} ({kept / 1024:.0f} KiB kept in all) | {peak / 1024:.0f} KiB peak in use | {growth / peak:.4f} | ~0 (no growth) |"
    )
    resume, chess_resume_time, plies = table_resume(49, int(20 * scale) or 3)
    print(
        f"| table companion: resume a 49-step save | {resume * 1e3:.1f} ms | {chess_resume_time * 1e3:.1f} ms to resume a {plies}-ply chess game from PGN | {resume / chess_resume_time:.2f}x | < 1 s |"
    )

    questions_table(int(100 * scale) or 10)


QUESTION_TARGETS: Final = {
    StepKind.SETUP: "",
    StepKind.TURN: "median <= 2, 90th <= 4",
    StepKind.SHUTTLE: "median <= 2",
    StepKind.LEVEL_UP: "most <= 3",
    StepKind.TECH: "",
    StepKind.SCORE: "",  # your score is asked by category (R-SCORE-1)
}
ARRIVAL_TARGETS: Final = {"stays": "", "orbit": "", "colony": "most <= 4"}


def questions_table(games: int) -> None:
    """Questions per step of the table companion, answered from the reference board:
    with a table game's options (the player places among equals) and with cards."""
    for label, options in (
        ("a table game's options: tie_policy=chosen", table_options()),
        ("tie_policy=cards", Options()),
    ):
        counts = questions_per_step(range(games), options=options)
        print()
        print(
            f"Questions per step at the table ({games} reference games, perfect "
            f"answers; {label})"
        )
        print()
        print("| step | steps | median | 90th | most | target |")
        print("|---|---|---|---|---|---|")
        for kind, target in QUESTION_TARGETS.items():
            played = counts.of(kind)
            print(
                f"| {kind.value} | {len(played)} | {counts.median(kind):g} | "
                f"{counts.percentile(kind, 90)} | {counts.most(kind)} | {target} |"
            )
        for where, target in ARRIVAL_TARGETS.items():
            arrived = counts.arriving(where)
            if arrived:
                print(
                    f"| shuttle, {where} | {len(arrived)} | "
                    f"{statistics.median(arrived):g} | {percentile(arrived, 90)} | "
                    f"{max(arrived)} | {target} |"
                )


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
