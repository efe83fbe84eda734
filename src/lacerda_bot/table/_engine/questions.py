"""What the table companion asks for each fact: one question (or a short run) per fact.

:func:`shape_of` maps a fact the rules read (a :class:`~lacerda_bot._facts.Query`)
to the question that asks it at the table, worded by the
builders of :mod:`~lacerda_bot.table._engine.ask_map` (Mars),
:mod:`~lacerda_bot.table._engine.ask_player` (the players' boards and the displays) and
:mod:`~lacerda_bot.table._engine.ask_game` (Missions, the Shuttle, scoring, set-up).
Every fact has exactly one builder, registered for its query type (:data:`QUESTIONS`), and every question says
behind ``?`` what it means, where to look and, where it helps, an example.
"""

from collections.abc import Mapping
from typing import Final

from lacerda_bot._facts import Choice, Query
from lacerda_bot._rules.goals import Requirement
from lacerda_bot._rules.scoring import HumanCategory
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
from lacerda_bot.table._engine import ask_game, ask_map, ask_player
from lacerda_bot.table._engine.shapes import (
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
    "KINDS",
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

QUESTIONS: Final[Mapping[type[Query[object]], Builder]] = {
    **ask_map.ASKS.builders,
    **ask_player.ASKS.builders,
    **ask_game.ASKS.builders,
}
"""The builder of every fact's question, by query type."""

KINDS: Final[Mapping[str, type[Query[object]]]] = {kind.key: kind for kind in QUESTIONS}
"""Each fact the table asks, by its stable key (question keys and saves use it)."""


def shape_of(query: Query[object], words: Wording) -> Shape:
    """How the table asks *query*."""
    return QUESTIONS[type(query)](query, words)


def fact_key(query: Query[object]) -> str:
    """The stable key part of *query*, e.g. ``build_size.mine``."""
    parts = [query.key]
    for arg in query.args:
        match arg:
            case Choice():
                parts.append(str(arg.index + 1))
            case Owner() | BuildingType() | TechType() | MissionSlot() | Action():
                parts.append(arg.value)
            case Side() | LssReward() | ContractKind() | HumanCategory():
                parts.append(arg.value)
            case bool():  # only RevealedCard's, which no older save holds
                parts.append("yes" if arg else "no")
            case int():
                parts.append(str(arg))
            case Requirement():
                parts.append(arg.kind.value)
            case _:
                parts.append("that")
    return ".".join(parts)
