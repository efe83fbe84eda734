"""Validators that name the field: attrs validators and host-view reading.

The attrs validators raise InvalidValueError: ``is_int``, ``is_instance`` and
``is_one_of`` name the attribute; the ``record_*`` ones, used by the records a
host builds (:mod:`lacerda_bot.records`, :class:`~lacerda_bot.model.Gain`),
name it as ``Class.attribute``. They are small closures, cheap enough to run
on every record construction; those of ints are the same checks bound to
their bounds with :func:`functools.partial` (:class:`IntRange`,
:class:`IntChoice`): called in C as cheaply, and saying what they accept, so
that :mod:`lacerda_bot.schema` writes the same bounds into the JSON Schema.

:func:`read_property` and :func:`read_items` read a host's view and raise
InvalidHostStateError naming the property; :func:`unique` refuses a value
repeated across the items of a view, naming the second item and the first.
"""

import functools
from collections.abc import Callable, Collection, Iterable
from typing import Any, final

import attrs

from lacerda_bot.errors import InvalidHostStateError, InvalidValueError
from lacerda_bot.hexmap import Hex

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


@final
class IntRange(functools.partial[None]):
    """An int validator that says what it accepts: a check bound to its bounds.

    Built as ``IntRange(check, minimum, maximum)``; attrs calls it with
    ``(instance, attribute, value)``, which *check* gets after the bounds.
    """

    @property
    def minimum(self) -> int:
        """The least value accepted."""
        least: int = self.args[0]
        return least

    @property
    def maximum(self) -> int | None:
        """The greatest value accepted; ``None``: no bound."""
        most: int | None = self.args[1]
        return most


@final
class IntChoice(functools.partial[None]):
    """A one-of validator of ints that says what it accepts: ``IntChoice(check, allowed)``."""

    @property
    def allowed(self) -> Collection[int]:
        """The values accepted (a ``range`` or a tuple)."""
        values: Collection[int] = self.args[0]
        return values


def _int_at_least(
    minimum: int, _maximum: None, _: Any, attribute: "attrs.Attribute[Any]", value: Any
) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InvalidValueError(attribute.name, f"an int >= {minimum}", value)


def is_int(minimum: int = 0) -> Validator:
    """An ``int`` (not a ``bool``) of at least *minimum*."""
    return IntRange(_int_at_least, minimum, None)


def is_instance(kind: type) -> Validator:
    """An instance of *kind* (``bool`` for flags, an enum for choices)."""

    def check(_: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if not isinstance(value, kind):
            raise InvalidValueError(attribute.name, f"a {kind.__name__}", value)

    return check


def _int_in(
    allowed: Collection[int], _: Any, attribute: "attrs.Attribute[Any]", value: Any
) -> None:
    if isinstance(value, bool) or value not in allowed:
        raise InvalidValueError(attribute.name, f"one of {sorted(allowed)}", value)


def is_one_of(allowed: Collection[int]) -> Validator:
    """One of the ints *allowed*."""
    return IntChoice(_int_in, allowed)


# --- record validators: the field is named ``Class.attribute`` ---------------


def a_name(kind: type) -> str:
    """``a Side``, ``an Item``: the article and the name of *kind*."""
    name = kind.__name__
    return f"{'an' if name[0] in 'AEIOUaeiou' else 'a'} {name}"


def _where(instance: object, attribute: "attrs.Attribute[Any]") -> str:
    return f"{type(instance).__name__}.{attribute.name}"


def _is_int(value: object) -> bool:
    """An ``int`` that is not a ``bool`` (the common exact ``int`` first)."""
    return type(value) is int or (
        isinstance(value, int) and not isinstance(value, bool)
    )


def is_plain_hex(value: object) -> bool:
    """Whether *value* is a :class:`Hex` whose coordinates are ints, not bools."""
    return isinstance(value, Hex) and _is_int(value.q) and _is_int(value.r)


def _record_count(
    minimum: int,
    maximum: int | None,
    instance: Any,
    attribute: "attrs.Attribute[Any]",
    value: Any,
) -> None:
    if not _is_int(value) or value < minimum:
        where = _where(instance, attribute)
        raise InvalidValueError(where, f"an int >= {minimum}", value)
    if maximum is not None and value > maximum:
        where = _where(instance, attribute)
        raise InvalidValueError(where, f"an int from {minimum} to {maximum}", value)


def record_count(minimum: int = 0, maximum: int | None = None) -> Validator:
    """An ``int`` (not a ``bool``) of at least *minimum* (and at most *maximum*)."""
    return IntRange(_record_count, minimum, maximum)


def _record_one_of(
    allowed: tuple[int, ...],
    instance: Any,
    attribute: "attrs.Attribute[Any]",
    value: Any,
) -> None:
    if not _is_int(value) or value not in allowed:
        where = _where(instance, attribute)
        raise InvalidValueError(where, f"one of {list(allowed)}", value)


def record_one_of(allowed: tuple[int, ...]) -> Validator:
    """One of the ints *allowed*."""
    return IntChoice(_record_one_of, allowed)


def record_instance(kind: type, expected: str = "") -> Validator:
    """An instance of *kind*: an enum member, a ``bool``, a ``str`` id, a record."""
    wanted = expected or a_name(kind)

    def check(instance: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if not isinstance(value, kind):
            raise InvalidValueError(_where(instance, attribute), wanted, value)

    return check


def record_optional(kind: type) -> Validator:
    """``None`` or an instance of *kind*."""
    wanted = f"{a_name(kind)} or None"

    def check(instance: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if value is not None and not isinstance(value, kind):
            raise InvalidValueError(_where(instance, attribute), wanted, value)

    return check


def record_tuple(kind: type) -> Validator:
    """A ``tuple`` whose items are instances of *kind*."""
    wanted = f"a tuple of {kind.__name__}"

    def check(instance: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if not isinstance(value, tuple):
            raise InvalidValueError(_where(instance, attribute), wanted, value)
        for i, item in enumerate(value):
            if not isinstance(item, kind):
                where = f"{_where(instance, attribute)}[{i}]"
                raise InvalidValueError(where, a_name(kind), item)

    return check


def record_hex(instance: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
    """A :class:`Hex` with int coordinates (not a tuple, not strings or bools)."""
    if not is_plain_hex(value):
        where = _where(instance, attribute)
        raise InvalidValueError(where, "a Hex with int coordinates", value)


# --- reading a host's view ------------------------------------------------------


def view_error(view: object, name: str, error: Exception) -> InvalidHostStateError:
    """The error for property *name* of *view* that raised *error* when read.

    A property the view lacks is reported as missing; one that raised, with
    the host's exception (raise the result ``from`` *error*).
    """
    missing = isinstance(error, AttributeError) and not hasattr(type(view), name)
    if missing:
        expected = "a property of the host view (see lacerda_bot.host), not missing"
    else:
        expected = "a property that reads without raising; the host raised"
    return InvalidHostStateError(name, expected, error)


def _has(view: object, name: str) -> bool:
    try:
        getattr(view, name)
    except AttributeError:
        return hasattr(type(view), name)
    except Exception:  # a property that raises is still there
        return True
    return True


def check_is_view(view: object, names: Collection[str]) -> None:
    """Raise InvalidValueError if *view* is ``None`` or has none of *names*.

    Called when a property could not be read, to tell a wrong argument (not a
    view at all) from a view that lacks one property.
    """
    if view is None or not any(_has(view, name) for name in names):
        some = ", ".join(list(names)[:3])
        expected = f"a host view (see lacerda_bot.host) with properties such as {some}"
        raise InvalidValueError("view", expected, view)


def read_property(view: object, name: str) -> Any:
    """``view.name``; a missing or raising property raises InvalidHostStateError."""
    try:
        return getattr(view, name)
    except Exception as error:
        raise view_error(view, name, error) from error


def read_items(
    view: object, name: str, kind: type, expected: str = ""
) -> tuple[Any, ...]:
    """The items of collection property *name*, each an instance of *kind*.

    Raises:
        InvalidHostStateError: the property is missing or raises, is not a
            collection (``None``, a string, a number), or an item is not a
            *kind*; the error names ``name`` or ``name[i]``.
    """
    items = read_property(view, name)
    if items is None or isinstance(items, str | bytes):
        raise InvalidHostStateError(name, "a collection", items)
    try:
        values = tuple(items)
    except TypeError as error:
        raise InvalidHostStateError(name, "a collection", items) from error
    except Exception as error:
        raise view_error(view, name, error) from error
    wanted = expected or a_name(kind)
    for i, item in enumerate(values):
        if not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
            raise InvalidHostStateError(f"{name}[{i}]", wanted, item)
    return values


# --- values repeated across a view's items -------------------------------------

Items = tuple[str, Iterable[Any], Callable[[Any], object], str]
"""A collection's name, its items, the key :func:`unique` reads of each, and the key's
place within an item: ``("buildings", buildings, attrgetter("id"), ".id")``."""


def unique(values: Collection[object], what: str, *collections: Items) -> None:
    """Refuse a value of *values* met twice, naming the second item and the first.

    *values* (the keys of the items of *collections*, ``None`` left out) are
    checked at C speed; only when one repeats are the items walked, in the
    order the board holds them, to name it: ``buildings[3].id``.

    Raises:
        InvalidHostStateError: a value repeats; the error names the item that
            holds it the second time, and the first in ``expected``.
    """
    if len(set(values)) == len(values):
        return
    first: dict[object, str] = {}
    for name, items, key, within in collections:
        for i, item in enumerate(items):
            value = key(item)
            if value is None:  # an empty Lab space holds no Tech
                continue
            field = f"{name}[{i}]{within}"
            where = first.setdefault(value, field)
            if where != field:
                expected = f"{what} no other item has ({where} has it too)"
                raise InvalidHostStateError(field, expected, value)
    raise AssertionError(
        "unreachable: a value repeated is met twice"
    )  # pragma: no cover
