"""What the table companion keeps between steps, and the words it shares.

:class:`TableState` is the bot state plus what only Lacerda's own decisions
change (his side, the steps taken); :class:`Check` says whether an action is
possible. The helpers name things as they are printed on the board.
"""

from collections.abc import Callable
from typing import Final, TypeAlias, final

import attrs

from lacerda_bot.model import BuildingType, Gain, Side
from lacerda_bot.state import BotState
from lacerda_bot.table.dialogue import Proc

__all__ = [
    "HEX_ORDER",
    "MOST_ON_MAP",
    "SPENDABLE_HINT",
    "Check",
    "GainResolver",
    "TableState",
    "article",
    "building_name",
    "plural",
    "side_name",
]


HEX_ORDER: Final = "row by row from the top, left to right in each row"
"""The canonical hex order (ascending r, then q) as a player reads the board."""


MOST_ON_MAP: Final = 250
"""The largest count a question about the map accepts (more than its hexes)."""


SPENDABLE_HINT: Final = (
    "His Crystals he may spend now; Crystals he gained earlier in this same turn "
    "do not count (unless your options say so)."
)


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

    @classmethod
    def impossible(cls, rule: str, reason: str) -> "Check":
        """The action is impossible by *rule*, for *reason* (R-TURN-4)."""
        return cls(possible=False, rule=rule, reason=reason)


def building_name(building: BuildingType) -> str:
    """A building type as printed on the board, e.g. ``Water Extractor``."""
    return building.value.replace("_", " ").title()


def side_name(side: Side) -> str:
    """A side as printed: ``Orbit`` or ``Colony``."""
    return side.value.title()


def plural(n: int, word: str) -> str:
    """*n* and *word*, in the plural unless n is 1: ``2 Crystals``, ``3 hexes``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}es" if word.endswith("x") else f"{n} {word}s"


def article(name: str) -> str:
    """*name* with its indefinite article: ``a Mine``, ``an Oxygen Condenser``."""
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


GainResolver: TypeAlias = Callable[["TableState", Gain | None, str], Proc["TableState"]]
"""How a procedure that meets a benefit resolves it (``gains.resolve_gain``)."""
