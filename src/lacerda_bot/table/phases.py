"""The steps of a table game besides his turn: set-up, Shuttle, level-up, Tech use, scoring.

:func:`step_proc` maps a :class:`StepKind` to its procedure; :func:`next_steps`
says which steps may come next.
"""

import enum
from typing import Final

import attrs

from lacerda_bot.deck import card_by_id, uniform_pick
from lacerda_bot.goals import Requirement, RequirementKind, goal_by_id
from lacerda_bot.model import (
    Gain,
    GainKind,
    Side,
)
from lacerda_bot.score import ScoreBreakdown, score_counts
from lacerda_bot.table.benefits import ask_gain
from lacerda_bot.table.building import build, build_shelter, find_building
from lacerda_bot.table.dialogue import Proc, ask_count, ask_pick, ask_yes, say
from lacerda_bot.table.gains import lose_or_rover, resolve_gain
from lacerda_bot.table.state import HEX_ORDER, TableState
from lacerda_bot.table.ties import tie
from lacerda_bot.table.turn import lacerda_turn

__all__ = [
    "StepKind",
    "describe_requirement",
    "final_scoring",
    "human_used_tech",
    "level_up",
    "next_steps",
    "setup",
    "shuttle_phase",
    "step_proc",
]


@enum.unique
class StepKind(enum.Enum):
    """The steps of a game the companion guides, named as the player types them."""

    SETUP = "setup"
    TURN = "turn"
    SHUTTLE = "shuttle"
    LEVEL_UP = "level-up"
    TECH = "tech"
    SCORE = "score"


_PLAY_STEPS: Final = (
    StepKind.TURN,
    StepKind.SHUTTLE,
    StepKind.LEVEL_UP,
    StepKind.TECH,
    StepKind.SCORE,
)


def next_steps(state: TableState) -> tuple[StepKind, ...]:
    """The steps that may come next: set-up first, nothing after scoring."""
    if state.side is None:
        return (StepKind.SETUP,)
    if state.final_score is not None:
        return ()
    return _PLAY_STEPS


def step_proc(kind: StepKind, state: TableState) -> Proc[TableState]:
    """The procedure of one step."""
    procs = {
        StepKind.SETUP: setup,
        StepKind.TURN: lacerda_turn,
        StepKind.SHUTTLE: shuttle_phase,
        StepKind.LEVEL_UP: level_up,
        StepKind.TECH: human_used_tech,
        StepKind.SCORE: final_scoring,
    }
    return procs[kind](state)


def _uniform(state: TableState, n: int) -> tuple[TableState, int]:
    """R-DECK-1, R-TIE-7: one uniform pick; returns the state and the 0-based index."""
    bot = state.bot
    index = uniform_pick(n, seed=bot.seed, event=bot.events)
    return attrs.evolve(state, bot=attrs.evolve(bot, events=bot.events + 1)), index


def setup(state: TableState) -> Proc[TableState]:
    """R-SETUP-7..9: his First Colonist tile, his side and his space's gain."""
    goal = goal_by_id(state.goal)
    yield from say(
        f"New game against Lacerda; Solo Goal: {goal.name}. Set up for 2 players, "
        "but he gets no Private Goals and his Bot starts on the Mine icon of his "
        "Progress area.",
        "R-SETUP-9",
    )
    n = yield from ask_count(
        "setup.first_colonist_tiles",
        "How many First Colonist tiles are in play?",
        1,
        12,
    )
    state, index = _uniform(state, n)
    yield from say(
        "Number the First Colonist tiles by the Turn Order space each names, lowest "
        f"first: he draws number {index + 1}. Put his figure on that space and the "
        "Shuttle on the red space of that side.",
        "R-SETUP-7",
        "R-TIE-7",
        why=(f"uniform pick among {n} tiles with random event {state.bot.events - 1}",),
    )
    side = yield from ask_pick(
        "setup.side", "On which side is that space?", ("orbit", "colony")
    )
    state = attrs.evolve(state, side=Side(side))
    if state.bot.options.starting_space_benefit:
        gain = yield from ask_gain("setup.gain", "What does that space give?")
        state = yield from resolve_gain(state, gain, "setup.gain")
    yield from say("Now take your own starting space and its benefit.", "R-SETUP-9")
    return state


def shuttle_phase(state: TableState) -> Proc[TableState]:
    """R-SHUTTLE-1..6: he travels iff the Shuttle leaves from his side and no X card."""
    side = state.side
    assert side is not None  # for mypy: set-up comes first
    key = f"shuttle{state.shuttle_phases + 1}"
    state = attrs.evolve(state, shuttle_phases=state.shuttle_phases + 1)
    reason = yield from _stay_reason(state, side, key)
    if reason:
        yield from say(f"He stays: {reason}.", "R-SHUTTLE-2")
        return state
    arrival = Side.COLONY if side is Side.ORBIT else Side.ORBIT
    n = yield from ask_count(
        f"{key}.free_spaces",
        f"How many Turn Order spaces are free on the {arrival.value.title()} side?",
        1,
        12,
    )
    # The space is drawn first, as the library does for a digital host, so the
    # random events come in the same order; it is announced after the tile.
    state, index = _uniform(state, n)
    event = state.bot.events - 1
    if arrival is Side.COLONY:
        state = yield from _discovery_tile(state, key)
    state = attrs.evolve(state, side=arrival)
    yield from say(
        f"He travels to the {arrival.value.title()}. Number the free Turn Order spaces "
        f"there by space number, lowest first: he takes number {index + 1}.",
        "R-SHUTTLE-3",
        "R-SHUTTLE-4" if arrival is Side.ORBIT else "R-SHUTTLE-5",
        why=(f"uniform pick among {n} spaces with random event {event}",),
    )
    if arrival is Side.ORBIT:
        yield from say(
            "He gets no income and retrieves no Colonists.", "R-SHUTTLE-4", "R-LSS-3"
        )
    else:
        yield from say("He retrieves no Colonists.", "R-SHUTTLE-5", "R-LSS-3")
    gain = yield from ask_gain(f"{key}.gain", "What does that space give?")
    state = yield from resolve_gain(state, gain, f"{key}.gain")
    if arrival is Side.COLONY:
        state = yield from _arrival_construction(state, key)
    return state


def _stay_reason(state: TableState, side: Side, key: str) -> Proc[str]:
    departs = yield from ask_yes(
        f"{key}.departs", "Does the Shuttle depart this round?"
    )
    if not departs:
        return "the Shuttle does not depart"
    ours = yield from ask_yes(
        f"{key}.from_his_side", f"Does it depart from his side ({side.value.title()})?"
    )
    if not ours:
        return "the Shuttle departs from the other side"
    last = state.bot.last_card
    if last is not None and not card_by_id(last).travels:
        return f"his most recent card ({last}) shows an X"
    return ""


def _discovery_tile(state: TableState, key: str) -> Proc[TableState]:
    """R-SHUTTLE-6: the leftmost Discovery tile, 3 from his Rover, far from yours."""
    has = yield from ask_yes(
        f"{key}.discovery_tile", "Is a Discovery tile on the Exploration spaces?"
    )
    if not has:
        yield from say("No Discovery tile to place.", "R-SHUTTLE-6")
        return state
    crystal = "" if state.bot.options.discovery_site_allows_crystal else ", no Crystal"
    n = yield from ask_count(
        f"{key}.discovery_sites",
        "How many empty hexes are exactly 3 hexes from his Rover and, among those, "
        "farthest from your Rover?",
        0,
        18,
        f"Empty: no building, no tile, no figure{crystal}. Count distance as the "
        "crow flies over the hex grid; a Rover off the map counts as on the "
        "initial Mine.",
    )
    if n == 0:
        yield from say("No hex qualifies: no Discovery tile is placed.", "R-SHUTTLE-6")
        return state
    state, _ = yield from tie(state, n, "R-SHUTTLE-6", "hexes", HEX_ORDER)
    yield from say(
        "Put the leftmost Discovery tile of the Exploration spaces on that hex.",
        "R-SHUTTLE-6",
    )
    return state


def _arrival_construction(state: TableState, key: str) -> Proc[TableState]:
    """R-SHUTTLE-5: a construction as Colony action 1, free; else R-TO-2."""
    building = yield from find_building(state, f"{key}.construct", None)
    if building is not None:
        yield from say(
            "Arrival: he constructs a building, with no placement cost.",
            "R-SHUTTLE-5",
            "R-COST-6",
        )
        return (yield from build(state, building, f"{key}.construct"))
    gain = Gain(kind=GainKind.CONSTRUCT)
    return (
        yield from lose_or_rover(
            state,
            gain,
            f"{key}.construct",
            "R-SHUTTLE-5",
            "no qualifying type has a legal site",
        )
    )


def level_up(state: TableState) -> Proc[TableState]:
    """R-LEVEL-1..6: a Shelter, a Ship, a Bot, in that order, each if one is left."""
    key = f"levelup{state.level_ups + 1}"
    state = attrs.evolve(state, level_ups=state.level_ups + 1)
    yield from say(
        "The Colony levelled up: Lacerda builds a Shelter, gains a Ship and a Bot.",
        "R-LEVEL-1",
        "R-LEVEL-6",
    )
    built = yield from build_shelter(state, f"{key}.shelter", rule="R-LEVEL-2")
    if built is None:
        yield from say(
            "No Shelter is left or no site is legal: no Shelter.", "R-LEVEL-2"
        )
    else:
        state = built
    ship = yield from ask_yes(
        f"{key}.ship_left", "Does Lacerda have a Ship left to gain?"
    )
    if ship:
        yield from say(
            "He gains a Ship: move it from his Depot to his Hangar.", "R-LEVEL-4"
        )
    else:
        yield from say("No Ship is left.", "R-LEVEL-4", "R-CRYSTAL-5")
    bot = yield from ask_yes(f"{key}.bot_left", "Does Lacerda have a Bot left to gain?")
    if bot:
        yield from say(
            "He gains a Bot onto his player board (it never enters the map).",
            "R-LEVEL-5",
        )
    else:
        yield from say("No Bot is left.", "R-LEVEL-5", "R-CRYSTAL-5")
    return state


def human_used_tech(state: TableState) -> Proc[TableState]:
    """R-TURN-6: you used his Tech; it advances one step if it can, with its gain."""
    key = f"tech{state.turns}"
    yield from say("He does not keep the Oxygen you paid him.", "R-TURN-6")
    can = yield from ask_yes(
        f"{key}.can_advance", "Can that Tech of his advance (is it below its maximum)?"
    )
    if not can:
        yield from say("It is at its maximum: nothing happens.", "R-TURN-6")
        return state
    yield from say(
        "At the end of your turn, develop that Tech of his one level for free.",
        "R-TURN-6",
        "R-COST-4",
    )
    gain = yield from ask_gain(
        f"{key}.gain", "What does the Lab space it entered give him?"
    )
    return (yield from resolve_gain(state, gain, f"{key}.gain"))


def _ask_score(key: str, text: str, most: int) -> Proc[int]:
    return (yield from ask_count(f"score.{key}", text, 0, most))


def final_scoring(state: TableState) -> Proc[TableState]:
    """R-SCORE-1, R-SCORE-2 and R-GOAL-2: his total, then the Solo Goal."""
    op = yield from _ask_score("op_track", "Lacerda's OP on the score track?", 500)
    cubes = yield from _ask_score("progress_cubes", "His Progress cubes?", 5)
    techs = yield from _ask_score(
        "techs", "His Tech tiles' OP by Lab column values, in all?", 200
    )
    ships = yield from _ask_score("ships", "His Ships in the Hangar?", 12)
    level1 = yield from _ask_score("built_level1", "His built Level 1 Blueprints?", 12)
    level3 = yield from _ask_score("built_level3", "His built Level 3 Blueprints?", 12)
    scored = yield from _ask_score(
        "scientist_buildings",
        "Advanced Buildings on Mars (anyone's) of the types his Scientists score, in all?",
        60,
    )
    upgrade = yield from _ask_score("upgrade_contracts", "His Upgrade Contracts?", 6)
    delivery = yield from _ask_score("delivery_contracts", "His Delivery Contracts?", 6)
    quarters = yield from _ask_score(
        "living_quarters", "Top value of his Living Quarters track?", 60
    )
    score = score_counts(
        op_track=op,
        progress_cubes=cubes,
        tech_points=techs,
        ships_in_hangar=ships,
        built_level1=level1,
        built_level3=level3,
        scientist_buildings=scored,
        upgrade_contracts=upgrade,
        delivery_contracts=delivery,
        living_quarters_top=quarters,
    )
    yield from say(
        f"Lacerda scores {score.total} OP.",
        "R-SCORE-1",
        "R-SCORE-2",
        why=tuple(
            f"{f.name}: {getattr(score, f.name)}" for f in attrs.fields(ScoreBreakdown)
        ),
    )
    state = attrs.evolve(state, final_score=score.total)
    return (yield from _check_goal(state, score.total))


def describe_requirement(req: Requirement) -> str:
    """A Solo Goal requirement (T8) in words."""
    k = RequirementKind
    what = req.building.value.replace("_", " ").title() if req.building else "any type"
    words = {
        k.COLONY_LEVEL: f"the Colony reached level {req.n}",
        k.CONTRACTS: f"you completed {req.n} Contract(s)"
        + (", one of each kind" if req.one_per_kind else ""),
        k.PRIVATE_GOALS: f"you completed {req.n} Private Goal(s)",
        k.TECH_LEVEL: f"one of your Techs ({req.tech.value.replace('_', ' ') if req.tech else 'any'}) reached level {req.n}",
        k.RESEARCH_TILES: f"you collected {req.n} Research tiles",
        k.SHELTERS: f"you built {req.n} Shelters",
        k.MINES_WITH_OWN_COLONIST_OR_MARKER: f"{req.n} Mines hold your Colonist or Advanced Building marker",
        k.ADVANCED_BUILDINGS: f"you have {req.n} Advanced Buildings on Mars ({what})",
        k.CONTRACT_COMPLETED: f"you completed the {req.contract.value if req.contract else ''} Contract "
        + (req.items or what),
        k.SCIENTIST: f"you hired the {req.scientist.value.replace('_', ' ').title() if req.scientist else ''}",
        k.COMPLEX_SIZE: f"a {what} Complex of {req.n} or more is on Mars",
        k.STORED: f"you hold {req.n} {req.item.value if req.item else ''} units",
        k.ENDS_ON: f"you end the game in {req.side.value.title() if req.side else ''}",
        k.MARGIN: f"you beat Lacerda by {req.n} OP or more",
    }
    return words[req.kind]


def _check_goal(state: TableState, lacerda: int) -> Proc[TableState]:
    """R-GOAL-2: every requirement of the chosen goal, the margin computed here."""
    goal = goal_by_id(state.goal)
    human = yield from ask_count("score.your_total", "Your final score?", 0, 500)
    margin = human - lacerda
    failed: list[str] = []
    for i, req in enumerate(goal.requirements):
        text = describe_requirement(req)
        if req.kind is RequirementKind.MARGIN:
            met = margin >= req.n
        else:
            met = yield from ask_yes(f"score.goal{i + 1}", f"Solo Goal: {text}?")
        if not met:
            failed.append(text)
    verdict = "you win" if not failed else "Lacerda wins"
    yield from say(
        f"{goal.name}: margin {margin:+d}; {verdict}.",
        "R-GOAL-2",
        "R-SCORE-3",
        why=tuple(f"not met: {t}" for t in failed) or ("every requirement is met",),
    )
    return state
