"""What the table companion asks for each fact: one question (or a short run) per fact.

:func:`shape_of` maps a fact the rules read (:class:`~lacerda_bot.facts.Fact`
and its arguments) to the question that asks it at the table, worded by the
builders of :mod:`~lacerda_bot.table.ask_map` (Mars),
:mod:`~lacerda_bot.table.ask_player` (the players' boards and the displays) and
:mod:`~lacerda_bot.table.ask_game` (Missions, the Shuttle, scoring, set-up).
Every fact has exactly one builder (:data:`QUESTIONS`), and every question says
behind ``?`` what it means, where to look and, where it helps, an example.
"""

from collections.abc import Mapping
from typing import Final

from lacerda_bot._rules.goals import Requirement
from lacerda_bot.facts import Choice, Fact
from lacerda_bot.model import (
    Action,
    BuildingType,
    ContractKind,
    LssReward,
    MissionSlot,
    Owner,
    Side,
    TechType,
)
from lacerda_bot.table import ask_game, ask_map, ask_player
from lacerda_bot.table.shapes import (
    MOST_ON_MAP,
    Ask,
    Builder,
    Count,
    Gains,
    Labels,
    Pick,
    PricedGains,
    Shape,
    Wording,
    YesNo,
)

__all__ = [
    "MOST_ON_MAP",
    "QUESTIONS",
    "Ask",
    "Count",
    "Gains",
    "Labels",
    "Pick",
    "PricedGains",
    "Shape",
    "Wording",
    "YesNo",
    "fact_key",
    "shape_of",
]

QUESTIONS: Final[Mapping[Fact, Builder]] = {
    **ask_map.QUESTIONS,
    **ask_player.QUESTIONS,
    **ask_game.QUESTIONS,
}
"""The builder of every fact's question."""


def shape_of(fact: Fact, args: tuple[object, ...], words: Wording) -> Shape:
    """How the table asks *fact* with *args*."""
    return QUESTIONS[fact](args, words)


def fact_key(fact: Fact, args: tuple[object, ...]) -> str:
    """The stable key part of *fact* with *args*, e.g. ``has_legal_site.mine``."""
    parts = [fact.value]
    for arg in args:
        match arg:
            case Choice():
                parts.append(str(arg.index + 1))
            case Owner() | BuildingType() | TechType() | MissionSlot() | Action():
                parts.append(arg.value)
            case Side() | LssReward() | ContractKind():
                parts.append(arg.value)
            case int():
                parts.append(str(arg))
            case Requirement():
                parts.append(arg.kind.value)
            case _:
                parts.append("that")
    return ".".join(parts)
