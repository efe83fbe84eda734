"""Deprecated: the names of this module load from :mod:`lacerda_bot.reference`.

The reference game's modules are private now; this module keeps what it
exported in 0.2, with a :class:`DeprecationWarning`, for a release.
"""

from lacerda_bot import reference
from lacerda_bot._deprecated import forwarding
from lacerda_bot.reference import _cluster

__all__: list[str] = []

__getattr__ = forwarding(
    __name__,
    {
        name: reference.__name__ if name in reference.__all__ else _cluster.__name__
        for name in _cluster.__all__
    },
)
