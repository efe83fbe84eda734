"""The rules' reasons in the player's words: why an action is impossible, why he stays.

Also a trace's note of the random event a pick used (``random event 4``), and
the items of a Solo Goal's Delivery Contract (``3 Plants + 2 Minerals``).

A decision's ``reason`` (:class:`~lacerda_bot.decisions.ActionImpossible`,
``Stay``, ``SkipTurn``, ``LoseBenefit``, ``PlaceDiscoveryTile``) is part of
the decision as hosts read it: English, stable, in the JSON contract. The
table says it in the player's language: :func:`reason_words` gives each
reason the rules write its message, and any other text (a host's own
description of a gain) as it is.
"""

import re
from collections.abc import Callable
from typing import Final

from lacerda_bot.language import Message, Text, msg, msg_n
from lacerda_bot.model import BuildingType, Side
from lacerda_bot.terms import building_name, side_name

__all__ = ["reason_words"]

_FIXED: Final = {
    message.text: message
    for message in (
        msg("the display is empty"),
        msg("he has no free Advanced Building marker"),
        msg("no display card of a scored type"),
        msg("no Lab entry space is free"),
        msg("no grid tile of a type he lacks"),
        msg("none of his Techs can advance"),
        msg("no unused Blueprint has an eligible building"),
        msg("his Colonist is on his Hire slot"),
        msg("no Scientist on display"),
        msg("no Contract on display"),
        msg("no qualifying type has a legal site"),
        msg("no Shelter left"),
        msg("no legal Shelter site"),
        msg("the action is impossible and no tile is eligible for his Rover"),
        msg("the Shuttle does not depart this round"),
        msg("no Discovery tile is left"),
        msg("no empty hex at distance 3 from his Rover"),
        msg("no qualifying type has a legal site on arrival"),
        msg("he never takes Resources (R-CRYSTAL-4)"),
        msg("a gain outside T6"),
        msg("it cannot be carried out and no tile is eligible"),
        msg("it cannot be carried out"),
        msg("no legal site"),
        msg("its LSS marker is not below the Colony level, or it has no legal site"),
        # a Delivery Contract's items, as a Solo Goal names them (T8)
        msg("3 Plants + 2 Minerals"),
    )
}
"""Each reason the rules write in so many words, by its English."""


def _cost(found: re.Match[str]) -> Message:
    cost, spendable = int(found["cost"]), int(found["spendable"])
    return msg_n(
        "costs {n} Crystal, he can spend {spendable}",
        "costs {n} Crystals, he can spend {spendable}",
        cost,
        spendable=spendable,
    )


def _no_site(found: re.Match[str]) -> Message:
    kind = BuildingType(found["kind"])
    # Translators: {building} is a building type, e.g. Water Extractor.
    return msg("no legal {building} site", building=building_name(kind))


def _departs(found: re.Match[str]) -> Message:
    # Translators: {side} is Orbit or Colony.
    return msg(
        "the Shuttle departs from the {side} side, not his",
        side=side_name(Side(found["side"])),
    )


def _card_x(found: re.Match[str]) -> Message:
    # Translators: {card} is a solo card, e.g. B2X.
    return msg("his most recent card ({card}) shows an X", card=found["card"])


def _event(found: re.Match[str]) -> Message:
    # Translators: a trace note: the seeded random draw a pick used, by its number.
    return msg("random event {event}", event=int(found["event"]))


def _marker(found: re.Match[str]) -> Message:
    return msg(
        "LSS marker {level} is not below Colony level {colony}",
        level=int(found["level"]),
        colony=int(found["colony"]),
    )


_KINDS: Final = "|".join(kind.value for kind in BuildingType)
_SIDES: Final = "|".join(side.value for side in Side)
_PATTERNS: Final[
    tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Message]], ...]
] = (
    (
        re.compile(r"costs (?P<cost>\d+) Crystals?, he can spend (?P<spendable>\d+)"),
        _cost,
    ),
    (re.compile(rf"no legal (?P<kind>{_KINDS}) site"), _no_site),
    (
        re.compile(rf"the Shuttle departs from the (?P<side>{_SIDES}) side, not his"),
        _departs,
    ),
    (re.compile(r"his most recent card \((?P<card>[^)]+)\) shows an X"), _card_x),
    (
        re.compile(
            r"LSS marker (?P<level>\d+) is not below Colony level (?P<colony>\d+)"
        ),
        _marker,
    ),
    (re.compile(r"random event (?P<event>\d+)"), _event),
)
"""The reasons the rules write with a number or a name in them, read back."""


def reason_words(reason: str) -> Text:
    """*reason* (a decision's, in the rules' English) as a message to say.

    >>> str(reason_words("no legal water_extractor site"))
    'no legal Water Extractor site'
    >>> reason_words("a host's own words")
    "a host's own words"
    """
    fixed = _FIXED.get(reason)
    if fixed is not None:
        return fixed
    for pattern, said in _PATTERNS:
        found = pattern.fullmatch(reason)
        if found is not None:
            return said(found)
    return reason
