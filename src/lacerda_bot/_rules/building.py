"""What and where he builds (R-BUILD, R-LSS-1, R-LEVEL-2): constructions and Shelters.

The type comes from the building sequence T2 (R-BUILD-2) or a gain (R-BUILD-3);
the facts say which types have a legal site, how large a Complex the best
site makes and how many sites tie; the tie goes to R-TIE. After building he
moves his Rover off the site (R-BUILD-4) and takes his LSS reward (R-LSS-1).
"""

from typing import Final

from lacerda_bot import _queries as q
from lacerda_bot._facts import PLACED, Choice
from lacerda_bot._rules.crystals import gain_crystals
from lacerda_bot._rules.plans import ConstructPlan, Impossible
from lacerda_bot._rules.play import Play, rules_trace
from lacerda_bot._ties import TiedRule
from lacerda_bot.decisions import (
    AdvanceProgressBot,
    BuildShelter,
    ChooseLssReward,
    Construct,
    CrystalSource,
    D,
    GiveOxygen,
    RelocateRover,
)
from lacerda_bot.model import (
    BUILDING_SEQUENCE,
    BuildingType,
    LssReward,
    Owner,
    TechType,
    TechUsed,
    next_in_sequence,
)
from lacerda_bot.options import ComplexTechThreshold
from lacerda_bot.trace import Removal, TieBreak, Trace

__all__ = [
    "perform_construct",
    "perform_shelter",
    "plan_construct",
    "plan_shelter",
    "relocate_rover",
]

_BUILD_RULES: Final = (
    "R-BUILD-1",
    "R-BUILD-2",
    "R-BUILD-5",
    "R-BUILD-7",
    "R-BUILD-8",
    "R-BUILD-9",
    "R-BUILD-10",
    "R-BUILD-11",
)


def plan_construct(
    play: Play[D], kind: BuildingType | None
) -> ConstructPlan | Impossible:
    """The type to build: by the sequence (*kind* ``None``, R-BUILD-2) or *kind* (R-BUILD-3).

    From the pointer he tries at most the 5 types of T2 in order and builds
    the first that qualifies and has a legal site; a fixed type builds only
    if it qualifies and has a legal site.
    """
    facts = play.facts
    if kind is not None:
        if facts.answer(q.BuildSize(kind)):
            return ConstructPlan(building=kind)
        return Impossible(rule="R-BUILD-3", reason=f"no legal {kind.value} site")
    start = BUILDING_SEQUENCE.index(play.bot.pointer)
    removed: list[Removal] = []
    for offset in range(len(BUILDING_SEQUENCE)):
        candidate = BUILDING_SEQUENCE[(start + offset) % len(BUILDING_SEQUENCE)]
        if facts.answer(q.BuildSize(candidate)):
            return ConstructPlan(building=candidate, removed=tuple(removed))
        reason = facts.explain(q.UnbuildableReason(candidate))
        removed.append(Removal(option=candidate.value, rule="R-BUILD-2", reason=reason))
    return Impossible(rule="R-COLONY-2", reason="no qualifying type has a legal site")


def _join_tech(play: Play[D], kind: BuildingType, size: int) -> TechUsed:
    """R-BUILD-7, R-BUILD-10: whose Tech a build of resulting *size* uses.

    A stand-alone build uses none; a Shelter joins with his own Shelter Tech
    only. Otherwise he uses the preferred player's Tech if it reaches the
    joined size (the resulting size with ``complex_tech_threshold =
    resulting``), else the other's, which then must (the site is legal).
    """
    if size == 1:
        return TechUsed.NONE
    if kind is BuildingType.SHELTER:
        return TechUsed.OWN
    options = play.options
    extra = 1 if options.complex_tech_threshold is ComplexTechThreshold.RESULTING else 0
    need = size - 1 + extra
    tech = TechType.for_building(kind)
    if options.prefer_own_tech:
        own = play.facts.answer(q.TechLevel(tech, Owner.LACERDA)) >= need
        return TechUsed.OWN if own else TechUsed.HUMAN
    human = play.facts.answer(q.TechLevel(tech, Owner.HUMAN)) >= need
    return TechUsed.HUMAN if human else TechUsed.OWN


def _best_site(
    play: Play[D], kind: BuildingType, rule: TiedRule
) -> tuple[int, Choice, tuple[TieBreak, ...]]:
    """R-BUILD-9: the largest resulting Complex, then R-TIE among the sites."""
    facts = play.facts
    size = facts.answer(q.BuildSize(kind))
    if play.player_places:  # the player places it among the equal sites
        return size, PLACED, ()
    sites = facts.answer(q.BestSites(kind))
    index, ties = play.tie(sites, rule=rule)
    return size, play.choice(index, len(sites), rule), ties


def _placed(choice: Choice) -> tuple[str, ...]:
    """R-TIE-1 in a trace where the player places among equal options."""
    return ("R-TIE-1",) if choice is PLACED else ()


def perform_construct(
    play: Play[D], plan: ConstructPlan, *, rules: tuple[str, ...]
) -> None:
    """Construct *plan*'s type on the best site (R-BUILD-1..13)."""
    facts, kind = play.facts, plan.building
    size, choice, ties = _best_site(play, kind, TiedRule.BUILD_SITE)
    used = _join_tech(play, kind, size)
    removed = plan.removed
    trace = play.explained(
        (*rules, *_BUILD_RULES, *_placed(choice)),
        lambda f: (f.explain(q.SiteCandidates(kind)), removed),
        tie_breaks=ties,
    )
    play.emit(
        Construct(
            building=kind,
            hex=facts.name(q.SiteHex(kind, choice)),
            resulting_size=size,
            joined_sizes=facts.name(q.SiteJoinedSizes(kind, choice)),
            tech_used=used,
            miner=kind is BuildingType.MINE and play.options.lacerda_places_miner,
            pointer_before=play.bot.pointer,
            pointer_after=next_in_sequence(kind),
            trace=trace,
        )
    )
    _after_build(play, kind, used)
    if kind is not BuildingType.MINE:
        _lss_reward(play, kind)


def _after_build(play: Play[D], kind: BuildingType, used: TechUsed) -> None:
    """R-TURN-7 Oxygen for the human's Tech, then R-BUILD-4 for his own Rover."""
    if used is TechUsed.HUMAN:
        play.emit(
            GiveOxygen(
                tech=TechType.for_building(kind), trace=rules_trace(("R-TURN-7",))
            )
        )
    relocate_rover(play)


def relocate_rover(play: Play[D]) -> None:
    """R-BUILD-4: his Rover on the building just built or upgraded moves off it.

    It goes to the nearest available hex (an empty hex, or a building with no
    figure), then R-TIE; with none reachable it stays. An upgrade displaces as
    a construction does: the Advanced Building marker is a figure (§0).
    """
    facts = play.facts
    if not facts.answer(q.RoverOnNewBuilding()):
        return
    ties: tuple[TieBreak, ...] = ()
    if play.player_places:  # the player moves it to one of the equal hexes
        if not facts.answer(q.AnyFreeHex()):
            return
        choice = PLACED
    else:
        nearest = facts.answer(q.NearestFreeHexes())
        if not nearest:
            return
        index, ties = play.tie(nearest, rule=TiedRule.FREE_HEX)
        choice = play.choice(index, len(nearest), TiedRule.FREE_HEX)
    play.emit(
        RelocateRover(
            from_hex=facts.name(q.RoverHex()),
            to_hex=facts.name(q.FreeHex(choice)),
            trace=Trace(rules=("R-BUILD-4", *_placed(choice)), tie_breaks=ties),
        )
    )


def _lss_reward(play: Play[D], kind: BuildingType) -> None:
    """R-LSS-1, R-LSS-2: retrieve his Colonist from the Hire slot if there, else a Crystal.

    His Colonist is there after a hire or a Contract alike (R-COST-5).
    """
    facts = play.facts
    first, other = (
        (LssReward.RETRIEVE_COLONIST, LssReward.CRYSTAL)
        if facts.answer(q.ColonistOnHireSlot())
        else (LssReward.CRYSTAL, LssReward.RETRIEVE_COLONIST)
    )
    reward: LssReward | None = None
    if facts.answer(q.LssOffers(kind, first)):
        reward = first
    elif facts.answer(q.LssOffers(kind, other)):
        reward = other
    play.emit(
        ChooseLssReward(
            building=kind,
            reward=reward,
            trace=rules_trace(("R-BUILD-13", "R-LSS-1", "R-LSS-2")),
        )
    )
    if reward is LssReward.CRYSTAL:
        gain_crystals(play, 1, CrystalSource.LSS_REWARD, "R-LSS-1")


def plan_shelter(play: Play[D]) -> Impossible | None:
    """R-LEVEL-2, R-BUILD-3: why he cannot build a Shelter, or ``None`` if he can."""
    facts = play.facts
    if not facts.answer(q.HasShelterLeft()):
        return Impossible(rule="R-LEVEL-2", reason="no Shelter left")
    if not facts.answer(q.BuildSize(BuildingType.SHELTER)):
        return Impossible(rule="R-LEVEL-2", reason="no legal Shelter site")
    return None


def perform_shelter(play: Play[D], *, rules: tuple[str, ...]) -> None:
    """Build one of his Shelters (R-LEVEL-2): largest Complex, then R-TIE.

    The pointer moves one icon only with ``shelter_moves_pointer`` (R-LEVEL-3).
    """
    facts, kind = play.facts, BuildingType.SHELTER
    size, choice, ties = _best_site(play, kind, TiedRule.SHELTER_SITE)
    trace = play.explained(
        (*rules, "R-LEVEL-2", "R-BUILD-5", "R-BUILD-7", "R-BUILD-8", *_placed(choice)),
        lambda f: (f.explain(q.SiteCandidates(kind)), ()),
        tie_breaks=ties,
    )
    play.emit(
        BuildShelter(
            hex=facts.name(q.SiteHex(kind, choice)),
            resulting_size=size,
            joined_sizes=facts.name(q.SiteJoinedSizes(kind, choice)),
            tech_used=_join_tech(play, kind, size),
            trace=trace,
        )
    )
    _after_build(play, kind, TechUsed.NONE)
    if play.options.shelter_moves_pointer:
        before = play.bot.pointer
        play.emit(
            AdvanceProgressBot(
                steps=1,
                before=before,
                after=next_in_sequence(before),
                trace=rules_trace(("R-LEVEL-3",)),
            )
        )
