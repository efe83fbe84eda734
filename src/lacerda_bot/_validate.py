"""attrs validators that raise InvalidValueError naming the field."""

from collections.abc import Callable, Collection
from typing import Any

import attrs

from lacerda_bot.errors import InvalidValueError

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def is_int(minimum: int = 0) -> Validator:
    """An ``int`` (not a ``bool``) of at least *minimum*."""

    def check(_: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise InvalidValueError(attribute.name, f"an int >= {minimum}", value)

    return check


def is_instance(kind: type) -> Validator:
    """An instance of *kind* (``bool`` for flags, an enum for choices)."""

    def check(_: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if not isinstance(value, kind):
            raise InvalidValueError(attribute.name, f"a {kind.__name__}", value)

    return check


def is_one_of(allowed: Collection[object]) -> Validator:
    """One of *allowed*."""

    def check(_: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if isinstance(value, bool) or value not in allowed:
            raise InvalidValueError(attribute.name, f"one of {sorted(allowed)}", value)  # type: ignore[type-var]

    return check
