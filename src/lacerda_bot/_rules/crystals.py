"""Crystals he gains (R-CRYSTAL-2): one mechanism for every source."""

from lacerda_bot import _queries as q
from lacerda_bot._rules.play import Play, rules_trace
from lacerda_bot.decisions import CrystalSource, D, GainCrystals

__all__ = ["gain_crystals"]


def gain_crystals(
    play: Play[D], requested: int, source: CrystalSource, *rules: str
) -> None:
    """R-CRYSTAL-2: gain up to *requested*; the facts say how many his Depot keeps.

    Only Crystals from the general supply are capped by the supply as well.
    """
    kept = play.facts.name(q.CrystalsKept(requested, source))
    trace = rules_trace((*rules, "R-CRYSTAL-2"))
    play.emit(GainCrystals(requested=requested, kept=kept, source=source, trace=trace))
