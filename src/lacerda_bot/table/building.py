"""Building at the table: the type by the sequence, the site by its Complex (R-BUILD, R-LSS, R-LEVEL-2).

The player answers whether a type qualifies and has a legal site, how large
a Complex the best site makes and how many sites tie; the companion moves the
Progress Bot (R-BUILD-1) and breaks the tie (R-BUILD-9).
"""

from typing import Final

import attrs

from lacerda_bot.model import (
    BUILDING_SEQUENCE,
    LSS_TYPES,
    BuildingType,
    TechUsed,
    next_in_sequence,
)
from lacerda_bot.options import ComplexTechThreshold, StandaloneRule
from lacerda_bot.table.dialogue import Proc, ask_count, ask_yes, say
from lacerda_bot.table.state import (
    HEX_ORDER,
    MOST_ON_MAP,
    TableState,
    article,
    building_name,
    plural,
)
from lacerda_bot.table.ties import tie

__all__ = ["advance_bot", "build", "build_shelter", "find_building"]


def advance_bot(state: TableState, steps: int, rule: str) -> Proc[TableState]:
    """R-TO-5: the Progress Bot advances *steps* icons of T2."""
    after = next_in_sequence(state.bot.pointer, steps)
    yield from say(
        f"Move his Progress-area Bot {plural(steps, 'icon')} forward, to "
        f"{building_name(after)}.",
        rule,
    )
    return attrs.evolve(state, bot=attrs.evolve(state.bot, pointer=after))


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
            f"Is there a legal site for {article(name)}?",
            _site_hint(building, state),
        )
        if legal:
            return building
    return None


def _ask_site(
    state: TableState, name: str, key: str, rule: str
) -> Proc[tuple[TableState, int]]:
    """R-BUILD-5, R-BUILD-9: the largest resulting Complex, then R-TIE among sites."""
    size = yield from ask_count(
        f"{key}.largest",
        f"How large {article(name)} Complex does the best legal site make? (1 if it stands alone)",
        1,
        MOST_ON_MAP,
        "Resulting size = 1 + the sizes of all the Complexes of that type the site "
        "touches. Crystals, tiles and figures on a site do not matter.",
    )
    n = yield from ask_count(
        f"{key}.tied_sites",
        f"How many legal sites make a Complex of {size}?",
        1,
        MOST_ON_MAP,
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
        f"He builds {article(name)} on that site ({article(name)} Complex of {size}); he pays no "
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
        MOST_ON_MAP,
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
        return (yield from advance_bot(state, 1, "R-LEVEL-3"))
    yield from say("His Progress-area Bot does not move for a Shelter.", "R-LEVEL-3")
    return state
