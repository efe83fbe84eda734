"""Carrying out Lacerda's actions on the working copy: the steps that emit decisions.

Each ``do_*`` function takes a :class:`~lacerda_bot.play.Play` and returns the
next one. Choices come from the pure modules (:mod:`~lacerda_bot.build`,
:mod:`~lacerda_bot.rover`, :mod:`~lacerda_bot.orbit`, :mod:`~lacerda_bot.colony`);
ties go through :meth:`Play.tie`. Gains that a step yields (a Lab space, a
tile's reward) are handed to the *resolve* callback, which
:mod:`lacerda_bot.gains` supplies, so the import graph stays one-way.
"""

from collections.abc import Callable, Sequence
from typing import Final

from lacerda_bot.build import (
    Site,
    TypeChoice,
    best_sites,
    choose_building_type,
    legal_sites,
    qualifies,
    tech_to_use,
)
from lacerda_bot.decisions import (
    AdvanceProgressBot,
    BuildShelter,
    Candidate,
    ChooseLssReward,
    Construct,
    CrystalSource,
    DevelopTech,
    GainCrystals,
    GiveOxygen,
    LearnTech,
    ObtainBlueprint,
    RelocateRover,
    Trace,
)
from lacerda_bot.effects import free_hexes_nearest
from lacerda_bot.hexmap import Hex
from lacerda_bot.model import (
    BlueprintRow,
    BuildingType,
    Gain,
    LssReward,
    Owner,
    TechType,
    TechUsed,
    next_in_sequence,
)
from lacerda_bot.orbit import (
    can_advance,
    choose_blueprint,
    choose_development,
    choose_tech_tiles,
)
from lacerda_bot.play import Play

__all__ = [
    "GainResolver",
    "do_build_shelter",
    "do_construct",
    "do_develop",
    "do_learn_tech",
    "do_obtain_blueprint",
    "gain_crystals",
]

GainResolver = Callable[[Play, Sequence[Gain], str], Play]
"""Resolves gains in listed order (T6); supplied by :mod:`lacerda_bot.gains`."""

_BUILDING_TECH: Final = {b: TechType.for_building(b) for b in BuildingType}


def gain_crystals(
    play: Play, requested: int, source: CrystalSource, *rules: str
) -> Play:
    """R-CRYSTAL-2: gain up to *requested*, capped by free Depot spaces and the supply."""
    board = play.board
    supply = board.supply_crystals if source.from_supply else requested
    kept = max(0, min(requested, board.free_depot_spaces, supply))
    trace = Trace(rules=(*rules, "R-CRYSTAL-2"))
    return play.emit(
        GainCrystals(requested=requested, kept=kept, source=source, trace=trace)
    )


def do_obtain_blueprint(play: Play) -> Play:
    """Obtain a Blueprint (R-ORBIT-1..4); the caller has checked that it is possible."""
    choice = choose_blueprint(play.board, play.bot.options)
    pick = choice.pick
    assert pick is not None  # checked by the caller (R-TURN-4)
    trace = Trace(
        rules=("R-ORBIT-2", "R-ORBIT-3", "R-ORBIT-4"),
        candidates=tuple(
            Candidate(
                option=d.blueprint.id,
                criteria=(("row_cards", _row_cards(play, d.row)),),
            )
            for d in choice.candidates
        ),
        removed=choice.removed,
    )
    play = play.emit(
        ObtainBlueprint(
            blueprint=pick.blueprint.id, row=pick.row, slot=pick.slot, trace=trace
        )
    )
    if pick.pickup_crystals:
        play = gain_crystals(
            play, pick.pickup_crystals, CrystalSource.BLUEPRINT_PICKUP, "R-ORBIT-4"
        )
    return play


def _row_cards(play: Play, row: BlueprintRow) -> int:
    return sum(1 for d in play.board.blueprint_display if d.row is row)


def do_learn_tech(play: Play, resolve: GainResolver) -> Play:
    """Learn New Technology (R-ORBIT-5), then the entry space's gain; checked possible."""
    choice = choose_tech_tiles(play.board)
    assert choice.entry_row is not None  # checked by the caller (R-TURN-4)
    index, play, ties = play.tie([t.id for t in choice.tiles], rule="R-ORBIT-5")
    tile = choice.tiles[index]
    trace = Trace(
        rules=("R-ORBIT-5",),
        candidates=tuple(
            Candidate(
                option=t.id, criteria=(("cost_rank", t.cost_rank), ("column", t.column))
            )
            for t in choice.tiles
        ),
        removed=choice.removed,
        tie_breaks=ties,
    )
    play = play.emit(
        LearnTech(
            grid_tile=tile.id, tech=tile.tech, lab_row=choice.entry_row, trace=trace
        )
    )
    row = next(r for r in play.board.lab_rows if r.row == choice.entry_row)
    return resolve(play, row.entry_gains, f"Lab row {row.row} entry space")


def do_develop(
    play: Play,
    resolve: GainResolver,
    *,
    most: bool,
    previous: TechType | None,
    rules: tuple[str, ...],
    only: TechType | None = None,
) -> tuple[Play, TechType | None]:
    """One development step (R-ORBIT-6 step 1 if *most*, else step 2) and its gain.

    With *only*, that Tech is the one developed, if it can advance (R-TURN-6).
    Returns the Tech developed, or ``None`` when nothing could advance.
    """
    if only is None:
        tech = choose_development(play.board, most=most, previous=previous)
    else:
        tech = next(
            (
                t
                for t in play.board.lacerda_techs
                if t.tech is only and can_advance(t, play.board.lab_rows)
            ),
            None,
        )
    if tech is None:
        return play, None
    play = play.emit(
        DevelopTech(
            tech=tech.tech,
            from_level=tech.level,
            to_level=tech.level + 1,
            trace=Trace(rules=rules),
        )
    )
    row = next(r for r in play.board.lab_rows if r.row == tech.row)
    gains = row.gains_at(tech.level + 1)
    return resolve(play, gains, f"Lab row {row.row} level {tech.level + 1}"), tech.tech


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


def _sites_for(play: Play, kind: BuildingType | None) -> TypeChoice | None:
    """The type to build and its legal sites: by the sequence, or a fixed type (R-BUILD-3)."""
    board, options = play.board, play.bot.options
    if kind is None:
        choice = choose_building_type(board, play.bot.pointer, options)
        return None if choice.building is None else choice
    sites = legal_sites(board, kind, options) if qualifies(board, kind) else ()
    return TypeChoice(building=kind, sites=sites, removed=()) if sites else None


def _site_candidates(sites: Sequence[Site]) -> tuple[Candidate, ...]:
    return tuple(
        Candidate(option=str(s.hex), criteria=(("resulting_size", s.resulting_size),))
        for s in sites
    )


def do_construct(
    play: Play, *, kind: BuildingType | None, rules: tuple[str, ...]
) -> Play | None:
    """Construct by the sequence (*kind* ``None``, R-BUILD-2) or a fixed type (R-BUILD-3).

    Returns ``None`` when no qualifying type has a legal site, so the caller can
    apply R-TURN-4 or R-TO-2.
    """
    choice = _sites_for(play, kind)
    if choice is None or choice.building is None:
        return None
    built = choice.building
    best = best_sites(choice.sites)
    index, play, ties = play.tie([str(s.hex) for s in best], rule="R-BUILD-9")
    site = best[index]
    options = play.bot.options
    used = tech_to_use(site, options)
    trace = Trace(
        rules=(*rules, *_BUILD_RULES),
        candidates=_site_candidates(choice.sites),
        removed=choice.removed,
        tie_breaks=ties,
    )
    play = play.emit(
        Construct(
            building=built,
            hex=site.hex,
            resulting_size=site.resulting_size,
            joined_sizes=site.joined_sizes,
            tech_used=used,
            miner=built is BuildingType.MINE and options.lacerda_places_miner,
            pointer_before=play.bot.pointer,
            pointer_after=next_in_sequence(built),
            trace=trace,
        )
    )
    play = _after_build(play, site.hex, built, used)
    return play if built is BuildingType.MINE else _lss_reward(play, built)


def _after_build(play: Play, site: Hex, kind: BuildingType, used: TechUsed) -> Play:
    """R-TURN-7 Oxygen for the human's Tech, then R-BUILD-4 for his own Rover."""
    if used is TechUsed.HUMAN:
        play = play.emit(
            GiveOxygen(tech=_BUILDING_TECH[kind], trace=Trace(rules=("R-TURN-7",)))
        )
    rover = play.board.lacerda_rover
    if rover is not None and rover == site:
        nearest = free_hexes_nearest(play.board, rover)
        if nearest:
            index, play, ties = play.tie([str(h) for h in nearest], rule="R-BUILD-4")
            trace = Trace(rules=("R-BUILD-4",), tie_breaks=ties)
            play = play.emit(
                RelocateRover(from_hex=rover, to_hex=nearest[index], trace=trace)
            )
    return play


def _lss_reward(play: Play, kind: BuildingType) -> Play:
    """R-LSS-1, R-LSS-2: retrieve his Colonist from the Hire slot if there, else a Crystal."""
    board = play.board
    offered = next(
        (o.rewards for o in board.lss_rewards if o.building is kind), tuple(LssReward)
    )
    first = (
        LssReward.RETRIEVE_COLONIST
        if board.colonist_on_hire_slot
        else LssReward.CRYSTAL
    )
    other = (
        LssReward.CRYSTAL
        if first is LssReward.RETRIEVE_COLONIST
        else LssReward.RETRIEVE_COLONIST
    )
    reward = first if first in offered else other if other in offered else None
    play = play.emit(
        ChooseLssReward(
            building=kind,
            reward=reward,
            trace=Trace(rules=("R-BUILD-13", "R-LSS-1", "R-LSS-2")),
        )
    )
    if reward is LssReward.CRYSTAL:
        play = gain_crystals(play, 1, CrystalSource.LSS_REWARD, "R-LSS-1")
    return play


def do_build_shelter(play: Play, *, rules: tuple[str, ...]) -> Play | None:
    """Build one of his Shelters (R-LEVEL-2): largest Complex, then R-TIE; ``None`` if none.

    The pointer moves one icon only with ``shelter_moves_pointer`` (R-LEVEL-3).
    """
    board, options = play.board, play.bot.options
    if board.shelters_left < 1:
        return None
    sites = legal_sites(board, BuildingType.SHELTER, options, owner=Owner.LACERDA)
    if not sites:
        return None
    best = best_sites(sites)
    index, play, ties = play.tie([str(s.hex) for s in best], rule="R-LEVEL-2")
    site = best[index]
    trace = Trace(
        rules=(*rules, "R-LEVEL-2", "R-BUILD-5", "R-BUILD-7", "R-BUILD-8"),
        candidates=_site_candidates(sites),
        tie_breaks=ties,
    )
    play = play.emit(
        BuildShelter(
            hex=site.hex,
            resulting_size=site.resulting_size,
            joined_sizes=site.joined_sizes,
            tech_used=tech_to_use(site, options),
            trace=trace,
        )
    )
    play = _after_build(play, site.hex, BuildingType.SHELTER, TechUsed.NONE)
    if options.shelter_moves_pointer:
        before = play.bot.pointer
        play = play.emit(
            AdvanceProgressBot(
                steps=1,
                before=before,
                after=next_in_sequence(before),
                trace=Trace(rules=("R-LEVEL-3",)),
            )
        )
    return play
