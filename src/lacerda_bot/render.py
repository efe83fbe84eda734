"""Words for decisions: the one place that says what Lacerda does, and why.

Two voices, one match over the closed :data:`~lacerda_bot.decisions.Decision`
union each, so a new decision cannot go unworded:

* :func:`describe` says in one line what a decision does, for a host's log,
  the README and the examples ("Lacerda pays 2 Crystal(s) for movement").
* :func:`instructions` tells a player at the table what to do with the pieces,
  as :class:`Line` values with the rule IDs behind them; it words both named
  places and :class:`~lacerda_bot.decisions.Described` ones ("tied site 3,
  numbered row by row from the top"), and every tie-break as it happens.

Rendering is optional (traces are data, R-TURN-10); the terminal companion,
the examples and any later front end use these words.
"""

from typing import Final, assert_never, final

import attrs

from lacerda_bot._deck import card_by_id
from lacerda_bot._rules.goals import Requirement, RequirementKind, SoloGoal
from lacerda_bot._rules.scoring import FinalResult, HumanCategory, ScoreBreakdown
from lacerda_bot._ties import PickedRule, TiedRule, tie_rule
from lacerda_bot.decisions import (
    ActionImpossible,
    AdvanceMission,
    AdvanceProgressBot,
    BuildShelter,
    ChooseLssReward,
    CollectTile,
    Construct,
    Criterion,
    CrystalSource,
    D,
    Decision,
    Described,
    DevelopTech,
    GainBot,
    GainCrystals,
    GainShip,
    GiveOxygen,
    HireScientist,
    LearnTech,
    LoseBenefit,
    MoveRover,
    ObtainBlueprint,
    PayCrystals,
    PaymentPurpose,
    PlaceColonist,
    PlaceDiscoveryTile,
    RefillContractDisplay,
    RelocateRover,
    RevealCard,
    SkipTurn,
    StartingSpace,
    Stay,
    TakeBenefit,
    TakeContract,
    TakeWarehouseItem,
    Travel,
    Upgrade,
)
from lacerda_bot.hexmap import Hex
from lacerda_bot.lab import place
from lacerda_bot.model import (
    Action,
    BuildingType,
    Gain,
    GainKind,
    LssReward,
    Scientist,
    Side,
    TechType,
    TechUsed,
)
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.outcome import CallKind, CallTrace
from lacerda_bot.records import LabSpace
from lacerda_bot.trace import TieBreak

__all__ = [
    "Line",
    "TableContext",
    "describe",
    "describe_with_rules",
    "instructions",
]


# --- the host voice -------------------------------------------------------------


def _name(value: object) -> str:
    return str(getattr(value, "value", value)).replace("_", " ")


def scientist_name(scientist: object) -> str:
    """A Scientist as printed on the card, e.g. ``R&D Engineer``."""
    if scientist is Scientist.RD_ENGINEER:
        return "R&D Engineer"
    return _name(scientist).title()


def _path(d: MoveRover[D]) -> str:
    if isinstance(d.path, tuple):
        if not d.path:
            return f"stays where he is (heading for tile {d.target})"
        end = "reaches" if d.reached else "heads for"
        return f"moves his Rover {len(d.path)} hex(es) to {d.path[-1]} and {end} tile {d.target}"
    end = "reaches" if d.reached else "heads for"
    return f"moves his Rover along {d.path} and {end} tile {d.target}"


def _text(d: Decision[D]) -> str:
    match d:
        case StartingSpace():
            return f"starts on Turn Order space {d.space} ({_name(d.side)})"
        case RevealCard():
            shuffled = ", deck reshuffled)" if d.reshuffled else ")"
            return f"reveals card {d.card} (pass {d.pass_count}{shuffled}"
        case AdvanceMission():
            return f"advances Mission {_name(d.slot).upper()} ({d.mission})"
        case GainCrystals():
            return f"gains {d.kept} of {d.requested} Crystal(s) from {_name(d.source)}"
        case PayCrystals():
            return f"pays {d.amount} Crystal(s) for {_name(d.purpose)}"
        case PlaceColonist():
            return f"places a Colonist on {_name(d.action)}"
        case ActionImpossible():
            return f"cannot {_name(d.action)}: {d.reason}"
        case ObtainBlueprint():
            return (
                f"obtains Blueprint {d.blueprint} ({_name(d.row)} row, slot {d.slot})"
            )
        case LearnTech():
            return (
                f"learns the {_name(d.tech)} Tech (tile {d.grid_tile})"
                f" onto Lab space {d.lab_space}"
            )
        case DevelopTech():
            return (
                f"develops {_name(d.tech)} from {d.from_level} to {d.to_level}"
                f" (Lab space {d.space})"
            )
        case Construct():
            tech = (
                f", {_name(d.tech_used)} Tech"
                if d.tech_used is not TechUsed.NONE
                else ""
            )
            return (
                f"constructs a {_name(d.building)} on {d.hex} (Complex of "
                f"{d.resulting_size}{tech}); Bot moves to {_name(d.pointer_after)}"
            )
        case Upgrade():
            return f"upgrades the building on {d.hex} with Blueprint {d.blueprint}"
        case HireScientist():
            return f"hires the {scientist_name(d.scientist)} (slot {d.slot})"
        case TakeContract():
            return f"takes {_name(d.kind)} Contract {d.contract} (slot {d.slot})"
        case RefillContractDisplay():
            return (
                f"leaves slot {d.slot} to be refilled from the shuffled Contract deck"
            )
        case MoveRover():
            return _path(d)
        case CollectTile():
            return f"collects tile {d.tile}"
        case RelocateRover():
            return f"moves his Rover off {d.from_hex} to {d.to_hex}"
        case AdvanceProgressBot():
            return f"advances his Progress Bot {d.steps} to {_name(d.after)}"
        case Travel():
            return f"travels to {_name(d.side)} (space {d.space})"
        case Stay():
            return f"stays: {d.reason}"
        case TakeBenefit():
            return f"takes the benefit {d.gain} of {d.source}"
        case TakeWarehouseItem():
            back = " (back to the supply)" if d.to_supply else ""
            return f"takes a {_name(d.item)} from the Warehouse{back}"
        case PlaceDiscoveryTile():
            if d.hex is None:
                return f"places no Discovery tile: {d.reason}"
            return f"places Discovery tile {d.tile} on {d.hex}"
        case BuildShelter():
            return f"builds a Shelter on {d.hex} (Complex of {d.resulting_size})"
        case GainShip():
            return "gains a Ship"
        case GainBot():
            return "gains a Bot"
        case ChooseLssReward():
            reward = _name(d.reward) if d.reward else "none offered"
            return f"takes the LSS reward: {reward}"
        case GiveOxygen():
            return f"used your {_name(d.tech)} Tech: you gain 1 Oxygen"
        case LoseBenefit():
            return f"loses the benefit {d.gain}: {d.reason}"
        case SkipTurn():
            return f"skips his turn: {d.reason}"
        case unreachable:
            assert_never(unreachable)


def describe(decision: Decision[D]) -> str:
    """One line saying what Lacerda does.

    >>> from lacerda_bot.decisions import PayCrystals, PaymentPurpose
    >>> describe(PayCrystals(amount=2, purpose=PaymentPurpose.PLACEMENT))
    'Lacerda pays 2 Crystal(s) for placement'
    """
    return "Lacerda " + _text(decision)


def describe_with_rules(decision: Decision[D]) -> str:
    """:func:`describe` followed by the rule IDs of the decision's trace."""
    rules = ", ".join(decision.trace.rules)
    return f"{describe(decision)}  [{rules}]" if rules else describe(decision)


# --- the table voice ------------------------------------------------------------

HEX_ORDER: Final = "row by row from the top, left to right in each row"
"""The canonical hex order (ascending r, then q) as a player reads the board."""

ACTION_NAMES: Final = {
    Action.OBTAIN_BLUEPRINT: "Obtain a Blueprint",
    Action.LEARN_TECH: "Learn New Technology",
    Action.RESEARCH_DEVELOPMENT: "Research & Development",
    Action.CONSTRUCT: "Construct a Building",
    Action.UPGRADE: "Upgrade a Building",
    Action.HIRE_OR_CONTRACT: "Hire a Scientist or take a Contract",
}
"""The card actions as printed (R-TURN-1)."""


@final
@attrs.frozen(kw_only=True)
class Line:
    """One thing Lacerda does or one instruction to the player, in the order to apply it."""

    text: str
    rules: tuple[str, ...] = ()
    """The rule IDs behind it (spec)."""
    why: tuple[str, ...] = ()
    """The longer trace the ``why`` command shows."""
    card: int | None = None
    """Set on the line that reveals a solo card."""
    action: Action | None = None
    """Set on the line that names the card action he takes (R-TURN-1)."""


@final
@attrs.frozen(kw_only=True)
class TableContext:
    """What the table knows that a decision does not say: his side, the options, his Lab."""

    side: Side | None
    options: Options
    lab: tuple[LabSpace, ...] | None = None
    """His Lab's spaces when the companion tracks his board (names a space entered)."""


def building_name(building: BuildingType) -> str:
    """A building type as printed on the board, e.g. ``Water Extractor``."""
    return building.value.replace("_", " ").title()


def _tech_name(tech: TechType) -> str:
    return tech.value.replace("_", " ").title()


def plural(n: int, word: str) -> str:
    """*n* and *word*, in the plural unless n is 1: ``2 Crystals``, ``3 hexes``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}es" if word.endswith("x") else f"{n} {word}s"


def _article(name: str) -> str:
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def gain_words(gain: Gain) -> str:
    """A benefit in words, e.g. ``crystals(2)`` or ``construct (water extractor)``.

    >>> from lacerda_bot.model import Gain, GainKind
    >>> gain_words(Gain(kind=GainKind.CONSTRUCT))
    'construct (any type)'
    """
    if gain.kind is GainKind.CONSTRUCT:
        what = gain.building.value.replace("_", " ") if gain.building else "any type"
        return f"construct ({what})"
    return str(gain).replace("_", " ")


def _tied(rule: TiedRule) -> tuple[str, str]:
    """What the options of a tie are, and how the player numbers them (R-TIE-1)."""
    match rule:
        case TiedRule.BUILD_SITE | TiedRule.SHELTER_SITE:
            return "sites", HEX_ORDER
        case TiedRule.FREE_HEX:
            return "free hexes (empty, or a building with no figure)", HEX_ORDER
        case TiedRule.TECH_TILE:
            return "tiles", "top row first, then left to right"
        case TiedRule.LAB_SPACE:
            return "empty spaces to the right of his tile", "top space first"
        case TiedRule.BLUEPRINT_TYPE:
            return "Blueprint types", "left to right as his Blueprints lie"
        case TiedRule.UPGRADED_BUILDING:
            return "buildings", HEX_ORDER
        case TiedRule.SCIENTIST:
            return "Scientists", "by display slot, left to right"
        case TiedRule.CONTRACT:
            return "Contracts", "by display slot, left to right"
        case TiedRule.ROVER_TARGET:
            return "nearest tiles", HEX_ORDER
        case TiedRule.ROVER_PATH:
            return "paths", "by their hexes in order, each compared " + HEX_ORDER
        case TiedRule.ARRIVAL_HEX:
            return "hexes", HEX_ORDER
        case _:
            assert_never(rule)


def _round_words(
    policy: TiePolicy,
    revealed: tuple[int, ...],
    groups: tuple[tuple[int, int], ...],
    group: int,
) -> str:
    """One round of a tie-break: what was drawn, and the option or group it chose."""
    first, last = groups[group - 1] if 0 < group <= len(groups) else (0, -1)
    if first == last:
        result = f"number {first}"
    elif last == first + 1:
        result = f"group {group} (numbers {first} and {last})"
    elif last > first:
        result = f"group {group} (numbers {first} to {last})"
    else:
        result = f"group {group}"
    match policy:
        case TiePolicy.UNIFORM:
            return f"seeded random pick: {result}"
        case TiePolicy.CARDS:
            cards = ", ".join(f"{c} (action {card_by_id(c).action})" for c in revealed)
            return f"solo cards revealed: {cards} -> {result}"
        case TiePolicy.CHOSEN:  # a chosen tie has no rounds
            return f"chosen: {result}"
        case _:
            assert_never(policy)


def _picked(rule: PickedRule, chosen: int) -> str:
    """How the player numbers the options of a random pick (R-TIE-7)."""
    match rule:
        case PickedRule.FIRST_COLONIST_TILE:
            return (
                "Number the First Colonist tiles by the Turn Order space each "
                f"names, lowest first: he draws number {chosen}."
            )
        case PickedRule.ARRIVAL_SPACE:
            return (
                "He travels: number the free Turn Order spaces of the other "
                f"side by space number, lowest first; he takes number {chosen}."
            )
        case _:
            assert_never(rule)


def _tie_line(tie: TieBreak) -> Line:
    """R-TIE-1..6: the tie, how to number the options, and the number chosen."""
    rule = tie_rule(tie.rule)
    if isinstance(rule, PickedRule):  # a random pick of the rules (R-TIE-7)
        events = ", ".join(str(e) for r in tie.rounds for e in r.random_events)
        return Line(
            text=_picked(rule, tie.chosen),
            rules=(tie.rule, "R-TIE-7"),
            why=(f"uniform pick among {tie.count} with random event {events}",),
        )
    things, order = (
        ("options", "in the order the rule names") if rule is None else _tied(rule)
    )
    n = tie.count
    if tie.policy is TiePolicy.CHOSEN:  # the player chose (R-TIE-1, note of 1.3)
        return Line(
            text=f"{n} {things} are equally good for him: you choose which.",
            rules=(tie.rule, "R-TIE-1"),
            why=("tie_policy = chosen: no solo card is drawn",),
        )
    how = "R-TIE-6" if tie.policy is TiePolicy.UNIFORM else "R-TIE-2"
    rules = [tie.rule, "R-TIE-1", how]
    if n > 3 and tie.policy is TiePolicy.CARDS:
        rules.append("R-TIE-5")
    if any(r.reshuffled for r in tie.rounds):
        rules.append("R-TIE-3")
    why = [
        _round_words(tie.policy, r.revealed, r.groups, r.chosen_group)
        for r in tie.rounds
    ]
    if tie.policy is TiePolicy.CARDS:
        why.append("revealed cards go back under the draw pile, then it is shuffled")
    return Line(
        text=f"Tie among {n} {things}: number them {order}; the tie-break picks "
        f"number {tie.chosen}.",
        rules=tuple(rules),
        why=tuple(why),
    )


def _which(value: object, one: str, tied: str, chosen: str = "") -> str:
    """How a decision names an option the table could not name by its place.

    *one* for a lone or named option, *tied* with its number for one a
    tie-break chose, or *chosen* for one the player chooses (``tie_policy =
    chosen``).
    """
    if isinstance(value, Described) and value.of == 0:
        return chosen or f"{one} (if several are equal, you choose)"
    if isinstance(value, Described) and value.of > 1:
        return f"{tied} {value.number}"
    return one


def _line(d: Decision[D], text: str, *, why: tuple[str, ...] = ()) -> Line:
    return Line(text=text, rules=d.trace.rules, why=why)


def _site(value: Hex | D) -> str:
    if isinstance(value, Hex):
        return f"the hex {value}"
    return _which(value, "that site", "tied site")


def _built(what: str, site: Hex | D, complex_: str, size: int) -> str:
    """Where he builds *what*, and the *complex_* of *size* it makes (R-BUILD-9)."""
    if isinstance(site, Described) and site.of == 0:  # the player places it
        return (
            f"He builds {what} on the site you chose for it: a legal site making the "
            f"largest {complex_} it can ({size})."
        )
    return f"He builds {what} on {_site(site)} ({_article(complex_)} of {size})."


_CLEAR_SITE: Final = (
    "Clear the site: a Crystal there goes to the general supply, a tile leaves "
    "the game, and your figures there move to the nearest empty hex or building "
    "with no figure on it."
)
_CLEAR_UPGRADED: Final = (
    "His marker is a figure: your Rover or Bot on that building moves to the "
    "nearest empty hex or building with no figure on it."
)


def _construct(d: Construct[D]) -> tuple[Line, ...]:
    name = building_name(d.building)
    after = building_name(d.pointer_after)
    lines = [
        _line(
            d,
            _built(_article(name), d.hex, f"{name} Complex", d.resulting_size)
            + " He pays no building cost.",
        ),
        Line(text=_CLEAR_SITE, rules=("R-BUILD-4",)),
    ]
    if d.miner:
        lines.append(
            Line(
                text="Put one of his Colonists on the new Mine.", rules=("R-BUILD-11",)
            )
        )
    lines.append(
        Line(
            text=f"Move his Progress-area Bot to the icon after {name}: {after}.",
            rules=("R-BUILD-1",),
        )
    )
    if d.building is not BuildingType.MINE:
        lines.append(
            Line(
                text=f"Raise the {name} LSS marker one level and score it as usual.",
                rules=("R-BUILD-13", "R-LSS-1"),
            )
        )
    return tuple(lines)


def _shelter(d: BuildShelter[D], context: TableContext) -> tuple[Line, ...]:
    lines = [
        _line(d, _built("one of his Shelters", d.hex, "Complex", d.resulting_size)),
        Line(text=_CLEAR_SITE, rules=("R-BUILD-4",)),
    ]
    if not context.options.shelter_moves_pointer:
        lines.append(
            Line(
                text="His Progress-area Bot does not move for a Shelter.",
                rules=("R-LEVEL-3",),
            )
        )
    return tuple(lines)


_SOURCES: Final = {
    CrystalSource.MISSION: "from the Mission",
    CrystalSource.BLUEPRINT_PICKUP: "for picking up the Blueprint",
    CrystalSource.ROVER_PATH: "picked up on his Rover's way",
    CrystalSource.LSS_REWARD: "as his LSS reward",
    CrystalSource.WAREHOUSE: "from the Warehouse",
    CrystalSource.BENEFIT: "from the general supply",
}


def _gain(d: GainCrystals[D]) -> Line:
    what = f"He gains {plural(d.requested, 'Crystal')} {_SOURCES[d.source]}"
    if isinstance(d.kept, int):
        kept = "" if d.kept == d.requested else f"; he keeps {d.kept}, the rest is lost"
    else:
        limit = " and the supply" if d.source.from_supply else ""
        kept = f" (only as many as his free Depot spaces{limit} allow)"
    return _line(d, f"{what}{kept}.")


_PAID_FOR: Final = {
    PaymentPurpose.PLACEMENT: "",
    PaymentPurpose.CONTRACT: " for the Contract",
    PaymentPurpose.TILE: " for the tile",
    PaymentPurpose.MOVEMENT: " to move extra hexes",
}


def _size(lab: tuple[LabSpace, ...] | None, column: int) -> int:
    """How many spaces column *column* of *lab* has (0 without a Lab)."""
    return sum(1 for s in lab or () if s.column == column)


def _entered(d: DevelopTech[D], lab: tuple[LabSpace, ...] | None) -> Line:
    """R-ORBIT-6: the space his tile goes onto, named where the companion tracks his Lab."""
    space = d.space
    known = next((s for s in lab or () if s.id == space), None)
    if known is None:
        text = (
            "Move the tile onto the empty space to its right that helps him most "
            "(if two are equal, the tie-break's pick, counting the top one first)."
        )
    else:
        word = (
            place(known.position, _size(lab, known.column))
            or f"number {known.position + 1} from the top"
        )
        text = f"Move the tile onto the {word} space of column {known.column}."
    return Line(text=text, rules=("R-ORBIT-6",))


def _develop(d: DevelopTech[D]) -> str:
    tech = d.tech
    if isinstance(tech, TechType):
        if isinstance(d.to_level, int):
            return f"Develop his {_tech_name(tech)} Tech to level {d.to_level}."
        return f"Develop his {_tech_name(tech)} Tech one level, for free."
    assert isinstance(tech, Described)  # D is Described wherever a Tech is unnamed
    match tech.criterion:
        case Criterion.MOST_DEVELOPED:
            return (
                "Develop his most developed Tech that can advance by one level (if "
                "levels are equal, the one lower in his Lab). Costs are waived."
            )
        case Criterion.LEAST_DEVELOPED:
            return (
                "Develop his least developed Tech that can advance, other than the "
                "one the previous step developed, by one level (if equal, the one "
                "lower in his Lab)."
            )
        case Criterion.SAME_TECH:
            return "Develop the Tech of the previous step one more level."
        case _:
            raise AssertionError(f"not a development criterion: {tech.criterion}")


def _move(d: MoveRover[D]) -> str:
    path = _which(
        d.path,
        "the path",
        "tied path",
        "a shortest path that picks up the most Crystals he can take (if several "
        "do, you choose)",
    )
    if d.reached:
        return f"Move his Rover along {path} onto the tile."
    return (
        f"Move his Rover along {path} toward the tile, at most "
        f"{plural(d.allowance, 'hex')}: he stops on the farthest hex within reach "
        "that holds no other figure (he stays if there is none)."
    )


def _obtain(d: ObtainBlueprint[D]) -> str:
    if isinstance(d.blueprint, Described):
        which = (
            "a Blueprint of a type his Scientists score"
            if d.blueprint.criterion is Criterion.SCORED_BLUEPRINT
            else "a Blueprint"
        )
        return (
            f"He takes {which}: of the rows holding one, the row with more cards "
            "(the bottom row if equal), and in it the leftmost such card. Park one "
            "of his free Advanced Building markers on it."
        )
    return (
        f"He takes Blueprint {d.blueprint} ({_name(d.row)} row, slot {d.slot}); "
        "park one of his free Advanced Building markers on it."
    )


def _reveal(d: RevealCard, context: TableContext) -> tuple[Line, ...]:
    card = card_by_id(d.card)
    lines = []
    if d.reshuffled:
        lines.append(
            Line(
                text="His draw pile was empty: shuffle his discard pile into a new "
                f"draw pile (pass {d.pass_count}).",
                rules=("R-DECK-2",),
            )
        )
    travel = "" if card.travels else ", with an X (he will not travel)"
    lines.append(
        Line(
            text=f"His card: Mission {card.mission.name}, action {card.action}{travel} "
            f"({card.face}).",
            rules=("R-DECK-2",),
            why=(f"solo card {card.id} in our numbering",),
            card=card.id,
        )
    )
    if context.side is not None:
        action = Action.for_card(context.side, card.action)
        lines.append(
            Line(
                text=f"{context.side.value.title()} action {card.action}: "
                f"{ACTION_NAMES[action]}.",
                rules=("R-TURN-1",),
                action=action,
            )
        )
    return tuple(lines)


def _travel(d: Travel[D]) -> tuple[Line, ...]:
    side = d.side.value.title()
    if isinstance(d.space, Described):
        where = "Put his figure on that Turn Order space."
    else:
        where = f"He takes Turn Order space {d.space}."
    lines = [_line(d, f"He travels to the {side}. {where}", why=_event_why(d))]
    if d.side is Side.ORBIT:
        lines.append(
            Line(
                text="He gets no income and retrieves no Colonists.",
                rules=("R-SHUTTLE-4", "R-LSS-3"),
            )
        )
    else:
        lines.append(
            Line(
                text="He retrieves no Colonists. On arrival: a Discovery tile, the "
                "space's benefit, then a free building as in Colony action 1.",
                rules=("R-SHUTTLE-5", "R-LSS-3"),
            )
        )
    return tuple(lines)


def _event_why(d: Decision[D]) -> tuple[str, ...]:
    """The random event a uniform pick used (R-DECK-1), from the trace's note."""
    return (d.trace.note,) if d.trace.note else ()


def _start(d: StartingSpace[D]) -> str:
    if isinstance(d.space, Described):
        return (
            "Put his figure on that space and the Shuttle on the red space of that "
            "side."
        )
    return (
        f"He starts on Turn Order space {d.space} ({d.side.value.title()}): put his "
        "figure there and the Shuttle on the red space of that side."
    )


def _discovery(d: PlaceDiscoveryTile[D]) -> str:
    if d.hex is None:
        return f"No Discovery tile is placed: {d.reason}."
    where = (
        f"the hex {d.hex}"
        if isinstance(d.hex, Hex)
        else _which(
            d.hex,
            "that hex",
            "tied hex",
            "an empty hex 3 hexes from his Rover, the farthest such hex from your "
            "Rover (if several are, you choose)",
        )
    )
    return f"Put the leftmost Discovery tile of the Exploration spaces on {where}."


def _lss(d: ChooseLssReward) -> str:
    match d.reward:
        case LssReward.RETRIEVE_COLONIST:
            return (
                "LSS reward: he takes his Colonist back from his Colony 3 slot (Hire "
                "a Scientist or take a Contract)."
            )
        case LssReward.CRYSTAL:
            return "LSS reward: 1 Crystal."
        case None:
            return "LSS reward: none is offered."
        case unreachable:
            assert_never(unreachable)


def _decision(d: Decision[D], context: TableContext) -> tuple[Line, ...]:
    match d:
        case StartingSpace():
            return (_line(d, _start(d), why=_event_why(d)),)
        case RevealCard():
            return _reveal(d, context)
        case AdvanceMission():
            return (_line(d, f"Advance his marker on Mission {d.slot.name}."),)
        case GainCrystals():
            return (_gain(d),)
        case PayCrystals():
            text = f"He pays {plural(d.amount, 'Crystal')}{_PAID_FOR[d.purpose]}."
            return (_line(d, text),)
        case PlaceColonist():
            name = ACTION_NAMES[d.action]
            return (
                Line(
                    text=f"Put one of his Colonists on the {name} action space.",
                    rules=("R-COST-1", "R-COST-7"),
                ),
            )
        case ActionImpossible():
            text = f"{ACTION_NAMES[d.action]} is impossible: {d.reason}."
            return (_line(d, text),)
        case ObtainBlueprint():
            return (_line(d, _obtain(d)),)
        case LearnTech():
            text = (
                "He learns the cheapest Tech of a type he lacks (leftmost if equal): "
                "put it on the topmost free space of his Lab's first column. He "
                "pays nothing."
            )
            if isinstance(d.tech, TechType):
                where = next(
                    (
                        f"the {place(s.position, _size(context.lab, 1)) or 'topmost free'}"
                        " space of his Lab's first column"
                        for s in context.lab or ()
                        if s.id == d.lab_space
                    ),
                    "the topmost free space of his Lab's first column",
                )
                text = (
                    f"He learns the {_tech_name(d.tech)} Tech: put it on {where}. "
                    "He pays nothing."
                )
            return (_line(d, text),)
        case DevelopTech():
            return (_line(d, _develop(d)), _entered(d, context.lab))
        case Construct():
            return _construct(d)
        case Upgrade():
            building = (
                f"the building on {d.hex}"
                if isinstance(d.hex, Hex)
                else _which(d.hex, "that building", "tied building")
            )
            text = (
                f"Put one of his Advanced Building markers on {building}: the "
                "Blueprint is used (a type his Scientists score first, then Level 3 "
                "before Level 1). He pays no Upgrade cost."
            )
            return (_line(d, text), Line(text=_CLEAR_UPGRADED, rules=("R-BUILD-4",)))
        case HireScientist():
            who = (
                f"the {scientist_name(d.scientist)}"
                if not isinstance(d.scientist, Described)
                else "the Scientist with the highest potential"
            )
            text = (
                f"He hires {who}; he pays no hire cost. His Colonist stays on his "
                "Colony 3 slot until an LSS reward brings it back."
            )
            return (_line(d, text),)
        case TakeContract():
            kind = d.kind.value.title()
            text = (
                f"He takes that {kind} Contract (it counts as completed for him). "
                "As after a hire, his Colonist stays on his Colony 3 slot until an "
                "LSS reward brings it back."
            )
            return (_line(d, text),)
        case RefillContractDisplay():
            text = (
                "Refill the slot he took from: shuffle the Contract deck and draw "
                "its top card."
            )
            return (_line(d, text),)
        case MoveRover():
            return (_line(d, _move(d)),)
        case CollectTile():
            return (_line(d, "He collects the tile."),)
        case RelocateRover():
            where = (
                f"the hex {d.to_hex}"
                if isinstance(d.to_hex, Hex)
                else _which(
                    d.to_hex,
                    "that hex",
                    "tied free hex",
                    "the nearest empty hex or building with no figure on it (if "
                    "several are, you choose)",
                )
            )
            return (_line(d, f"Move his Rover off that building to {where}."),)
        case AdvanceProgressBot():
            text = (
                f"Move his Progress-area Bot {plural(d.steps, 'icon')} forward, to "
                f"{building_name(d.after)}."
            )
            return (_line(d, text),)
        case Travel():
            return _travel(d)
        case Stay():
            return (_line(d, f"He stays: {d.reason}."),)
        case TakeBenefit() if d.gain.kind is GainKind.DEVELOP:
            text = (
                f"He develops his Techs {plural(d.gain.n, 'step')}, one at a time: "
                "his most developed Tech that can move, then his least developed "
                "other one, and so on; he stops as soon as none can move."
            )
            return (Line(text=text, rules=("R-TO-10", "R-ORBIT-6")),)
        case TakeBenefit():
            return ()  # the player named the benefit; what follows carries it out
        case TakeWarehouseItem():
            back = ", which goes back to the general supply" if d.to_supply else ""
            text = f"He takes one {_name(d.item)} from the Warehouse{back}."
            return (_line(d, text),)
        case PlaceDiscoveryTile():
            return (_line(d, _discovery(d)),)
        case BuildShelter():
            return _shelter(d, context)
        case GainShip():
            text = "He gains a Ship: move it from his Depot to his Hangar."
            return (_line(d, text),)
        case GainBot():
            text = "He gains a Bot onto his player board (it never enters the map)."
            return (_line(d, text),)
        case ChooseLssReward():
            return (_line(d, _lss(d)),)
        case GiveOxygen():
            text = f"You gain 1 Oxygen: he used your {_tech_name(d.tech)} Tech."
            return (_line(d, text),)
        case LoseBenefit():
            return (
                _line(d, f"He loses the {gain_words(d.gain)} benefit: {d.reason}."),
            )
        case SkipTurn():
            return (_line(d, f"He skips the rest of his turn: {d.reason}."),)
        case unreachable:
            assert_never(unreachable)


def instructions(
    event: Decision[D] | TieBreak, context: TableContext
) -> tuple[Line, ...]:
    """What the player at the table does for one decision or tie-break, in order.

    A decision's tie-breaks are worded as events of their own, as they happen
    (the table sees each before the questions that follow it), so a decision's
    lines leave them out.

    >>> from lacerda_bot.decisions import GainShip
    >>> from lacerda_bot.options import Options
    >>> instructions(GainShip(), TableContext(side=None, options=Options()))[0].text
    'He gains a Ship: move it from his Depot to his Hangar.'
    """
    if isinstance(event, TieBreak):
        return (_tie_line(event),)
    return _decision(event, context)


def tile_stays() -> Line:
    """R-TURN-6: the Tech you used cannot move, so nothing develops."""
    text = (
        "His Tech tile cannot move: no empty space of the next column touches its "
        "space (or it stands in the last column). It stays where it is."
    )
    return Line(text=text, rules=("R-TURN-6", "R-ORBIT-6"))


def call_lines(trace: CallTrace) -> tuple[Line, ...]:
    """What ends a call at the table: his card goes on the discard pile (R-DECK-3)."""
    if trace.call is CallKind.TAKE_TURN and trace.card is not None:
        face = card_by_id(trace.card).face
        return (
            Line(
                text=f"Put his card ({face}) on his discard pile.", rules=("R-DECK-3",)
            ),
        )
    return ()


def describe_requirement(req: Requirement) -> str:
    """A Solo Goal requirement (T8) in words."""
    k = RequirementKind
    what = req.building.value.replace("_", " ").title() if req.building else "any type"
    tech = req.tech.value.replace("_", " ") if req.tech else "any"
    words = {
        k.COLONY_LEVEL: f"the Colony reached level {req.n}",
        k.CONTRACTS: f"you completed {req.n} Contract(s)"
        + (", one of each kind" if req.one_per_kind else ""),
        k.PRIVATE_GOALS: f"you completed {req.n} Private Goal(s)",
        k.TECH_LEVEL: f"one of your Techs ({tech}) reached level {req.n}",
        k.RESEARCH_TILES: f"you collected {req.n} Research tiles",
        k.SHELTERS: f"you built {req.n} Shelters",
        k.MINES_WITH_OWN_COLONIST_OR_MARKER: f"{req.n} Mines hold your Colonist or "
        "Advanced Building marker",
        k.ADVANCED_BUILDINGS: f"you have {req.n} Advanced Buildings on Mars ({what})",
        k.CONTRACT_COMPLETED: "you completed the "
        + (req.contract.value if req.contract else "")
        + " Contract "
        + (req.items or what),
        k.SCIENTIST: "you hired the "
        + (scientist_name(req.scientist) if req.scientist else ""),
        k.COMPLEX_SIZE: f"a {what} Complex of {req.n} or more is on Mars",
        k.STORED: f"you hold {req.n} {req.item.value if req.item else ''} units",
        k.ENDS_ON: f"you end the game in {req.side.value.title() if req.side else ''}",
        k.MARGIN: f"you beat Lacerda by {req.n} OP or more",
    }
    return words[req.kind]


_CATEGORY_WORDS: Final = {
    "op_track": "OP track",
    "progress_cubes": "Progress cubes",
    "techs": "Techs",
    "ships": "Ships in his Hangar",
    "blueprints": "Blueprints",
    "scientists": "Scientists",
    "contracts": "Contracts",
    "living_quarters": "Living Quarters",
}
"""How the final score names each category of :class:`ScoreBreakdown`."""

_YOUR_CATEGORY_WORDS: Final = {
    HumanCategory.OP_TRACK: "OP track",
    HumanCategory.TECH_TILES: "Tech tiles",
    HumanCategory.PROGRESS_CUBES: "Progress cubes",
    HumanCategory.SHIPS: "Ships in your Hangar",
    HumanCategory.BLUEPRINTS: "Built Blueprints",
    HumanCategory.SCIENTISTS: "Scientists",
    HumanCategory.CONTRACTS: "Contracts",
    HumanCategory.LIVING_QUARTERS: "Living Quarters",
    HumanCategory.PRIVATE_GOALS: "Private Goals",
    HumanCategory.LOST: "Lost at the end",
}
"""How the final score names each category of your own score (R-SCORE-1)."""


def score_lines(result: FinalResult, goal: SoloGoal) -> tuple[Line, ...]:
    """The result and both totals first, then his score and the Solo Goal.

    His score by category (R-SCORE-2), the Solo Goal by requirement (R-GOAL-2).
    """
    score = result.score
    categories = tuple(
        Line(
            text=f"{_CATEGORY_WORDS[field.name]}: {getattr(score, field.name)} OP",
            rules=("R-SCORE-2",),
        )
        for field in attrs.fields(ScoreBreakdown)
        if field.name != "total"
    )
    requirements = tuple(
        Line(
            text=("met: " if r.passed else "not met: ")
            + describe_requirement(r.requirement),
            rules=("R-GOAL-2",),
        )
        for r in result.goal.requirements
    )
    yours = tuple(
        Line(
            text=f"{_YOUR_CATEGORY_WORDS[category]}: {category.sign * points} OP",
            rules=("R-SCORE-1",),
        )
        for category, points in result.human_score
    )
    verdict = "you win" if result.goal.passed else "Lacerda wins"
    return (
        Line(
            text=f"Result: {verdict.capitalize()}. You {result.human_total} OP, "
            f"Lacerda {score.total} OP (margin {result.margin:+d}).",
            rules=("R-GOAL-2", "R-SCORE-3"),
        ),
        Line(text="Lacerda's final score:", rules=("R-SCORE-1",)),
        *categories,
        Line(
            text=f"Lacerda scores {score.total} OP in all.",
            rules=("R-SCORE-1", "R-SCORE-2"),
        ),
        *(
            (
                Line(text="Your final score:", rules=("R-SCORE-1",)),
                *yours,
                Line(
                    text=f"You score {result.human_total} OP in all.",
                    rules=("R-SCORE-1",),
                ),
            )
            if yours
            else ()
        ),
        Line(text=f"Solo Goal, {goal.name}:", rules=("R-GOAL-2",)),
        *requirements,
        Line(
            text=f"Margin {result.margin:+d}; {verdict}.",
            rules=("R-GOAL-2", "R-SCORE-3"),
        ),
    )
