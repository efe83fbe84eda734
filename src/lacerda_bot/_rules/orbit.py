"""The Orbit actions (R-ORBIT-1..6): Obtain a Blueprint, Learn New Technology, R&D.

Each action has a plan (possible or :class:`~lacerda_bot._rules.plans.Impossible`)
and a performing step. The display choices themselves (the fuller row's
leftmost candidate, the cheapest new Tech tile) are facts: a board computes
them, a player at the table reads them off the board.
"""

from enum import unique

from lacerda_bot import _queries as q
from lacerda_bot._enum import IdentityEnum
from lacerda_bot._facts import DevelopChoice, Display
from lacerda_bot._rules.crystals import gain_crystals
from lacerda_bot._rules.plans import (
    DevelopPlan,
    Impossible,
    LearnPlan,
    ObtainPlan,
)
from lacerda_bot._rules.play import GainResolver, Play
from lacerda_bot._ties import TiedRule
from lacerda_bot.decisions import (
    CrystalSource,
    D,
    DevelopTech,
    LearnTech,
    ObtainBlueprint,
)
from lacerda_bot.model import TechType

__all__ = [
    "DevelopStep",
    "develop_step",
    "perform_develop",
    "perform_learn",
    "perform_obtain",
    "plan_develop",
    "plan_learn",
    "plan_obtain",
]


def plan_obtain(play: Play[D]) -> ObtainPlan | Impossible:
    """Obtain a Blueprint: possible (R-ORBIT-1), and among which cards (R-ORBIT-2, R-ORBIT-3)."""
    facts = play.facts
    display = facts.answer(q.BlueprintDisplay())
    if display is Display.EMPTY:
        return Impossible(rule="R-ORBIT-1", reason="the display is empty")
    if not facts.answer(q.HasFreeMarker()):
        return Impossible(
            rule="R-ORBIT-1", reason="he has no free Advanced Building marker"
        )
    if not facts.answer(q.HasScientist()):
        return ObtainPlan(scored_only=False)
    if display is Display.SCORED:
        return ObtainPlan(scored_only=True)
    if not play.options.blueprint_fallback_any_type:
        return Impossible(rule="R-ORBIT-3", reason="no display card of a scored type")
    return ObtainPlan(scored_only=False)


def perform_obtain(play: Play[D], plan: ObtainPlan) -> None:
    """R-ORBIT-4: the fuller row holding a candidate, its leftmost one; then its pickup."""
    facts = play.facts
    scored_only = plan.scored_only
    trace = play.explained(
        ("R-ORBIT-2", "R-ORBIT-3", "R-ORBIT-4"),
        lambda f: (
            f.explain(q.BlueprintCandidates(scored_only)),
            f.explain(q.BlueprintRemovals(scored_only)),
        ),
    )
    play.emit(
        ObtainBlueprint(
            blueprint=facts.name(q.PickedBlueprint(scored_only)),
            row=facts.name(q.PickedRow(scored_only)),
            slot=facts.name(q.PickedSlot(scored_only)),
            trace=trace,
        )
    )
    pickup = facts.answer(q.ObtainedPickupCrystals())
    if pickup:
        gain_crystals(play, pickup, CrystalSource.BLUEPRINT_PICKUP, "R-ORBIT-4")


def plan_learn(play: Play[D]) -> LearnPlan | Impossible:
    """R-ORBIT-5: impossible with no free entry space or no tile of a type he lacks."""
    facts = play.facts
    if not facts.answer(q.LabEntryFree()):
        return Impossible(rule="R-ORBIT-5", reason="no Lab entry space is free")
    if not facts.answer(q.CheapestTechTiles()):
        return Impossible(rule="R-ORBIT-5", reason="no grid tile of a type he lacks")
    return LearnPlan()


def perform_learn(play: Play[D], resolve: GainResolver[D]) -> None:
    """R-ORBIT-5: the cheapest new-type tile, leftmost, then R-TIE; then the space's gain."""
    facts = play.facts
    tiles = facts.answer(q.CheapestTechTiles())
    index, ties = play.tie(tiles, rule=TiedRule.TECH_TILE)
    choice = play.choice(index, len(tiles), TiedRule.TECH_TILE)
    trace = play.explained(
        ("R-ORBIT-5",),
        lambda f: (f.explain(q.TechTileCandidates()), f.explain(q.TechTileRemovals())),
        tie_breaks=ties,
    )
    learn = LearnTech(
        grid_tile=facts.name(q.TechTileId(choice)),
        tech=facts.name(q.TileTech(choice)),
        lab_space=facts.name(q.EntrySpaceId()),
        trace=trace,
    )
    play.emit(learn)
    resolve(
        play, facts.answer(q.LearnedSpaceGains()), f"Lab entry space {learn.lab_space}"
    )


def plan_develop(play: Play[D]) -> DevelopPlan | Impossible:
    """R-ORBIT-6: impossible when none of his Techs can advance."""
    if not play.facts.answer(q.CanAdvanceAny()):
        return Impossible(rule="R-ORBIT-6", reason="none of his Techs can advance")
    return DevelopPlan()


@unique
class DevelopStep(IdentityEnum):
    """Which Tech a development step takes (R-ORBIT-6, R-TO-10)."""

    MOST = "most"
    """Step 1: his most developed Tech that can advance (bottom one if equal)."""
    LEAST = "least"
    """Step 2: his least developed one, other than the last unless none other can."""


def _choose(
    play: Play[D], step: DevelopStep, previous: TechType | D | None
) -> DevelopChoice | None:
    """The Tech *step* develops, or ``None`` when nothing can advance."""
    facts = play.facts
    if step is DevelopStep.MOST:
        return DevelopChoice.MOST if facts.answer(q.CanAdvanceAny()) else None
    if facts.answer(q.CanAdvanceOther(previous)):
        return DevelopChoice.LEAST_OTHER
    if previous is not None and facts.answer(q.CanAdvanceAgain(previous)):
        return DevelopChoice.SAME
    return None


def develop_step(
    play: Play[D],
    resolve: GainResolver[D],
    step: DevelopStep | TechType,
    *,
    rules: tuple[str, ...],
    previous: TechType | D | None = None,
) -> TechType | D | None:
    """One development step and the gain of the space entered; the Tech, or ``None``.

    *step* is R-ORBIT-6's step 1 or 2 (step 2 avoids *previous*, step 1's
    Tech), or the Tech the human used (R-TURN-6). ``None`` means nothing could
    advance. Each step's gain is resolved before the next step is chosen.
    """
    facts = play.facts
    if isinstance(step, TechType):
        if not facts.answer(q.CanAdvanceTech(step)):
            return None
        tech: TechType | D = step
    else:
        choice = _choose(play, step, previous)
        if choice is None:
            return None
        tech = facts.name(q.Developing(choice, previous))
    spaces = facts.answer(q.DevelopSpaces(tech))
    index, ties = play.tie(spaces, rule=TiedRule.LAB_SPACE)
    trace = play.explained(
        rules,
        lambda f: (
            f.explain(q.DevelopSpaceCandidates(tech)),
            f.explain(q.DevelopSpaceRemovals(tech)),
        ),
        tie_breaks=ties,
    )
    develop = DevelopTech(
        tech=tech,
        from_level=facts.name(q.DevelopFrom(tech)),
        to_level=facts.name(q.DevelopTo(tech)),
        space=facts.name(
            q.DevelopSpaceId(tech, play.choice(index, len(spaces), TiedRule.LAB_SPACE))
        ),
        trace=trace,
    )
    play.emit(develop)
    source = f"Lab space {develop.space} (level {develop.to_level})"
    resolve(play, facts.answer(q.DevelopedSpaceGains()), source)
    return tech


def perform_develop(play: Play[D], resolve: GainResolver[D]) -> None:
    """R-ORBIT-6: step 1 on his most developed Tech, then step 2 on his least developed."""
    first = develop_step(play, resolve, DevelopStep.MOST, rules=("R-ORBIT-6",))
    develop_step(play, resolve, DevelopStep.LEAST, rules=("R-ORBIT-6",), previous=first)
