"""Deprecated: the facts interface is private now (``lacerda_bot._facts``).

Only the library's own sources answer facts (a board, the table), so their
interface is no longer public. Its names still load from here, with a
:class:`DeprecationWarning`, until the release after the next.
"""

from lacerda_bot import _facts
from lacerda_bot._deprecated import forwarding

__all__: list[str] = []

__getattr__ = forwarding(
    __name__,
    dict.fromkeys(_facts.__all__, _facts.__name__),
    "the facts interface is private and will be removed from here",
)
