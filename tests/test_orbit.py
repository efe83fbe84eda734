import attrs
import pytest

from lacerda_bot import Board, BotState, Options, human_used_tech, read_view, take_turn
from lacerda_bot._board.displays import (
    choose_blueprint,
    choose_tech_tiles,
)
from lacerda_bot._lab import choose_development
from lacerda_bot.decisions import (
    ActionImpossible,
    DevelopTech,
    GainCrystals,
    LearnTech,
    ObtainBlueprint,
)
from lacerda_bot.errors import InvalidHostStateError
from lacerda_bot.lab import staggered
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    Gain,
    GainKind,
    HostId,
    Item,
    Scientist,
    Side,
    TechType,
)
from lacerda_bot.records import (
    Blueprint,
    DisplayedBlueprint,
    GridTile,
    LabSpace,
    Stock,
)
from lacerda_bot.testing import apply, small_board, why_illegal

from .helpers import Techs, bot_with, collect, kinds, lab, of_type, own_techs

TOP, BOTTOM = BlueprintRow.TOP, BlueprintRow.BOTTOM


def shown(
    row: BlueprintRow,
    slot: int,
    card: str,
    kind: BuildingType,
    level: int,
    pickup: int = 0,
) -> DisplayedBlueprint:
    return DisplayedBlueprint(
        row=row,
        slot=slot,
        blueprint=Blueprint(id=HostId(card), building=kind, level=level),
        pickup_crystals=pickup,
    )


SPEC_DISPLAY = (
    shown(TOP, 0, "gen1", BuildingType.GENERATOR, 1),
    shown(TOP, 1, "mine3", BuildingType.MINE, 3),
    shown(BOTTOM, 0, "shelter1", BuildingType.SHELTER, 1, pickup=1),
)


def orbit(**fields: object) -> Board:
    return small_board(side=Side.ORBIT, **fields)


def test_r_orbit_1_empty_display_or_no_marker_is_impossible() -> None:
    """R-ORBIT-1: an empty display, or no free Advanced Building marker, makes it impossible."""
    empty = take_turn(bot_with((1,)), orbit())
    no_marker = take_turn(
        bot_with((1,)),
        orbit(blueprint_display=SPEC_DISPLAY, free_advanced_markers=0),
    )

    assert of_type(empty, ActionImpossible)[0].rule == "R-ORBIT-1"
    assert of_type(empty, ActionImpossible)[0].reason == "the display is empty"
    assert of_type(no_marker, ActionImpossible)[0].rule == "R-ORBIT-1"
    assert not of_type(no_marker, ObtainBlueprint)


def test_r_orbit_2_no_scientist_every_card_is_a_candidate() -> None:
    """R-ORBIT-2: with no Scientist every display card is a candidate (then R-ORBIT-4)."""
    outcome = take_turn(bot_with((1,)), orbit(blueprint_display=SPEC_DISPLAY))
    (obtain,) = of_type(outcome, ObtainBlueprint)

    assert len(obtain.trace.candidates) == 3
    assert obtain.trace.removed == ()
    assert obtain.blueprint == "gen1"


def test_r_orbit_4_spec_example() -> None:
    """R-ORBIT-4: Geochemist + Systems Engineer -> Mine L3 (top, 2 cards) over Shelter L1 (bottom, 1)."""
    board = orbit(
        blueprint_display=SPEC_DISPLAY,
        lacerda_scientists=(Scientist.GEOCHEMIST, Scientist.SYSTEMS_ENGINEER),
    )
    outcome = take_turn(bot_with((1,)), board)
    (obtain,) = of_type(outcome, ObtainBlueprint)

    assert {c.option for c in obtain.trace.candidates} == {"mine3", "shelter1"}
    assert [r.option for r in obtain.trace.removed] == ["gen1"]
    assert obtain.blueprint == "mine3"
    assert choose_blueprint(board, scored_only=True).pick.blueprint.id == "mine3"
    assert choose_blueprint(board, scored_only=False).pick.blueprint.id == "gen1"


def test_r_orbit_4_equal_rows_take_the_bottom_and_gain_pickup() -> None:
    """R-ORBIT-4: equal rows -> the bottom row's leftmost candidate; its pickup Crystals follow."""
    display = (
        shown(TOP, 0, "a", BuildingType.MINE, 1),
        shown(BOTTOM, 2, "b", BuildingType.SHELTER, 1, pickup=1),
    )
    outcome = take_turn(bot_with((1,)), orbit(blueprint_display=display))
    (obtain,) = of_type(outcome, ObtainBlueprint)

    assert obtain.blueprint == "b"
    assert obtain.row is BOTTOM
    assert kinds(outcome.decisions)[-2:] == ["ObtainBlueprint", "GainCrystals"]
    assert of_type(outcome, GainCrystals)[0].source.value == "blueprint_pickup"


def test_r_orbit_3_no_scored_card_falls_back_or_fails() -> None:
    """R-ORBIT-3: Scientists but no scored type on display: any card, or impossible without the option."""
    board = orbit(
        blueprint_display=(shown(TOP, 0, "m", BuildingType.MINE, 1),),
        lacerda_scientists=(Scientist.GEOLOGIST,),
    )
    fallback = take_turn(bot_with((1,)), board)
    strict = take_turn(
        bot_with((1,), options=Options(blueprint_fallback_any_type=False)), board
    )

    assert of_type(fallback, ObtainBlueprint)[0].blueprint == "m"
    assert of_type(strict, ActionImpossible)[0].rule == "R-ORBIT-3"
    assert not of_type(strict, ObtainBlueprint)


def on(board: Board, tech: TechType) -> str | None:
    """The id of the space his *tech* tile stands on."""
    return next((s.id for s in board.lab_spaces if s.tech is tech), None)


def test_r_orbit_5_spec_example_cheapest_then_leftmost() -> None:
    """R-ORBIT-5: Rover (column 2) and Greenhouse (column 0), same cost -> Greenhouse."""
    grid = (
        GridTile(id=HostId("rover"), tech=TechType.ROVER, row=0, column=2, cost_rank=1),
        GridTile(
            id=HostId("gh"), tech=TechType.GREENHOUSE, row=0, column=0, cost_rank=1
        ),
        GridTile(id=HostId("mine"), tech=TechType.MINE, row=0, column=1, cost_rank=2),
    )
    entry = Gain(kind=GainKind.CRYSTALS, n=1)
    board = orbit(
        tech_grid=grid,
        **lab({"c1-top": TechType.SHELTER}, gains={"c1-bottom": (entry,)}),
    )
    outcome = take_turn(bot_with((2,)), board)
    (learn,) = of_type(outcome, LearnTech)

    assert learn.grid_tile == "gh"
    assert learn.lab_space == "c1-bottom"
    assert kinds(outcome.decisions) == [
        "RevealCard",
        "LearnTech",
        "TakeBenefit",
        "GainCrystals",
    ]


@pytest.mark.parametrize(
    ("taken", "expected"),
    [
        ({}, "c1-top"),
        ({"c1-top": TechType.SHELTER}, "c1-bottom"),
        ({"c1-bottom": TechType.SHELTER}, "c1-top"),
        ({"c1-top": TechType.SHELTER, "c1-bottom": TechType.UPGRADE}, None),
    ],
)
def test_r_orbit_5_learning_takes_the_topmost_empty_entry_space(
    taken: dict[str, TechType], expected: str | None
) -> None:
    """R-ORBIT-5: the new tile goes on the topmost empty entry space; none empty -> impossible."""
    grid = (GridTile(id=HostId("m"), tech=TechType.MINE),)
    board = orbit(tech_grid=grid, **lab(taken))
    outcome = take_turn(bot_with((2,)), board)
    learned = of_type(outcome, LearnTech)

    assert [d.lab_space for d in learned] == ([expected] if expected else [])
    if expected is None:
        full = of_type(outcome, ActionImpossible)[0]
        assert (full.rule, full.reason) == ("R-ORBIT-5", "no Lab entry space is free")
    else:
        after = apply(board, outcome.decisions)
        assert on(after, TechType.MINE) == expected


def test_r_orbit_5_only_types_he_lacks() -> None:
    """R-ORBIT-5: tiles of a type he has are removed; none left, or no entry space -> impossible."""
    grid = (
        GridTile(id=HostId("m"), tech=TechType.MINE, column=0),
        GridTile(id=HostId("r"), tech=TechType.ROVER, column=1),
    )
    mine = lab({"c1-top": TechType.MINE})
    board = orbit(tech_grid=grid, **mine)
    only_mine = orbit(tech_grid=grid[:1], **mine)
    no_entry = orbit(
        tech_grid=grid,
        **lab({"c1-top": TechType.SHELTER, "c1-bottom": TechType.UPGRADE}),
    )

    choice = choose_tech_tiles(board)
    assert [t.id for t in choice.tiles] == ["r"]
    assert [r.option for r in choice.removed] == ["m"]
    assert of_type(take_turn(bot_with((2,)), board), LearnTech)[0].grid_tile == "r"
    lacking = of_type(take_turn(bot_with((2,)), only_mine), ActionImpossible)[0]
    assert (lacking.rule, lacking.reason) == (
        "R-ORBIT-5",
        "no grid tile of a type he lacks",
    )
    full = of_type(take_turn(bot_with((2,)), no_entry), ActionImpossible)[0]
    assert (full.rule, full.reason) == ("R-ORBIT-5", "no Lab entry space is free")


def test_r_orbit_5_needs_no_placement_and_no_cost() -> None:
    """R-ORBIT-5, R-COST-1: Learn New Technology places no Colonist and pays nothing."""
    board = orbit(
        tech_grid=(GridTile(id=HostId("m"), tech=TechType.MINE),),
        **lab({}),
        spendable_crystals=0,
    )
    outcome = take_turn(bot_with((2,)), board)

    assert kinds(outcome.decisions) == ["RevealCard", "LearnTech"]


def test_r_orbit_6_spec_example() -> None:
    """R-ORBIT-6: Rover L3, Greenhouse L1, Mine L1 -> Rover 3->4, then Mine (bottom) 1->2."""
    fields = own_techs(
        (TechType.ROVER, 3), (TechType.GREENHOUSE, 1), (TechType.MINE, 1)
    )
    outcome = take_turn(bot_with((4,)), orbit(**fields))
    steps = [(d.tech, d.from_level, d.to_level) for d in of_type(outcome, DevelopTech)]

    assert steps == [(TechType.ROVER, 3, 4), (TechType.MINE, 1, 2)]


def test_r_orbit_6_g12_example_same_tech_twice() -> None:
    """R-ORBIT-6 (G12): only Mine (L4) can advance -> Mine 4->5->6."""
    fields = own_techs((TechType.MINE, 4), (TechType.ROVER, 6))
    outcome = take_turn(bot_with((4,)), orbit(**fields))
    steps = [(d.from_level, d.to_level) for d in of_type(outcome, DevelopTech)]

    assert steps == [(4, 5), (5, 6)]


def test_r_orbit_6_nothing_can_advance_is_impossible() -> None:
    """R-ORBIT-6: no Tech below the last column -> impossible."""
    outcome = take_turn(bot_with((4,)), orbit(**own_techs((TechType.MINE, 6))))

    assert of_type(outcome, ActionImpossible)[0].rule == "R-ORBIT-6"


def test_r_orbit_6_gain_of_step_1_resolves_before_step_2() -> None:
    """R-ORBIT-6: step 1's Lab gain (a TECH) is learned before step 2 re-reads the levels."""
    fields = own_techs(
        (TechType.ROVER, 3),
        (TechType.MINE, 2),
        gains={HostId("c4-top"): (Gain(kind=GainKind.TECH),)},
    )
    grid = (GridTile(id=HostId("g"), tech=TechType.GREENHOUSE),)
    outcome = take_turn(bot_with((4,)), orbit(tech_grid=grid, **fields))
    names = kinds(outcome.decisions)
    first, second = of_type(outcome, DevelopTech)

    assert first.space == "c4-top"
    assert names.index("LearnTech") < len(names) - 1
    assert second.tech is TechType.GREENHOUSE
    assert (second.from_level, second.to_level) == (1, 2)


@pytest.mark.parametrize(
    ("most", "expected"), [(True, TechType.MINE), (False, TechType.ROVER)]
)
def test_choose_development_ties_take_the_bottom_space(
    most: bool, expected: TechType
) -> None:
    """R-ORBIT-6: equal levels -> the bottom Tech (its space lower in its column)."""
    board = orbit(**own_techs((TechType.ROVER, 2), (TechType.MINE, 2)))
    chosen = choose_development(
        board.lab_spaces, most=most, previous=TechType.MINE if not most else None
    )

    assert chosen is not None
    assert chosen.tech is expected


# --- spec 1.3: the Lab as spaces ------------------------------------------------

# Four columns (2, 3, 2, 3): his Water Extractor on c3-top touches c4-top and
# c4-middle; his Greenhouse on c2-bottom touches c3-bottom alone.
SHORT = (2, 3, 2, 3)
BLOCKED = {
    "c3-top": TechType.WATER_EXTRACTOR,
    "c4-top": TechType.MINE,
    "c4-middle": TechType.ROVER,
    "c2-bottom": TechType.GREENHOUSE,
}


def test_r_orbit_6_spec_example_a_blocked_tech_cannot_advance() -> None:
    """R-ORBIT-6 (1.3 example): Water L3 touches two taken spaces -> step 1 takes the next Tech."""
    blocked = take_turn(bot_with((4,)), orbit(**lab(BLOCKED, sizes=SHORT)))
    free = {k: v for k, v in BLOCKED.items() if k != "c4-middle"}
    unblocked = take_turn(bot_with((4,)), orbit(**lab(free, sizes=SHORT)))
    steps = of_type(blocked, DevelopTech)

    assert TechType.WATER_EXTRACTOR not in {d.tech for d in steps}
    assert (steps[0].tech, steps[0].from_level, steps[0].space) == (
        TechType.GREENHOUSE,
        2,
        "c3-bottom",
    )
    # the same Lab with c4-middle empty: Water, the most developed, goes first
    assert of_type(unblocked, DevelopTech)[0].tech is TechType.WATER_EXTRACTOR


def test_r_orbit_6_a_lab_of_blocked_techs_is_impossible() -> None:
    """R-ORBIT-6: every Tech blocked or in the last column -> impossible, nothing develops."""
    techs = {**BLOCKED, "c3-bottom": TechType.SHELTER, "c4-bottom": TechType.UPGRADE}
    techs["c2-bottom"] = TechType.GENERATOR  # touches c3-bottom, taken
    outcome = take_turn(bot_with((4,)), orbit(**lab(techs, sizes=SHORT)))

    assert not of_type(outcome, DevelopTech)
    assert of_type(outcome, ActionImpossible)[0].rule == "R-ORBIT-6"


CRYSTAL, CRYSTALS_2 = Gain(kind=GainKind.CRYSTALS), Gain(kind=GainKind.CRYSTALS, n=2)
WAREHOUSE, BOT = Gain(kind=GainKind.WAREHOUSE), Gain(kind=GainKind.BOT)
STOCKED = (Stock(item=Item.WATER, units=1),)


def develop_mine(
    top: tuple[Gain, ...], middle: tuple[Gain, ...], **fields: object
) -> DevelopTech:
    """R&D with only his Mine on c1-top, touching c2-top (*top*) and c2-middle (*middle*)."""
    board = orbit(
        **lab(
            {"c1-top": TechType.MINE},
            sizes=(2, 3),
            gains={"c2-top": top, "c2-middle": middle},
        ),
        **fields,
    )
    (develop,) = of_type(take_turn(bot_with((4,)), board), DevelopTech)
    return develop


@pytest.mark.parametrize(
    ("better", "worse", "rule"),
    [
        ((CRYSTAL,), (), "R-ORBIT-6"),  # a gain he can carry out beats a blank space
        ((CRYSTAL,), (WAREHOUSE,), "R-ORBIT-6"),  # ... and one he cannot (empty)
        ((CRYSTALS_2,), (CRYSTAL,), "R-TIE-1"),  # dominance
    ],
)
@pytest.mark.parametrize("better_on_top", [True, False])
def test_r_orbit_6_the_space_whose_gain_helps_him_most(
    better: tuple[Gain, ...],
    worse: tuple[Gain, ...],
    rule: str,
    better_on_top: bool,
) -> None:
    """R-ORBIT-6, R-TIE-1: of two empty touched spaces, the better gain wins, on top or not."""
    top, middle = (better, worse) if better_on_top else (worse, better)
    develop = develop_mine(top, middle)
    best, other = ("c2-top", "c2-middle") if better_on_top else ("c2-middle", "c2-top")

    assert develop.space == best
    assert [c.option for c in develop.trace.candidates] == ["c2-top", "c2-middle"]
    assert [(r.option, r.rule) for r in develop.trace.removed] == [(other, rule)]
    assert develop.trace.tie_breaks == ()


@pytest.mark.parametrize(
    ("top", "middle", "fields"),
    [
        ((), (), {}),  # two blank spaces
        ((WAREHOUSE,), (BOT,), {"warehouse": STOCKED}),  # different kinds
        ((CRYSTAL,), (CRYSTAL,), {}),  # equal gains
    ],
)
def test_r_orbit_6_equal_spaces_go_to_a_tie_break(
    top: tuple[Gain, ...], middle: tuple[Gain, ...], fields: dict[str, object]
) -> None:
    """R-ORBIT-6, R-TIE: two equal spaces -> a tie-break, top space option 1, in the trace."""
    develop = develop_mine(top, middle, **fields)
    (tie,) = develop.trace.tie_breaks

    assert tie.rule == "R-ORBIT-6"
    assert tie.options == ("c2-top", "c2-middle")
    assert develop.space == tie.options[tie.chosen - 1]
    assert develop.trace.removed == ()


def test_r_orbit_6_a_warehouse_he_can_take_is_not_weighed_against_a_bot() -> None:
    """R-ORBIT-6: WAREHOUSE loses to BOT only when the Warehouse is empty (R-TO-2)."""
    empty = develop_mine((WAREHOUSE,), (BOT,))
    stocked = develop_mine((WAREHOUSE,), (BOT,), warehouse=STOCKED)

    assert (empty.space, empty.trace.tie_breaks) == ("c2-middle", ())
    assert len(stocked.trace.tie_breaks) == 1


def test_develop_tech_space_is_the_space_entered() -> None:
    """R-ORBIT-6: DevelopTech.space names the space his tile now stands on."""
    board = orbit(**own_techs((TechType.ROVER, 3), (TechType.MINE, 1)))
    outcome = take_turn(bot_with((4,)), board)
    after = board
    for decision in outcome.decisions:
        after = apply(after, (decision,))
        if isinstance(decision, DevelopTech):
            assert on(after, decision.tech) == decision.space
            assert decision.space.startswith(f"c{decision.to_level}-")
    assert len(of_type(outcome, DevelopTech)) == 2


def fresh_bot() -> BotState:
    return bot_with(())


def test_r_turn_6_a_blocked_tech_the_human_used_does_not_develop() -> None:
    """R-TURN-6: the human used his Water Tech, blocked (V9) -> nothing develops."""
    blocked = orbit(**lab(BLOCKED, sizes=SHORT))
    free = orbit(
        **lab({k: v for k, v in BLOCKED.items() if k != "c4-top"}, sizes=SHORT)
    )

    nothing = human_used_tech(fresh_bot(), blocked, TechType.WATER_EXTRACTOR)
    (once,) = of_type(
        human_used_tech(fresh_bot(), free, TechType.WATER_EXTRACTOR), DevelopTech
    )

    assert not of_type(nothing, DevelopTech)
    assert (once.tech, once.from_level, once.space) == (
        TechType.WATER_EXTRACTOR,
        3,
        "c4-top",
    )


def test_r_to_10_develop_n_stops_when_nothing_can_advance() -> None:
    """R-TO-10: DEVELOP(3) stops once his only movable Tech is blocked by a taken space."""
    techs = {"c1-top": TechType.MINE, "c3-top": TechType.ROVER}
    techs["c3-bottom"] = TechType.GREENHOUSE
    gains = {"c2-top": (CRYSTAL,)}
    develop = Gain(kind=GainKind.DEVELOP, n=3)
    blocked = collect_develop(develop, lab(techs, sizes=(2, 3, 2), gains=gains))
    techs.pop("c3-top")
    free = collect_develop(develop, lab(techs, sizes=(2, 3, 2), gains=gains))

    assert [(d.tech, d.space) for d in blocked] == [(TechType.MINE, "c2-top")]
    assert [(d.tech, d.space) for d in free] == [
        (TechType.MINE, "c2-top"),
        (TechType.MINE, "c3-top"),
    ]


def collect_develop(gain: Gain, fields: Techs) -> list[DevelopTech]:
    """His Rover collects a tile whose reward is *gain* (tests/test_gains.py)."""
    return of_type(collect(gain, **fields), DevelopTech)


# --- board checks and legality (V9) ----------------------------------------------


def _touching(*ids: str) -> dict[str, object]:
    return {"touches": tuple(HostId(i) for i in ids)}


BASE_LAB = staggered((2, 3), techs={HostId("c1-top"): TechType.MINE})
PAST = LabSpace(id=HostId("c3-top"), column=3, tech=TechType.ROVER)


@pytest.mark.parametrize(
    ("field", "index", "change", "extra"),
    [
        # a touched id that does not exist
        ("lab_spaces[0].touches", 0, _touching("nowhere"), ()),
        # a touched space not in the next column
        ("lab_spaces[0].touches", 0, _touching("c1-bottom"), ()),
        # two spaces with one id: two tiles on one space
        ("lab_spaces[1].id", 1, {"id": HostId("c1-top"), "tech": TechType.ROVER}, ()),
        # the same Tech on two spaces
        ("lab_spaces[1].tech", 1, {"tech": TechType.MINE}, ()),
        # a tile in a column past lab_columns
        ("lab_spaces[5].column", 0, {}, (PAST,)),
    ],
)
def test_v9_read_view_refuses_a_broken_lab(
    field: str, index: int, change: dict[str, object], extra: tuple[LabSpace, ...]
) -> None:
    """V9: a Lab that breaks the board's shape is refused, naming the field."""
    spaces = list(BASE_LAB)
    spaces[index] = attrs.evolve(spaces[index], **change)  # type: ignore[arg-type]
    board = small_board(lab_spaces=BASE_LAB, lab_columns=2)

    with pytest.raises(InvalidHostStateError) as refused:
        read_view(attrs.evolve(board, lab_spaces=(*spaces, *extra)))
    assert refused.value.field == field


REFUSED_MINE = orbit(**lab({"c1-top": TechType.MINE, "c2-middle": TechType.ROVER}))


@pytest.mark.parametrize(
    ("decision", "reason"),
    [
        (
            DevelopTech(
                tech=TechType.MINE,
                from_level=1,
                to_level=2,
                space=HostId("c2-middle"),
            ),
            "taken by his rover Tech",
        ),
        (
            DevelopTech(
                tech=TechType.MINE, from_level=1, to_level=2, space=HostId("c2-bottom")
            ),
            "not one his mine Tech's space c1-top touches",
        ),
        (
            LearnTech(
                grid_tile=HostId("g"),
                tech=TechType.GREENHOUSE,
                lab_space=HostId("c1-top"),
            ),
            "taken by his mine Tech",
        ),
        (
            LearnTech(
                grid_tile=HostId("g"),
                tech=TechType.GREENHOUSE,
                lab_space=HostId("c2-top"),
            ),
            "not the entry column",
        ),
    ],
)
def test_v9_why_illegal_refuses_a_move_into_a_wrong_space(
    decision: DevelopTech | LearnTech, reason: str
) -> None:
    """R-ORBIT-5, R-ORBIT-6: a development into a taken or untouched space, a learn off the entry."""
    board = attrs.evolve(
        REFUSED_MINE, tech_grid=(GridTile(id=HostId("g"), tech=TechType.GREENHOUSE),)
    )
    legal = (
        attrs.evolve(decision, space=HostId("c2-top"))
        if isinstance(decision, DevelopTech)
        else attrs.evolve(decision, lab_space=HostId("c1-bottom"))
    )

    assert reason in why_illegal(board, decision, None)
    assert why_illegal(board, legal, None) == ""
