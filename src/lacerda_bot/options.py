"""The options of spec §3, pinned when the bot is created (R-SETUP-6)."""

import enum
from collections.abc import Sequence
from typing import Final, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot._validate import is_instance, is_int, is_one_of
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.language import Message, msg

__all__ = [
    "ComplexTechThreshold",
    "ImpossibleBenefit",
    "NoScientistFallback",
    "OptionChoice",
    "Options",
    "SoloDeck",
    "StandaloneRule",
    "TiePolicy",
    "UnknownGain",
    "option_choices",
    "parse_option_pairs",
]


@enum.unique
class TiePolicy(IdentityEnum):
    """How ties are broken (R-TIE-1..6)."""

    CARDS = "cards"
    """R-TIE-2, R-TIE-5: by revealing his solo cards."""
    UNIFORM = "uniform"
    """R-TIE-6: one seeded uniform pick."""
    CHOSEN = "chosen"
    """R-TIE-1 (note of 1.3): the player chooses among the options still equal, as
    the rulebook has it; a host call takes the first in canonical order. The deck
    is untouched, and where the options are places on the map the table never
    counts them."""


@enum.unique
class SoloDeck(IdentityEnum):
    """Whose shuffle his solo deck follows (R-DECK-1, R-DECK-2)."""

    SEEDED = "seeded"
    """R-DECK-1: the library shuffles it from the game's seed."""
    PHYSICAL = "physical"
    """The player shuffles the printed deck and says which card each reveal turns
    up; the library keeps the piles, the passes and the reshuffles, and a card that
    cannot be in the draw pile is refused. A host call takes the seeded top."""


@enum.unique
class ComplexTechThreshold(IdentityEnum):
    """What a join's Tech level is compared with (R-BUILD-7)."""

    JOINED = "joined"
    RESULTING = "resulting"


@enum.unique
class StandaloneRule(IdentityEnum):
    """Where a stand-alone building may go (R-BUILD-8)."""

    EXACTLY_2 = "exactly_2"
    ANY = "any"


@enum.unique
class NoScientistFallback(IdentityEnum):
    """Colony 3 with fewer than 2 Scientists and none on display (R-COLONY-6)."""

    CONTRACT = "contract"
    ROVER = "rover"


@enum.unique
class ImpossibleBenefit(IdentityEnum):
    """What happens to a gain that cannot be carried out (R-TO-2)."""

    LOSE = "lose"
    ROVER = "rover"


@enum.unique
class UnknownGain(IdentityEnum):
    """What an ``OTHER`` gain does (R-TO-9)."""

    SKIP = "skip"
    ERROR = "error"


_NON_NEGATIVE = is_int(0)


def _bool_field(default: bool) -> bool:
    return attrs.field(default=default, validator=is_instance(bool))


@final
@attrs.frozen(kw_only=True)
class Options:
    """Every switch of spec §3, with its default.

    >>> Options().tie_policy
    <TiePolicy.CARDS: 'cards'>
    >>> Options(bot_benefit_steps=3)
    Traceback (most recent call last):
    ...
    lacerda_bot.errors.InvalidValueError: bot_benefit_steps: expected one of [1, 2], got 3
    """

    tie_policy: TiePolicy = attrs.field(
        default=TiePolicy.CARDS, validator=is_instance(TiePolicy)
    )
    """R-TIE-2..6: ``cards`` draws solo cards; ``uniform`` picks from the seed."""
    rover_base_movement: int = attrs.field(default=2, validator=_NON_NEGATIVE)
    """R-ROVER-4: hexes the Rover moves before Tech when it replaces an action."""
    bot_benefit_steps: int = attrs.field(default=2, validator=is_one_of((1, 2)))
    """R-TO-5: icons the Progress Bot advances for a ``BOT`` gain."""
    complex_tech_threshold: ComplexTechThreshold = attrs.field(
        default=ComplexTechThreshold.JOINED,
        validator=is_instance(ComplexTechThreshold),
    )
    """R-BUILD-7: compare the Tech level with the joined or the resulting size."""
    standalone_rule: StandaloneRule = attrs.field(
        default=StandaloneRule.EXACTLY_2,
        validator=is_instance(StandaloneRule),
    )
    """R-BUILD-8: stand-alone sites exactly 2 from the same type, or anywhere."""
    placement_cost_per_colonist: int = attrs.field(default=1, validator=_NON_NEGATIVE)
    """R-COST-2: Crystals per Colonist already on the action."""
    same_call_gains_spendable: bool = _bool_field(False)
    """R-CRYSTAL-3: Crystals gained in a call may be spent in the same call."""
    discovery_site_allows_crystal: bool = _bool_field(False)
    """R-SHUTTLE-6: a Discovery tile may go on a hex holding a Crystal."""
    blueprint_fallback_any_type: bool = _bool_field(True)
    """R-ORBIT-3: with no display card of a scored type, any card is a candidate."""
    no_scientist_fallback: NoScientistFallback = attrs.field(
        default=NoScientistFallback.CONTRACT,
        validator=is_instance(NoScientistFallback),
    )
    """R-COLONY-6: take a Contract, or fall back to the Rover."""
    impossible_benefit: ImpossibleBenefit = attrs.field(
        default=ImpossibleBenefit.LOSE,
        validator=is_instance(ImpossibleBenefit),
    )
    """R-TO-2: lose an impossible gain, or move the Rover instead."""
    starting_space_benefit: bool = _bool_field(True)
    """R-SETUP-8: he takes the gain of his starting Turn Order space."""
    prefer_own_tech: bool = _bool_field(True)
    """R-BUILD-10: his own Tech before the human's when both give the best result."""
    lacerda_places_miner: bool = _bool_field(True)
    """R-BUILD-11: a Mine he constructs receives one of his Colonists."""
    shelter_moves_pointer: bool = _bool_field(False)
    """R-LEVEL-3: a Shelter he builds advances the Progress Bot one icon."""
    tie_reshuffle_counts_as_pass: bool = _bool_field(True)
    """R-TIE-3: a tie-break reshuffle adds 1 to the pass count."""
    unknown_gain: UnknownGain = attrs.field(
        default=UnknownGain.SKIP, validator=is_instance(UnknownGain)
    )
    """R-TO-9: skip an ``OTHER`` gain, or raise."""
    solo_deck: SoloDeck = attrs.field(
        default=SoloDeck.SEEDED, validator=is_instance(SoloDeck)
    )
    """R-DECK-2: the seeded shuffle, or the player's own deck (each reveal asked)."""


@final
@attrs.frozen(kw_only=True)
class OptionChoice:
    """One option as a front end offers it: its name, its values and its default."""

    name: str
    values: tuple[str, ...]
    """The values it takes, as typed; empty for a whole number."""
    default: str
    about: str
    """What it changes, in a player's words, with the rule ID."""
    said: Message
    """:attr:`about` as a message, for the player's language."""


_WHOLE_NUMBER_CHOICES: Final = {"bot_benefit_steps": ("1", "2")}

_ABOUT: Final = {
    # Translators: what each rules option changes; keep the rule IDs in parentheses
    # at the end, as they are (the page shows them apart).
    "tie_policy": msg(
        "How ties are broken: by drawing his solo cards, at random from "
        "the seed, or chosen by you among the equal options (R-TIE-1, R-TIE-2)."
    ),
    "rover_base_movement": msg(
        "Hexes his Rover moves, before his Rover Tech, when it "
        "replaces an action (R-ROVER-4)."
    ),
    "bot_benefit_steps": msg(
        "Icons his Progress Bot advances for a Bot benefit (R-TO-5)."
    ),
    "complex_tech_threshold": msg(
        "When he joins a Complex, whether his Tech level must "
        "reach the size he joins or the size it makes (R-BUILD-7)."
    ),
    "standalone_rule": msg(
        "Where a building that joins nothing may go: exactly 2 hexes "
        "from one of its type, or anywhere (R-BUILD-8)."
    ),
    "placement_cost_per_colonist": msg(
        "Crystals he pays for each Colonist already on the action (R-COST-2)."
    ),
    "same_call_gains_spendable": msg(
        "Whether Crystals he gains during a turn can pay "
        "for that same turn (R-CRYSTAL-3)."
    ),
    "discovery_site_allows_crystal": msg(
        "Whether a Discovery tile may go on a hex holding a Crystal (R-SHUTTLE-6)."
    ),
    "blueprint_fallback_any_type": msg(
        "With no Blueprint on display of a type his "
        "Scientists score, whether he takes any type (R-ORBIT-3)."
    ),
    "no_scientist_fallback": msg(
        "Colony action 3 with no Scientist he can hire: he takes "
        "a Contract, or moves his Rover (R-COLONY-6)."
    ),
    "impossible_benefit": msg(
        "A benefit he cannot take: he loses it, or moves his Rover instead (R-TO-2)."
    ),
    "starting_space_benefit": msg(
        "Whether he takes the benefit of his starting Turn Order space (R-SETUP-8)."
    ),
    "prefer_own_tech": msg(
        "Whether he uses his own Tech before yours when both do as well (R-BUILD-10)."
    ),
    "lacerda_places_miner": msg(
        "Whether a Mine he builds gets one of his Colonists (R-BUILD-11)."
    ),
    "shelter_moves_pointer": msg(
        "Whether a Shelter he builds advances his Progress Bot one icon (R-LEVEL-3)."
    ),
    "tie_reshuffle_counts_as_pass": msg(
        "Whether reshuffling his deck during a tie-break counts as a pass (R-TIE-3)."
    ),
    "unknown_gain": msg(
        "A benefit the companion does not know: skip it, or stop with an "
        "error (R-TO-9)."
    ),
    "solo_deck": msg(
        "His solo deck: shuffled by the companion, or your own printed deck, "
        "which you shuffle and whose revealed cards you tap (R-DECK-2)."
    ),
}
"""Each option in a player's words, for a new-game form (a test keeps it complete)."""


def _typed(value: object) -> str:
    match value:
        case bool():
            return str(value).lower()
        case enum.Enum():
            return str(value.value)
        case _:
            return str(value)


def option_choices(defaults: Options | None = None) -> tuple[OptionChoice, ...]:
    """Every option of :class:`Options`, in field order, with what it accepts.

    Each default is *defaults*'s value (a table game's differ), else the field's.

    >>> [c for c in option_choices() if c.name == "tie_policy"][0].values
    ('cards', 'uniform', 'chosen')
    """
    choices = []
    for field in attrs.fields(Options):
        default = field.default if defaults is None else getattr(defaults, field.name)
        values: tuple[str, ...]
        if isinstance(default, bool):
            values = ("true", "false")
        elif isinstance(default, enum.Enum):
            values = tuple(str(m.value) for m in type(default))
        else:
            values = _WHOLE_NUMBER_CHOICES.get(field.name, ())
        choices.append(
            OptionChoice(
                name=field.name,
                values=values,
                default=_typed(default),
                about=str(_ABOUT[field.name]),
                said=_ABOUT[field.name],
            )
        )
    return tuple(choices)


def parse_option_pairs(pairs: Sequence[str], where: str = "--option") -> Options:
    """Options from ``NAME=VALUE`` texts; a bad one raises InvalidValueError naming it.

    >>> parse_option_pairs(["tie_policy=uniform"]).tie_policy
    <TiePolicy.UNIFORM: 'uniform'>
    """
    defaults = Options()
    names = [f.name for f in attrs.fields(Options)]
    if isinstance(pairs, str) or not isinstance(pairs, Sequence):
        raise InvalidValueError(where, "a list of NAME=VALUE texts", pairs)
    values: dict[str, object] = {}
    given: Sequence[object] = pairs  # a front end may pass anything
    for pair in given:
        name, sep, text = pair.partition("=") if isinstance(pair, str) else ("", "", "")
        if not sep or name not in names:
            raise InvalidValueError(where, f"NAME=VALUE, NAME one of {names}", pair)
        default = getattr(defaults, name)
        value: object
        if isinstance(default, bool):
            value = {"true": True, "false": False}.get(text.lower(), text)
        elif isinstance(default, int):
            digits = text.isascii() and text.isdigit() and len(text) <= 4
            value = int(text) if digits else text
        else:
            choices = [m.value for m in type(default)]
            if text not in choices:
                raise InvalidValueError(name, f"one of {choices}", text)
            value = type(default)(text)
        values[name] = value
    return Options(**values)  # type: ignore[arg-type]
