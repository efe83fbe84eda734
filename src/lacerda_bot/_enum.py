"""The base of the library's enums: members hashed by identity."""

import enum

__all__ = ["IdentityEnum"]


class IdentityEnum(enum.Enum):
    """An :class:`enum.Enum` whose members hash by identity, in C.

    Members are singletons compared by identity, so identity is a consistent
    hash; ``enum.Enum`` hashes a member's name in Python instead (a Python call
    for every look-up). The rules look up dictionaries and sets keyed by
    building types, Techs, Scientists and the like some 20 times a Lacerda
    turn. Members, values, order of definition, pickling and JSON are as for
    any enum.
    """

    __hash__ = object.__hash__
