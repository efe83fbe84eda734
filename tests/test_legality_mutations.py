"""Mutated real decisions: why_illegal refuses each one the board cannot carry out.

The decisions of whole reference games (with the boards just before them) are
mutated one field at a time, to another value of the field's type. A mutant must
either be refused by why_illegal (and then by testing.apply, with that reason),
or change the board exactly as the original does, or be one an independent oracle
says the board can carry out. The oracle below restates the board-level rules
from the spec with brute force (every shortest path, every Complex by flood fill),
sharing no code with the library's checks, so a check missing from why_illegal
shows up as a mutant whose effect differs and the oracle refuses.
"""

import functools
import types
import typing
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import (
    Board,
    BotState,
    CallKind,
    Decision,
    IllegalDecisionError,
    Options,
    Outcome,
    colony_level_up,
    human_used_tech,
    setup,
    shuttle_phase,
    take_turn,
)
from lacerda_bot._board.effects import apply_decision
from lacerda_bot.decisions import (
    BuildShelter,
    ChooseLssReward,
    CollectTile,
    Construct,
    CrystalSource,
    DevelopTech,
    GainCrystals,
    HireScientist,
    LearnTech,
    MoveRover,
    ObtainBlueprint,
    PayCrystals,
    PlaceColonist,
    PlaceDiscoveryTile,
    RelocateRover,
    StartingSpace,
    TakeContract,
    TakeWarehouseItem,
    Travel,
    Upgrade,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    Action,
    BuildingType,
    Gain,
    GainKind,
    LssReward,
    Owner,
    Side,
    TechType,
)
from lacerda_bot.options import (
    ComplexTechThreshold,
    ImpossibleBenefit,
    StandaloneRule,
)
from lacerda_bot.reference import play_game
from lacerda_bot.testing import apply, why_illegal

from .helpers_legality import CASES

_Real = tuple[Board, Decision, Options]
_CALLS: dict[CallKind, Callable[[BotState, Board], Outcome]] = {
    CallKind.SETUP: setup,
    CallKind.TAKE_TURN: take_turn,
    CallKind.SHUTTLE_PHASE: shuttle_phase,
    CallKind.COLONY_LEVEL_UP: colony_level_up,
}
GAMES = (
    (0, Options()),
    (
        1,
        Options(
            standalone_rule=StandaloneRule.ANY,
            complex_tech_threshold=ComplexTechThreshold.RESULTING,
            impossible_benefit=ImpossibleBenefit.ROVER,
            discovery_site_allows_crystal=True,
            lacerda_places_miner=False,
        ),
    ),
    (2, Options(rover_base_movement=1, prefer_own_tech=False)),
)


class _Calls:
    """Watches a reference game: every call, with the bot and board it is made on."""

    def __init__(self) -> None:
        self.calls: list[tuple[CallKind, BotState, Board, TechType | None]] = []

    def call(
        self, kind: CallKind, bot: BotState, board: Board, tech: TechType | None
    ) -> None:
        self.calls.append((kind, bot, board, tech))

    def scoring(self, board: Board, human_total: int, goal: object) -> None:
        """No decision is made at scoring."""


@functools.cache
def real_decisions() -> dict[type, tuple[_Real, ...]]:
    """Each decision of the reference games, with the board just before it, by type."""
    found: dict[type, list[_Real]] = {}
    for seed, options in GAMES:
        watch = _Calls()
        play_game(seed, options=options, watch=watch)
        for kind, bot, board, tech in watch.calls:
            if kind is CallKind.HUMAN_USED_TECH:
                assert tech is not None
                outcome = human_used_tech(bot, board, tech)
            else:
                outcome = _CALLS[kind](bot, board)
            here = board
            for decision in outcome.decisions:
                found.setdefault(type(decision), []).append((here, decision, options))
                here = apply(here, (decision,), options=options)
    return {kind: tuple(items) for kind, items in found.items()}


def test_the_games_make_most_kinds_of_decision() -> None:
    """The pool holds the decision types with fields a board can contradict."""
    kinds = {k.__name__ for k in real_decisions()}

    assert {
        "Construct",
        "MoveRover",
        "GainCrystals",
        "LearnTech",
        "ObtainBlueprint",
        "TakeContract",
        "Travel",
        "PlaceDiscoveryTile",
        "TakeWarehouseItem",
    } <= kinds


# --- mutations --------------------------------------------------------------------


def _ids(board: Board) -> list[str]:
    """Every id on *board* a decision may name, and one that names nothing."""
    ids = [t.tile.id for t in board.map_tiles] + [t.id for t in board.exploration_tiles]
    ids += [t.id for t in board.tech_grid]
    ids += [d.blueprint.id for d in board.blueprint_display]
    ids += [b.blueprint.id for b in board.lacerda_blueprints]
    ids += [c.id for c in board.contract_display]
    ids += [s.id for s in board.turn_order_spaces] + [m.id for m in board.missions]
    ids += [s.id for s in board.lab_spaces]
    return [*ids, "nope"]


def _hexes(board: Board) -> st.SearchStrategy[Hex]:
    near = sorted(board.map_hexes)
    return st.sampled_from(near) | st.builds(
        Hex, st.integers(-7, 7), st.integers(-7, 7)
    )


def _paths(board: Board, old: object) -> st.SearchStrategy[tuple[Hex, ...]]:
    """Paths like *old*: one hex dropped, replaced by a neighbour, or added; or new."""
    path = old if isinstance(old, tuple) else ()
    options: list[st.SearchStrategy[tuple[Hex, ...]]] = [
        st.lists(_hexes(board), max_size=4).map(tuple)
    ]
    if path:
        at = st.integers(0, len(path) - 1)
        options.append(at.map(lambda i: path[:i] + path[i + 1 :]))
        options.append(
            st.tuples(at, st.integers(0, 5)).map(
                lambda p: (
                    *path[: p[0]],
                    path[p[0]].neighbours()[p[1]],
                    *path[p[0] + 1 :],
                )
            )
        )
        options.append(st.just(path[:-1]))
        options.append(st.just(tuple(reversed(path))))
    options.append(_hexes(board).map(lambda h: (*path, h)))
    return st.one_of(options)


def values_like(hint: object, old: object, board: Board) -> st.SearchStrategy[Any]:
    """Another value of the type *hint* (a decision field's annotation)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(
            [
                values_like(a, old, board)
                for a in typing.get_args(hint)
                if not isinstance(a, typing.TypeVar)
            ]
        )
    if origin is tuple:
        item = typing.get_args(hint)[0]
        if item is Hex:
            return _paths(board, old)
        return st.lists(st.integers(0, 5), max_size=3).map(tuple)
    if hint is type(None):
        return st.none()
    if getattr(hint, "__supertype__", None) is str:
        return st.sampled_from(_ids(board))
    if hint is bool:
        return st.booleans()
    if hint is int:
        base = old if type(old) is int else 0
        return st.integers(base - 2, base + 3)
    if hint is Hex:
        neighbours = list(old.neighbours()) if isinstance(old, Hex) else []
        return _hexes(board) | (
            st.sampled_from(neighbours) if neighbours else st.nothing()
        )
    if hint is str:
        return st.text(max_size=3)
    if hint is Gain:
        return st.sampled_from(
            [Gain(kind=GainKind.BOT), Gain(kind=GainKind.CRYSTALS, n=2)]
        )
    assert isinstance(hint, type), hint
    return st.sampled_from(list(cast(Any, hint)))


@st.composite
def mutants(draw: st.DrawFn) -> tuple[Board, Decision, Decision, Options]:
    """A real decision, its board and options, and the decision with one field changed."""
    pool = real_decisions()
    kinds = sorted(
        (k for k in pool if any(f.name != "trace" for f in attrs.fields(k))),
        key=lambda k: k.__name__,
    )
    kind = draw(st.sampled_from(kinds))
    board, decision, options = draw(st.sampled_from(pool[kind]))
    field = draw(st.sampled_from([f for f in attrs.fields(kind) if f.name != "trace"]))
    old = getattr(decision, field.name)
    new = draw(values_like(field.type, old, board).filter(lambda v: v != old))
    mutant = attrs.evolve(cast(Any, decision), **{field.name: new})
    return board, decision, mutant, options


@given(mutants())
def test_a_mutated_real_decision_is_refused_or_can_be_carried_out(
    mutated: tuple[Board, Decision, Decision, Options],
) -> None:
    """One field changed: why_illegal refuses it, or it is harmless, or legal by the oracle."""
    board, original, mutant, options = mutated
    reason = why_illegal(board, mutant, options)

    if reason:
        with pytest.raises(IllegalDecisionError) as info:
            apply(board, (mutant,), options=options)
        assert info.value.reason == reason
        return
    after = apply(board, (mutant,), options=options)
    same = after == apply_decision(board, original, gains_spendable=True)
    assert same or can_carry_out(board, mutant, options), (
        f"why_illegal accepts {mutant!r}, whose effect differs from {original!r}"
    )


@pytest.mark.parametrize(
    "name",
    [
        "LearnTech.tech: a Rover tile as a Mine Tech",
        "TakeContract.kind: another kind",
        "MoveRover.crystal_hexes: a Crystal 5 hexes off the path",
        "Travel.space: to Orbit onto a Colony space",
        "TakeWarehouseItem.item: an empty stock",
        "ObtainBlueprint.blueprint",
        "Construct.hex: stand-alone too far R-BUILD-8",
        "PlaceDiscoveryTile.hex: not farthest",
        "RelocateRover.to_hex",
        "GainCrystals.kept: too few",
    ],
)
def test_the_oracle_is_no_rubber_stamp(name: str) -> None:
    """The oracle refuses the example contradictions that change the board wrongly."""
    case = next(c for c in CASES if c.name == name)

    assert not can_carry_out(case.board, case.decision, case.options or Options())


# --- the oracle: what a board can carry out, restated with brute force -----------------------


def _bfs(board: Board, start: Hex) -> dict[Hex, int]:
    """``steps`` over the map's hexes from *start*."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for n in here.neighbours():
            if n in board.map_hexes and n not in seen:
                seen[n] = seen[here] + 1
                queue.append(n)
    return seen


def _start(board: Board) -> Hex:
    return board.lacerda_rover or board.initial_mine_hex


def _figures(board: Board) -> set[Hex]:
    found = {f.hex for f in board.figures}
    return found | ({board.human_rover} if board.human_rover else set())


def _components(hexes: set[Hex]) -> list[set[Hex]]:
    groups: list[set[Hex]] = []
    left = set(hexes)
    while left:
        group, todo = set(), [left.pop()]
        while todo:
            h = todo.pop()
            group.add(h)
            for n in h.neighbours():
                if n in left:
                    left.discard(n)
                    todo.append(n)
        groups.append(group)
    return groups


def _same_type(board: Board, kind: BuildingType, owner: Owner | None) -> set[Hex]:
    return {
        b.hex
        for b in board.buildings
        if b.type is kind and (kind is not BuildingType.SHELTER or b.owner is owner)
    }


def _site_legal(
    board: Board, kind: BuildingType, at: Hex, options: Options, owner: Owner | None
) -> bool:
    """R-BUILD-4..8 by flood fill."""
    if at not in board.map_hexes or any(b.hex == at for b in board.buildings):
        return False
    same = _same_type(board, kind, owner)
    touching = [g for g in _components(same) if any(n in g for n in at.neighbours())]
    if not touching:
        rule = options.standalone_rule
        return (
            not same
            or rule is StandaloneRule.ANY
            or any(
                (abs(at.q - h.q) + abs(at.r - h.r) + abs(at.q + at.r - h.q - h.r)) // 2
                == 2
                for h in same
            )
        )
    need = sum(len(g) for g in touching)
    if options.complex_tech_threshold is ComplexTechThreshold.RESULTING:
        need += 1
    tech = TechType(kind.value)
    levels = [t.level for t in board.lacerda_techs if t.tech is tech]
    if kind is not BuildingType.SHELTER:
        levels += [t.level for t in board.human_techs if t.tech is tech]
    return max(levels, default=0) >= need


def _construct(board: Board, d: Construct, options: Options) -> bool:
    kind = d.building
    if kind is BuildingType.SHELTER:
        return False
    if kind is not BuildingType.MINE and not (
        board.lss_markers.level(kind) < board.colony_level
    ):
        return False
    miner = kind is BuildingType.MINE and options.lacerda_places_miner
    return d.miner is miner and _site_legal(board, kind, d.hex, options, None)


def _shelter(board: Board, d: BuildShelter, options: Options) -> bool:
    return board.shelters_left > 0 and _site_legal(
        board, BuildingType.SHELTER, d.hex, options, Owner.LACERDA
    )


def _upgrade(board: Board, d: Upgrade, options: Options) -> bool:
    held = [b for b in board.lacerda_blueprints if b.blueprint.id == d.blueprint]
    on = [b for b in board.buildings if b.hex == d.hex]
    if not held or held[0].used or not on:
        return False
    card, target = held[0].blueprint, on[0]
    owner = Owner.LACERDA if card.building is BuildingType.SHELTER else None
    if target.type is not card.building or target.upgraded_by is not None:
        return False
    if card.building is BuildingType.SHELTER and target.owner is not Owner.LACERDA:
        return False
    group = next(
        g for g in _components(_same_type(board, card.building, owner)) if d.hex in g
    )
    return card.level == 1 or len(group) >= 3


def _shortest_paths(board: Board, start: Hex, target: Hex) -> Iterator[tuple[Hex, ...]]:
    away = _bfs(board, target)
    if start not in away:
        return

    def walk(here: Hex, path: tuple[Hex, ...]) -> Iterator[tuple[Hex, ...]]:
        if here == target:
            yield path
            return
        for n in here.neighbours():
            if away.get(n) == away[here] - 1:
                yield from walk(n, (*path, n))

    yield from walk(start, ())


def _move(board: Board, d: MoveRover, options: Options) -> bool:
    """R-ROVER-5..7: the mutant's path is some shortest path, cut where the rules cut it."""
    tiles = [t for t in board.map_tiles if t.tile.id == d.target]
    figures = _figures(board)
    if not tiles or tiles[0].hex in figures:
        return False
    for full in _shortest_paths(board, _start(board), tiles[0].hex):
        if d.reached:
            cut = full if len(full) <= d.allowance + d.crystals_paid else None
        else:
            reach = min(d.allowance, len(full))
            stops = [i for i in range(1, reach + 1) if full[i - 1] not in figures]
            cut = full[: max(stops, default=0)]
            if cut == full:
                cut = None
        if cut is not None and cut == d.path:
            return d.crystal_hexes == tuple(h for h in cut if h in board.crystal_hexes)
    return False


def _relocate(board: Board, d: RelocateRover, options: Options) -> bool:
    """R-BUILD-4, as 1.2 read it (no building, no figure) or as 1.3 does (available)."""
    rover = board.lacerda_rover
    if rover is None or d.from_hex != rover:
        return False
    built = {b.hex for b in board.buildings}
    if rover not in built:
        return False
    figures = _figures(board) | {rover}
    things = {t.hex for t in board.map_tiles} | set(board.crystal_hexes)
    away = _bfs(board, rover)

    def nearest(ok: Callable[[Hex], bool]) -> set[Hex]:
        free = {h: n for h, n in away.items() if ok(h)}
        best = min(free.values(), default=None)
        return {h for h, n in free.items() if n == best}

    old = nearest(lambda h: h not in built and h not in figures)
    new = nearest(lambda h: h not in figures and (h in built or h not in things))
    return d.to_hex in old | new


def _discovery(board: Board, d: PlaceDiscoveryTile, options: Options) -> bool:
    """R-SHUTTLE-6 over every map hex."""
    mine = board.initial_mine_hex
    his, human = board.lacerda_rover or mine, board.human_rover or mine

    def dist(a: Hex, b: Hex) -> int:
        return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.q + a.r - b.q - b.r)) // 2

    taken = {b.hex for b in board.buildings} | {t.hex for t in board.map_tiles}
    taken |= _figures(board)
    if board.lacerda_rover is not None:
        taken.add(board.lacerda_rover)
    if not options.discovery_site_allows_crystal:
        taken |= board.crystal_hexes
    empty = [h for h in board.map_hexes if dist(h, his) == 3 and h not in taken]
    far = max((dist(h, human) for h in empty), default=None)
    sites = {h for h in empty if dist(h, human) == far}
    if d.hex is None:
        return not board.exploration_tiles or not sites
    return bool(board.exploration_tiles) and d.hex in sites


def _learn(board: Board, d: LearnTech, options: Options) -> bool:
    grid = [t for t in board.tech_grid if t.id == d.grid_tile and t.tech is d.tech]
    free = [s for s in board.lab_spaces if s.column == 1 and s.tech is None]
    owned = {s.tech for s in board.lab_spaces}
    top = min(free, key=lambda s: s.position).id if free else None
    return bool(grid) and d.tech not in owned and d.lab_space == top


def _develop(board: Board, d: DevelopTech, options: Options) -> bool:
    spaces = {s.id: s for s in board.lab_spaces}
    for at in board.lab_spaces:
        if at.tech is d.tech:
            entered = spaces.get(d.space)
            return (
                at.column == d.from_level
                and d.to_level == d.from_level + 1
                and d.space in at.touches
                and entered is not None
                and entered.tech is None
                and entered.column == at.column + 1
            )
    return False


def _gain(board: Board, d: GainCrystals, options: Options) -> bool:
    off_supply = d.source in (CrystalSource.ROVER_PATH, CrystalSource.WAREHOUSE)
    supply = d.requested if off_supply else board.supply_crystals
    return d.requested >= 0 and d.kept == max(
        0, min(d.requested, board.free_depot_spaces, supply)
    )


_ACTIONS = {
    Side.ORBIT: {
        Action.OBTAIN_BLUEPRINT,
        Action.LEARN_TECH,
        Action.RESEARCH_DEVELOPMENT,
    },
    Side.COLONY: {Action.CONSTRUCT, Action.UPGRADE, Action.HIRE_OR_CONTRACT},
}


def _place(board: Board, d: PlaceColonist, options: Options) -> bool:
    hire = d.action is Action.HIRE_OR_CONTRACT and board.colonist_on_hire_slot
    return (
        d.action in _ACTIONS[board.side]
        and d.action is not Action.LEARN_TECH
        and not hire
    )


def _lss(board: Board, d: ChooseLssReward, options: Options) -> bool:
    offers = [o.rewards for o in board.lss_rewards if o.building is d.building]
    offered = offers[0] if offers else tuple(LssReward)
    order = [LssReward.CRYSTAL, LssReward.RETRIEVE_COLONIST]
    if board.colonist_on_hire_slot:
        order.reverse()
    wanted = next((r for r in order if r in offered), None)
    return (
        d.building is not BuildingType.MINE
        and d.building is not BuildingType.SHELTER
        and d.reward is wanted
    )


_ORACLES: dict[type, Callable[[Board, Any, Options], bool]] = {
    Construct: _construct,
    BuildShelter: _shelter,
    Upgrade: _upgrade,
    MoveRover: _move,
    RelocateRover: _relocate,
    PlaceDiscoveryTile: _discovery,
    LearnTech: _learn,
    DevelopTech: _develop,
    GainCrystals: _gain,
    PlaceColonist: _place,
    ChooseLssReward: _lss,
    StartingSpace: lambda b, d, o: (
        any(s.id == d.space and s.side is d.side for s in b.turn_order_spaces)
        and d.space in b.first_colonist_tiles
    ),
    Travel: lambda b, d, o: (
        d.side is not b.side
        and b.shuttle_departs
        and b.shuttle_from is b.side
        and any(
            s.id == d.space and s.side is d.side and not s.occupied
            for s in b.turn_order_spaces
        )
    ),
    PayCrystals: lambda b, d, o: 0 <= d.amount <= b.spendable_crystals,
    ObtainBlueprint: lambda b, d, o: (
        b.free_advanced_markers > 0
        and any(s.blueprint.id == d.blueprint for s in b.blueprint_display)
    ),
    HireScientist: lambda b, d, o: (
        not b.colonist_on_hire_slot
        and len(b.lacerda_scientists) < 2
        and any(
            s.slot == d.slot and s.scientist is d.scientist for s in b.scientist_display
        )
    ),
    TakeContract: lambda b, d, o: (
        not b.colonist_on_hire_slot
        and any(
            c.slot == d.slot and c.id == d.contract and c.kind is d.kind
            for c in b.contract_display
        )
    ),
    CollectTile: lambda b, d, o: any(
        t.tile.id == d.tile and t.hex == _start(b) and t.tile.requirement_met
        for t in b.map_tiles
    ),
    TakeWarehouseItem: lambda b, d, o: any(
        s.item is d.item and s.units > 0 for s in b.warehouse
    ),
}


def can_carry_out(board: Board, decision: Decision, options: Options) -> bool:
    """Whether *board* can carry out *decision* (the oracle; False where it has no rule)."""
    oracle = _ORACLES.get(type(decision))
    return oracle is not None and oracle(board, decision, options)


def test_the_oracle_passes_every_real_decision() -> None:
    """Every real decision of the games is one the oracle says the board can carry out."""
    for kind, items in real_decisions().items():
        if kind in _ORACLES:
            for board, decision, options in items:
                assert can_carry_out(board, decision, options), decision
