"""Deprecated: :mod:`lacerda_bot.reference` exports what this module did in 0.2.

Loaded from here, its names warn (:class:`DeprecationWarning`), for a release.
"""

from lacerda_bot import reference
from lacerda_bot._deprecated import behind
from lacerda_bot.reference import _game

__all__: list[str] = []

__getattr__ = behind(__name__, reference, _game)
