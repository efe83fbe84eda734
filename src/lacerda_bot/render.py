"""Words for decisions: the one place that says what Lacerda does, and why.

Two voices, one match over the closed :data:`~lacerda_bot.decisions.Decision`
union each, so a new decision cannot go unworded:

* :func:`describe` says in one line what a decision does, for a host's log,
  the README and the examples ("Lacerda pays 2 Crystals for movement").
* :func:`instructions` tells a player at the table what to do with the pieces,
  as :class:`Line` values with the rule IDs behind them; it words both named
  places and :class:`~lacerda_bot.decisions.Described` ones ("tied site 3,
  numbered row by row from the top"), and every tie-break as it happens.

Both voices build :class:`~lacerda_bot.language.Message` values, said in the
player's language by :class:`~lacerda_bot.language.Words` (English unless told).
Rendering is optional (traces are data, R-TURN-10); the terminal companion,
the examples and any later front end use these words.
"""

from collections.abc import Mapping
from typing import Any, Final, assert_never, final

import attrs

from lacerda_bot import terms
from lacerda_bot._deck import card_by_id
from lacerda_bot._reasons import reason_words
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
from lacerda_bot.language import (
    ENGLISH,
    Message,
    Param,
    Text,
    Words,
    msg,
    msg_c,
    msg_n,
)
from lacerda_bot.model import (
    Action,
    BlueprintRow,
    BuildingType,
    ContractKind,
    Gain,
    GainKind,
    Item,
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

# The log names things by their lower-case values ("water extractor"), as the
# host's data does; the table names them as printed (lacerda_bot.terms).
_LOG_SIDES: Final = {
    # Translators: a side of the board in a host's log, lower case: "travels to
    # orbit (space S2)".
    Side.ORBIT: msg_c("side (log)", "orbit"),
    Side.COLONY: msg_c("side (log)", "colony"),
}
_LOG_BUILDINGS: Final = {
    # Translators: a building type in a host's log, lower case: "constructs a mine".
    BuildingType.MINE: msg_c("building (log)", "mine"),
    BuildingType.GENERATOR: msg_c("building (log)", "generator"),
    BuildingType.WATER_EXTRACTOR: msg_c("building (log)", "water extractor"),
    BuildingType.GREENHOUSE: msg_c("building (log)", "greenhouse"),
    BuildingType.OXYGEN_CONDENSER: msg_c("building (log)", "oxygen condenser"),
    BuildingType.SHELTER: msg_c("building (log)", "shelter"),
}
_LOG_TECHS: Final = {
    # Translators: a Tech type in a host's log, lower case: "learns the mine Tech".
    TechType.MINE: msg_c("tech (log)", "mine"),
    TechType.GENERATOR: msg_c("tech (log)", "generator"),
    TechType.WATER_EXTRACTOR: msg_c("tech (log)", "water extractor"),
    TechType.GREENHOUSE: msg_c("tech (log)", "greenhouse"),
    TechType.OXYGEN_CONDENSER: msg_c("tech (log)", "oxygen condenser"),
    TechType.SHELTER: msg_c("tech (log)", "shelter"),
    TechType.ROVER: msg_c("tech (log)", "rover"),
    TechType.UPGRADE: msg_c("tech (log)", "upgrade"),
}
_LOG_ACTIONS: Final = {
    # Translators: a card action in a host's log, lower case: "places a Colonist on
    # obtain blueprint".
    Action.OBTAIN_BLUEPRINT: msg_c("action (log)", "obtain blueprint"),
    Action.LEARN_TECH: msg_c("action (log)", "learn tech"),
    Action.RESEARCH_DEVELOPMENT: msg_c("action (log)", "research development"),
    Action.CONSTRUCT: msg_c("action (log)", "construct"),
    Action.UPGRADE: msg_c("action (log)", "upgrade"),
    Action.HIRE_OR_CONTRACT: msg_c("action (log)", "hire or contract"),
}
_LOG_SOURCES: Final = {
    # Translators: where Crystals come from, in a host's log: "gains 2 of 2
    # Crystals from mission".
    CrystalSource.MISSION: msg_c("crystal source (log)", "mission"),
    CrystalSource.BLUEPRINT_PICKUP: msg_c("crystal source (log)", "blueprint pickup"),
    CrystalSource.ROVER_PATH: msg_c("crystal source (log)", "rover path"),
    CrystalSource.LSS_REWARD: msg_c("crystal source (log)", "lss reward"),
    CrystalSource.WAREHOUSE: msg_c("crystal source (log)", "warehouse"),
    CrystalSource.BENEFIT: msg_c("crystal source (log)", "benefit"),
}
_LOG_PURPOSES: Final = {
    # Translators: what Crystals pay for, in a host's log: "pays 2 Crystals for
    # placement".
    PaymentPurpose.PLACEMENT: msg_c("payment (log)", "placement"),
    PaymentPurpose.CONTRACT: msg_c("payment (log)", "contract"),
    PaymentPurpose.TILE: msg_c("payment (log)", "tile"),
    PaymentPurpose.MOVEMENT: msg_c("payment (log)", "movement"),
}
_LOG_CONTRACTS: Final = {
    # Translators: a kind of Contract, lower case: "takes upgrade Contract C4".
    ContractKind.UPGRADE: msg_c("contract (log)", "upgrade"),
    ContractKind.DELIVERY: msg_c("contract (log)", "delivery"),
}
_ROWS: Final = {
    # Translators: a row of the Blueprint display: "(top row, slot 2)".
    BlueprintRow.TOP: msg_c("blueprint row", "top"),
    BlueprintRow.BOTTOM: msg_c("blueprint row", "bottom"),
}
_LOG_ITEMS: Final = {
    # Translators: one unit taken from the Warehouse, in a host's log: "takes a
    # crystal from the Warehouse".
    Item.CRYSTAL: msg_c("warehouse item (log)", "a crystal"),
    Item.MINERAL: msg_c("warehouse item (log)", "a mineral"),
    Item.BATTERY: msg_c("warehouse item (log)", "a battery"),
    Item.WATER: msg_c("warehouse item (log)", "a water"),
    Item.PLANT: msg_c("warehouse item (log)", "a plant"),
    Item.OXYGEN: msg_c("warehouse item (log)", "an oxygen"),
}


def _label(value: object) -> str:
    """A host's id, a number or a Described option as the log shows it (``site 3/3``)."""
    return str(value)


def _named(value: object, names: Mapping[Any, Message]) -> Param:
    """*value*'s name from *names*, or its label where the table described it."""
    return names[value] if value in names else _label(value)


def _scientist(value: object) -> Param:
    if isinstance(value, Scientist):
        return terms.scientist_name(value)
    return _label(value).title()


def scientist_name(scientist: object) -> str:
    """A Scientist as printed on the card, e.g. ``R&D Engineer``."""
    return str(_scientist(scientist))


def _path(d: MoveRover[D]) -> Message:
    target = _label(d.target)
    if isinstance(d.path, tuple):
        if not d.path:
            return msg(
                "Lacerda stays where he is (heading for tile {tile})", tile=target
            )
        end = str(d.path[-1])
        if d.reached:
            return msg_n(
                "Lacerda moves his Rover {n} hex to {hex} and reaches tile {tile}",
                "Lacerda moves his Rover {n} hexes to {hex} and reaches tile {tile}",
                len(d.path),
                hex=end,
                tile=target,
            )
        return msg_n(
            "Lacerda moves his Rover {n} hex to {hex} and heads for tile {tile}",
            "Lacerda moves his Rover {n} hexes to {hex} and heads for tile {tile}",
            len(d.path),
            hex=end,
            tile=target,
        )
    if d.reached:
        # Translators: {path} labels a path the table described, e.g. "path 2/3".
        return msg(
            "Lacerda moves his Rover along {path} and reaches tile {tile}",
            path=_label(d.path),
            tile=target,
        )
    return msg(
        "Lacerda moves his Rover along {path} and heads for tile {tile}",
        path=_label(d.path),
        tile=target,
    )


def _impossible(d: ActionImpossible) -> Message:
    reason = reason_words(d.reason)
    match d.action:
        case Action.OBTAIN_BLUEPRINT:
            return msg("Lacerda cannot obtain blueprint: {reason}", reason=reason)
        case Action.LEARN_TECH:
            return msg("Lacerda cannot learn tech: {reason}", reason=reason)
        case Action.RESEARCH_DEVELOPMENT:
            return msg("Lacerda cannot research development: {reason}", reason=reason)
        case Action.CONSTRUCT:
            return msg("Lacerda cannot construct: {reason}", reason=reason)
        case Action.UPGRADE:
            return msg("Lacerda cannot upgrade: {reason}", reason=reason)
        case Action.HIRE_OR_CONTRACT:
            return msg("Lacerda cannot hire or contract: {reason}", reason=reason)
        case unreachable:
            assert_never(unreachable)


def _constructs(d: Construct[D]) -> Message:
    building = _LOG_BUILDINGS[d.building]
    after = _LOG_BUILDINGS[d.pointer_after]
    where = _label(d.hex)
    size = d.resulting_size
    match d.tech_used:
        case TechUsed.NONE:
            # Translators: {building} is a building type, e.g. "mine"; {size} how
            # many buildings the Complex has; {next} the icon his Bot moves to.
            return msg(
                "Lacerda constructs a {building} on {hex} (Complex of {size}); Bot "
                "moves to {next}",
                building=building,
                hex=where,
                size=size,
                next=after,
            )
        case TechUsed.OWN:
            return msg(
                "Lacerda constructs a {building} on {hex} (Complex of {size}, own "
                "Tech); Bot moves to {next}",
                building=building,
                hex=where,
                size=size,
                next=after,
            )
        case TechUsed.HUMAN:
            return msg(
                "Lacerda constructs a {building} on {hex} (Complex of {size}, human "
                "Tech); Bot moves to {next}",
                building=building,
                hex=where,
                size=size,
                next=after,
            )
        case unreachable:
            assert_never(unreachable)


def _lss_log(d: ChooseLssReward) -> Message:
    match d.reward:
        case LssReward.RETRIEVE_COLONIST:
            return msg("Lacerda takes the LSS reward: retrieve colonist")
        case LssReward.CRYSTAL:
            return msg("Lacerda takes the LSS reward: crystal")
        case None:
            return msg("Lacerda takes the LSS reward: none offered")
        case unreachable:
            assert_never(unreachable)


def _text(d: Decision[D]) -> Message:
    match d:
        case StartingSpace():
            return msg(
                "Lacerda starts on Turn Order space {space} ({side})",
                space=_label(d.space),
                side=_LOG_SIDES[d.side],
            )
        case RevealCard():
            if d.reshuffled:
                return msg(
                    "Lacerda reveals card {card} (pass {number}, deck reshuffled)",
                    card=d.card,
                    number=d.pass_count,
                )
            return msg(
                "Lacerda reveals card {card} (pass {number})",
                card=d.card,
                number=d.pass_count,
            )
        case AdvanceMission():
            # Translators: {slot} is the Mission's letter (A, B or C); {mission}
            # the host's id of the Mission card.
            return msg(
                "Lacerda advances Mission {slot} ({mission})",
                slot=d.slot.value.upper(),
                mission=_label(d.mission),
            )
        case GainCrystals():
            # Translators: {kept} of {n} Crystals are kept; {source} is where
            # they come from, e.g. "mission", "blueprint pickup".
            return msg_n(
                "Lacerda gains {kept} of {n} Crystal from {source}",
                "Lacerda gains {kept} of {n} Crystals from {source}",
                d.requested,
                kept=_label(d.kept),
                source=_LOG_SOURCES[d.source],
            )
        case PayCrystals():
            # Translators: {purpose} is e.g. "placement", "contract", "tile",
            # "movement".
            return msg_n(
                "Lacerda pays {n} Crystal for {purpose}",
                "Lacerda pays {n} Crystals for {purpose}",
                d.amount,
                purpose=_LOG_PURPOSES[d.purpose],
            )
        case PlaceColonist():
            # Translators: {action} is a card action, e.g. "obtain blueprint".
            return msg(
                "Lacerda places a Colonist on {action}", action=_LOG_ACTIONS[d.action]
            )
        case ActionImpossible():
            return _impossible(d)
        case ObtainBlueprint():
            # Translators: {row} is "top" or "bottom"; {slot} a number.
            return msg(
                "Lacerda obtains Blueprint {blueprint} ({row} row, slot {slot})",
                blueprint=_label(d.blueprint),
                row=_named(d.row, _ROWS),
                slot=_label(d.slot),
            )
        case LearnTech():
            # Translators: {tech} is a Tech type, e.g. "rover"; {space} the id of
            # a Lab space, e.g. "c1-top".
            return msg(
                "Lacerda learns the {tech} Tech (tile {tile}) onto Lab space {space}",
                tech=_named(d.tech, _LOG_TECHS),
                tile=_label(d.grid_tile),
                space=_label(d.lab_space),
            )
        case DevelopTech():
            # Translators: {tech} is a Tech type, e.g. "rover"; {before} and {after}
            # its levels; {space} the id of a Lab space.
            return msg(
                "Lacerda develops {tech} from {before} to {after} (Lab space {space})",
                tech=_named(d.tech, _LOG_TECHS),
                before=_label(d.from_level),
                after=_label(d.to_level),
                space=_label(d.space),
            )
        case Construct():
            return _constructs(d)
        case Upgrade():
            return msg(
                "Lacerda upgrades the building on {hex} with Blueprint {blueprint}",
                hex=_label(d.hex),
                blueprint=_label(d.blueprint),
            )
        case HireScientist():
            return msg(
                "Lacerda hires the {scientist} (slot {slot})",
                scientist=_scientist(d.scientist),
                slot=_label(d.slot),
            )
        case TakeContract():
            # Translators: {kind} is "upgrade" or "delivery".
            return msg(
                "Lacerda takes {kind} Contract {contract} (slot {slot})",
                kind=_LOG_CONTRACTS[d.kind],
                contract=_label(d.contract),
                slot=_label(d.slot),
            )
        case RefillContractDisplay():
            return msg(
                "Lacerda leaves slot {slot} to be refilled from the shuffled "
                "Contract deck",
                slot=_label(d.slot),
            )
        case MoveRover():
            return _path(d)
        case CollectTile():
            return msg("Lacerda collects tile {tile}", tile=_label(d.tile))
        case RelocateRover():
            # Translators: {start} and {end} are hexes, e.g. "(2,-1)".
            return msg(
                "Lacerda moves his Rover off {start} to {end}",
                start=_label(d.from_hex),
                end=_label(d.to_hex),
            )
        case AdvanceProgressBot():
            # Translators: {steps} is how many icons he moves, {building} the icon
            # he reaches, e.g. "generator".
            return msg(
                "Lacerda advances his Progress Bot {steps} to {building}",
                steps=d.steps,
                building=_LOG_BUILDINGS[d.after],
            )
        case Travel():
            return msg(
                "Lacerda travels to {side} (space {space})",
                side=_LOG_SIDES[d.side],
                space=_label(d.space),
            )
        case Stay():
            return msg("Lacerda stays: {reason}", reason=reason_words(d.reason))
        case TakeBenefit():
            # Translators: {gain} is a benefit, e.g. "crystals(2)"; {source} where
            # it is, e.g. "tile R2".
            return msg(
                "Lacerda takes the benefit {gain} of {source}",
                gain=gain_message(d.gain),
                source=d.source,
            )
        case TakeWarehouseItem():
            item = _LOG_ITEMS[d.item]
            if d.to_supply:
                return msg(
                    "Lacerda takes {item} from the Warehouse (back to the supply)",
                    item=item,
                )
            return msg("Lacerda takes {item} from the Warehouse", item=item)
        case PlaceDiscoveryTile():
            if d.hex is None:
                return msg(
                    "Lacerda places no Discovery tile: {reason}",
                    reason=reason_words(d.reason),
                )
            return msg(
                "Lacerda places Discovery tile {tile} on {hex}",
                tile=_label(d.tile),
                hex=_label(d.hex),
            )
        case BuildShelter():
            return msg(
                "Lacerda builds a Shelter on {hex} (Complex of {size})",
                hex=_label(d.hex),
                size=d.resulting_size,
            )
        case GainShip():
            return msg("Lacerda gains a Ship")
        case GainBot():
            return msg("Lacerda gains a Bot")
        case ChooseLssReward():
            return _lss_log(d)
        case GiveOxygen():
            return msg(
                "Lacerda used your {tech} Tech: you gain 1 Oxygen",
                tech=_LOG_TECHS[d.tech],
            )
        case LoseBenefit():
            return msg(
                "Lacerda loses the benefit {gain}: {reason}",
                gain=gain_message(d.gain),
                reason=reason_words(d.reason),
            )
        case SkipTurn():
            return msg(
                "Lacerda skips his turn: {reason}", reason=reason_words(d.reason)
            )
        case unreachable:
            assert_never(unreachable)


def description(decision: Decision[D]) -> Message:
    """What :func:`describe` says, as a message to say in any language."""
    return _text(decision)


def describe(decision: Decision[D], words: Words = ENGLISH) -> str:
    """One line saying what Lacerda does, in *words*' language (English by default).

    >>> from lacerda_bot.decisions import PayCrystals, PaymentPurpose
    >>> describe(PayCrystals(amount=2, purpose=PaymentPurpose.PLACEMENT))
    'Lacerda pays 2 Crystals for placement'
    """
    return words.say(_text(decision))


def describe_with_rules(decision: Decision[D], words: Words = ENGLISH) -> str:
    """:func:`describe` followed by the rule IDs of the decision's trace."""
    said = describe(decision, words)
    rules = ", ".join(decision.trace.rules)
    return f"{said}  [{rules}]" if rules else said


# --- the table voice ------------------------------------------------------------

HEX_ORDER: Final = str(terms.HEX_ORDER)
"""The canonical hex order (ascending r, then q) as a player reads the board.

English; :data:`lacerda_bot.terms.HEX_ORDER` is the message to say in any language.
"""

ACTION_NAMES: Final = {action: str(name) for action, name in terms.ACTION_NAMES.items()}
"""The card actions as printed (R-TURN-1), in English (:func:`~lacerda_bot.terms.action_name`)."""


@final
@attrs.frozen(kw_only=True)
class Line:
    """One thing Lacerda does or one instruction to the player, in the order to apply it.

    Its words are messages (or plain strings): a front end says them with
    :meth:`~lacerda_bot.language.Words.say`; ``str()`` gives the English.
    """

    text: Text
    rules: tuple[str, ...] = ()
    """The rule IDs behind it (spec)."""
    why: tuple[Text, ...] = ()
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
    """A building type as printed on the board, e.g. ``Water Extractor`` (English).

    :func:`lacerda_bot.terms.building_name` is the message to say in any language.
    """
    return str(terms.building_name(building))


def plural(n: int, word: str) -> str:
    """*n* and *word*, in the plural unless n is 1: ``2 Crystals``, ``3 hexes`` (English)."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}es" if word.endswith("x") else f"{n} {word}s"


_GAINS: Final = {
    # Translators: a benefit, as a short label: "He loses the tech benefit".
    GainKind.WAREHOUSE: msg_c("gain", "warehouse"),
    GainKind.TECH: msg_c("gain", "tech"),
    GainKind.COLONIST: msg_c("gain", "colonist"),
    GainKind.BOT: msg_c("gain", "bot"),
    GainKind.BLUEPRINT: msg_c("gain", "blueprint"),
    GainKind.RESOURCES: msg_c("gain", "resources"),
    GainKind.UPGRADE: msg_c("gain", "upgrade"),
    GainKind.SHIP: msg_c("gain", "ship"),
    GainKind.OTHER: msg_c("gain", "other"),
}


def gain_message(gain: Gain) -> Message:
    """A benefit as a message, e.g. ``crystals(2)`` or ``construct (water extractor)``."""
    match gain.kind:
        case GainKind.CRYSTALS:
            # Translators: a benefit of {count} Crystals, as a short label.
            return msg_c("gain", "crystals({count})", count=gain.n)
        case GainKind.DEVELOP:
            # Translators: a benefit of {count} Tech development steps, as a label.
            return msg_c("gain", "develop({count})", count=gain.n)
        case GainKind.ROVER:
            # Translators: a benefit of {count} Rover moves, as a short label.
            return msg_c("gain", "rover({count})", count=gain.n)
        case GainKind.CONSTRUCT if gain.building is None:
            return msg_c("gain", "construct (any type)")
        case GainKind.CONSTRUCT:
            assert gain.building is not None  # the case above took None
            # Translators: a benefit to construct a building of the type
            # {building}, e.g. "water extractor".
            return msg_c(
                "gain", "construct ({building})", building=_LOG_BUILDINGS[gain.building]
            )
        case _:
            return _GAINS[gain.kind]


def gain_words(gain: Gain) -> str:
    """A benefit in words, e.g. ``crystals(2)`` or ``construct (water extractor)``.

    English; :func:`gain_message` is the message to say in any language.

    >>> from lacerda_bot.model import Gain, GainKind
    >>> gain_words(Gain(kind=GainKind.CONSTRUCT))
    'construct (any type)'
    """
    return str(gain_message(gain))


# Translators: what tied, after a number: "Tie among 3 sites".
_SITES: Final = msg_c("tied", "sites")


def _tied(rule: TiedRule) -> tuple[Message, Message]:
    """What the options of a tie are, and how the player numbers them (R-TIE-1)."""
    hexes = terms.HEX_ORDER
    by_slot = msg("by display slot, left to right")
    match rule:
        case TiedRule.BUILD_SITE | TiedRule.SHELTER_SITE:
            return _SITES, hexes
        case TiedRule.FREE_HEX:
            return (
                msg_c("tied", "free hexes (empty, or a building with no figure)"),
                hexes,
            )
        case TiedRule.TECH_TILE:
            return msg_c("tied", "tiles"), msg("top row first, then left to right")
        case TiedRule.LAB_SPACE:
            return (
                msg_c("tied", "empty spaces to the right of his tile"),
                msg("top space first"),
            )
        case TiedRule.BLUEPRINT_TYPE:
            return (
                msg_c("tied", "Blueprint types"),
                msg("left to right as his Blueprints lie"),
            )
        case TiedRule.UPGRADED_BUILDING:
            return msg_c("tied", "buildings"), hexes
        case TiedRule.SCIENTIST:
            return msg_c("tied", "Scientists"), by_slot
        case TiedRule.CONTRACT:
            return msg_c("tied", "Contracts"), by_slot
        case TiedRule.ROVER_TARGET:
            return msg_c("tied", "nearest tiles"), hexes
        case TiedRule.ROVER_PATH:
            # Translators: {order} is "row by row from the top, left to right in
            # each row".
            order = msg("by their hexes in order, each compared {order}", order=hexes)
            return msg_c("tied", "paths"), order
        case TiedRule.ARRIVAL_HEX:
            return msg_c("tied", "hexes"), hexes
        case _:
            assert_never(rule)


def _commas(items: list[Message]) -> Param:
    """*items* one after another with commas: ``A, B, C`` (no "and")."""
    if not items:
        return ""
    said: Param = items[-1]
    for item in reversed(items[:-1]):
        said = msg("{item}, {rest}", item=item, rest=said)
    return said


def _group(groups: tuple[tuple[int, int], ...], group: int) -> Message:
    """The option or group of options a round chose."""
    first, last = groups[group - 1] if 0 < group <= len(groups) else (0, -1)
    if first == last:
        return msg("number {number}", number=first)
    if last == first + 1:
        return msg(
            "group {group} (numbers {first} and {last})",
            group=group,
            first=first,
            last=last,
        )
    if last > first:
        return msg(
            "group {group} (numbers {first} to {last})",
            group=group,
            first=first,
            last=last,
        )
    return msg("group {group}", group=group)


def _round_words(
    policy: TiePolicy,
    revealed: tuple[int, ...],
    groups: tuple[tuple[int, int], ...],
    group: int,
) -> Message:
    """One round of a tie-break: what was drawn, and the option or group it chose."""
    result = _group(groups, group)
    match policy:
        case TiePolicy.UNIFORM:
            # Translators: {result} is e.g. "number 2" or "group 1 (numbers 1 to 3)".
            return msg("seeded random pick: {result}", result=result)
        case TiePolicy.CARDS:
            cards = _commas(
                [
                    # Translators: a solo card by our number, and its action number.
                    msg(
                        "{card} (action {action})",
                        card=c,
                        action=card_by_id(c).action,
                    )
                    for c in revealed
                ]
            )
            # Translators: {cards} is e.g. "3 (action 1), 7 (action 2)"; {result}
            # e.g. "number 2" or "group 1 (numbers 1 to 3)".
            return msg(
                "solo cards revealed: {cards} -> {result}", cards=cards, result=result
            )
        case TiePolicy.CHOSEN:  # a chosen tie has no rounds
            return msg("chosen: {result}", result=result)
        case _:
            assert_never(policy)


def _picked(rule: PickedRule, chosen: int) -> Message:
    """How the player numbers the options of a random pick (R-TIE-7)."""
    match rule:
        case PickedRule.FIRST_COLONIST_TILE:
            return msg(
                "Number the First Colonist tiles by the Turn Order space each "
                "names, lowest first: he draws number {number}.",
                number=chosen,
            )
        case PickedRule.ARRIVAL_SPACE:
            return msg(
                "He travels: number the free Turn Order spaces of the other "
                "side by space number, lowest first; he takes number {number}.",
                number=chosen,
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
            # Translators: {events} is one or more numbers, e.g. "4" or "1, 2".
            why=(
                msg(
                    "uniform pick among {count} with random event {events}",
                    count=tie.count,
                    events=events,
                ),
            ),
        )
    things, order = (
        (msg_c("tied", "options"), msg("in the order the rule names"))
        if rule is None
        else _tied(rule)
    )
    n = tie.count
    if tie.policy is TiePolicy.CHOSEN:  # the player chose (R-TIE-1, note of 1.3)
        return Line(
            # Translators: {count} (2 or more) {things}, e.g. "3 sites".
            text=msg(
                "{count} {things} are equally good for him: you choose which.",
                count=n,
                things=things,
            ),
            rules=(tie.rule, "R-TIE-1"),
            why=(msg("tie_policy = chosen: no solo card is drawn"),),
        )
    how = "R-TIE-6" if tie.policy is TiePolicy.UNIFORM else "R-TIE-2"
    rules = [tie.rule, "R-TIE-1", how]
    if n > 3 and tie.policy is TiePolicy.CARDS:
        rules.append("R-TIE-5")
    if any(r.reshuffled for r in tie.rounds):
        rules.append("R-TIE-3")
    why: list[Text] = [
        _round_words(tie.policy, r.revealed, r.groups, r.chosen_group)
        for r in tie.rounds
    ]
    if tie.policy is TiePolicy.CARDS:
        why.append(
            msg("revealed cards go back under the draw pile, then it is shuffled")
        )
    return Line(
        # Translators: {count} (2 or more) {things}, e.g. "3 sites"; {order} how
        # to number them, e.g. "row by row from the top, left to right in each
        # row"; {number} the one the tie-break picks.
        text=msg(
            "Tie among {count} {things}: number them {order}; the tie-break picks "
            "number {number}.",
            count=n,
            things=things,
            order=order,
            number=tie.chosen,
        ),
        rules=tuple(rules),
        why=tuple(why),
    )


def _which(value: object, *, one: Message, equal: Message, tied: Message) -> Message:
    """How a decision names an option the table could not name by its place.

    *one* for a lone or named option, *tied* (which carries its number, see
    :func:`_number`) for one a tie-break chose, or *equal* for one the player
    chooses among equal ones (``tie_policy = chosen``).
    """
    if isinstance(value, Described) and value.of == 0:
        return equal
    if isinstance(value, Described) and value.of > 1:
        return tied
    return one


def _number(value: object) -> int:
    """The number a tie-break gave a Described option (0 for any other)."""
    return value.number if isinstance(value, Described) else 0


def _line(d: Decision[D], text: Text, *, why: tuple[Text, ...] = ()) -> Line:
    return Line(text=text, rules=d.trace.rules, why=why)


# A building with its indefinite article, as the object of "He builds" (the
# same messages as the table's questions: German accusative, "einen Generator").
_A_COMPLEX: Final = {
    # Translators: what a new building makes: "(a Mine Complex of 3)".
    BuildingType.MINE: msg_c("a complex", "a Mine Complex"),
    # Translators: what a new building makes: "(a Generator Complex of 3)".
    BuildingType.GENERATOR: msg_c("a complex", "a Generator Complex"),
    # Translators: what a new building makes: "(a Water Extractor Complex of 3)".
    BuildingType.WATER_EXTRACTOR: msg_c("a complex", "a Water Extractor Complex"),
    # Translators: what a new building makes: "(a Greenhouse Complex of 3)".
    BuildingType.GREENHOUSE: msg_c("a complex", "a Greenhouse Complex"),
    # Translators: what a new building makes: "(an Oxygen Condenser Complex of 3)".
    BuildingType.OXYGEN_CONDENSER: msg_c("a complex", "an Oxygen Condenser Complex"),
    # Translators: what a new building makes: "(a Shelter Complex of 3)".
    BuildingType.SHELTER: msg_c("a complex", "a Shelter Complex"),
}

_CLEAR_SITE: Final = msg(
    "Clear the site: a Crystal there goes to the general supply, a tile leaves "
    "the game, and your figures there move to the nearest empty hex or building "
    "with no figure on it."
)
_CLEAR_UPGRADED: Final = msg(
    "His marker is a figure: your Rover or Bot on that building moves to the "
    "nearest empty hex or building with no figure on it."
)


def _builds(d: Construct[D]) -> Message:
    """R-BUILD-9: where he builds, and the Complex it makes; he pays nothing."""
    site, size = d.hex, d.resulting_size
    building, name = terms.a_building(d.building), terms.building_name(d.building)
    complex_ = _A_COMPLEX[d.building]
    if isinstance(site, Hex):
        # Translators: {building} is e.g. "a Mine"; {complex} e.g. "a Mine
        # Complex"; {size} how many buildings the Complex has.
        return msg(
            "He builds {building} on the hex {hex} ({complex} of {size}). He pays "
            "no building cost.",
            building=building,
            hex=str(site),
            complex=complex_,
            size=size,
        )
    if isinstance(site, Described) and site.of == 0:  # the player places it
        # Translators: {building} is e.g. "a Mine"; {name} the building type,
        # e.g. "Mine"; {size} how many buildings the Complex has.
        return msg(
            "He builds {building} on the site you chose for it: a legal site making "
            "the largest {name} Complex it can ({size}). He pays no building cost.",
            building=building,
            name=name,
            size=size,
        )
    if isinstance(site, Described) and site.of > 1:
        # Translators: {building} is e.g. "a Mine"; {complex} e.g. "a Mine
        # Complex"; {number} the site the tie-break chose.
        return msg(
            "He builds {building} on tied site {number} ({complex} of {size}). He "
            "pays no building cost.",
            building=building,
            number=site.number,
            complex=complex_,
            size=size,
        )
    # Translators: {building} is e.g. "a Mine"; {complex} e.g. "a Mine Complex".
    return msg(
        "He builds {building} on that site ({complex} of {size}). He pays no "
        "building cost.",
        building=building,
        complex=complex_,
        size=size,
    )


def _construct(d: Construct[D]) -> tuple[Line, ...]:
    name = terms.building_name(d.building)
    after = terms.building_name(d.pointer_after)
    lines = [_line(d, _builds(d)), Line(text=_CLEAR_SITE, rules=("R-BUILD-4",))]
    if d.miner:
        lines.append(
            Line(
                text=msg("Put one of his Colonists on the new Mine."),
                rules=("R-BUILD-11",),
            )
        )
    lines.append(
        Line(
            # Translators: {building} is the type he built, {next} the icon after
            # it in the building sequence.
            text=msg(
                "Move his Progress-area Bot to the icon after {building}: {next}.",
                building=name,
                next=after,
            ),
            rules=("R-BUILD-1",),
        )
    )
    if d.building is not BuildingType.MINE:
        lines.append(
            Line(
                text=msg(
                    "Raise the {building} LSS marker one level and score it as usual.",
                    building=name,
                ),
                rules=("R-BUILD-13", "R-LSS-1"),
            )
        )
    return tuple(lines)


def _builds_shelter(d: BuildShelter[D]) -> Message:
    """R-LEVEL-2: where he builds one of his Shelters, and the Complex it makes."""
    site, size = d.hex, d.resulting_size
    if isinstance(site, Hex):
        return msg(
            "He builds one of his Shelters on the hex {hex} (a Complex of {size}).",
            hex=str(site),
            size=size,
        )
    if isinstance(site, Described) and site.of == 0:  # the player places it
        return msg(
            "He builds one of his Shelters on the site you chose for it: a legal "
            "site making the largest Complex it can ({size}).",
            size=size,
        )
    if isinstance(site, Described) and site.of > 1:
        return msg(
            "He builds one of his Shelters on tied site {number} (a Complex of "
            "{size}).",
            number=site.number,
            size=size,
        )
    return msg(
        "He builds one of his Shelters on that site (a Complex of {size}).", size=size
    )


def _shelter(d: BuildShelter[D], context: TableContext) -> tuple[Line, ...]:
    lines = [
        _line(d, _builds_shelter(d)),
        Line(text=_CLEAR_SITE, rules=("R-BUILD-4",)),
    ]
    if not context.options.shelter_moves_pointer:
        lines.append(
            Line(
                text=msg("His Progress-area Bot does not move for a Shelter."),
                rules=("R-LEVEL-3",),
            )
        )
    return tuple(lines)


# Translators: where Crystals he gains come from, at the end of "He gains 2
# Crystals ...".
_SOURCES: Final = {
    CrystalSource.MISSION: msg_c("crystal source", "from the Mission"),
    CrystalSource.BLUEPRINT_PICKUP: msg_c(
        "crystal source", "for picking up the Blueprint"
    ),
    CrystalSource.ROVER_PATH: msg_c("crystal source", "picked up on his Rover's way"),
    CrystalSource.LSS_REWARD: msg_c("crystal source", "as his LSS reward"),
    CrystalSource.WAREHOUSE: msg_c("crystal source", "from the Warehouse"),
    CrystalSource.BENEFIT: msg_c("crystal source", "from the general supply"),
}


def _gain(d: GainCrystals[D]) -> Line:
    n, source = d.requested, _SOURCES[d.source]
    if isinstance(d.kept, int) and d.kept == n:
        # Translators: {source} is where they come from, e.g. "from the Mission".
        text = msg_n(
            "He gains {n} Crystal {source}.",
            "He gains {n} Crystals {source}.",
            n,
            source=source,
        )
    elif isinstance(d.kept, int):
        # Translators: {source} is where they come from, e.g. "from the Mission";
        # {kept} how many of them his Depot keeps.
        text = msg_n(
            "He gains {n} Crystal {source}; he keeps {kept}, the rest is lost.",
            "He gains {n} Crystals {source}; he keeps {kept}, the rest is lost.",
            n,
            source=source,
            kept=d.kept,
        )
    elif d.source.from_supply:
        # Translators: {source} is where they come from, e.g. "from the Mission".
        text = msg_n(
            "He gains {n} Crystal {source} (only as many as his free Depot spaces "
            "and the supply allow).",
            "He gains {n} Crystals {source} (only as many as his free Depot spaces "
            "and the supply allow).",
            n,
            source=source,
        )
    else:
        # Translators: {source} is where they come from, e.g. "from the Warehouse".
        text = msg_n(
            "He gains {n} Crystal {source} (only as many as his free Depot spaces "
            "allow).",
            "He gains {n} Crystals {source} (only as many as his free Depot spaces "
            "allow).",
            n,
            source=source,
        )
    return _line(d, text)


def _pays(d: PayCrystals) -> Message:
    n = d.amount
    match d.purpose:
        case PaymentPurpose.PLACEMENT:
            return msg_n("He pays {n} Crystal.", "He pays {n} Crystals.", n)
        case PaymentPurpose.CONTRACT:
            return msg_n(
                "He pays {n} Crystal for the Contract.",
                "He pays {n} Crystals for the Contract.",
                n,
            )
        case PaymentPurpose.TILE:
            return msg_n(
                "He pays {n} Crystal for the tile.",
                "He pays {n} Crystals for the tile.",
                n,
            )
        case PaymentPurpose.MOVEMENT:
            return msg_n(
                "He pays {n} Crystal to move extra hexes.",
                "He pays {n} Crystals to move extra hexes.",
                n,
            )
        case unreachable:
            assert_never(unreachable)


def _size(lab: tuple[LabSpace, ...] | None, column: int) -> int:
    """How many spaces column *column* of *lab* has (0 without a Lab)."""
    return sum(1 for s in lab or () if s.column == column)


# Translators: a space of a column of his Lab, as in "the top space of column 3".
_PLACES: Final = {
    "top": msg_c("lab space", "top"),
    "middle": msg_c("lab space", "middle"),
    "bottom": msg_c("lab space", "bottom"),
}


def _place(position: int, size: int) -> Message | None:
    """The word for a space of a Lab column (:func:`lacerda_bot.lab.place`), if any."""
    word = place(position, size)
    return None if word is None else _PLACES[word]


def _entered(d: DevelopTech[D], lab: tuple[LabSpace, ...] | None) -> Line:
    """R-ORBIT-6: the space his tile goes onto, named where the companion tracks his Lab."""
    known = next((s for s in lab or () if s.id == d.space), None)
    if known is None:
        text = msg(
            "Move the tile onto the empty space to its right that helps him most "
            "(if two are equal, the tie-break's pick, counting the top one first)."
        )
    elif (word := _place(known.position, _size(lab, known.column))) is not None:
        # Translators: {place} is "top", "middle" or "bottom".
        text = msg(
            "Move the tile onto the {place} space of column {column}.",
            place=word,
            column=known.column,
        )
    else:
        text = msg(
            "Move the tile onto the number {number} from the top space of column "
            "{column}.",
            number=known.position + 1,
            column=known.column,
        )
    return Line(text=text, rules=("R-ORBIT-6",))


def _learn(d: LearnTech[D], context: TableContext) -> Message:
    if not isinstance(d.tech, TechType):
        return msg(
            "He learns the cheapest Tech of a type he lacks (leftmost if equal): "
            "put it on the topmost free space of his Lab's first column. He "
            "pays nothing."
        )
    tech = terms.tech_name(d.tech)
    entered = next((s for s in context.lab or () if s.id == d.lab_space), None)
    word = None if entered is None else _place(entered.position, _size(context.lab, 1))
    if word is None:
        return msg(
            "He learns the {tech} Tech: put it on the topmost free space of his "
            "Lab's first column. He pays nothing.",
            tech=tech,
        )
    # Translators: {place} is "top", "middle" or "bottom".
    return msg(
        "He learns the {tech} Tech: put it on the {place} space of his Lab's first "
        "column. He pays nothing.",
        tech=tech,
        place=word,
    )


def _develop(d: DevelopTech[D]) -> Message:
    tech = d.tech
    if isinstance(tech, TechType):
        if isinstance(d.to_level, int):
            return msg(
                "Develop his {tech} Tech to level {level}.",
                tech=terms.tech_name(tech),
                level=d.to_level,
            )
        return msg(
            "Develop his {tech} Tech one level, for free.", tech=terms.tech_name(tech)
        )
    assert isinstance(tech, Described)  # D is Described wherever a Tech is unnamed
    match tech.criterion:
        case Criterion.MOST_DEVELOPED:
            return msg(
                "Develop his most developed Tech that can advance by one level (if "
                "levels are equal, the one lower in his Lab). Costs are waived."
            )
        case Criterion.LEAST_DEVELOPED:
            return msg(
                "Develop his least developed Tech that can advance, other than the "
                "one the previous step developed, by one level (if equal, the one "
                "lower in his Lab)."
            )
        case Criterion.SAME_TECH:
            return msg("Develop the Tech of the previous step one more level.")
        case _:
            raise AssertionError(f"not a development criterion: {tech.criterion}")


def _move(d: MoveRover[D]) -> Message:
    n = d.allowance
    if d.reached:
        return _which(
            d.path,
            one=msg("Move his Rover along the path onto the tile."),
            equal=msg(
                "Move his Rover along a shortest path that picks up the most Crystals "
                "he can take (if several do, you choose) onto the tile."
            ),
            tied=msg(
                "Move his Rover along tied path {number} onto the tile.",
                number=_number(d.path),
            ),
        )
    return _which(
        d.path,
        one=msg_n(
            "Move his Rover along the path toward the tile, at most {n} hex: he "
            "stops on the farthest hex within reach that holds no other figure (he "
            "stays if there is none).",
            "Move his Rover along the path toward the tile, at most {n} hexes: he "
            "stops on the farthest hex within reach that holds no other figure (he "
            "stays if there is none).",
            n,
        ),
        equal=msg_n(
            "Move his Rover along a shortest path that picks up the most Crystals "
            "he can take (if several do, you choose) toward the tile, at most {n} "
            "hex: he stops on the farthest hex within reach that holds no other "
            "figure (he stays if there is none).",
            "Move his Rover along a shortest path that picks up the most Crystals "
            "he can take (if several do, you choose) toward the tile, at most {n} "
            "hexes: he stops on the farthest hex within reach that holds no other "
            "figure (he stays if there is none).",
            n,
        ),
        tied=msg_n(
            "Move his Rover along tied path {number} toward the tile, at most {n} "
            "hex: he stops on the farthest hex within reach that holds no other "
            "figure (he stays if there is none).",
            "Move his Rover along tied path {number} toward the tile, at most {n} "
            "hexes: he stops on the farthest hex within reach that holds no other "
            "figure (he stays if there is none).",
            n,
            number=_number(d.path),
        ),
    )


def _obtain(d: ObtainBlueprint[D]) -> Message:
    if isinstance(d.blueprint, Described):
        if d.blueprint.criterion is Criterion.SCORED_BLUEPRINT:
            return msg(
                "He takes a Blueprint of a type his Scientists score: of the rows "
                "holding one, the row with more cards (the bottom row if equal), and "
                "in it the leftmost such card. Park one of his free Advanced "
                "Building markers on it."
            )
        return msg(
            "He takes a Blueprint: of the rows holding one, the row with more cards "
            "(the bottom row if equal), and in it the leftmost such card. Park one "
            "of his free Advanced Building markers on it."
        )
    # Translators: {row} is "top" or "bottom"; {slot} a number.
    return msg(
        "He takes Blueprint {blueprint} ({row} row, slot {slot}); park one of his "
        "free Advanced Building markers on it.",
        blueprint=_label(d.blueprint),
        row=_named(d.row, _ROWS),
        slot=_label(d.slot),
    )


def _reveal(d: RevealCard, context: TableContext) -> tuple[Line, ...]:
    card = card_by_id(d.card)
    lines = []
    if d.reshuffled:
        lines.append(
            Line(
                text=msg(
                    "His draw pile was empty: shuffle his discard pile into a new "
                    "draw pile (pass {number}).",
                    number=d.pass_count,
                ),
                rules=("R-DECK-2",),
            )
        )
    mission = card.mission.name
    if card.travels:
        # Translators: {mission} is A, B or C; {action} 1, 2 or 3; {face} the
        # card as printed, e.g. "B1".
        text = msg(
            "His card: Mission {mission}, action {action} ({face}).",
            mission=mission,
            action=card.action,
            face=card.face,
        )
    else:
        # Translators: {mission} is A, B or C; {action} 1, 2 or 3; {face} the
        # card as printed, e.g. "B1 X".
        text = msg(
            "His card: Mission {mission}, action {action}, with an X (he will not "
            "travel) ({face}).",
            mission=mission,
            action=card.action,
            face=card.face,
        )
    lines.append(
        Line(
            text=text,
            rules=("R-DECK-2",),
            why=(msg("solo card {card} in our numbering", card=card.id),),
            card=card.id,
        )
    )
    if context.side is not None:
        action = Action.for_card(context.side, card.action)
        lines.append(
            Line(
                # Translators: {side} is Orbit or Colony; {action} the card action,
                # e.g. "Construct a Building".
                text=msg(
                    "{side} action {number}: {action}.",
                    side=terms.side_name(context.side),
                    number=card.action,
                    action=terms.action_name(action),
                ),
                rules=("R-TURN-1",),
                action=action,
            )
        )
    return tuple(lines)


def _travels(d: Travel[D]) -> Message:
    described = isinstance(d.space, Described)
    match d.side:
        case Side.ORBIT if described:
            return msg(
                "He travels to the Orbit. Put his figure on that Turn Order space."
            )
        case Side.ORBIT:
            return msg(
                "He travels to the Orbit. He takes Turn Order space {space}.",
                space=_label(d.space),
            )
        case Side.COLONY if described:
            return msg(
                "He travels to the Colony. Put his figure on that Turn Order space."
            )
        case Side.COLONY:
            return msg(
                "He travels to the Colony. He takes Turn Order space {space}.",
                space=_label(d.space),
            )
        case unreachable:
            assert_never(unreachable)


def _travel(d: Travel[D]) -> tuple[Line, ...]:
    lines = [_line(d, _travels(d), why=_event_why(d))]
    if d.side is Side.ORBIT:
        lines.append(
            Line(
                text=msg("He gets no income and retrieves no Colonists."),
                rules=("R-SHUTTLE-4", "R-LSS-3"),
            )
        )
    else:
        lines.append(
            Line(
                text=msg(
                    "He retrieves no Colonists. On arrival: a Discovery tile, the "
                    "space's benefit, then a free building as in Colony action 1."
                ),
                rules=("R-SHUTTLE-5", "R-LSS-3"),
            )
        )
    return tuple(lines)


def _event_why(d: Decision[D]) -> tuple[Text, ...]:
    """The random event a uniform pick used (R-DECK-1), from the trace's note."""
    return (reason_words(d.trace.note),) if d.trace.note else ()


def _start(d: StartingSpace[D]) -> Message:
    if isinstance(d.space, Described):
        return msg(
            "Put his figure on that space and the Shuttle on the red space of that "
            "side."
        )
    # Translators: {side} is Orbit or Colony.
    return msg(
        "He starts on Turn Order space {space} ({side}): put his figure there and "
        "the Shuttle on the red space of that side.",
        space=_label(d.space),
        side=terms.side_name(d.side),
    )


def _discovery(d: PlaceDiscoveryTile[D]) -> Message:
    if d.hex is None:
        return msg(
            "No Discovery tile is placed: {reason}.", reason=reason_words(d.reason)
        )
    if isinstance(d.hex, Hex):
        return msg(
            "Put the leftmost Discovery tile of the Exploration spaces on the hex "
            "{hex}.",
            hex=str(d.hex),
        )
    return _which(
        d.hex,
        one=msg(
            "Put the leftmost Discovery tile of the Exploration spaces on that hex."
        ),
        equal=msg(
            "Put the leftmost Discovery tile of the Exploration spaces on an empty "
            "hex 3 hexes from his Rover, the farthest such hex from your Rover (if "
            "several are, you choose)."
        ),
        tied=msg(
            "Put the leftmost Discovery tile of the Exploration spaces on tied hex "
            "{number}.",
            number=_number(d.hex),
        ),
    )


def _lss(d: ChooseLssReward) -> Message:
    match d.reward:
        case LssReward.RETRIEVE_COLONIST:
            return msg(
                "LSS reward: he takes his Colonist back from his Colony 3 slot (Hire "
                "a Scientist or take a Contract)."
            )
        case LssReward.CRYSTAL:
            return msg("LSS reward: 1 Crystal.")
        case None:
            return msg("LSS reward: none is offered.")
        case unreachable:
            assert_never(unreachable)


def _upgrade(d: Upgrade[D]) -> Message:
    if isinstance(d.hex, Hex):
        return msg(
            "Put one of his Advanced Building markers on the building on {hex}: the "
            "Blueprint is used (a type his Scientists score first, then Level 3 "
            "before Level 1). He pays no Upgrade cost.",
            hex=str(d.hex),
        )
    return _which(
        d.hex,
        one=msg(
            "Put one of his Advanced Building markers on that building: the "
            "Blueprint is used (a type his Scientists score first, then Level 3 "
            "before Level 1). He pays no Upgrade cost."
        ),
        equal=msg(
            "Put one of his Advanced Building markers on that building (if several "
            "are equal, you choose): the Blueprint is used (a type his Scientists "
            "score first, then Level 3 before Level 1). He pays no Upgrade cost."
        ),
        tied=msg(
            "Put one of his Advanced Building markers on tied building {number}: "
            "the Blueprint is used (a type his Scientists score first, then Level 3 "
            "before Level 1). He pays no Upgrade cost.",
            number=_number(d.hex),
        ),
    )


def _hires(d: HireScientist[D]) -> Message:
    if isinstance(d.scientist, Described):
        return msg(
            "He hires the Scientist with the highest potential; he pays no hire "
            "cost. His Colonist stays on his Colony 3 slot until an LSS reward "
            "brings it back."
        )
    # Translators: {scientist} is e.g. "Geologist".
    return msg(
        "He hires the {scientist}; he pays no hire cost. His Colonist stays on his "
        "Colony 3 slot until an LSS reward brings it back.",
        scientist=_scientist(d.scientist),
    )


_CONTRACT_KINDS: Final = {
    # Translators: a kind of Contract, as in "that Upgrade Contract".
    ContractKind.UPGRADE: msg_c("contract kind", "Upgrade"),
    # Translators: a kind of Contract, as in "that Delivery Contract".
    ContractKind.DELIVERY: msg_c("contract kind", "Delivery"),
}


def _relocate(d: RelocateRover[D]) -> Message:
    if isinstance(d.to_hex, Hex):
        return msg(
            "Move his Rover off that building to the hex {hex}.", hex=str(d.to_hex)
        )
    return _which(
        d.to_hex,
        one=msg("Move his Rover off that building to that hex."),
        equal=msg(
            "Move his Rover off that building to the nearest empty hex or building "
            "with no figure on it (if several are, you choose)."
        ),
        tied=msg(
            "Move his Rover off that building to tied free hex {number}.",
            number=_number(d.to_hex),
        ),
    )


# Translators: one unit of a resource, as in "He takes one water from the
# Warehouse".
_ITEMS: Final = {
    Item.CRYSTAL: msg_c("warehouse item", "one crystal"),
    Item.MINERAL: msg_c("warehouse item", "one mineral"),
    Item.BATTERY: msg_c("warehouse item", "one battery"),
    Item.WATER: msg_c("warehouse item", "one water"),
    Item.PLANT: msg_c("warehouse item", "one plant"),
    Item.OXYGEN: msg_c("warehouse item", "one oxygen"),
}


def _warehouse(d: TakeWarehouseItem) -> Message:
    if d.to_supply:
        # Translators: {item} is e.g. "one crystal".
        return msg(
            "He takes {item} from the Warehouse, which goes back to the general "
            "supply.",
            item=_ITEMS[d.item],
        )
    # Translators: {item} is e.g. "one crystal".
    return msg("He takes {item} from the Warehouse.", item=_ITEMS[d.item])


def _decision(d: Decision[D], context: TableContext) -> tuple[Line, ...]:
    match d:
        case StartingSpace():
            return (_line(d, _start(d), why=_event_why(d)),)
        case RevealCard():
            return _reveal(d, context)
        case AdvanceMission():
            # Translators: {slot} is the Mission's letter: A, B or C.
            text = msg("Advance his marker on Mission {slot}.", slot=d.slot.name)
            return (_line(d, text),)
        case GainCrystals():
            return (_gain(d),)
        case PayCrystals():
            return (_line(d, _pays(d)),)
        case PlaceColonist():
            return (
                Line(
                    # Translators: {action} is a card action, e.g. "Construct a
                    # Building".
                    text=msg(
                        "Put one of his Colonists on the {action} action space.",
                        action=terms.action_name(d.action),
                    ),
                    rules=("R-COST-1", "R-COST-7"),
                ),
            )
        case ActionImpossible():
            # Translators: {action} is a card action, e.g. "Upgrade a Building";
            # {reason} why, in the rules' words.
            text = msg(
                "{action} is impossible: {reason}.",
                action=terms.action_name(d.action),
                reason=reason_words(d.reason),
            )
            return (_line(d, text),)
        case ObtainBlueprint():
            return (_line(d, _obtain(d)),)
        case LearnTech():
            return (_line(d, _learn(d, context)),)
        case DevelopTech():
            return (_line(d, _develop(d)), _entered(d, context.lab))
        case Construct():
            return _construct(d)
        case Upgrade():
            return (
                _line(d, _upgrade(d)),
                Line(text=_CLEAR_UPGRADED, rules=("R-BUILD-4",)),
            )
        case HireScientist():
            return (_line(d, _hires(d)),)
        case TakeContract():
            # Translators: {kind} is "Upgrade" or "Delivery".
            text = msg(
                "He takes that {kind} Contract (it counts as completed for him). "
                "As after a hire, his Colonist stays on his Colony 3 slot until an "
                "LSS reward brings it back.",
                kind=_CONTRACT_KINDS[d.kind],
            )
            return (_line(d, text),)
        case RefillContractDisplay():
            text = msg(
                "Refill the slot he took from: shuffle the Contract deck and draw "
                "its top card."
            )
            return (_line(d, text),)
        case MoveRover():
            return (_line(d, _move(d)),)
        case CollectTile():
            return (_line(d, msg("He collects the tile.")),)
        case RelocateRover():
            return (_line(d, _relocate(d)),)
        case AdvanceProgressBot():
            # Translators: {building} is the icon he reaches, e.g. "Generator".
            text = msg_n(
                "Move his Progress-area Bot {n} icon forward, to {building}.",
                "Move his Progress-area Bot {n} icons forward, to {building}.",
                d.steps,
                building=terms.building_name(d.after),
            )
            return (_line(d, text),)
        case Travel():
            return _travel(d)
        case Stay():
            return (
                _line(d, msg("He stays: {reason}.", reason=reason_words(d.reason))),
            )
        case TakeBenefit() if d.gain.kind is GainKind.DEVELOP:
            text = msg_n(
                "He develops his Techs {n} step, one at a time: his most developed "
                "Tech that can move, then his least developed other one, and so "
                "on; he stops as soon as none can move.",
                "He develops his Techs {n} steps, one at a time: his most developed "
                "Tech that can move, then his least developed other one, and so "
                "on; he stops as soon as none can move.",
                d.gain.n,
            )
            return (Line(text=text, rules=("R-TO-10", "R-ORBIT-6")),)
        case TakeBenefit():
            return ()  # the player named the benefit; what follows carries it out
        case TakeWarehouseItem():
            return (_line(d, _warehouse(d)),)
        case PlaceDiscoveryTile():
            return (_line(d, _discovery(d)),)
        case BuildShelter():
            return _shelter(d, context)
        case GainShip():
            text = msg("He gains a Ship: move it from his Depot to his Hangar.")
            return (_line(d, text),)
        case GainBot():
            text = msg(
                "He gains a Bot onto his player board (it never enters the map)."
            )
            return (_line(d, text),)
        case ChooseLssReward():
            return (_line(d, _lss(d)),)
        case GiveOxygen():
            # Translators: {tech} is one of your Techs, e.g. "Water Extractor".
            text = msg(
                "You gain 1 Oxygen: he used your {tech} Tech.",
                tech=terms.tech_name(d.tech),
            )
            return (_line(d, text),)
        case LoseBenefit():
            # Translators: {gain} is a benefit, e.g. "crystals(2)"; {reason} why,
            # in the rules' words.
            text = msg(
                "He loses the {gain} benefit: {reason}.",
                gain=gain_message(d.gain),
                reason=reason_words(d.reason),
            )
            return (_line(d, text),)
        case SkipTurn():
            text = msg(
                "He skips the rest of his turn: {reason}.",
                reason=reason_words(d.reason),
            )
            return (_line(d, text),)
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
    >>> str(instructions(GainShip(), TableContext(side=None, options=Options()))[0].text)
    'He gains a Ship: move it from his Depot to his Hangar.'
    """
    if isinstance(event, TieBreak):
        return (_tie_line(event),)
    return _decision(event, context)


def tile_stays() -> Line:
    """R-TURN-6: the Tech you used cannot move, so nothing develops."""
    text = msg(
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
                # Translators: {face} is the card as printed, e.g. "B1".
                text=msg("Put his card ({face}) on his discard pile.", face=face),
                rules=("R-DECK-3",),
            ),
        )
    return ()


# Translators: a kind of resource, as in "you hold 5 plant units".
_STORED_ITEMS: Final = {
    Item.CRYSTAL: msg_c("item", "crystal"),
    Item.MINERAL: msg_c("item", "mineral"),
    Item.BATTERY: msg_c("item", "battery"),
    Item.WATER: msg_c("item", "water"),
    Item.PLANT: msg_c("item", "plant"),
    Item.OXYGEN: msg_c("item", "oxygen"),
}
# Translators: any building type, as in "(any type)".
_ANY_TYPE: Final = msg("any type")


def _stored(req: Requirement) -> Message:
    if req.item is None:
        return msg_n("you hold {n} unit", "you hold {n} units", req.n)
    # Translators: {item} is a resource, e.g. "plant".
    return msg_n(
        "you hold {n} {item} unit",
        "you hold {n} {item} units",
        req.n,
        item=_STORED_ITEMS[req.item],
    )


def requirement_words(req: Requirement) -> Message:
    """A Solo Goal requirement (T8) in words, as a message to say in any language."""
    k = RequirementKind
    n = req.n
    what = _ANY_TYPE if req.building is None else terms.building_name(req.building)
    match req.kind:
        case k.COLONY_LEVEL:
            return msg("the Colony reached level {level}", level=n)
        case k.CONTRACTS if req.one_per_kind:
            return msg_n(
                "you completed {n} Contract, one of each kind",
                "you completed {n} Contracts, one of each kind",
                n,
            )
        case k.CONTRACTS:
            return msg_n("you completed {n} Contract", "you completed {n} Contracts", n)
        case k.PRIVATE_GOALS:
            return msg_n(
                "you completed {n} Private Goal", "you completed {n} Private Goals", n
            )
        case k.TECH_LEVEL if req.tech is None:
            return msg("one of your Techs (any) reached level {level}", level=n)
        case k.TECH_LEVEL:
            assert req.tech is not None  # the case above took None
            # Translators: {tech} is a Tech type, e.g. "greenhouse".
            return msg(
                "one of your Techs ({tech}) reached level {level}",
                tech=_LOG_TECHS[req.tech],
                level=n,
            )
        case k.RESEARCH_TILES:
            return msg_n(
                "you collected {n} Research tile", "you collected {n} Research tiles", n
            )
        case k.SHELTERS:
            return msg_n("you built {n} Shelter", "you built {n} Shelters", n)
        case k.MINES_WITH_OWN_COLONIST_OR_MARKER:
            return msg_n(
                "{n} Mine holds your Colonist or Advanced Building marker",
                "{n} Mines hold your Colonist or Advanced Building marker",
                n,
            )
        case k.ADVANCED_BUILDINGS:
            # Translators: {type} is a building type, e.g. "Greenhouse", or "any
            # type".
            return msg_n(
                "you have {n} Advanced Building on Mars ({type})",
                "you have {n} Advanced Buildings on Mars ({type})",
                n,
                type=what,
            )
        case k.CONTRACT_COMPLETED:
            # Translators: {kind} is "upgrade" or "delivery"; {what} the Contract's
            # building type ("Greenhouse") or its items ("3 Plants + 2 Minerals").
            return msg(
                "you completed the {kind} Contract {what}",
                kind=_LOG_CONTRACTS[req.contract or ContractKind.UPGRADE],
                what=reason_words(req.items) if req.items else what,
            )
        case k.SCIENTIST if req.scientist is None:
            return msg("you hired a Scientist")
        case k.SCIENTIST:
            # Translators: {scientist} is e.g. "Biochemist".
            return msg("you hired the {scientist}", scientist=_scientist(req.scientist))
        case k.COMPLEX_SIZE:
            # Translators: {type} is a building type, e.g. "Greenhouse", or "any
            # type"; {size} how many buildings.
            return msg(
                "a {type} Complex of {size} or more is on Mars", type=what, size=n
            )
        case k.STORED:
            return _stored(req)
        case k.ENDS_ON if req.side is Side.ORBIT:
            return msg("you end the game in Orbit")
        case k.ENDS_ON:
            return msg("you end the game in Colony")
        case k.MARGIN:
            return msg("you beat Lacerda by {margin} OP or more", margin=n)
        case unreachable:
            assert_never(unreachable)


def describe_requirement(req: Requirement) -> str:
    """A Solo Goal requirement (T8) in English words (:func:`requirement_words`)."""
    return str(requirement_words(req))


_CATEGORY_WORDS: Final = {
    "op_track": msg("OP track"),
    "progress_cubes": msg("Progress cubes"),
    "techs": msg_c("score", "Techs"),
    "ships": msg("Ships in his Hangar"),
    "blueprints": msg_c("score", "Blueprints"),
    "scientists": msg_c("score", "Scientists"),
    "contracts": msg_c("score", "Contracts"),
    "living_quarters": msg("Living Quarters"),
}
"""How the final score names each category of :class:`ScoreBreakdown`."""

_YOUR_CATEGORY_WORDS: Final = {
    HumanCategory.OP_TRACK: msg("OP track"),
    HumanCategory.TECH_TILES: msg("Tech tiles"),
    HumanCategory.PROGRESS_CUBES: msg("Progress cubes"),
    HumanCategory.SHIPS: msg("Ships in your Hangar"),
    HumanCategory.BLUEPRINTS: msg("Built Blueprints"),
    HumanCategory.SCIENTISTS: msg_c("score", "Scientists"),
    HumanCategory.CONTRACTS: msg_c("score", "Contracts"),
    HumanCategory.LIVING_QUARTERS: msg("Living Quarters"),
    HumanCategory.PRIVATE_GOALS: msg("Private Goals"),
    HumanCategory.LOST: msg("Lost at the end"),
}
"""How the final score names each category of your own score (R-SCORE-1)."""


def _goal_name(goal: SoloGoal) -> Param:
    """A Solo Goal's printed title; a goal the game does not print keeps its own name."""
    try:
        return terms.goal_name(goal.id)
    except KeyError:
        return goal.name


def _points(category: Message, points: int) -> Message:
    # Translators: a line of a final score, e.g. "OP track: 42 OP".
    return msg("{category}: {points} OP", category=category, points=points)


def score_lines(result: FinalResult, goal: SoloGoal) -> tuple[Line, ...]:
    """The result and both totals first, then his score and the Solo Goal.

    His score by category (R-SCORE-2), the Solo Goal by requirement (R-GOAL-2).
    """
    score = result.score
    categories = tuple(
        Line(
            text=_points(_CATEGORY_WORDS[field.name], getattr(score, field.name)),
            rules=("R-SCORE-2",),
        )
        for field in attrs.fields(ScoreBreakdown)
        if field.name != "total"
    )
    requirements = tuple(
        Line(
            # Translators: {requirement} is a Solo Goal requirement, e.g. "the
            # Colony reached level 3".
            text=(
                msg("met: {requirement}", requirement=words)
                if r.passed
                else msg("not met: {requirement}", requirement=words)
            ),
            rules=("R-GOAL-2",),
        )
        for r in result.goal.requirements
        for words in (requirement_words(r.requirement),)
    )
    yours = tuple(
        Line(
            text=_points(_YOUR_CATEGORY_WORDS[category], category.sign * points),
            rules=("R-SCORE-1",),
        )
        for category, points in result.human_score
    )
    margin = f"{result.margin:+d}"
    won = result.goal.passed
    if won:
        outcome = msg(
            "Result: You win. You {you} OP, Lacerda {lacerda} OP (margin {margin}).",
            you=result.human_total,
            lacerda=score.total,
            margin=margin,
        )
        verdict = msg("Margin {margin}; you win.", margin=margin)
    else:
        outcome = msg(
            "Result: Lacerda wins. You {you} OP, Lacerda {lacerda} OP (margin "
            "{margin}).",
            you=result.human_total,
            lacerda=score.total,
            margin=margin,
        )
        verdict = msg("Margin {margin}; Lacerda wins.", margin=margin)
    return (
        Line(text=outcome, rules=("R-GOAL-2", "R-SCORE-3")),
        Line(text=msg("Lacerda's final score:"), rules=("R-SCORE-1",)),
        *categories,
        Line(
            text=msg("Lacerda scores {points} OP in all.", points=score.total),
            rules=("R-SCORE-1", "R-SCORE-2"),
        ),
        *(
            (
                Line(text=msg("Your final score:"), rules=("R-SCORE-1",)),
                *yours,
                Line(
                    text=msg(
                        "You score {points} OP in all.", points=result.human_total
                    ),
                    rules=("R-SCORE-1",),
                ),
            )
            if yours
            else ()
        ),
        # Translators: {goal} is the Solo Goal's name, e.g. "First Colonists".
        Line(
            text=msg("Solo Goal, {goal}:", goal=_goal_name(goal)), rules=("R-GOAL-2",)
        ),
        *requirements,
        Line(text=verdict, rules=("R-GOAL-2", "R-SCORE-3")),
    )
