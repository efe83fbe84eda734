"""Lacerda's turn at the table: actions, Rover, gains and builds, asked not read.

Each function is the question-driven twin of a rule the digital host runs
from a board (R-TURN, R-ORBIT, R-COLONY, R-BUILD, R-ROVER, R-TO, R-LSS). What
the library owns (the deck, the pointer, the most recent card, tie-breaks) is
computed exactly as for a digital host, with the same functions; what the
board holds is asked as a yes/no, a count or a pick. Where a rule chooses a
place, the choice is stated as the rule's criterion and any tie the player
reports is broken with solo cards (R-TIE).

Keys of questions are stable: a save stores them with the answers and replay
checks them (see :mod:`lacerda_bot.table.session`).
"""

from collections.abc import Sequence
from typing import Final, final

import attrs

from lacerda_bot.deck import card_by_id
from lacerda_bot.model import (
    BUILDING_SEQUENCE,
    LSS_TYPES,
    Action,
    BuildingType,
    Gain,
    GainKind,
    Side,
    TechUsed,
    next_in_sequence,
)
from lacerda_bot.options import (
    ComplexTechThreshold,
    ImpossibleBenefit,
    NoScientistFallback,
    StandaloneRule,
    TiePolicy,
)
from lacerda_bot.rover import best_rover_tech
from lacerda_bot.state import BotState, discard_card, reveal_card
from lacerda_bot.table.dialogue import Proc, ask_count, ask_pick, ask_yes, say
from lacerda_bot.tiebreak import break_tie

__all__ = [
    "HEX_ORDER",
    "Check",
    "TableState",
    "ask_gain",
    "build",
    "build_shelter",
    "building_name",
    "develop",
    "find_building",
    "lacerda_turn",
    "lose_or_rover",
    "resolve_gain",
    "rover_move",
    "tie",
]

HEX_ORDER: Final = "row by row from the top, left to right in each row"
"""The canonical hex order (ascending r, then q) as a player reads the board."""

_MOST: Final = 250
"""The largest count a question about the map accepts (more than its hexes)."""


@final
@attrs.frozen(kw_only=True)
class TableState:
    """The companion's state between steps: the bot plus what the companion tracks.

    Only Lacerda's own decisions change these fields, so the companion can
    keep them without asking: his side (V1) after set-up and Travel, and the
    counts of steps taken.
    """

    bot: BotState
    goal: str
    """The Solo Goal id (T8) checked at the end."""
    side: Side | None = None
    """His side; ``None`` before set-up."""
    turns: int = 0
    shuttle_phases: int = 0
    level_ups: int = 0
    final_score: int | None = None
    """His total once the game has been scored; the game is then over."""


@final
@attrs.frozen(kw_only=True)
class Check:
    """Whether an action is possible (R-TURN-4) and what it will do if so."""

    possible: bool
    rule: str = ""
    """The failing rule when impossible."""
    reason: str = ""
    cost: int = 0
    """Crystal costs besides placement (a Contract, R-COLONY-7)."""
    building: BuildingType | None = None
    """For Construct: the type R-BUILD-2 chose."""
    plan: str = ""
    """For Obtain a Blueprint and Hire-or-Contract: what he goes for."""


def building_name(building: BuildingType) -> str:
    """A building type as printed on the board, e.g. ``Water Extractor``."""
    return building.value.replace("_", " ").title()


def _side_name(side: Side) -> str:
    return side.value.title()


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}es" if word.endswith("x") else f"{n} {word}s"


def _a(name: str) -> str:
    """*name* with its indefinite article: ``a Mine``, ``an Oxygen Condenser``."""
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


_ACTION_NAMES: Final = {
    Action.OBTAIN_BLUEPRINT: "Obtain a Blueprint",
    Action.LEARN_TECH: "Learn New Technology",
    Action.RESEARCH_DEVELOPMENT: "Research & Development",
    Action.CONSTRUCT: "Construct a Building",
    Action.UPGRADE: "Upgrade a Building",
    Action.HIRE_OR_CONTRACT: "Hire a Scientist or take a Contract",
}


# --- tie-breaks ------------------------------------------------------------


def _round_words(policy: TiePolicy, revealed: Sequence[int], group: int) -> str:
    if policy is TiePolicy.UNIFORM:
        return f"seeded random pick: {group}"
    cards = ", ".join(f"{c} (action {card_by_id(c).action})" for c in revealed)
    return f"solo cards revealed: {cards} -> {group}"


def tie(
    state: TableState, n: int, rule: str, things: str, order: str
) -> Proc[tuple[TableState, int]]:
    """R-TIE-1..6: break a tie among *n* options the player numbered in *order*.

    Returns the state (its deck moved by the reveals) and the 0-based winner.
    """
    if n <= 1:
        return state, 0
    result = break_tie(state.bot, [f"{things} {i}" for i in range(1, n + 1)], rule=rule)
    assert result.record is not None  # for mypy: n >= 2 always makes a record
    record = result.record
    rounds = [
        _round_words(record.policy, r.revealed, r.chosen_group) for r in record.rounds
    ]
    how = "R-TIE-6" if record.policy is TiePolicy.UNIFORM else "R-TIE-2"
    rules = [rule, "R-TIE-1", how]
    if n > 3 and record.policy is TiePolicy.CARDS:
        rules.append("R-TIE-5")
    if any(r.reshuffled for r in record.rounds):
        rules.append("R-TIE-3")
    yield from say(
        f"Tie among {n} {things}: number them {order}; the tie-break picks "
        f"number {record.chosen}.",
        *rules,
        why=(
            *rounds,
            "revealed cards go back under the draw pile, then it is shuffled",
        ),
    )
    return attrs.evolve(state, bot=result.bot), result.index


# --- gains (T6, R-TO) ------------------------------------------------------

_GAIN_CHOICES: Final = (
    "nothing",
    "crystals",
    "warehouse",
    "tech",
    "colonist",
    "bot",
    "blueprint",
    "resources",
    "develop",
    "rover",
    "construct",
    "upgrade",
    "ship",
    "other",
)
_BUILD_CHOICES: Final = ("any", *(b.value.replace("_", " ") for b in BuildingType))
_GAIN_HINT: Final = (
    "Name what the space or tile shows: crystals (a number of Crystals), "
    "warehouse (a Resupply/Warehouse bonus), tech (learn a Tech), colonist, "
    "bot, blueprint, resources (Resources only), develop (Tech steps), rover "
    "(Rover moves), construct, upgrade, ship, other (anything else), nothing."
)


def ask_gain(key: str, text: str) -> Proc[Gain | None]:
    """Ask what a space or tile gives (spec §2.1); ``None`` for nothing."""
    choice = yield from ask_pick(key, text, _GAIN_CHOICES, _GAIN_HINT)
    if choice == "nothing":
        return None
    kind = GainKind(choice)
    if kind in (GainKind.CRYSTALS, GainKind.DEVELOP, GainKind.ROVER):
        n = yield from ask_count(f"{key}.n", f"How many ({choice})?", 1, 9)
        return Gain(kind=kind, n=n)
    if kind is GainKind.CONSTRUCT:
        built = yield from ask_pick(
            f"{key}.building", "Which building does it construct?", _BUILD_CHOICES
        )
        building = None if built == "any" else BuildingType(built.replace(" ", "_"))
        return Gain(kind=kind, building=building)
    return Gain(kind=kind)


def _gain_words(gain: Gain) -> str:
    return str(gain).replace("_", " ")


def resolve_gain(state: TableState, gain: Gain | None, key: str) -> Proc[TableState]:
    """T6, R-TO-2..10: what Lacerda does with one gain."""
    if gain is None:
        return state
    kind, options = gain.kind, state.bot.options
    if kind is GainKind.CRYSTALS:
        if options.impossible_benefit is ImpossibleBenefit.ROVER:
            left = yield from ask_yes(
                f"{key}.supply_has_crystals",
                "Is any Crystal left in the general supply?",
            )
            if not left:
                return (
                    yield from lose_or_rover(
                        state, gain, key, "R-CRYSTAL-5", "the supply has no Crystal"
                    )
                )
        yield from say(
            f"He gains {_plural(gain.n, 'Crystal')} (only as many as his free Depot "
            "spaces and the supply allow).",
            "R-TO-6",
            "R-CRYSTAL-2",
        )
        return state
    if kind is GainKind.RESOURCES:
        yield from say("Resources: he takes nothing.", "R-TO-6", "R-CRYSTAL-4")
        return state
    if kind is GainKind.BOT:
        return (yield from _advance_bot(state, options.bot_benefit_steps, "R-TO-5"))
    if kind is GainKind.WAREHOUSE:
        return (yield from _warehouse(state, gain, key))
    if kind is GainKind.SHIP:
        return (yield from _ship(state, gain, key, "R-TO-7"))
    if kind is GainKind.DEVELOP:
        return (yield from develop(state, gain.n, key, rule="R-TO-10"))
    if kind in (GainKind.ROVER, GainKind.COLONIST):
        base = gain.n if kind is GainKind.ROVER else options.rover_base_movement
        moved = yield from rover_move(state, base, key)
        if moved is None:
            return (yield from _lose(state, gain, "R-ROVER-8", "no tile is eligible"))
        return moved
    if kind is GainKind.OTHER:
        yield from say("He cannot use this benefit; he loses it.", "R-TO-9", "R-TO-2")
        return state
    return (yield from _action_gain(state, gain, key))


def _action_gain(state: TableState, gain: Gain, key: str) -> Proc[TableState]:
    """TECH, BLUEPRINT, UPGRADE and CONSTRUCT: the action, free (R-TO-4, R-COST-6)."""
    if gain.kind is GainKind.CONSTRUCT and gain.building is BuildingType.SHELTER:
        built = yield from build_shelter(state, key, rule="R-BUILD-3")
        if built is None:
            return (
                yield from lose_or_rover(
                    state, gain, key, "R-BUILD-3", "no Shelter can be built"
                )
            )
        return built
    action = {
        GainKind.TECH: Action.LEARN_TECH,
        GainKind.BLUEPRINT: Action.OBTAIN_BLUEPRINT,
        GainKind.UPGRADE: Action.UPGRADE,
        GainKind.CONSTRUCT: Action.CONSTRUCT,
    }[gain.kind]
    check = yield from _CHECKS[action](state, key, gain.building)
    if not check.possible:
        return (yield from lose_or_rover(state, gain, key, check.rule, check.reason))
    yield from say(
        f"He takes the benefit as {_ACTION_NAMES[action]}, with no placement cost.",
        "R-TO-4",
        "R-COST-6",
    )
    return (yield from _DOES[action](state, check, key))


def lose_or_rover(
    state: TableState, gain: Gain, key: str, rule: str, reason: str
) -> Proc[TableState]:
    """R-TO-2: an impossible gain is lost, or replaced by a Rover move."""
    if state.bot.options.impossible_benefit is ImpossibleBenefit.ROVER:
        yield from say(
            f"He cannot take {_gain_words(gain)} ({reason}); he moves his Rover instead.",
            rule,
            "R-TO-2",
        )
        moved = yield from rover_move(
            state, state.bot.options.rover_base_movement, f"{key}.instead"
        )
        if moved is not None:
            return moved
        rule, reason = "R-ROVER-8", "no tile is eligible for his Rover"
    return (yield from _lose(state, gain, rule, reason))


def _lose(state: TableState, gain: Gain, rule: str, reason: str) -> Proc[TableState]:
    yield from say(
        f"He loses the {_gain_words(gain)} benefit: {reason}.", rule, "R-TO-2"
    )
    return state


def _advance_bot(state: TableState, steps: int, rule: str) -> Proc[TableState]:
    """R-TO-5: the Progress Bot advances *steps* icons of T2."""
    after = next_in_sequence(state.bot.pointer, steps)
    yield from say(
        f"Move his Progress-area Bot {_plural(steps, 'icon')} forward, to "
        f"{building_name(after)}.",
        rule,
    )
    return attrs.evolve(state, bot=attrs.evolve(state.bot, pointer=after))


def _warehouse(state: TableState, gain: Gain, key: str) -> Proc[TableState]:
    """R-TO-3: the Warehouse item with the most units."""
    empty = yield from ask_yes(f"{key}.warehouse_empty", "Is the Warehouse empty?")
    if empty:
        return (
            yield from lose_or_rover(
                state, gain, key, "R-TO-3", "the Warehouse is empty"
            )
        )
    yield from say(
        "He takes one unit of the Warehouse item with the most units (a Crystal wins a "
        "tie, otherwise the leftmost): a Crystal goes to his Depot if there is room, a "
        "Resource goes back to the general supply.",
        "R-TO-3",
        "R-CRYSTAL-2",
    )
    return state


def _ship(state: TableState, gain: Gain, key: str, rule: str) -> Proc[TableState]:
    """R-LEVEL-4: a Ship from his Depot to his Hangar, if one is left."""
    left = yield from ask_yes(
        f"{key}.ship_left", "Does Lacerda have a Ship left to gain?"
    )
    if not left:
        return (
            yield from lose_or_rover(state, gain, key, "R-CRYSTAL-5", "no Ship is left")
        )
    yield from say(
        "He gains a Ship: move it from his Depot to his Hangar (a Depot space frees).",
        rule,
        "R-LEVEL-4",
    )
    return state


# --- Orbit actions (R-ORBIT) -------------------------------------------------

_SCIENTIST_HINT: Final = (
    "Geologist scores Generators, R&D Engineer Water Extractors, Hydrologist "
    "Greenhouses, Biochemist Oxygen Condensers, Geochemist Shelters, Systems "
    "Engineer Mines."
)


def _check_blueprint(
    state: TableState, key: str, _: BuildingType | None
) -> Proc[Check]:
    """R-ORBIT-1..3: is Obtain a Blueprint possible, and which cards are candidates?"""
    marker = yield from ask_yes(
        f"{key}.free_marker", "Does Lacerda have a free Advanced Building marker?"
    )
    if not marker:
        return Check(
            possible=False,
            rule="R-ORBIT-1",
            reason="he has no free Advanced Building marker",
        )
    shown = yield from ask_yes(f"{key}.display", "Is any Blueprint on the display?")
    if not shown:
        return Check(possible=False, rule="R-ORBIT-1", reason="the display is empty")
    scientists = yield from ask_yes(
        f"{key}.has_scientist", "Does Lacerda have a Scientist?"
    )
    if not scientists:
        return Check(possible=True, plan="any Blueprint")
    scored = yield from ask_yes(
        f"{key}.scored",
        "Is a Blueprint of a type his Scientists score on the display?",
        _SCIENTIST_HINT,
    )
    if scored:
        return Check(possible=True, plan="a Blueprint of a type his Scientists score")
    if state.bot.options.blueprint_fallback_any_type:
        yield from say(
            "No display card is of a scored type: any card will do.", "R-ORBIT-3"
        )
        return Check(possible=True, plan="any Blueprint")
    return Check(
        possible=False,
        rule="R-ORBIT-3",
        reason="no display card is of a type his Scientists score",
    )


def _do_blueprint(state: TableState, check: Check, key: str) -> Proc[TableState]:
    """R-ORBIT-4: the fuller row holding a candidate, its leftmost candidate."""
    yield from say(
        f"He takes {check.plan}: of the rows holding one, the row with more cards (the "
        "bottom row if equal), and in it the leftmost such card. Park one of his free "
        "Advanced Building markers on it.",
        "R-ORBIT-2",
        "R-ORBIT-4",
    )
    yield from say(
        "If its pickup is a Crystal he gains it (if his Depot has room); a Resource "
        "pickup is lost.",
        "R-ORBIT-4",
        "R-CRYSTAL-2",
    )
    return state


def _check_learn(state: TableState, key: str, _: BuildingType | None) -> Proc[Check]:
    """R-ORBIT-5: a free Lab entry space and a grid tile of a type he lacks."""
    space = yield from ask_yes(
        f"{key}.entry_space", "Is a space free in the first column of Lacerda's Lab?"
    )
    if not space:
        return Check(
            possible=False, rule="R-ORBIT-5", reason="his Lab's first column is full"
        )
    tile = yield from ask_yes(
        f"{key}.new_type", "Is a Tech tile of a type Lacerda does not have on the grid?"
    )
    if not tile:
        return Check(
            possible=False,
            rule="R-ORBIT-5",
            reason="every grid tile is of a type he has",
        )
    return Check(possible=True)


def _do_learn(state: TableState, check: Check, key: str) -> Proc[TableState]:
    """R-ORBIT-5: the cheapest new-type tile, leftmost among equals, then R-TIE."""
    n = yield from ask_count(
        f"{key}.tied_tiles",
        "Of the tiles of a type he lacks, how many are both the cheapest and the "
        "leftmost? (usually 1)",
        1,
        12,
        "Cheapest = lowest cost rank on the Tech grid; among equal cost, the leftmost column.",
    )
    state, _ = yield from tie(state, n, "R-ORBIT-5", "tiles", "top row first")
    yield from say(
        "He learns the cheapest Tech of a type he lacks (leftmost if equal): put it on "
        "the topmost free space of his Lab's first column. He pays nothing.",
        "R-ORBIT-5",
        "R-COST-4",
    )
    gain = yield from ask_gain(f"{key}.gain", "What does that Lab space give him?")
    return (yield from resolve_gain(state, gain, f"{key}.gain"))


def _check_develop(state: TableState, key: str, _: BuildingType | None) -> Proc[Check]:
    """R-ORBIT-6: nothing can advance ⇒ impossible."""
    can = yield from ask_yes(
        f"{key}.can_advance",
        "Can any of Lacerda's Techs advance (is one below its maximum level)?",
    )
    if not can:
        return Check(
            possible=False, rule="R-ORBIT-6", reason="no Tech of his can advance"
        )
    return Check(possible=True)


def _do_develop(state: TableState, check: Check, key: str) -> Proc[TableState]:
    return (yield from develop(state, 2, key, rule="R-ORBIT-6", known=True))


def develop(
    state: TableState, n: int, key: str, *, rule: str, known: bool = False
) -> Proc[TableState]:
    """R-ORBIT-6, R-TO-10: *n* development steps, most then least developed, alternating.

    *known* says the player already said some Tech can advance.
    """
    for i in range(n):
        step_key = f"{key}.step{i + 1}"
        if i % 2 == 0:
            if not (i == 0 and known):
                can = yield from ask_yes(
                    f"{step_key}.can_advance", "Can any of his Techs advance now?"
                )
                if not can:
                    yield from say("No Tech of his can advance; he stops.", rule)
                    return state
            yield from say(
                "Develop his most developed Tech that can advance by one level (if "
                "levels are equal, the one lower in his Lab). Costs are waived.",
                rule,
                "R-COST-4",
            )
        else:
            other = yield from ask_yes(
                f"{step_key}.other_can_advance",
                "Can a Tech other than the one just developed advance?",
            )
            if other:
                yield from say(
                    "Develop his least developed Tech that can advance, other than the "
                    "one just developed, by one level (if equal, the one lower in his Lab).",
                    rule,
                )
            else:
                again = yield from ask_yes(
                    f"{step_key}.same_again",
                    "Can the Tech just developed advance again?",
                )
                if not again:
                    yield from say("No Tech of his can advance; he stops.", rule)
                    return state
                yield from say("Develop the same Tech one more level.", rule)
        gain = yield from ask_gain(
            f"{step_key}.gain", "What does the Lab space it entered give him?"
        )
        state = yield from resolve_gain(state, gain, f"{step_key}.gain")
    return state


# --- Colony actions (R-COLONY, R-BUILD) -------------------------------------


def _site_hint(building: BuildingType, state: TableState) -> str:
    name = building_name(building)
    options = state.bot.options
    more = (
        " + 1"
        if options.complex_tech_threshold is ComplexTechThreshold.RESULTING
        else ""
    )
    alone = (
        f"anywhere, even away from other {name}s"
        if options.standalone_rule is StandaloneRule.ANY
        else f"exactly 2 hexes from another {name} (with no {name} on Mars, anywhere)"
    )
    return (
        f"A site is a hex with no building. Touching {name}s, it is legal if his or "
        f"your {name} Tech level is at least the total size of the Complexes it "
        f"touches{more}. Touching none, it is legal {alone}. He may build anywhere on "
        "Mars (no zone limits him)."
    )


def find_building(
    state: TableState, key: str, only: BuildingType | None
) -> Proc[BuildingType | None]:
    """R-BUILD-2, R-BUILD-3: the first qualifying type (from the pointer) with a legal site."""
    if only is None:
        start = BUILDING_SEQUENCE.index(state.bot.pointer)
        types = [BUILDING_SEQUENCE[(start + i) % 5] for i in range(5)]
    else:
        types = [only]
    for building in types:
        name = building_name(building)
        slug = building.value
        if building in LSS_TYPES:
            below = yield from ask_yes(
                f"{key}.{slug}.below_level",
                f"Is the {name} marker on the LSS track below the Colony level?",
            )
            if not below:
                continue
        legal = yield from ask_yes(
            f"{key}.{slug}.legal_site",
            f"Is there a legal site for {_a(name)}?",
            _site_hint(building, state),
        )
        if legal:
            return building
    return None


def _check_construct(
    state: TableState, key: str, only: BuildingType | None
) -> Proc[Check]:
    building = yield from find_building(state, key, only)
    if building is None:
        rule = "R-COLONY-2" if only is None else "R-BUILD-3"
        return Check(
            possible=False,
            rule=rule,
            reason="no qualifying building type has a legal site",
        )
    return Check(possible=True, building=building)


def _do_construct(state: TableState, check: Check, key: str) -> Proc[TableState]:
    assert check.building is not None  # for mypy: a possible Construct names a type
    return (yield from build(state, check.building, key))


def _ask_site(
    state: TableState, name: str, key: str, rule: str
) -> Proc[tuple[TableState, int]]:
    """R-BUILD-5, R-BUILD-9: the largest resulting Complex, then R-TIE among sites."""
    size = yield from ask_count(
        f"{key}.largest",
        f"How large {_a(name)} Complex does the best legal site make? (1 if it stands alone)",
        1,
        _MOST,
        "Resulting size = 1 + the sizes of all the Complexes of that type the site "
        "touches. Crystals, tiles and figures on a site do not matter.",
    )
    n = yield from ask_count(
        f"{key}.tied_sites", f"How many legal sites make a Complex of {size}?", 1, _MOST
    )
    state, _ = yield from tie(state, n, rule, "sites", HEX_ORDER)
    return state, size


def build(state: TableState, building: BuildingType, key: str) -> Proc[TableState]:
    """R-BUILD-1..13: build *building* on the site with the largest Complex."""
    name = building_name(building)
    state, size = yield from _ask_site(state, name, key, "R-BUILD-9")
    tech = TechUsed.NONE
    if size > 1:
        tech = yield from _join_tech(state, name, size, key)
    yield from say(
        f"He builds {_a(name)} on that site ({_a(name)} Complex of {size}); he pays no "
        "building cost.",
        "R-COLONY-1",
        "R-BUILD-2",
        "R-BUILD-5",
        "R-BUILD-9",
        *(("R-BUILD-7", "R-BUILD-10") if size > 1 else ("R-BUILD-8",)),
    )
    if tech is TechUsed.HUMAN:
        yield from say(f"You gain 1 Oxygen: he used your {name} Tech.", "R-TURN-7")
    state = yield from _displace(state, key)
    if building is BuildingType.MINE and state.bot.options.lacerda_places_miner:
        yield from say("Put one of his Colonists on the new Mine.", "R-BUILD-11")
    after = next_in_sequence(building)
    yield from say(
        f"Move his Progress-area Bot to the icon after {name}: {building_name(after)}.",
        "R-BUILD-1",
    )
    state = attrs.evolve(state, bot=attrs.evolve(state.bot, pointer=after))
    if building in LSS_TYPES:
        yield from _lss_reward(name, key)
    return state


def _join_tech(state: TableState, name: str, size: int, key: str) -> Proc[TechUsed]:
    """R-BUILD-7, R-BUILD-10: whose Tech makes the join legal."""
    joined = size - 1
    need = (
        size
        if state.bot.options.complex_tech_threshold is ComplexTechThreshold.RESULTING
        else joined
    )
    if state.bot.options.prefer_own_tech:
        own = yield from ask_yes(
            f"{key}.own_tech_enough",
            f"Is Lacerda's own {name} Tech level {need} or more?",
        )
        return TechUsed.OWN if own else TechUsed.HUMAN
    human = yield from ask_yes(
        f"{key}.your_tech_enough", f"Is your {name} Tech level {need} or more?"
    )
    return TechUsed.HUMAN if human else TechUsed.OWN


def _displace(state: TableState, key: str) -> Proc[TableState]:
    """R-BUILD-4: what stood on the site moves off; his own Rover by R-TIE."""
    yield from say(
        "Clear the site: a Crystal there goes to the general supply, a tile leaves the "
        "game, and your figures there move to the nearest hex with no building and "
        "no figure.",
        "R-BUILD-4",
    )
    rover = yield from ask_yes(f"{key}.rover_on_site", "Was his Rover on that site?")
    if not rover:
        return state
    n = yield from ask_count(
        f"{key}.tied_free_hexes",
        "Once the site is cleared, how many hexes with no building and no figure "
        "are nearest to it? (0 if his Rover cannot reach any)",
        0,
        _MOST,
    )
    if n == 0:
        yield from say("No free hex can be reached: his Rover stays.", "R-BUILD-4")
        return state
    state, _ = yield from tie(state, n, "R-BUILD-4", "free hexes", HEX_ORDER)
    yield from say("Move his Rover to that hex.", "R-BUILD-4")
    return state


_COLONIST_BACK: Final = "he takes his Colonist back from his Hire slot"
_ONE_CRYSTAL: Final = "he gains 1 Crystal (if his Depot has room)"


def _lss_reward(name: str, key: str) -> Proc[None]:
    """R-LSS-1, R-LSS-2, R-BUILD-13: the marker rises; his Colonist back, else a Crystal."""
    yield from say(
        f"Raise the {name} LSS marker one level and score it as usual.",
        "R-BUILD-13",
        "R-LSS-1",
    )
    on_slot = yield from ask_yes(
        f"{key}.colonist_on_hire_slot", "Is his Colonist on his Hire-a-Scientist slot?"
    )
    first, other = (
        ("his Colonist back", "a Crystal")
        if on_slot
        else ("a Crystal", "his Colonist back")
    )
    words = {"his Colonist back": _COLONIST_BACK, "a Crystal": _ONE_CRYSTAL}
    offered = yield from ask_yes(
        f"{key}.lss_offered",
        f"Does this {name} LSS step offer {first} as its second benefit?",
        "The LSS track shows which second benefits each step offers.",
    )
    if not offered:
        offered = yield from ask_yes(
            f"{key}.lss_other_offered", f"Does it offer {other} instead?"
        )
        if not offered:
            yield from say("LSS reward: none is offered.", "R-LSS-2")
            return
        first = other
    yield from say(
        f"LSS reward: {words[first]}.",
        "R-LSS-1",
        "R-LSS-2",
        *(("R-CRYSTAL-2",) if first == "a Crystal" else ()),
    )


def build_shelter(state: TableState, key: str, *, rule: str) -> Proc[TableState | None]:
    """R-LEVEL-2, R-BUILD-3: one of his Shelters on the best legal site; ``None`` if none."""
    left = yield from ask_yes(
        f"{key}.shelter_left", "Does Lacerda have a Shelter left?"
    )
    if not left:
        return None
    legal = yield from ask_yes(
        f"{key}.shelter_site",
        "Is there a legal site for one of his Shelters?",
        "As for any building, counting only his own Shelters and only his own "
        "Shelter Tech.",
    )
    if not legal:
        return None
    state, size = yield from _ask_site(state, "Shelter", key, rule)
    yield from say(
        f"He builds one of his Shelters on that site (a Complex of {size}).",
        rule,
        "R-LEVEL-2",
        "R-BUILD-5",
    )
    state = yield from _displace(state, key)
    if state.bot.options.shelter_moves_pointer:
        return (yield from _advance_bot(state, 1, "R-LEVEL-3"))
    yield from say("His Progress-area Bot does not move for a Shelter.", "R-LEVEL-3")
    return state


def _check_upgrade(state: TableState, key: str, _: BuildingType | None) -> Proc[Check]:
    """R-COLONY-3: an unused Blueprint with at least one eligible building."""
    has = yield from ask_yes(
        f"{key}.usable_blueprint",
        "Does Lacerda hold an unused Blueprint that has an eligible building?",
        "Eligible: a building of the Blueprint's type, not yet upgraded (Shelters only "
        "his own); a Level 3 Blueprint needs a Complex of 3 or more.",
    )
    if not has:
        return Check(
            possible=False,
            rule="R-COLONY-3",
            reason="no unused Blueprint of his has an eligible building",
        )
    return Check(possible=True)


def _do_upgrade(state: TableState, check: Check, key: str) -> Proc[TableState]:
    """R-COLONY-3, R-COLONY-4: upgrade once, and again while an Upgrade Tech allows."""
    made, limit, more = 0, 1, True
    own_limit = human_limit = 1
    while True:
        state = yield from _one_upgrade(state, f"{key}.upgrade{made + 1}")
        made += 1
        if made == 1:
            more = yield from ask_yes(
                f"{key}.another",
                "Does he hold another unused Blueprint with an eligible building?",
            )
            if not more:
                return state
            own_limit = yield from ask_count(
                f"{key}.own_upgrade_tech",
                "How many buildings may he upgrade per action with his own Upgrade Tech? (1 without one)",
                1,
                9,
            )
            human_limit = yield from ask_count(
                f"{key}.your_upgrade_tech",
                "How many buildings may he upgrade per action with your Upgrade Tech? (1 without one)",
                1,
                9,
            )
            limit = max(own_limit, human_limit)
        elif made < limit:
            more = yield from ask_yes(
                f"{key}.another{made}",
                "Does he hold another unused Blueprint with an eligible building?",
            )
        if made >= limit or not more:
            break
    if made > 1:
        yield from _upgrade_tech(state, made, own_limit, human_limit)
    return state


def _upgrade_tech(state: TableState, made: int, own: int, human: int) -> Proc[None]:
    """R-COLONY-4, R-BUILD-10: the Tech that allowed the extra upgrades."""
    prefer_own = state.bot.options.prefer_own_tech
    use_own = own >= made and (prefer_own or human < made)
    whose = "his own" if use_own else "your"
    yield from say(
        f"He used {whose} Upgrade Tech for the extra upgrades.",
        "R-COLONY-4",
        "R-BUILD-10",
    )
    if not use_own:
        yield from say("You gain 1 Oxygen: he used your Upgrade Tech.", "R-TURN-7")


def _one_upgrade(state: TableState, key: str) -> Proc[TableState]:
    yield from say(
        "He picks the Blueprint: one of a type his Scientists score first, then Level 3 "
        "before Level 1.",
        "R-COLONY-3",
    )
    n = yield from ask_count(
        f"{key}.tied_blueprints",
        "How many building types do the Blueprints still tied show?",
        1,
        6,
        "Blueprints of the same type and level count once: he may use either.",
    )
    state, _ = yield from tie(
        state,
        n,
        "R-COLONY-3",
        "Blueprint types",
        "left to right as his Blueprints lie in front of him",
    )
    m = yield from ask_count(
        f"{key}.eligible_buildings",
        "How many buildings are eligible for that Blueprint?",
        1,
        _MOST,
    )
    state, _ = yield from tie(state, m, "R-COLONY-4", "buildings", HEX_ORDER)
    yield from say(
        "Put one of his Advanced Building markers on that building; the Blueprint is "
        "used. He pays no Upgrade cost.",
        "R-COLONY-4",
        "R-BUILD-12",
        "R-COST-4",
    )
    return state


def _check_hire(state: TableState, key: str, _: BuildingType | None) -> Proc[Check]:
    """R-COST-5, R-COLONY-5..7: hire with fewer than 2 Scientists, else a Contract."""
    on_slot = yield from ask_yes(
        f"{key}.colonist_on_hire_slot", "Is his Colonist on his Hire-a-Scientist slot?"
    )
    if on_slot:
        return Check(
            possible=False, rule="R-COST-5", reason="his Colonist is on his Hire slot"
        )
    scientists = yield from ask_count(
        f"{key}.scientists", "How many Scientists does Lacerda have?", 0, 2
    )
    if scientists < 2:
        shown = yield from ask_yes(
            f"{key}.scientist_shown", "Is a Scientist on the display?"
        )
        if shown:
            return Check(possible=True, plan="hire")
        if state.bot.options.no_scientist_fallback is NoScientistFallback.ROVER:
            return Check(
                possible=False, rule="R-COLONY-6", reason="no Scientist is on display"
            )
        yield from say("No Scientist on display: he goes for a Contract.", "R-COLONY-6")
    shown = yield from ask_yes(f"{key}.contract_shown", "Is a Contract on the display?")
    if not shown:
        return Check(
            possible=False, rule="R-COLONY-7", reason="no Contract is on display"
        )
    cost = yield from ask_count(
        f"{key}.contract_cost", "How many Crystals does taking a Contract cost?", 0, 9
    )
    return Check(possible=True, plan="contract", cost=cost)


def _do_hire(state: TableState, check: Check, key: str) -> Proc[TableState]:
    if check.plan == "hire":
        n = yield from ask_count(
            f"{key}.tied_scientists",
            "How many display Scientists tie for the highest potential?",
            1,
            6,
            "Potential = 3 x the Blueprints of the type the Scientist scores held by "
            f"you and him together, used or not. {_SCIENTIST_HINT}",
        )
        state, _ = yield from tie(
            state, n, "R-COLONY-6", "Scientists", "by display slot"
        )
        yield from say(
            "He hires the Scientist with the highest potential; he pays no hire cost. "
            "His Colonist goes on his Hire slot.",
            "R-COLONY-6",
            "R-COST-4",
        )
    else:
        upgrade = yield from ask_yes(
            f"{key}.upgrade_contract", "Is an Upgrade Contract on the display?"
        )
        kind = "Upgrade" if upgrade else "Delivery"
        n = yield from ask_count(
            f"{key}.tied_contracts",
            f"How many {kind} Contracts are on the display?",
            1,
            6,
        )
        state, _ = yield from tie(
            state, n, "R-COLONY-7", f"{kind} Contracts", "by display slot"
        )
        yield from say(
            f"He takes that {kind} Contract (it counts as completed for him).",
            "R-COLONY-7",
        )
    yield from say(
        "Refill the slot he took from: shuffle the Contract deck and draw its top card.",
        "R-COLONY-8",
    )
    return state


_CHECKS: Final = {
    Action.OBTAIN_BLUEPRINT: _check_blueprint,
    Action.LEARN_TECH: _check_learn,
    Action.RESEARCH_DEVELOPMENT: _check_develop,
    Action.CONSTRUCT: _check_construct,
    Action.UPGRADE: _check_upgrade,
    Action.HIRE_OR_CONTRACT: _check_hire,
}
_DOES: Final = {
    Action.OBTAIN_BLUEPRINT: _do_blueprint,
    Action.LEARN_TECH: _do_learn,
    Action.RESEARCH_DEVELOPMENT: _do_develop,
    Action.CONSTRUCT: _do_construct,
    Action.UPGRADE: _do_upgrade,
    Action.HIRE_OR_CONTRACT: _do_hire,
}


# --- the Rover (R-ROVER) ---------------------------------------------------

_TILE_HINT: Final = (
    "Eligible: a Research or Discovery tile on the map that gives him something "
    "besides Resources, whose other requirement he meets, whose Crystal cost he can "
    "pay, with no other figure on its hex, and reachable over map hexes."
)


def rover_move(state: TableState, base: int, key: str) -> Proc[TableState | None]:
    """R-ROVER-2..10: move toward the nearest eligible tile; ``None`` if there is none."""
    key = f"{key}.rover"
    eligible = yield from ask_yes(
        f"{key}.eligible_tile", "Is there a tile his Rover could collect?", _TILE_HINT
    )
    if not eligible:
        return None
    n = yield from ask_count(
        f"{key}.tied_tiles",
        "How many of those tiles are nearest to his Rover (fewest steps)?",
        1,
        _MOST,
        "Count steps hex by hex over the map from his Rover (from the initial Mine "
        "if his Rover is not on the map).",
    )
    state, _ = yield from tie(state, n, "R-ROVER-3", "nearest tiles", HEX_ORDER)
    steps = yield from ask_count(
        f"{key}.steps", "How many steps away is that tile?", 0, _MOST
    )
    cost = yield from ask_count(
        f"{key}.tile_cost", "How many Crystals does collecting it cost?", 0, 9
    )
    own = human = 0
    if steps > base:
        own = yield from ask_count(
            f"{key}.own_rover_tech", "Level of his Rover Tech? (0 if none)", 0, 9
        )
        human = yield from ask_count(
            f"{key}.your_rover_tech", "Level of your Rover Tech? (0 if none)", 0, 9
        )
    spendable = 0
    if cost > 0 or steps > base + max(own, human):
        spendable = yield from ask_count(
            f"{key}.spendable",
            "How many Crystals can Lacerda spend right now?",
            0,
            99,
            _SPENDABLE_HINT,
        )
    plan = best_rover_tech(
        steps=steps,
        base=base,
        own_level=own,
        human_level=human,
        tile_cost=cost,
        spendable=spendable,
        prefer_own=state.bot.options.prefer_own_tech,
    )
    state = yield from _walk(state, plan.reached, plan.pay, plan.allowance, steps, key)
    moved = plan.length
    if plan.tech is TechUsed.HUMAN and not plan.reached and moved > base:
        # he may stop short of his allowance (figures); only then can it matter
        moved = yield from ask_count(
            f"{key}.moved", "How many hexes did his Rover move?", 0, plan.allowance
        )
    if plan.tech is TechUsed.HUMAN and moved > base:
        yield from say(
            "You gain 1 Oxygen: he used your Rover Tech.", "R-TURN-7", "R-ROVER-4"
        )
    yield from say(
        "He picks up every Crystal on the hexes his Rover entered (as many as his "
        "Depot holds); they leave the map.",
        "R-ROVER-7",
        "R-CRYSTAL-2",
    )
    if not plan.reached:
        return state
    return (yield from _collect(state, cost, key))


_SPENDABLE_HINT: Final = (
    "His Crystals he may spend now; Crystals he gained earlier in this same turn "
    "do not count (unless your options say so)."
)


def _walk(
    state: TableState, reached: bool, pay: int, allowance: int, steps: int, key: str
) -> Proc[TableState]:
    """R-ROVER-5, R-ROVER-6: the path, its tie-break, and the move."""
    if pay:
        yield from say(
            f"He pays {_plural(pay, 'Crystal')} to move extra hexes.",
            "R-ROVER-5",
            "R-ROVER-10",
        )
    n = yield from ask_count(
        f"{key}.tied_paths",
        "Of the shortest paths picking up the most Crystals, how many end differently?",
        1,
        _MOST,
        "He picks up at most as many Crystals as he has free Depot spaces. Two paths "
        "end differently if he stops on different hexes or picks up Crystals from "
        "different hexes; usually there is 1.",
    )
    state, _ = yield from tie(
        state,
        n,
        "R-ROVER-6",
        "paths",
        "by their hexes in order, each compared " + HEX_ORDER,
    )
    if reached:
        yield from say(
            f"Move his Rover {_plural(steps, 'hex')} along that path onto the tile.",
            "R-ROVER-5",
            "R-ROVER-6",
        )
    else:
        yield from say(
            f"Move his Rover along that path toward the tile, at most {_plural(allowance, 'hex')}: "
            "he stops on the farthest hex within reach that holds no other figure (he "
            "stays if there is none).",
            "R-ROVER-5",
            "R-ROVER-6",
        )
    return state


def _collect(state: TableState, cost: int, key: str) -> Proc[TableState]:
    """R-ROVER-9: pay, collect, and take the reward's gains in order."""
    if cost:
        yield from say(
            f"He pays {_plural(cost, 'Crystal')} for the tile.",
            "R-ROVER-9",
            "R-ROVER-10",
        )
    yield from say("He collects the tile.", "R-ROVER-9")
    for i in range(1, 5):
        gain = yield from ask_gain(
            f"{key}.reward{i}",
            "What does the tile give him?" if i == 1 else "What else does it give him?",
        )
        if gain is None:
            break
        state = yield from resolve_gain(state, gain, f"{key}.reward{i}")
    return state


# --- the turn (R-TURN) -----------------------------------------------------


def lacerda_turn(state: TableState) -> Proc[TableState]:
    """R-TURN-1: reveal, Mission step, action or Rover, discard."""
    side = state.side
    if side is None:
        msg = "set-up must come before his first turn"
        raise ValueError(msg)
    bot, card_id, reshuffled = reveal_card(state.bot)
    state = attrs.evolve(state, bot=bot)
    card = card_by_id(card_id)
    key = f"turn{state.turns + 1}"
    if reshuffled:
        yield from say(
            f"His draw pile was empty: shuffle his discard pile into a new draw pile "
            f"(pass {bot.pass_count}).",
            "R-DECK-2",
        )
    travel = "" if card.travels else ", X (he will not travel)"
    yield from say(
        f"Card {card.id}: Mission {card.mission.name}, action {card.action}{travel}.",
        "R-DECK-2",
        card=card.id,
    )
    if bot.pass_count >= 2:
        yield from _mission_step(card.mission.name, key)
    state = yield from run_action(state, side, card.action, key)
    yield from say(f"Put card {card.id} on his discard pile.", "R-DECK-3")
    return attrs.evolve(state, bot=discard_card(state.bot), turns=state.turns + 1)


def _mission_step(letter: str, key: str) -> Proc[None]:
    done = yield from ask_yes(f"{key}.mission_done", f"Is Mission {letter} completed?")
    if done:
        yield from say(f"Mission {letter} is completed: nothing moves.", "R-MISSION-2")
        return
    yield from say(
        f"Advance his marker on Mission {letter}; he gains that Mission's Crystals per "
        "contribution (as many as his Depot holds).",
        "R-MISSION-1",
        "R-CRYSTAL-2",
    )


def run_action(
    state: TableState, side: Side, number: int, key: str
) -> Proc[TableState]:
    """R-TURN-1, R-TURN-4, R-COST: check, pay and place, perform; or the Rover."""
    action = Action.for_card(side, number)
    name = _ACTION_NAMES[action]
    yield from say(f"{_side_name(side)} action {number}: {name}.", "R-TURN-1")
    check = yield from _CHECKS[action](state, key, None)
    if not check.possible:
        yield from say(f"{name} is impossible: {check.reason}.", check.rule, "R-TURN-4")
        return (yield from _fallback(state, key))
    cost = check.cost
    if action.places_colonist:
        present = yield from ask_count(
            f"{key}.colonists_present",
            f"How many Colonists are on the {name} action space now?",
            0,
            12,
            "Count every Colonist there (yours and his) before he places his.",
        )
        cost += state.bot.options.placement_cost_per_colonist * present
    if cost:
        spendable = yield from ask_count(
            f"{key}.spendable",
            "How many Crystals can Lacerda spend right now?",
            0,
            99,
            _SPENDABLE_HINT,
        )
        if cost > spendable:
            yield from say(
                f"He cannot afford it: it costs {_plural(cost, 'Crystal')} and he can spend {spendable}.",
                "R-COST-3",
                "R-TURN-4",
            )
            return (yield from _fallback(state, key))
        yield from say(
            f"He pays {_plural(cost, 'Crystal')}.", "R-COST-2", "R-COST-3", "R-COST-7"
        )
    if action.places_colonist:
        yield from say(
            f"Put one of his Colonists on the {name} action space.",
            "R-COST-1",
            "R-COST-7",
        )
    return (yield from _DOES[action](state, check, key))


def _fallback(state: TableState, key: str) -> Proc[TableState]:
    """R-TURN-4, R-TURN-5: the Rover move that replaces a failed action, or a skip."""
    moved = yield from rover_move(state, state.bot.options.rover_base_movement, key)
    if moved is None:
        yield from say(
            "No tile is eligible for his Rover: he skips the rest of his turn.",
            "R-TURN-5",
            "R-ROVER-8",
        )
        return state
    return moved
