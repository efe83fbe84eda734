import attrs
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot import Board, Options, take_turn
from lacerda_bot._board.board import evolve_board
from lacerda_bot._board.effects import apply_decision
from lacerda_bot._board.paths import (
    available_hexes,
    free_hexes_nearest,
    other_figure_hexes,
)
from lacerda_bot._board.sites import (
    Site,
    best_legal_sites,
    complexes,
    legal_sites,
    qualifies,
)
from lacerda_bot._rules.building import plan_construct
from lacerda_bot._rules.plans import ConstructPlan, Impossible
from lacerda_bot.decisions import (
    ChooseLssReward,
    Construct,
    GiveOxygen,
    MoveRover,
    RelocateRover,
    Upgrade,
)
from lacerda_bot.hexmap import Hex, canonical, dist
from lacerda_bot.model import (
    BuildingType,
    FigureKind,
    Gain,
    GainKind,
    HostId,
    Owner,
    Side,
    TechType,
    TechUsed,
)
from lacerda_bot.options import ComplexTechThreshold, StandaloneRule, TiePolicy
from lacerda_bot.records import Blueprint, Figure, HeldBlueprint, HumanTech, LssMarkers
from lacerda_bot.testing import building, hex_map, small_board, tile

from .helpers import bot_with, of_type, own_techs, play_on
from .helpers_strategies import host_states, options

M, G, W, H, OC = (
    BuildingType.MINE,
    BuildingType.GENERATOR,
    BuildingType.WATER_EXTRACTOR,
    BuildingType.GREENHOUSE,
    BuildingType.OXYGEN_CONDENSER,
)


def line_board(**fields: object) -> Board:
    """Mines (0,0),(1,0) and (4,0)..(7,0) on a line map, plus a lone hex (0,2)."""
    hexes = frozenset({Hex(q, 0) for q in range(8)} | {Hex(0, 2)})
    mines = [building(q, 0, M) for q in (0, 1, 4, 5, 6, 7)]
    return small_board(map_hexes=hexes, buildings=tuple(mines), **fields)


def test_r_build_1_pointer_moves_after_the_type_built() -> None:
    """R-BUILD-1 (rulebook example): pointer Greenhouse, GH and OC not below level -> Mine -> Generator."""
    board = small_board(
        colony_level=1, lss_markers=LssMarkers(greenhouse=1, oxygen_condenser=1)
    )
    bot = bot_with((5,), pointer=H)
    outcome = take_turn(bot, board)
    (construct,) = of_type(outcome, Construct)

    assert construct.building is M
    assert construct.pointer_before is H
    assert construct.pointer_after is G
    assert outcome.bot.pointer is G


def test_r_build_2_spec_example() -> None:
    """R-BUILD-2: pointer WE, level 2: WE marker 2 fails, GH has no site, OC qualifies -> OC."""
    board = small_board(
        map_hexes=frozenset({Hex(0, 0), *Hex(0, 0).neighbours()}),
        buildings=(building(0, 0, H),),
        colony_level=2,
        lss_markers=LssMarkers(water_extractor=2, greenhouse=1, oxygen_condenser=0),
    )
    choice = plan_construct(play_on(board, bot_with((), pointer=W)), None)

    assert isinstance(choice, ConstructPlan)
    assert choice.building is OC
    assert [r.option for r in choice.removed] == ["water_extractor", "greenhouse"]
    assert "not below" in choice.removed[0].reason
    assert choice.removed[1].reason == "no legal site"
    outcome = take_turn(bot_with((5,), pointer=W), board)
    assert outcome.bot.pointer is M


def test_r_build_2_nothing_qualifies_makes_construct_impossible() -> None:
    """R-BUILD-2, R-COLONY-2: no qualifying type with a site -> None."""
    board = small_board(
        map_hexes=frozenset({Hex(0, 0)}), buildings=(building(0, 0, M),)
    )

    plan = plan_construct(play_on(board), None)

    assert plan == Impossible(
        rule="R-COLONY-2", reason="no qualifying type has a legal site"
    )


def test_qualifies_mine_always() -> None:
    """R-BUILD-2: a Mine always qualifies; an LSS type only below the Colony level."""
    board = small_board(colony_level=1, lss_markers=LssMarkers(generator=1))

    assert qualifies(board, M)
    assert not qualifies(board, G)
    assert qualifies(board, W)


def _spec_example_board() -> Board:
    """R-BUILD-4's example: his Rover on the site (1,0); next to it a Mine with no
    figure (0,0), a Crystal (2,0) and an empty hex (2,-1)."""
    return small_board(
        map_hexes=frozenset({Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(2, -1)}),
        buildings=(building(0, 0, M),),
        crystal_hexes=frozenset({Hex(2, 0)}),
        lacerda_rover=Hex(1, 0),
        **own_techs((TechType.MINE, 1)),
    )


def test_r_build_4_spec_example_a_building_with_no_figure_is_available() -> None:
    """R-BUILD-4 (1.3): the Mine's hex and the empty hex are nearest; the Crystal's is not."""
    board = _spec_example_board()
    # (1,0) joins the size-1 Mine (legal with Mine Tech 1): the best site
    outcome = take_turn(bot_with((5,)), board)
    (construct,) = of_type(outcome, Construct)
    (relocate,) = of_type(outcome, RelocateRover)
    (tie,) = relocate.trace.tie_breaks

    assert construct.hex == Hex(1, 0)
    assert relocate.from_hex == Hex(1, 0)
    assert tie.options == ("(2,-1)", "(0,0)")  # canonical order: r, then q
    assert relocate.to_hex in (Hex(2, -1), Hex(0, 0))
    assert outcome.decisions.index(relocate) > outcome.decisions.index(construct)


def test_r_tie_1_chosen_the_first_equal_place_and_no_card_for_a_host() -> None:
    """R-TIE-1 (note of 1.3), ``tie_policy = chosen``: where the player would choose
    among equal hexes, a host call takes the first in canonical order and draws no
    card: the same board as the example above, the Rover moves to (2,-1)."""
    board = _spec_example_board()
    bot = bot_with((5,), options=Options(tie_policy=TiePolicy.CHOSEN))
    outcome = take_turn(bot, board)
    (relocate,) = of_type(outcome, RelocateRover)

    assert relocate.to_hex == Hex(2, -1)  # first of ("(2,-1)", "(0,0)")
    assert relocate.trace.tie_breaks == ()
    assert "R-TIE-1" in relocate.trace.rules
    assert outcome.bot.draw_pile == bot.draw_pile[1:]  # only his turn's card left it
    drawn = take_turn(bot_with((5,)), board).bot  # with cards, the tie shuffles
    assert outcome.bot.events < drawn.events


def test_r_build_4_available_hexes() -> None:
    """R-BUILD-4 (1.3): empty hexes and buildings with no figure; no Crystal, tile or figure."""
    board = small_board(
        map_hexes=hex_map(1),
        buildings=(
            building(1, 0, M),
            attrs.evolve(building(0, 1, M), upgraded_by=Owner.HUMAN),
            building(-1, 1, M),
        ),
        figures=(Figure(hex=Hex(-1, 1), kind=FigureKind.COLONIST, owner=Owner.HUMAN),),
        crystal_hexes=frozenset({Hex(1, -1)}),
        map_tiles=(tile("t", 0, -1, Gain(kind=GainKind.BOT)),),
        lacerda_rover=Hex(0, 0),
    )

    assert available_hexes(board) == {Hex(1, 0), Hex(-1, 0)}
    assert free_hexes_nearest(board, Hex(0, 0)) == (Hex(-1, 0), Hex(1, 0))


def test_r_build_4_the_site_s_crystal_goes_back_to_the_supply() -> None:
    """R-BUILD-4 (1.3): building on a Crystal returns it to the supply, not to him."""
    board = small_board(crystal_hexes=frozenset({Hex(1, 0)}), supply_crystals=7)
    build = Construct(
        building=M,
        hex=Hex(1, 0),
        resulting_size=1,
        joined_sizes=(),
        tech_used=TechUsed.NONE,
        miner=False,
        pointer_before=M,
        pointer_after=BuildingType.GENERATOR,
    )
    after = apply_decision(board, build, gains_spendable=True)

    assert Hex(1, 0) not in after.crystal_hexes
    assert after.supply_crystals == 8
    assert after.spendable_crystals == board.spendable_crystals


def test_r_build_4_an_upgrade_relocates_his_rover() -> None:
    """R-BUILD-4 (1.3), §0: his Rover on the building he upgrades moves off it."""
    card = HeldBlueprint(blueprint=Blueprint(id=HostId("b1"), building=M, level=1))
    board = small_board(
        side=Side.COLONY,
        map_hexes=hex_map(2),
        buildings=(building(1, 0, M),),
        lacerda_blueprints=(card,),
        lacerda_rover=Hex(1, 0),
    )
    outcome = take_turn(bot_with((7,)), board)  # Colony action 2: Upgrade
    (upgrade,) = of_type(outcome, Upgrade)
    (relocate,) = of_type(outcome, RelocateRover)

    assert (upgrade.hex, relocate.from_hex) == (Hex(1, 0), Hex(1, 0))
    assert relocate.to_hex != Hex(1, 0)
    assert outcome.decisions.index(relocate) == outcome.decisions.index(upgrade) + 1


def test_section_0_his_own_upgrade_is_a_figure_at_once() -> None:
    """§0 (1.3): after his Upgrade the working copy holds a figure on that building."""
    card = HeldBlueprint(blueprint=Blueprint(id=HostId("b1"), building=M, level=1))
    board = small_board(buildings=(building(1, 0, M),), lacerda_blueprints=(card,))
    upgrade = Upgrade(hex=Hex(1, 0), blueprint=HostId("b1"), tech_used=TechUsed.NONE)
    after = apply_decision(board, upgrade, gains_spendable=False)

    assert Hex(1, 0) not in other_figure_hexes(board)
    assert Hex(1, 0) in other_figure_hexes(after)


def test_section_0_no_rover_ends_on_an_advanced_building_marker() -> None:
    """§0 (1.3): he passes an upgraded building but does not stop on it."""
    line = frozenset(Hex(q, 0) for q in range(5))
    upgraded = attrs.evolve(building(2, 0, M), upgraded_by=Owner.HUMAN)
    plain = building(2, 0, M)
    tiles = (tile("far", 4, 0, Gain(kind=GainKind.BOT)),)
    base = {"map_hexes": line, "lacerda_rover": Hex(0, 0), "map_tiles": tiles}
    stops = small_board(buildings=(plain,), **base)
    blocked = small_board(buildings=(upgraded,), **base)

    (move,) = of_type(take_turn(bot_with((11,)), stops), MoveRover)
    assert move.path == (Hex(1, 0), Hex(2, 0))
    (move,) = of_type(take_turn(bot_with((11,)), blocked), MoveRover)
    assert move.path == (Hex(1, 0),)


def test_r_build_5_and_r_build_6_join_merges_all_adjacent_complexes() -> None:
    """R-BUILD-5, R-BUILD-6: a join's size is 1 + every distinct adjacent same-type Complex."""
    board = small_board(
        buildings=(building(-1, 0, H), building(-2, 0, H), building(1, 0, H)),
        **own_techs((TechType.GREENHOUSE, 6)),
    )
    sites = {s.hex: s for s in legal_sites(board, H, Options())}

    assert sites[Hex(0, 0)].resulting_size == 4
    assert sites[Hex(0, 0)].joined_sizes == (2, 1)
    assert sites[Hex(2, 0)].resulting_size == 2
    assert sites[Hex(2, -2)].joined_sizes == ()


def test_r_build_7_spec_example_joined_and_resulting() -> None:
    """R-BUILD-7: Complexes 2 and 1 touch H -> J = 3; Tech 3 suffices (joined), not (resulting)."""
    fields = {"buildings": (building(-1, 0, H), building(-2, 0, H), building(1, 0, H))}
    board = small_board(**fields, **own_techs((TechType.GREENHOUSE, 3)))
    joined = {s.hex for s in legal_sites(board, H, Options())}
    resulting = {
        s.hex
        for s in legal_sites(
            board, H, Options(complex_tech_threshold=ComplexTechThreshold.RESULTING)
        )
    }

    assert Hex(0, 0) in joined
    assert Hex(0, 0) not in resulting
    assert Hex(2, 0) in resulting


def test_r_build_7_shelters_use_only_his_shelter_tech() -> None:
    """R-BUILD-7: the human's Shelter Tech never makes his Shelter join legal."""
    shelter = building(1, 0, BuildingType.SHELTER, owner=Owner.LACERDA)
    board = small_board(
        buildings=(building(0, 0, M), shelter),
        human_techs=(HumanTech(tech=TechType.SHELTER, level=6),),
    )
    sites = legal_sites(board, BuildingType.SHELTER, Options(), owner=Owner.LACERDA)

    assert all(s.resulting_size == 1 for s in sites)


def test_r_build_8_standalone_exactly_2_or_any() -> None:
    """R-BUILD-8: stand-alone sites sit at dist 2 from the same type, or anywhere with `any`."""
    board = small_board(buildings=(building(0, 0, M),))
    exact = legal_sites(board, M, Options())
    anywhere = legal_sites(board, M, Options(standalone_rule=StandaloneRule.ANY))

    assert {s.hex for s in exact} == {
        h for h in board.map_hexes if dist(h, Hex(0, 0)) == 2
    }
    assert {s.hex for s in anywhere} == {
        h for h in board.map_hexes if dist(h, Hex(0, 0)) >= 2
    }


def test_r_build_8_no_building_of_the_type_allows_everywhere() -> None:
    """R-BUILD-8: with no same-type building, every site is a legal stand-alone site."""
    board = small_board()

    assert len(legal_sites(board, G, Options())) == len(board.map_hexes) - 1


def test_r_build_9_spec_example_largest_complex_with_human_tech() -> None:
    """R-BUILD-9: H2 (size 5 via the human's Mine Tech 5) beats H1 (3) and H3 (1); Oxygen follows."""
    board = line_board(
        **own_techs((TechType.MINE, 2)),
        human_techs=(HumanTech(tech=TechType.MINE, level=5),),
    )
    sites = {s.hex: s for s in legal_sites(board, M, Options())}
    outcome = take_turn(bot_with((5,)), board)
    (construct,) = of_type(outcome, Construct)

    assert sites[Hex(2, 0)].resulting_size == 3
    assert sites[Hex(3, 0)].resulting_size == 5
    assert sites[Hex(0, 2)].resulting_size == 1
    assert construct.hex == Hex(3, 0)
    assert construct.tech_used is TechUsed.HUMAN
    (oxygen,) = of_type(outcome, GiveOxygen)
    assert oxygen.tech is TechType.MINE
    assert outcome.decisions.index(oxygen) == outcome.decisions.index(construct) + 1


def test_r_build_10_prefers_own_tech_when_both_work() -> None:
    """R-BUILD-10: both Techs make the join legal -> his own (or the human's without the option)."""
    fields = own_techs((TechType.MINE, 5))
    board = line_board(**fields, human_techs=(HumanTech(tech=TechType.MINE, level=5),))
    own = take_turn(bot_with((5,)), board)
    human = take_turn(bot_with((5,), options=Options(prefer_own_tech=False)), board)

    assert of_type(own, Construct)[0].tech_used is TechUsed.OWN
    assert not of_type(own, GiveOxygen)
    assert of_type(human, Construct)[0].tech_used is TechUsed.HUMAN
    assert len(of_type(human, GiveOxygen)) == 1


def test_r_build_10_standalone_uses_no_tech() -> None:
    """R-BUILD-10: a stand-alone build needs no Tech."""
    board = small_board(buildings=(building(0, 0, M),))
    outcome = take_turn(bot_with((5,)), board)

    assert of_type(outcome, Construct)[0].tech_used is TechUsed.NONE


def test_r_build_11_miner_goes_on_his_mines() -> None:
    """R-BUILD-11: a Mine he builds gets his Colonist unless the option is off."""
    board = small_board()
    with_miner = take_turn(bot_with((5,)), board)
    without = take_turn(
        bot_with((5,), options=Options(lacerda_places_miner=False)), board
    )

    assert of_type(with_miner, Construct)[0].miner is True
    assert of_type(without, Construct)[0].miner is False


def test_r_build_13_lss_building_takes_the_lss_reward() -> None:
    """R-BUILD-13, R-LSS-1: after an LSS building he chooses the LSS reward (a Crystal here)."""
    outcome = take_turn(bot_with((5,), pointer=G), small_board())
    (choice,) = of_type(outcome, ChooseLssReward)

    assert choice.building is G
    assert choice.reward is not None
    assert choice.reward.value == "crystal"


def test_complexes_group_by_adjacency() -> None:
    """Spec §0: a Complex is a maximal adjacent group of same-type buildings."""
    buildings = (
        building(0, 0, M),
        building(1, 0, M),
        building(3, 0, M),
        building(2, -2, G),
    )

    assert sorted(len(c) for c in complexes(buildings, M)) == [1, 2]


@given(host_states(), options())
def test_every_legal_site_obeys_the_rules(board: Board, opts: Options) -> None:
    """R-BUILD-4..8: every site is an empty map hex whose join or stand-alone rule holds."""
    built = {b.hex for b in board.buildings}
    for kind in (M, G, W, H, OC):
        same = [b.hex for b in board.buildings if b.type is kind]
        for site in legal_sites(board, kind, opts):
            assert site.hex in board.map_hexes
            assert site.hex not in built
            assert site.resulting_size == 1 + sum(site.joined_sizes)
            if (
                not site.joined_sizes
                and same
                and opts.standalone_rule is StandaloneRule.EXACTLY_2
            ):
                assert any(dist(site.hex, h) == 2 for h in same)
            if site.joined_sizes:
                tech = TechType.for_building(kind)
                levels = [t.level for t in board.lacerda_techs if t.tech is tech]
                levels += [t.level for t in board.human_techs if t.tech is tech]
                assert max(levels) >= sum(site.joined_sizes)
        best = best_legal_sites(board, kind, opts)
        assert len({s.resulting_size for s in best}) <= 1


def spec_sites(
    board: Board, kind: BuildingType, opts: Options, owner: Owner | None = None
) -> tuple[Site, ...]:
    """R-BUILD-4..8 read literally, hex by hex: what :func:`legal_sites` must return."""
    shelter = kind is BuildingType.SHELTER
    same = [
        b.hex
        for b in board.buildings
        if b.type is kind and (not shelter or b.owner is owner)
    ]
    groups = complexes(board.buildings, kind, owner)
    built = {b.hex for b in board.buildings}
    tech = TechType.for_building(kind)
    levels = [0] + [t.level for t in board.lacerda_techs if t.tech is tech]
    if not shelter:
        levels += [t.level for t in board.human_techs if t.tech is tech]
    resulting = opts.complex_tech_threshold is ComplexTechThreshold.RESULTING
    reach = max(levels) - resulting
    anywhere = opts.standalone_rule is StandaloneRule.ANY
    found = []
    for h in canonical(board.map_hexes):
        if h in built:
            continue
        touched = [g for g in groups if any(dist(h, x) == 1 for x in g)]
        if touched:
            sizes = tuple(sorted((len(g) for g in touched), reverse=True))
            if reach >= sum(sizes):
                found.append(
                    Site(hex=h, resulting_size=1 + sum(sizes), joined_sizes=sizes)
                )
        elif not same or anywhere or any(dist(h, x) == 2 for x in same):
            found.append(Site(hex=h, resulting_size=1, joined_sizes=()))
    return tuple(found)


@given(host_states(), options(), st.data())
def test_legal_sites_are_the_spec_sites_on_changed_boards(
    board: Board, opts: Options, data: st.DataObject
) -> None:
    """R-BUILD-4..9: the sites kept per map and same-type buildings never go stale.

    The same board, the board less one building (another type's hexes change,
    the kept Complexes of the type do not), and the map as a host's own tuple
    (indexed at each search) all give the sites of the rules read literally.
    """
    gone = data.draw(st.sampled_from(board.buildings))
    fewer = evolve_board(
        board, buildings=tuple(b for b in board.buildings if b is not gone)
    )
    as_tuple = evolve_board(board, map_hexes=tuple(board.map_hexes))
    for kind in BuildingType:
        for owner in (
            (Owner.LACERDA, Owner.HUMAN) if kind is BuildingType.SHELTER else (None,)
        ):
            for view in (board, fewer, board, as_tuple):
                spec = spec_sites(view, kind, opts, owner)
                assert legal_sites(view, kind, opts, owner=owner) == spec
                # R-BUILD-9: the largest resulting Complexes, found without the rest
                top = max((s.resulting_size for s in spec), default=0)
                assert best_legal_sites(view, kind, opts, owner=owner) == tuple(
                    s for s in spec if s.resulting_size == top
                )
