"""Documents ``dumps`` writes, and texts made from them with one place changed."""

import json
from typing import Any

from hypothesis import strategies as st

from lacerda_bot import (
    Board,
    BotState,
    Options,
    Outcome,
    dumps,
    new_bot,
    take_turn,
)
from lacerda_bot.testing import reference_board

from .helpers_strategies import bot_states, host_states


def nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document, the root first."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += nodes(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += nodes(value, (*path, i))
    return found


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def put(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    get(data, path[:-1])[path[-1]] = value
    return data


def swaps(value: Any) -> list[Any]:
    """Values of other JSON types that a lax loader might take for *value*."""
    other: list[Any] = [None, [], {}, [value], {"x": value}]
    match value:
        case bool():
            other += [int(value), str(value).lower(), "false"]
        case int():
            other += [value + 0.5, float(value), str(value), value == 1, -value - 1]
        case str():
            other += [[value], list(value), value + "x", ""]
        case list():
            other += [json.dumps(value), value[:-1], [*value, *value[:1]]]
        case dict():
            other += [list(value.values()), {**value, "extra": 1}]
    return [o for o in other if json.dumps(o) != json.dumps(value)]


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """*text* with one place changed: a type swapped, a key dropped or added,
    nesting added, a key repeated, or the text cut short."""
    how = draw(st.sampled_from(["swap", "drop", "nest", "repeat", "truncate"]))
    if how == "truncate":
        return text[: draw(st.integers(0, len(text) - 1))]
    if how == "repeat":
        cut = text.rindex("}")
        first = text.index('":') + 1
        key = text[text.index('"') : first]
        return text[:cut] + "," + key + ":1" + text[cut:]
    data = json.loads(text)
    path = draw(st.sampled_from(nodes(data)))
    place = get(data, path)
    if how == "drop" and isinstance(place, dict) and place:
        place.pop(draw(st.sampled_from(sorted(place))))
    elif how == "nest":
        data = put(data, path, [[[place]]])
    else:
        data = put(data, path, draw(st.sampled_from(swaps(place))))
    return json.dumps(data)


def documents() -> st.SearchStrategy[tuple[str, type]]:
    """``dumps`` documents of bot states, boards, outcomes and decisions."""
    bots = bot_states().map(lambda b: (dumps(b), BotState))
    boards = host_states().map(lambda b: (dumps(b), Board))
    turn = take_turn(new_bot(3), reference_board())
    outcomes = st.just((dumps(turn), Outcome))
    decisions = st.sampled_from(
        [(dumps(d), type(d)) for d in turn.decisions] + [(dumps(Options()), Options)]
    )
    return st.one_of(bots, boards, outcomes, decisions)
