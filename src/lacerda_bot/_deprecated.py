"""Names that moved, loaded from their new module with a :class:`DeprecationWarning`.

A public module whose names moved keeps them for a release: its module-level
``__getattr__`` is :func:`forwarding`, so ``from old import name`` still
works and says where *name* lives now.
"""

import importlib
import warnings
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

__all__ = ["behind", "forwarding"]


def forwarding(
    old: str, homes: Mapping[str, str], advice: str = ""
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for *old*: each name of *homes* from its new module.

    The warning tells to import the name from its new module; when that module
    is private, it says *advice* instead, or that the name is private now.
    """

    def moved(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        warnings.warn(
            f"{old}.{name} is deprecated: {_advice(home, advice)}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(home), name)

    return moved


def behind(old: str, facade: ModuleType, private: ModuleType) -> Callable[[str], Any]:
    """:func:`forwarding` for a module made *private* behind *facade*.

    What *private* exports loads from *facade* if the facade exports it, and is
    said to be private otherwise.
    """
    exported = set(getattr(facade, "__all__", ()))
    return forwarding(
        old,
        {
            name: facade.__name__ if name in exported else private.__name__
            for name in getattr(private, "__all__", ())
        },
    )


def _advice(home: str, advice: str) -> str:
    """Where to import a moved name from, or *advice* when its home is private."""
    if not any(part.startswith("_") for part in home.split(".")):
        return f"import it from {home}"
    return advice or "it is private now and will be removed from here"
