"""The questions about Mars: building sites, the LSS track, his Rover, Discovery tiles.

Each builder words the question that asks one fact (:data:`ASKS`), with the
criterion in words, where to look and an example behind ``?``.
"""

from typing import Final

from lacerda_bot import _queries as q
from lacerda_bot._lab import entry_space, movable
from lacerda_bot.model import BuildingType, LssReward, Owner, TechType
from lacerda_bot.options import (
    ComplexTechThreshold,
    Options,
    StandaloneRule,
    TiePolicy,
)
from lacerda_bot.render import building_name
from lacerda_bot.table._engine.shapes import (
    MOST_ON_MAP,
    AnyCounted,
    Labels,
    PricedGains,
    Questions,
    Shape,
    Wording,
    count,
    yes,
)
from lacerda_bot.table._engine.tracked import Tracked

__all__ = ["ASKS", "HEX_ORDER", "tech_name"]

ASKS: Final = Questions()
"""The builder of each question about Mars, by query type."""

HEX_ORDER: Final = "row by row from the top, left to right in each row"
_STEPS: Final = (
    "Count steps hex by hex over the map (never off it); a Rover not on the map "
    "counts from the initial Mine."
)
_FIGURE: Final = (
    "A figure is a Rover, a Bot, a Colonist on a Mine, or the Advanced Building "
    "marker on an upgraded building."
)


def tech_name(tech: TechType) -> str:
    """A Tech type as the player reads it, e.g. ``Water Extractor``."""
    return tech.value.replace("_", " ").title()


def _an(kind: BuildingType) -> str:
    if kind is BuildingType.SHELTER:
        return "one of his Shelters"
    name = building_name(kind)
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def _site_rule(kind: BuildingType, options: Options) -> str:
    name = building_name(kind)
    more = (
        " + 1"
        if options.complex_tech_threshold is ComplexTechThreshold.RESULTING
        else ""
    )
    shelter = kind is BuildingType.SHELTER
    names = f"his {name}s" if shelter else f"{name}s"
    one = f"one of his {name}s" if shelter else f"another {name}"
    none = f"none of his {name}s" if shelter else f"no {name}"
    alone = (
        f"anywhere, even away from {names}"
        if options.standalone_rule is StandaloneRule.ANY
        else f"exactly 2 hexes from {one} (with {none} on Mars, anywhere)"
    )
    whose = "his own Shelter Tech" if shelter else f"his or your {name} Tech"
    return (
        f"A site is a hex with no building. Touching {names}, it is legal if {whose} "
        f"level is at least the total size of the Complexes it touches{more}. "
        f"Touching none, it is legal {alone}. He may build anywhere on Mars (no "
        "zone limits him)."
    )


@ASKS.asks(q.BuildSize)
def _build_size(query: q.BuildSize, words: Wording) -> Shape:
    kind = query.kind
    name = "Shelter" if kind is BuildingType.SHELTER else building_name(kind)
    article = "an" if name[0] in "AEIOU" else "a"
    his = " (his Shelters only)" if kind is BuildingType.SHELTER else ""
    lss = kind not in (BuildingType.MINE, BuildingType.SHELTER)
    marker = (
        f", or if the {name} marker on the LSS track is not below the Colony level"
        if lss
        else ""
    )
    why = (
        f" He builds {article} {name} only while its LSS marker is strictly below the "
        "Colony level marker."
        if lss
        else ""
    )
    size = (
        " Resulting size = 1 + the sizes of all the Complexes of that type the "
        f"site touches{his}; Crystals, tiles and figures on a site do not matter."
    )
    if words.options.tie_policy is TiePolicy.CHOSEN:  # the player places it
        qualifies = (
            " and its marker on the LSS track must be below the Colony level marker"
            if lss
            else ""
        )
        return count(
            f"Can he build {article} {name}? If so, choose his site: the legal site "
            f"where it makes the largest {name} Complex (if several do, you choose). "
            f"How many {name}s would that Complex hold, his new one included? (1: it "
            f"stands alone; no: he cannot build {article} {name})",
            0,
            MOST_ON_MAP,
            f"He needs a legal site{qualifies}. "
            + _site_rule(kind, words.options)
            + size
            + " Do not build it yet: the instructions follow. Example: the best site "
            "touches a Complex of 2 and one of 1: 4.",
            zero="no",
        )
    return count(
        f"How large {article} {name} Complex would the best legal site for "
        f"{_an(kind)} make? (0 if there is no legal site{marker}; 1 if it stands alone)",
        0,
        MOST_ON_MAP,
        _site_rule(kind, words.options)
        + why
        + size
        + " Example: a site touching a Complex of 2 and one of 1 makes a Complex of 4.",
    )


@ASKS.asks(q.BestSites)
def _best_sites(query: q.BestSites, words: Wording) -> Shape:
    size = words.earlier(q.BuildSize(query.kind))
    return Labels(
        text=f"How many legal sites make a Complex of {size}?",
        prefix="site",
        hint=f"Count the legal sites whose Complex would be that large. If more than "
        f"one, he breaks the tie; number them {HEX_ORDER}. Example: for a Complex "
        "of 1, two stand-alone Mine sites, both 2 hexes from a Mine: 2.",
    )


@ASKS.asks(q.TechLevel)
def _tech_level(query: q.TechLevel, words: Wording) -> Shape:
    tech, owner = query.tech, query.owner
    whose = "Lacerda's own" if owner is Owner.LACERDA else "your"
    none = "he has" if owner is Owner.LACERDA else "you have"
    where = "his" if owner is Owner.LACERDA else "your"
    return count(
        f"What level is {whose} {tech_name(tech)} Tech? (0 if {none} none)",
        0,
        9,
        f"The level is the column of {where} Lab the Tech tile stands in. Example: a "
        "tile in the third column is level 3.",
    )


@ASKS.asks(q.RoverOnNewBuilding)
def _rover_on_site(query: q.RoverOnNewBuilding, words: Wording) -> Shape:
    return yes(
        "Was his Rover on that building's hex?",
        "Look at the hex he just built on or upgraded: if his Rover stood there, it "
        "has to move off it (an upgraded building holds its Advanced Building "
        "marker, and a Rover may not share a hex with it). Example: his Rover stood "
        "on the hex of the new building: yes.",
    )


@ASKS.asks(q.NearestFreeHexes)
def _free_hexes(query: q.NearestFreeHexes, words: Wording) -> Shape:
    return Labels(
        text="Which hexes may his Rover move to, nearest to it: how many are equally "
        "near? (an empty hex, or a building with no figure on it; 0 if none can be "
        "reached)",
        prefix="free hex",
        low=0,
        hint="Empty: no building, no tile, no Crystal and no figure. A building with "
        f"no figure on it counts too. {_FIGURE} {_STEPS} If several are equally "
        f"near, number them {HEX_ORDER}. Example: next to the site, a Mine with no "
        "figure, a hex holding a Crystal and an empty hex: 2 (the Mine and the "
        "empty hex).",
    )


@ASKS.asks(q.AnyFreeHex)
def _any_free_hex(query: q.AnyFreeHex, words: Wording) -> Shape:
    return yes(
        "Can his Rover move off the new building: is an empty hex, or a building "
        "with no figure on it, within reach?",
        "Empty: no building, no tile, no Crystal and no figure. You will move it to "
        f"the nearest such hex. {_FIGURE} {_STEPS} Example: next to the site lies "
        "an empty hex: yes.",
    )


@ASKS.asks(q.LssOffers)
def _lss_offers(query: q.LssOffers, words: Wording) -> Shape:
    kind, reward = query.kind, query.reward
    colonist = reward is LssReward.RETRIEVE_COLONIST
    what = "his Colonist back" if colonist else "a Crystal"
    symbol = "a Colonist" if colonist else "a Crystal"
    return yes(
        f"Does this {building_name(kind)} LSS step offer {what} as its second benefit?",
        "Each step of the LSS track shows the second benefits it offers; look at the "
        f"step the {building_name(kind)} marker moves onto. Example: that step shows "
        f"{symbol} among its second benefits: yes.",
    )


_TILE: Final = (
    "Eligible: a Research or Discovery tile on the map whose benefit he can take, "
    "at least one of them if it gives several: a Blueprint only if the display "
    "shows one he may take, a Tech only if the grid shows a type he lacks and an "
    "entry space of his Lab is free, a development only if one of his Techs can "
    "advance, a construction only if a building he builds has a legal site, the "
    "Warehouse only if it holds an item he may take, an upgrade only if an unused "
    "Blueprint of his has a building to upgrade, a Ship only if he has one left; "
    "Crystals, a Bot, a Colonist and a Rover move always; Resources never. Its "
    "other requirement met, its "
    "Crystal cost payable with the Crystals he may spend now (not those gained "
    "earlier this turn, unless your options say so), no other figure on its hex, "
    f"and reachable over map hexes. {_FIGURE}"
)


_BEATS: Final = (
    "Of equally near tiles, leave out each one another of them beats: the other "
    "costs no more Crystals and gives at least as much of every benefit (Resources "
    "count for nothing), and costs less or gives more of something. Different "
    "benefits are never traded against each other."
)


def _cannot_take(tracked: Tracked) -> str:
    """What his tracked board says he could not take now (R-ROVER-2), in words."""
    cannot = []
    if entry_space(tracked.lab_spaces) is None:
        cannot.append("a Tech (his Lab's first column has no empty space)")
    if not movable(tracked.lab_spaces):
        cannot.append(
            "a development (no Tech of his touches an empty space to its right)"
        )
    if tracked.free_advanced_markers < 1:
        cannot.append("a Blueprint (no Advanced Building marker is free)")
    if not tracked.unused():
        cannot.append("an upgrade (no unused Blueprint)")
    if tracked.ships_left < 1:
        cannot.append("a Ship (none left)")
    if not cannot:
        return ""
    return f" Right now he could not take {'; nor '.join(cannot)}."


def _what_he_can_pay(words: Wording) -> str:
    """His Crystals and the tiles he could not take, where his board is tracked."""
    tracked = words.tracked
    if tracked is None:
        return ""
    return f" He has {tracked.crystals} Crystals.{_cannot_take(tracked)}"


@ASKS.asks(q.AnyTarget)
def _any_target(query: q.AnyTarget, words: Wording) -> Shape:
    can = _what_he_can_pay(words)
    return AnyCounted(
        lookahead=q.TargetSteps,
        zero="none",
        text="Could his Rover collect a tile? If so, choose the nearest one (if "
        "several are equally near, one that no other beats): how many steps away is "
        "it? (none: no tile he could collect, or it lies under his Rover)",
        hint=f"{_TILE}{can} He heads for the nearest such tile. If several are "
        "nearest, leave out any that another beats, and choose one of the rest. "
        f"{_STEPS} {_BEATS} The next questions are about the tile you chose. "
        "Example: a free tile giving 2 Crystals lies 3 steps away, and no other is "
        "as near: 3.",
        # R-ROVER-3: a tile on his Rover's own hex is 0 steps away, the nearest
        at_zero="Is there a tile he could collect under his Rover?",
        at_zero_hint="On the hex his Rover stands on, 0 steps away: he collects it "
        "there without moving, if it is eligible as the last question said. His "
        "Rover may have stopped on a tile it could not collect then. Example: his "
        "Rover stands on a free tile giving 2 Crystals: yes.",
    )


@ASKS.asks(q.NearestTiles)
def _nearest_tiles(query: q.NearestTiles, words: Wording) -> Shape:
    can = _what_he_can_pay(words)
    return Labels(
        text="How many tiles his Rover could collect are nearest to it (fewest "
        "steps), not counting any that another of them beats? (0 if none could be "
        "collected)",
        prefix="tile",
        low=0,
        hint=f"{_TILE}{can} {_STEPS} {_BEATS} If several are left, he breaks the "
        "tie. Example: two tiles 3 steps away, one free giving 2 Crystals, one "
        "costing 1 Crystal and giving 1 Crystal: 1 (the free one beats the other); "
        "a free tile giving 2 Crystals and a free tile giving a Tech: 2.",
    )


@ASKS.asks(q.TargetSteps)
def _target_steps(query: q.TargetSteps, words: Wording) -> Shape:
    return count(
        "How many steps away is that tile?",
        0,
        MOST_ON_MAP,
        f"{_STEPS} Example: the tile is on a neighbour of his Rover's hex: 1.",
    )


@ASKS.asks(q.TargetCrystalCost)
def _target_cost(query: q.TargetCrystalCost, words: Wording) -> Shape:
    if words.tracked is not None:
        return PricedGains(
            text="What does that tile cost him, and what does it give him? (e.g. "
            "cost 1, crystals 2; leave out a cost of 0)",
            hint="The Crystal cost printed on the tile, then each benefit shown on "
            "it, in order. He pays the cost when he collects the tile; what it "
            "gives is remembered until then.",
        )
    return count(
        "How many Crystals does collecting that tile cost?",
        0,
        9,
        "The Crystal cost printed on the tile (0 if none). Example: the tile shows "
        "a cost of 2 Crystals: 2.",
    )


@ASKS.asks(q.CrystalsOnWay)
def _crystals_on_way(query: q.CrystalsOnWay, words: Wording) -> Shape:
    length = query.length
    where = (
        f"Look along every shortest path, as far as {length} "
        f"{'hex' if length == 1 else 'hexes'} from his Rover; "
        "he stops on the farthest of them that holds no other figure, and takes only "
        "the paths that get him nearest the tile. The hex he stops on counts, his "
        f"Rover's hex does not. He picks up the Crystals he passes. {_FIGURE}"
    )
    if words.tracked is None:
        return yes(
            "Does a shortest path from his Rover toward that tile, among those that "
            "get him nearest it, enter a hex holding a Crystal?",
            f"{where} Example: one shortest path passes a hex holding a Crystal: yes.",
        )
    if words.options.tie_policy is TiePolicy.CHOSEN:  # the player picks the path
        return AnyCounted(
            lookahead=q.MovedCrystalCount,
            text="Choose his path toward that tile: a shortest one, and of those the "
            "one passing the most Crystals (if several do, you choose). How many "
            "Crystals does it pass? (0 if none)",
            hint=f"{where} Do not move it yet: the instructions follow. Example: one "
            "shortest path passes 2 Crystals, another 1: choose the first: 2.",
        )
    return AnyCounted(
        lookahead=q.MovedCrystalCount,
        text="How many Crystals lie on the shortest path from his Rover toward that "
        "tile that holds the most, among those that get him nearest it? (0 if none)",
        hint=f"{where} Example: one shortest path passes 2 Crystals, another 1: 2.",
    )


@ASKS.asks(q.BestPaths)
def _best_paths(query: q.BestPaths, words: Wording) -> Shape:
    length = query.length
    steps = words.earlier(q.TargetSteps(query.target))
    one = steps is not None and steps <= 1
    return Labels(
        text="Of the shortest paths toward it that get him nearest it, how many end "
        "differently among those picking up the most Crystals?",
        prefix="path",
        hint=f"He moves at most {length} {'hex' if length == 1 else 'hexes'}, and "
        "stops on the farthest hex that holds no other figure. He picks up at most "
        "as many Crystals as he has free Depot spaces, counted after he paid for "
        "movement. Two paths end differently if he stops on different hexes or "
        "picks up Crystals from different hexes. Example: no Crystal near and the "
        "tile within reach: 1.",
        expected_most=1 if one else None,
        limit=f"you said the tile is {steps} step{'' if steps == 1 else 's'} away, "
        "so one shortest path leads to it"
        if one
        else "",
    )


@ASKS.asks(q.PathMoved)
def _path_moved(query: q.PathMoved, words: Wording) -> Shape:
    length = query.length
    return count(
        "How many hexes does his Rover move along that path?",
        0,
        length,
        f"He stops on the farthest hex within {length} that holds no other figure. "
        f"Example: the hex {length} along holds your Rover: {max(length - 1, 0)}.",
    )


@ASKS.asks(q.MovedCrystalCount)
def _moved_crystals(query: q.MovedCrystalCount, words: Wording) -> Shape:
    return count(
        "How many Crystals lie on the hexes his Rover entered (the last one included)?",
        0,
        MOST_ON_MAP,
        "He picks each of them up, as many as his Depot holds; the hex he started "
        "from does not count. Example: two of the hexes he entered hold a Crystal: 2.",
    )


@ASKS.asks(q.ExplorationTileLeft)
def _exploration_left(query: q.ExplorationTileLeft, words: Wording) -> Shape:
    return yes(
        "Is a Discovery tile on the Exploration spaces?",
        "The Exploration spaces beside the map; he places the leftmost tile there. "
        "Example: one Discovery tile still lies on those spaces: yes.",
    )


@ASKS.asks(q.AnyDiscoverySite)
def _any_discovery_site(query: q.AnyDiscoverySite, words: Wording) -> Shape:
    crystal = "" if words.options.discovery_site_allows_crystal else ", no Crystal"
    return yes(
        "Is any hex exactly 3 hexes from his Rover empty?",
        f"Empty: no building, no tile, no figure{crystal}. Count distance as the "
        "crow flies over the hex grid; a Rover off the map counts as on the initial "
        "Mine. Example: three hexes from his Rover, one hex holds nothing: yes.",
    )


@ASKS.asks(q.DiscoverySites)
def _discovery_sites(query: q.DiscoverySites, words: Wording) -> Shape:
    crystal = "" if words.options.discovery_site_allows_crystal else ", no Crystal"
    return Labels(
        text="How many empty hexes are exactly 3 hexes from his Rover and, among "
        "those, farthest from your Rover?",
        prefix="hex",
        low=0,
        high=18,
        hint=f"Empty: no building, no tile, no figure{crystal}. Count distance as the "
        "crow flies over the hex grid; a Rover off the map counts as on the initial "
        f"Mine. If several tie, number them {HEX_ORDER}. Example: of four such hexes, "
        "two are 5 hexes from your Rover and the others nearer: 2.",
    )
