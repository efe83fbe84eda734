"""Hypothesis strategies for the library's values: boards, bot states, options.

Public through :mod:`lacerda_bot.conformance`, which checks that hypothesis is
installed first. One strategy per public type, named after it in the plural;
:func:`host_states` draws *rule-consistent* boards (everything on the map, no
overlaps, ids unique), the kind a host meets in play.
"""

from hypothesis import strategies as st

from lacerda_bot._board.board import Board, check_board
from lacerda_bot._deck import MAX_SEED
from lacerda_bot._state import BotState, new_bot
from lacerda_bot.hexmap import Hex
from lacerda_bot.host import HostState
from lacerda_bot.lab import staggered
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    ContractKind,
    FigureKind,
    Gain,
    GainKind,
    HostId,
    Item,
    MissionSlot,
    Owner,
    Scientist,
    Side,
    TechType,
    TileKind,
)
from lacerda_bot.options import (
    ComplexTechThreshold,
    ImpossibleBenefit,
    NoScientistFallback,
    Options,
    StandaloneRule,
    TiePolicy,
    UnknownGain,
)
from lacerda_bot.records import (
    AdvancedCount,
    Blueprint,
    Building,
    ContractSlot,
    DisplayedBlueprint,
    Figure,
    GridTile,
    HeldBlueprint,
    HumanTech,
    LabSpace,
    LssMarkers,
    MapTile,
    Mission,
    Occupancy,
    ScientistSlot,
    Stock,
    Tile,
    TurnOrderSpace,
)
from lacerda_bot.testing import hex_map

__all__ = [
    "bot_states",
    "gains",
    "hexes",
    "host_states",
    "options",
    "seeds",
]

_SMALL = st.integers(0, 3)


def seeds() -> st.SearchStrategy[int]:
    """Every seed :func:`~lacerda_bot.new_bot` accepts (R-DECK-1)."""
    return st.integers(0, MAX_SEED - 1)


def hexes(radius: int = 3) -> st.SearchStrategy[Hex]:
    """Hexes with both axial coordinates within *radius* of 0 (on the map or not)."""
    return st.builds(Hex, st.integers(-radius, radius), st.integers(-radius, radius))


def options() -> st.SearchStrategy[Options]:
    """Every combination of the options of spec §3; ``OTHER`` gains are skipped."""
    return st.builds(
        Options,
        tie_policy=st.sampled_from(TiePolicy),
        rover_base_movement=st.integers(0, 3),
        bot_benefit_steps=st.sampled_from((1, 2)),
        complex_tech_threshold=st.sampled_from(ComplexTechThreshold),
        standalone_rule=st.sampled_from(StandaloneRule),
        placement_cost_per_colonist=st.integers(0, 2),
        same_call_gains_spendable=st.booleans(),
        discovery_site_allows_crystal=st.booleans(),
        blueprint_fallback_any_type=st.booleans(),
        no_scientist_fallback=st.sampled_from(NoScientistFallback),
        impossible_benefit=st.sampled_from(ImpossibleBenefit),
        starting_space_benefit=st.booleans(),
        prefer_own_tech=st.booleans(),
        lacerda_places_miner=st.booleans(),
        shelter_moves_pointer=st.booleans(),
        tie_reshuffle_counts_as_pass=st.booleans(),
        unknown_gain=st.just(UnknownGain.SKIP),
    )


def gains() -> st.SearchStrategy[Gain]:
    """Gains of every kind; ``OTHER`` carries the host's words, or none."""
    counted = st.builds(
        Gain,
        kind=st.sampled_from((GainKind.CRYSTALS, GainKind.DEVELOP, GainKind.ROVER)),
        n=st.integers(1, 3),
    )
    plain = st.builds(
        Gain,
        kind=st.sampled_from(
            (
                GainKind.WAREHOUSE,
                GainKind.TECH,
                GainKind.COLONIST,
                GainKind.BOT,
                GainKind.BLUEPRINT,
                GainKind.RESOURCES,
                GainKind.UPGRADE,
                GainKind.SHIP,
            )
        ),
    )
    construct = st.builds(
        Gain,
        kind=st.just(GainKind.CONSTRUCT),
        building=st.none() | st.sampled_from(BuildingType),
    )
    words = st.text(max_size=5)
    other = st.builds(Gain, kind=st.just(GainKind.OTHER), description=words)
    return st.one_of(counted, plain, construct, other)


_GAINS = gains()


def bot_states() -> st.SearchStrategy[BotState]:
    """A new bot (:func:`~lacerda_bot.new_bot`) for any seed and options."""
    return st.builds(new_bot, seeds(), options())


@st.composite
def host_states(draw: st.DrawFn, *, max_radius: int = 4) -> Board:
    """A rule-consistent board: everything on the map, no overlaps, ids unique."""
    gain = _GAINS
    radius = draw(st.integers(1, max_radius))
    full = sorted(hex_map(radius))
    rng = draw(st.randoms(use_true_random=False))
    holes = set(rng.sample(full, rng.randint(0, len(full) // 5)))
    on_map = [h for h in full if h not in holes or h == Hex(0, 0)]
    free = list(on_map)
    rng.shuffle(free)
    buildings = _buildings(draw, free[: draw(st.integers(1, max(1, len(free) // 3)))])
    built = {b.hex for b in buildings}
    empty = [h for h in free if h not in built]
    # each Scientist exists once: his (first two) and the display (after) never overlap
    scientists = tuple(draw(st.permutations(list(Scientist))))
    shown = draw(st.integers(0, 3))
    n_tiles = draw(st.integers(0, min(6, len(empty))))
    tile_hexes, rest = empty[:n_tiles], empty[n_tiles:]
    rover_hexes = draw(
        st.lists(st.none() | st.sampled_from(on_map), min_size=2, max_size=2)
    )
    level = draw(st.integers(1, 4))
    spaces = tuple(
        TurnOrderSpace(
            id=HostId(f"S{n}"),
            side=Side.ORBIT if n <= 4 else Side.COLONY,
            number=n,
            gains=tuple(draw(st.lists(gain, max_size=1))),
            occupied=draw(st.booleans()),
        )
        for n in range(1, 9)
    )
    lab = _lab(draw, gain)
    columns = max((sp.column for sp in lab), default=0)
    board = Board(
        side=draw(st.sampled_from(Side)),
        colony_level=level,
        lss_markers=draw(
            st.builds(
                LssMarkers,
                generator=_SMALL,
                water_extractor=_SMALL,
                greenhouse=_SMALL,
                oxygen_condenser=_SMALL,
            )
        ),
        map_hexes=frozenset(on_map),
        initial_mine_hex=Hex(0, 0),
        buildings=tuple(sorted(buildings, key=lambda b: (b.hex.r, b.hex.q))),
        figures=tuple(
            Figure(hex=h, kind=FigureKind.BOT, owner=draw(st.sampled_from(Owner)))
            for h in draw(st.lists(st.sampled_from(on_map), max_size=2, unique=True))
        ),
        lacerda_rover=rover_hexes[0],
        human_rover=rover_hexes[1],
        crystal_hexes=frozenset(
            draw(st.lists(st.sampled_from(rest), max_size=5)) if rest else ()
        ),
        map_tiles=tuple(
            MapTile(
                hex=h,
                tile=Tile(
                    id=HostId(f"t{i}"),
                    kind=draw(st.sampled_from(TileKind)),
                    crystal_cost=draw(st.integers(0, 2)),
                    requirement_met=draw(st.booleans()),
                    reward=tuple(draw(st.lists(gain, min_size=1, max_size=2))),
                ),
            )
            for i, h in enumerate(tile_hexes)
        ),
        exploration_tiles=tuple(
            Tile(
                id=HostId(f"d{i}"),
                kind=TileKind.DISCOVERY,
                reward=(Gain(kind=GainKind.BOT),),
            )
            for i in range(draw(st.integers(0, 2)))
        ),
        tech_grid=_grid(draw),
        lab_spaces=lab,
        lab_columns=columns,
        human_techs=tuple(
            HumanTech(tech=t, level=draw(st.integers(0, 6)))
            for t in draw(st.lists(st.sampled_from(TechType), unique=True, max_size=4))
        ),
        own_upgrade_capacity=draw(st.integers(1, 3)),
        human_upgrade_capacity=draw(st.integers(1, 3)),
        blueprint_display=_display(draw),
        lacerda_blueprints=tuple(
            HeldBlueprint(
                blueprint=Blueprint(
                    id=HostId(f"h{i}"),
                    building=draw(st.sampled_from(BuildingType)),
                    level=draw(st.sampled_from((1, 3))),
                ),
                used=draw(st.booleans()),
            )
            for i in range(draw(st.integers(0, 3)))
        ),
        human_blueprints=tuple(
            draw(st.lists(st.sampled_from(BuildingType), max_size=3))
        ),
        free_advanced_markers=draw(st.integers(0, 3)),
        scientist_display=tuple(
            ScientistSlot(slot=i, scientist=s)
            for i, s in enumerate(scientists[2 : 2 + shown])
        ),
        lacerda_scientists=scientists[: draw(st.integers(0, 2))],
        colonist_on_hire_slot=draw(st.booleans()),
        contract_display=tuple(
            ContractSlot(slot=i, id=HostId(f"c{i}"), kind=k)
            for i, k in enumerate(
                draw(st.lists(st.sampled_from(ContractKind), max_size=3))
            )
        ),
        contract_crystal_cost=draw(st.integers(0, 2)),
        colonists_present=draw(
            st.builds(
                Occupancy,
                obtain_blueprint=_SMALL,
                research_development=_SMALL,
                construct=_SMALL,
                upgrade=_SMALL,
                hire_or_contract=_SMALL,
            )
        ),
        warehouse=tuple(Stock(item=i, units=draw(st.integers(0, 2))) for i in Item),
        turn_order_spaces=spaces,
        first_colonist_tiles=tuple(s.id for s in spaces if s.number not in (1, 5)),
        lacerda_space=draw(st.none() | st.sampled_from([s.id for s in spaces])),
        shuttle_departs=draw(st.booleans()),
        shuttle_from=draw(st.sampled_from(Side)),
        op_track=draw(st.integers(0, 60)),
        progress_cubes=draw(st.integers(0, 5)),
        # the OP under each column of his Lab (V21): one value per column
        lab_column_values=tuple(
            draw(st.lists(st.integers(0, 5), min_size=columns, max_size=columns))
        ),
        living_quarters_top=draw(st.integers(0, 12)),
        advanced_buildings_on_mars=tuple(
            AdvancedCount(building=b, count=draw(st.integers(0, 4)))
            for b in draw(
                st.lists(st.sampled_from(BuildingType), unique=True, max_size=3)
            )
        ),
        ships_in_hangar=draw(st.integers(0, 5)),
        lacerda_contracts=tuple(
            draw(st.lists(st.sampled_from(ContractKind), max_size=3))
        ),
        missions=tuple(
            Mission(
                slot=s,
                id=HostId(f"m{s.value}"),
                completed=draw(st.booleans()),
                crystals=draw(st.integers(0, 2)),
            )
            for s in MissionSlot
        ),
        spendable_crystals=draw(st.integers(0, 5)),
        free_depot_spaces=draw(st.integers(0, 5)),
        supply_crystals=draw(st.integers(0, 10)),
        shelters_left=draw(st.integers(0, 2)),
        ships_left=draw(st.integers(0, 2)),
        bots_left=draw(st.integers(0, 2)),
    )
    check_board(board)
    host: HostState = board  # static check: a Board conforms to every view
    assert host is board
    return board


def _buildings(draw: st.DrawFn, spots: list[Hex]) -> list[Building]:
    out = [Building(id=HostId("b0,0"), hex=Hex(0, 0), type=BuildingType.MINE)]
    for h in spots:
        if h == Hex(0, 0):
            continue
        kind = draw(st.sampled_from(BuildingType))
        owner = draw(st.sampled_from(Owner)) if kind is BuildingType.SHELTER else None
        upgraded = draw(st.none() | st.sampled_from(Owner))
        out.append(
            Building(
                id=HostId(f"b{h.q},{h.r}"),
                hex=h,
                type=kind,
                owner=owner,
                upgraded_by=upgraded,
            )
        )
    return out


def _grid(draw: st.DrawFn) -> tuple[GridTile, ...]:
    techs = draw(st.lists(st.sampled_from(TechType), unique=True, max_size=5))
    return tuple(
        GridTile(
            id=HostId(f"g{i}"),
            tech=t,
            row=i // 3,
            column=i % 3,
            cost_rank=draw(st.integers(0, 2)),
        )
        for i, t in enumerate(techs)
    )


def _lab(draw: st.DrawFn, gain: st.SearchStrategy[Gain]) -> tuple[LabSpace, ...]:
    """A staggered Lab (V9) of 0 to 6 columns, gains drawn, his Tech tiles on some spaces."""
    sizes: list[int] = []
    for _ in range(draw(st.integers(0, 6))):
        low = max(1, sizes[-1] - 1) if sizes else 1
        high = sizes[-1] + 1 if sizes else 3
        sizes.append(draw(st.integers(low, min(high, 4))))
    bare = staggered(sizes)
    gains = {s.id: tuple(draw(st.lists(gain, max_size=1))) for s in bare}
    taken = draw(
        st.lists(st.sampled_from([s.id for s in bare]), unique=True, max_size=8)
        if bare
        else st.just([])
    )
    kinds = draw(st.permutations(list(TechType)))
    techs = dict(zip(taken, kinds, strict=False))
    return staggered(sizes, gains=gains, techs=techs)


def _display(draw: st.DrawFn) -> tuple[DisplayedBlueprint, ...]:
    slots = draw(
        st.lists(
            st.tuples(st.sampled_from(BlueprintRow), st.integers(0, 2)),
            unique=True,
            max_size=6,
        )
    )
    kinds = [draw(st.sampled_from(BuildingType)) for _ in slots]
    return tuple(
        DisplayedBlueprint(
            row=row,
            slot=slot,
            blueprint=Blueprint(
                id=HostId(f"p{i}"),
                building=kind,
                level=draw(st.sampled_from((1, 3))),
            ),
            # T5: a Shelter Blueprint gives a Crystal on pickup, the others a Resource
            pickup_crystals=int(kind is BuildingType.SHELTER),
        )
        for i, ((row, slot), kind) in enumerate(zip(slots, kinds, strict=True))
    )
