"""The game's own words, as messages: buildings, Techs, Scientists, actions, sides.

One table per kind of name, so every sentence that names a building or a Tech
names it the same way in each language (the glossary of
``docs/translations.md``). Each name is a :class:`~lacerda_bot.language.Message`
under its own gettext context (``building``, ``tech``, ...), since the same
English word may be translated differently as a building and as a Tech.

>>> str(building_name(BuildingType.WATER_EXTRACTOR))
'Water Extractor'
>>> str(buildings_name(BuildingType.GREENHOUSE))
'Greenhouses'
"""

from typing import Final

from lacerda_bot.language import Message, msg, msg_c
from lacerda_bot.model import Action, BuildingType, Scientist, Side, TechType

__all__ = [
    "ACTION_NAMES",
    "HEX_ORDER",
    "a_building",
    "action_name",
    "building_name",
    "buildings_name",
    "goal_name",
    "scientist_name",
    "side_name",
    "tech_name",
    "tech_word",
]

HEX_ORDER: Final = msg("row by row from the top, left to right in each row")
"""The canonical hex order (ascending r, then q) as a player reads the board."""

_BUILDINGS: Final = {
    BuildingType.MINE: msg_c("building", "Mine"),
    BuildingType.GENERATOR: msg_c("building", "Generator"),
    BuildingType.WATER_EXTRACTOR: msg_c("building", "Water Extractor"),
    BuildingType.GREENHOUSE: msg_c("building", "Greenhouse"),
    BuildingType.OXYGEN_CONDENSER: msg_c("building", "Oxygen Condenser"),
    BuildingType.SHELTER: msg_c("building", "Shelter"),
}
_BUILDINGS_PLURAL: Final = {
    BuildingType.MINE: msg_c("buildings", "Mines"),
    BuildingType.GENERATOR: msg_c("buildings", "Generators"),
    BuildingType.WATER_EXTRACTOR: msg_c("buildings", "Water Extractors"),
    BuildingType.GREENHOUSE: msg_c("buildings", "Greenhouses"),
    BuildingType.OXYGEN_CONDENSER: msg_c("buildings", "Oxygen Condensers"),
    BuildingType.SHELTER: msg_c("buildings", "Shelters"),
}
_TECHS: Final = {
    TechType.MINE: msg_c("tech", "Mine"),
    TechType.GENERATOR: msg_c("tech", "Generator"),
    TechType.WATER_EXTRACTOR: msg_c("tech", "Water Extractor"),
    TechType.GREENHOUSE: msg_c("tech", "Greenhouse"),
    TechType.OXYGEN_CONDENSER: msg_c("tech", "Oxygen Condenser"),
    TechType.SHELTER: msg_c("tech", "Shelter"),
    TechType.ROVER: msg_c("tech", "Rover"),
    TechType.UPGRADE: msg_c("tech", "Upgrade"),
}
_SCIENTISTS: Final = {
    Scientist.GEOLOGIST: msg_c("scientist", "Geologist"),
    Scientist.RD_ENGINEER: msg_c("scientist", "R&D Engineer"),
    Scientist.HYDROLOGIST: msg_c("scientist", "Hydrologist"),
    Scientist.BIOCHEMIST: msg_c("scientist", "Biochemist"),
    Scientist.GEOCHEMIST: msg_c("scientist", "Geochemist"),
    Scientist.SYSTEMS_ENGINEER: msg_c("scientist", "Systems Engineer"),
}
ACTION_NAMES: Final = {
    Action.OBTAIN_BLUEPRINT: msg_c("action", "Obtain a Blueprint"),
    Action.LEARN_TECH: msg_c("action", "Learn New Technology"),
    Action.RESEARCH_DEVELOPMENT: msg_c("action", "Research & Development"),
    Action.CONSTRUCT: msg_c("action", "Construct a Building"),
    Action.UPGRADE: msg_c("action", "Upgrade a Building"),
    Action.HIRE_OR_CONTRACT: msg_c("action", "Hire a Scientist or take a Contract"),
}
"""The card actions as printed (R-TURN-1)."""
_SIDES: Final = {
    Side.ORBIT: msg_c("side", "Orbit"),
    Side.COLONY: msg_c("side", "Colony"),
}


_GOALS: Final = {
    "first_colonists": msg_c("goal", "First Colonists"),
    "next_generation": msg_c("goal", "Next Generation"),
    "hunky_dory": msg_c("goal", "Hunky Dory"),
    "a_martian_potato": msg_c("goal", "A Martian Potato"),
}


def goal_name(goal: str) -> Message:
    """A Solo Goal card's title, by the goal's id: ``First Colonists``.

    Raises:
        KeyError: no Solo Goal has the id *goal*.
    """
    return _GOALS[goal]


_A_BUILDINGS: Final = {
    # Translators: a building with its indefinite article, as the object of a verb
    # ("Can he build a Mine?", "the best site for a Mine"); German: accusative.
    BuildingType.MINE: msg_c("a building", "a Mine"),
    # Translators: with its article, as the object of a verb (German: accusative).
    BuildingType.GENERATOR: msg_c("a building", "a Generator"),
    # Translators: with its article, as the object of a verb (German: accusative).
    BuildingType.WATER_EXTRACTOR: msg_c("a building", "a Water Extractor"),
    # Translators: with its article, as the object of a verb (German: accusative).
    BuildingType.GREENHOUSE: msg_c("a building", "a Greenhouse"),
    # Translators: with its article, as the object of a verb (German: accusative).
    BuildingType.OXYGEN_CONDENSER: msg_c("a building", "an Oxygen Condenser"),
    # Translators: with its article, as the object of a verb (German: accusative).
    BuildingType.SHELTER: msg_c("a building", "a Shelter"),
}

_TECH_WORDS: Final = {
    # Translators: the Techs a player types, in lower case (a phrase is fine).
    TechType.MINE: msg_c("answer", "mine"),
    TechType.GENERATOR: msg_c("answer", "generator"),
    TechType.WATER_EXTRACTOR: msg_c("answer", "water extractor"),
    TechType.GREENHOUSE: msg_c("answer", "greenhouse"),
    TechType.OXYGEN_CONDENSER: msg_c("answer", "oxygen condenser"),
    TechType.SHELTER: msg_c("answer", "shelter"),
    TechType.ROVER: msg_c("answer", "rover"),
    TechType.UPGRADE: msg_c("answer", "upgrade"),
}


def a_building(building: BuildingType) -> Message:
    """A building type with its indefinite article, as a verb's object: ``a Mine``."""
    return _A_BUILDINGS[building]


def tech_word(tech: TechType) -> Message:
    """A Tech type as a player types it (context ``answer``): ``water extractor``."""
    return _TECH_WORDS[tech]


def building_name(building: BuildingType) -> Message:
    """A building type as printed on the board, e.g. ``Water Extractor``."""
    return _BUILDINGS[building]


def buildings_name(building: BuildingType) -> Message:
    """A building type in the plural, with no number: ``Greenhouses``."""
    return _BUILDINGS_PLURAL[building]


def tech_name(tech: TechType) -> Message:
    """A Tech type as the player reads it, e.g. ``Water Extractor``."""
    return _TECHS[tech]


def scientist_name(scientist: Scientist) -> Message:
    """A Scientist as printed on the card, e.g. ``R&D Engineer``."""
    return _SCIENTISTS[scientist]


def action_name(action: Action) -> Message:
    """A card action as printed (R-TURN-1), e.g. ``Obtain a Blueprint``."""
    return ACTION_NAMES[action]


def side_name(side: Side) -> Message:
    """A side of the board: ``Orbit`` or ``Colony``."""
    return _SIDES[side]
