"""Deprecated: the facts interface is private now (``lacerda_bot._facts``).

Only the library's own sources answer facts (a board, the table), so their
interface is no longer public. Its names still load from here, with a
:class:`DeprecationWarning`, until the release after the next.
"""

import warnings
from typing import Any

from lacerda_bot import _facts

__all__: list[str] = []


def __getattr__(name: str) -> Any:
    """A name of ``lacerda_bot._facts``, with a warning that it moved."""
    if name in _facts.__all__:
        warnings.warn(
            f"lacerda_bot.facts.{name} is deprecated: the facts interface is private"
            " (lacerda_bot._facts) and will be removed from here",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(_facts, name)
    raise AttributeError(f"module 'lacerda_bot.facts' has no attribute {name!r}")
