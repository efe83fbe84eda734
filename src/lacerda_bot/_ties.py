"""The rules that break a tie or make a random pick, as closed sets (R-TIE, R-TIE-7).

A tie-break record names the rule that raised it by its ID (a string, as every
trace does, so that JSON stays plain). Inside the library that rule is one
member of :class:`TiedRule` or :class:`PickedRule`: the rules raise a tie with a
member, and :mod:`lacerda_bot.render` words a record by matching on the member
its rule ID names, exhaustively, never by looking the string up.
"""

from typing import assert_never

from lacerda_bot._enum import IdentityEnum

__all__ = ["PickedRule", "TiedRule", "tie_rule"]


class TiedRule(IdentityEnum):
    """A rule whose options may tie, broken by R-TIE-1..6; the value is its rule ID."""

    BUILD_SITE = "R-BUILD-9"
    """The legal sites making the largest Complex."""
    SHELTER_SITE = "R-LEVEL-2"
    """The legal Shelter sites making the largest Complex."""
    FREE_HEX = "R-BUILD-4"
    """The free hexes nearest a site that held a figure."""
    TECH_TILE = "R-ORBIT-5"
    """The Tech tiles of the grid he may learn."""
    LAB_SPACE = "R-ORBIT-6"
    """The empty Lab spaces his Tech may develop onto."""
    BLUEPRINT_TYPE = "R-COLONY-3"
    """His Blueprint types that upgrade the most."""
    UPGRADED_BUILDING = "R-COLONY-4"
    """The buildings a Blueprint upgrades."""
    SCIENTIST = "R-COLONY-6"
    """The display Scientists of the highest potential."""
    CONTRACT = "R-COLONY-7"
    """The display Contracts he may take."""
    ROVER_TARGET = "R-ROVER-3"
    """The nearest tiles his Rover may hunt."""
    ROVER_PATH = "R-ROVER-6"
    """The shortest paths to the Rover's target."""
    ARRIVAL_HEX = "R-SHUTTLE-6"
    """The hexes of the free construction on arrival."""

    @property
    def is_place(self) -> bool:
        """Whether its options are places on the map.

        Among those the player places with ``tie_policy = chosen`` (R-TIE-1, note
        of 1.3); other ties draw his solo cards.
        """
        match self:
            case (
                TiedRule.BUILD_SITE
                | TiedRule.SHELTER_SITE
                | TiedRule.FREE_HEX
                | TiedRule.UPGRADED_BUILDING
                | TiedRule.ROVER_TARGET
                | TiedRule.ROVER_PATH
                | TiedRule.ARRIVAL_HEX
            ):
                return True
            case (
                TiedRule.TECH_TILE
                | TiedRule.LAB_SPACE
                | TiedRule.BLUEPRINT_TYPE
                | TiedRule.SCIENTIST
                | TiedRule.CONTRACT
            ):
                return False
            case _:
                assert_never(self)


class PickedRule(IdentityEnum):
    """A rule that picks uniformly at random (R-DECK-1, R-TIE-7); the value is its ID."""

    FIRST_COLONIST_TILE = "R-SETUP-7"
    """The First Colonist tile he draws."""
    ARRIVAL_SPACE = "R-SHUTTLE-3"
    """The free Turn Order space he travels to."""


def tie_rule(rule: str) -> TiedRule | PickedRule | None:
    """The member whose rule ID is *rule*; None for a rule that raises no tie.

    >>> tie_rule("R-ROVER-6")
    <TiedRule.ROVER_PATH: 'R-ROVER-6'>
    >>> tie_rule("R-SETUP-7")
    <PickedRule.FIRST_COLONIST_TILE: 'R-SETUP-7'>
    >>> tie_rule("R-X") is None
    True
    """
    for kind in (TiedRule, PickedRule):
        try:
            return kind(rule)
        except ValueError:
            continue
    return None
