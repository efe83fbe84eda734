"""The six card actions at the table (R-ORBIT, R-COLONY): possible?, then performed.

:func:`check_action` asks what the action's impossibility rule needs and
returns a :class:`~lacerda_bot.table.state.Check`; :func:`perform_action`
carries it out. Benefits met on the way go to the resolver passed in.
"""

from typing import Final

from lacerda_bot.model import Action, BuildingType
from lacerda_bot.options import NoScientistFallback
from lacerda_bot.table.benefits import ask_gain
from lacerda_bot.table.building import build, find_building
from lacerda_bot.table.dialogue import Proc, ask_count, ask_yes, say
from lacerda_bot.table.state import (
    HEX_ORDER,
    MOST_ON_MAP,
    Check,
    GainResolver,
    TableState,
)
from lacerda_bot.table.ties import tie

__all__ = ["ACTION_NAMES", "check_action", "develop", "perform_action"]


ACTION_NAMES: Final = {
    Action.OBTAIN_BLUEPRINT: "Obtain a Blueprint",
    Action.LEARN_TECH: "Learn New Technology",
    Action.RESEARCH_DEVELOPMENT: "Research & Development",
    Action.CONSTRUCT: "Construct a Building",
    Action.UPGRADE: "Upgrade a Building",
    Action.HIRE_OR_CONTRACT: "Hire a Scientist or take a Contract",
}


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
        return Check.impossible("R-ORBIT-1", "he has no free Advanced Building marker")
    shown = yield from ask_yes(f"{key}.display", "Is any Blueprint on the display?")
    if not shown:
        return Check.impossible("R-ORBIT-1", "the display is empty")
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
    return Check.impossible(
        "R-ORBIT-3", "no display card is of a type his Scientists score"
    )


def _do_blueprint(
    state: TableState, check: Check, key: str, resolve: GainResolver
) -> Proc[TableState]:
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
        return Check.impossible("R-ORBIT-5", "his Lab's first column is full")
    tile = yield from ask_yes(
        f"{key}.new_type", "Is a Tech tile of a type Lacerda does not have on the grid?"
    )
    if not tile:
        return Check.impossible("R-ORBIT-5", "every grid tile is of a type he has")
    return Check(possible=True)


def _do_learn(
    state: TableState, check: Check, key: str, resolve: GainResolver
) -> Proc[TableState]:
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
    return (yield from resolve(state, gain, f"{key}.gain"))


def _check_develop(state: TableState, key: str, _: BuildingType | None) -> Proc[Check]:
    """R-ORBIT-6: nothing can advance ⇒ impossible."""
    can = yield from ask_yes(
        f"{key}.can_advance",
        "Can any of Lacerda's Techs advance (is one below its maximum level)?",
    )
    if not can:
        return Check.impossible("R-ORBIT-6", "no Tech of his can advance")
    return Check(possible=True)


def _do_develop(
    state: TableState, check: Check, key: str, resolve: GainResolver
) -> Proc[TableState]:
    return (yield from develop(state, 2, key, resolve, rule="R-ORBIT-6", known=True))


def develop(
    state: TableState,
    n: int,
    key: str,
    resolve: GainResolver,
    *,
    rule: str,
    known: bool = False,
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
        state = yield from resolve(state, gain, f"{step_key}.gain")
    return state


def _check_construct(
    state: TableState, key: str, only: BuildingType | None
) -> Proc[Check]:
    """R-COLONY-2, R-BUILD-2/3: a qualifying type with a legal site, or impossible."""
    building = yield from find_building(state, key, only)
    if building is None:
        rule = "R-COLONY-2" if only is None else "R-BUILD-3"
        return Check.impossible(rule, "no qualifying building type has a legal site")
    return Check(possible=True, building=building)


def _do_construct(
    state: TableState, check: Check, key: str, resolve: GainResolver
) -> Proc[TableState]:
    assert check.building is not None  # for mypy: a possible Construct names a type
    return (yield from build(state, check.building, key))


def _check_upgrade(state: TableState, key: str, _: BuildingType | None) -> Proc[Check]:
    """R-COLONY-3: an unused Blueprint with at least one eligible building."""
    has = yield from ask_yes(
        f"{key}.usable_blueprint",
        "Does Lacerda hold an unused Blueprint that has an eligible building?",
        "Eligible: a building of the Blueprint's type, not yet upgraded (Shelters only "
        "his own); a Level 3 Blueprint needs a Complex of 3 or more.",
    )
    if not has:
        return Check.impossible(
            "R-COLONY-3", "no unused Blueprint of his has an eligible building"
        )
    return Check(possible=True)


def _do_upgrade(
    state: TableState, check: Check, key: str, resolve: GainResolver
) -> Proc[TableState]:
    """R-COLONY-3, R-COLONY-4: upgrade once, and again while an Upgrade Tech allows."""
    state = yield from _one_upgrade(state, f"{key}.upgrade1")
    more = yield from _another_blueprint(f"{key}.another")
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
    limit, made = max(own_limit, human_limit), 1
    while more and made < limit:
        made += 1
        state = yield from _one_upgrade(state, f"{key}.upgrade{made}")
        if made < limit:
            more = yield from _another_blueprint(f"{key}.another{made}")
    if made > 1:
        yield from _upgrade_tech(state, made, own_limit, human_limit)
    return state


def _another_blueprint(key: str) -> Proc[bool]:
    return (
        yield from ask_yes(
            key, "Does he hold another unused Blueprint with an eligible building?"
        )
    )


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
        MOST_ON_MAP,
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
        return Check.impossible("R-COST-5", "his Colonist is on his Hire slot")
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
            return Check.impossible("R-COLONY-6", "no Scientist is on display")
        yield from say("No Scientist on display: he goes for a Contract.", "R-COLONY-6")
    shown = yield from ask_yes(f"{key}.contract_shown", "Is a Contract on the display?")
    if not shown:
        return Check.impossible("R-COLONY-7", "no Contract is on display")
    cost = yield from ask_count(
        f"{key}.contract_cost", "How many Crystals does taking a Contract cost?", 0, 9
    )
    return Check(possible=True, plan="contract", cost=cost)


def _do_hire(
    state: TableState, check: Check, key: str, resolve: GainResolver
) -> Proc[TableState]:
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


def check_action(
    state: TableState, action: Action, key: str, only: BuildingType | None = None
) -> Proc[Check]:
    """Whether *action* is possible (R-TURN-4), asking what its rule needs."""
    return (yield from _CHECKS[action](state, key, only))


def perform_action(
    state: TableState, action: Action, check: Check, key: str, resolve: GainResolver
) -> Proc[TableState]:
    """Carry out a possible *action*; benefits met on the way go to *resolve*."""
    return (yield from _DOES[action](state, check, key, resolve))
