"""The question every benefit starts with: what does this space or tile give? (§2.1, T6)."""

from typing import Final

from lacerda_bot.model import BuildingType, Gain, GainKind
from lacerda_bot.table.dialogue import Proc, ask_count, ask_pick

__all__ = ["ask_gain", "gain_words"]


_GAIN_CHOICES: Final = (
    "nothing",
    "crystals",
    "warehouse",
    "tech",
    "colonist",
    "bot",
    "blueprint",
    "resources",
    "develop",
    "rover",
    "construct",
    "upgrade",
    "ship",
    "other",
)


_BUILD_CHOICES: Final = ("any", *(b.value.replace("_", " ") for b in BuildingType))


_GAIN_HINT: Final = (
    "Name what the space or tile shows: crystals (a number of Crystals), "
    "warehouse (a Resupply/Warehouse bonus), tech (learn a Tech), colonist, "
    "bot, blueprint, resources (Resources only), develop (Tech steps), rover "
    "(Rover moves), construct, upgrade, ship, other (anything else), nothing."
)


def ask_gain(key: str, text: str) -> Proc[Gain | None]:
    """Ask what a space or tile gives (spec §2.1); ``None`` for nothing."""
    choice = yield from ask_pick(key, text, _GAIN_CHOICES, _GAIN_HINT)
    if choice == "nothing":
        return None
    kind = GainKind(choice)
    if kind in (GainKind.CRYSTALS, GainKind.DEVELOP, GainKind.ROVER):
        n = yield from ask_count(f"{key}.n", f"How many ({choice})?", 1, 9)
        return Gain(kind=kind, n=n)
    if kind is GainKind.CONSTRUCT:
        built = yield from ask_pick(
            f"{key}.building", "Which building does it construct?", _BUILD_CHOICES
        )
        building = None if built == "any" else BuildingType(built.replace(" ", "_"))
        return Gain(kind=kind, building=building)
    return Gain(kind=kind)


def gain_words(gain: Gain) -> str:
    """A benefit in words, e.g. ``crystals(2)`` or ``construct(water extractor)``."""
    return str(gain).replace("_", " ")
