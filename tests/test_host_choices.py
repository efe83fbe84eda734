"""The conformance kit and the host's own fields and choices (contract.FIELD_OWNERS).

A host that follows the contract with its own values for what it owns (its OP per
LSS space, its Mission rules and their Crystals, its Colony trigger, its Lab column
values, its Contract deck, its names for new buildings, its pick among the nearest
hexes a displaced figure may take) passes ``check_host``; declared with
``HostValues``, those values are checked too; and a host that goes beyond what the
contract allows is still caught.
"""

import itertools
from collections.abc import Sequence

import attrs
import pytest

from lacerda_bot import Board, Decision
from lacerda_bot._board.paths import free_hexes_nearest
from lacerda_bot.conformance import ConformanceError, check_host
from lacerda_bot.contract import (
    DECISION_CONTRACTS,
    FIELD_OWNERS,
    FieldOwner,
    HostValues,
    MissionCredit,
)
from lacerda_bot.decisions import (
    AdvanceMission,
    BuildShelter,
    CollectTile,
    Construct,
    DevelopTech,
    GainBot,
    GainCrystals,
    GainShip,
    HireScientist,
    LearnTech,
    ObtainBlueprint,
    RefillContractDisplay,
    Stay,
    TakeContract,
    Travel,
    Upgrade,
)
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.hexmap import dist
from lacerda_bot.model import BuildingType, ContractKind, HostId, MissionSlot, Side
from lacerda_bot.records import AdvancedCount, ContractSlot
from lacerda_bot.testing import apply

EARNS = (
    Construct,
    Upgrade,
    BuildShelter,
    ObtainBlueprint,
    LearnTech,
    DevelopTech,
    HireScientist,
    TakeContract,
    CollectTile,
    GainShip,
    GainBot,
)
"""What he does that may earn him Crystals by the host's rules (R-MISSION-3, R-BUILD-11)."""

OWN_LSS_OP = (0, 2, 3, 5, 7, 9, 11, 13)
OWN_COLUMNS = (0, 1, 3, 6, 10, 15)
OWN_CREDITS = (
    MissionCredit(building=BuildingType.MINE, mission=MissionSlot.A),
    MissionCredit(building=BuildingType.GENERATOR, mission=MissionSlot.B),
    MissionCredit(building=BuildingType.GREENHOUSE, mission=MissionSlot.C),
    MissionCredit(building=BuildingType.MINE, upgrade=True, mission=MissionSlot.C),
)
OWN_VALUES = HostValues(
    lss_op=OWN_LSS_OP,
    mission_credits=OWN_CREDITS,
    lab_column_values=OWN_COLUMNS,
    shelter_crystals=1,
)


def own_host(board: Board) -> Board:
    """The host's board from the kit's: its own Lab column values."""
    return attrs.evolve(board, lab_column_values=OWN_COLUMNS)


@attrs.frozen
class OwnHost:
    """A host that follows the contract to the letter, with its own values.

    It applies the library's part with the reference host, one decision at a
    time, then its own part: what the contract leaves to it.
    """

    completes_missions: bool = True
    """Whether an AdvanceMission completes its Mission (its tracks are 1 space long)."""
    last_nearest: bool = True
    """Whether a displaced figure takes the last nearest available hex, not the first."""

    def __call__(self, board: Board, decisions: Sequence[Decision]) -> Board:
        names = itertools.count(1)
        lss_built = 0
        for decision in decisions:
            if isinstance(decision, GainCrystals):  # its cap, its own credits included
                kept = min(decision.kept, board.free_depot_spaces)
                decision = attrs.evolve(decision, kept=kept)
            before, board = board, apply(board, (decision,))
            board = self.displace(before, board, decision)
            match decision:
                case Construct() if decision.building is not BuildingType.MINE:
                    space = board.lss_markers.level(decision.building)
                    op = OWN_LSS_OP[space] if space < len(OWN_LSS_OP) else 0
                    board = attrs.evolve(board, op_track=board.op_track + op)
                    lss_built += 1
                case AdvanceMission() if self.completes_missions:
                    board = attrs.evolve(
                        board,
                        missions=tuple(
                            attrs.evolve(m, completed=True)
                            if m.slot is decision.slot
                            else m
                            for m in board.missions
                        ),
                    )
                case RefillContractDisplay():
                    card = ContractSlot(
                        slot=decision.slot,
                        id=HostId(f"own-contract-{next(names)}"),
                        kind=ContractKind.DELIVERY,
                    )
                    board = attrs.evolve(
                        board, contract_display=(*board.contract_display, card)
                    )
                case Upgrade():
                    board = attrs.evolve(
                        board,
                        advanced_buildings_on_mars=self.counted(
                            before, board, decision
                        ),
                    )
                case _:
                    pass
            board = self.credit(before, board, decision)
            board = self.arrows(before, board, decision)
            board = self.rename(before, board)
        if any(isinstance(d, Travel | Stay) for d in decisions):  # its schedule
            board = attrs.evolve(board, shuttle_from=Side.COLONY, shuttle_departs=False)
        if lss_built >= 2:  # its own trigger: two LSS buildings in one call
            board = attrs.evolve(board, colony_level=board.colony_level + 1)
        return board

    def displace(self, before: Board, board: Board, decision: Decision) -> Board:
        """The human's Rover on the site takes the host's pick of the nearest hexes."""
        if not isinstance(decision, Construct | Upgrade | BuildShelter):
            return board
        if not self.last_nearest or board.human_rover == before.human_rover:
            return board
        room = attrs.evolve(board, human_rover=None)
        nearest = free_hexes_nearest(room, decision.hex)
        return attrs.evolve(board, human_rover=nearest[-1])

    def counted(
        self, before: Board, board: Board, decision: Upgrade
    ) -> tuple[AdvancedCount, ...]:
        kind = next(b.type for b in board.buildings if b.hex == decision.hex)
        counts = {c.building: c.count for c in before.advanced_buildings_on_mars}
        counts[kind] = counts.get(kind, 0) + 1
        order = [c.building for c in before.advanced_buildings_on_mars]
        order += [kind] if kind not in order else []
        return tuple(AdvancedCount(building=t, count=counts[t]) for t in order)

    def credit(self, before: Board, board: Board, decision: Decision) -> Board:
        """His Mission contributions' Crystals, from the supply, capped (R-MISSION-3)."""
        match decision:
            case BuildShelter():  # its yield: 1 Crystal
                gain = min(1, board.free_depot_spaces, board.supply_crystals)
                return attrs.evolve(
                    board,
                    spendable_crystals=board.spendable_crystals + gain,
                    free_depot_spaces=board.free_depot_spaces - gain,
                    supply_crystals=board.supply_crystals - gain,
                )
            case Construct():
                building, upgrade = decision.building, False
            case Upgrade():
                building = next(
                    b.type for b in before.buildings if b.hex == decision.hex
                )
                upgrade = True
            case _:
                return board
        slot = next(
            (
                c.mission
                for c in OWN_CREDITS
                if c.building is building and c.upgrade == upgrade
            ),
            None,
        )
        mission = next((m for m in before.missions if m.slot is slot), None)
        if mission is None or mission.completed:
            return board
        gain = min(mission.crystals, board.free_depot_spaces, board.supply_crystals)
        return attrs.evolve(
            board,
            spendable_crystals=board.spendable_crystals + gain,
            free_depot_spaces=board.free_depot_spaces - gain,
            supply_crystals=board.supply_crystals - gain,
        )

    def arrows(self, before: Board, board: Board, decision: Decision) -> Board:
        """A tile on his site puts a Crystal from the supply on a hex next to it."""
        if not isinstance(decision, Construct | BuildShelter):
            return board
        if decision.hex not in {t.hex for t in before.map_tiles}:
            return board
        free = sorted(
            h
            for h in board.map_hexes - board.crystal_hexes
            if dist(h, decision.hex) == 1
        )
        if not free or not board.supply_crystals:
            return board
        return attrs.evolve(
            board,
            crystal_hexes=board.crystal_hexes | {free[0]},
            supply_crystals=board.supply_crystals - 1,
        )

    def rename(self, before: Board, board: Board) -> Board:
        """Its own names for new buildings."""
        old = {b.id for b in before.buildings}
        return attrs.evolve(
            board,
            buildings=tuple(
                b
                if b.id in old
                else attrs.evolve(b, id=HostId(f"own{b.hex.q}:{b.hex.r}"))
                for b in board.buildings
            ),
        )


def test_a_host_with_its_own_values_passes() -> None:
    assert check_host(own_host, OwnHost(), games=4) > 500


def test_its_own_values_declared_are_checked_and_pass() -> None:
    host = OwnHost(completes_missions=False)

    assert check_host(own_host, host, games=4, values=OWN_VALUES) > 500


@pytest.mark.parametrize(
    ("values", "field"),
    [
        (attrs.evolve(OWN_VALUES, lss_op=(0, 1, 1, 1, 1, 1, 1, 1)), "op_track"),
        (
            attrs.evolve(OWN_VALUES, lab_column_values=(0, 1, 2, 4, 6, 9)),
            "lab_column_values",
        ),
        (attrs.evolve(OWN_VALUES, mission_credits=()), "spendable_crystals"),
    ],
)
def test_values_declared_that_the_host_does_not_follow_are_caught(
    values: HostValues, field: str
) -> None:
    with pytest.raises(ConformanceError) as info:
        check_host(own_host, OwnHost(completes_missions=False), games=4, values=values)

    assert info.value.field == field


def test_an_upgrade_counted_nowhere_is_caught_once_values_are_declared() -> None:
    def forgets(board: Board, decisions: Sequence[Decision]) -> Board:
        after = OwnHost(completes_missions=False)(board, decisions)
        return attrs.evolve(
            after, advanced_buildings_on_mars=board.advanced_buildings_on_mars
        )

    assert check_host(own_host, forgets, games=4) > 0
    with pytest.raises(ConformanceError) as info:
        check_host(own_host, forgets, games=4, values=OWN_VALUES)

    assert info.value.field == "advanced_buildings_on_mars"
    assert info.value.decision_type == "Upgrade"


def test_crystals_from_nowhere_are_caught() -> None:
    """Crystals credited for a call in which he did nothing that earns any."""

    def hoards(board: Board, decisions: Sequence[Decision]) -> Board:
        after = apply(board, decisions)
        extra = min(after.free_depot_spaces, after.supply_crystals, 1)
        if not extra or any(isinstance(d, EARNS) for d in decisions):
            return after  # what a credit may be: left alone
        return attrs.evolve(
            after,
            spendable_crystals=after.spendable_crystals + extra,
            free_depot_spaces=after.free_depot_spaces - extra,
            supply_crystals=after.supply_crystals - extra,
        )

    with pytest.raises(ConformanceError) as info:
        check_host(lambda b: b, hoards, games=4)

    assert info.value.field in {
        "spendable_crystals",
        "free_depot_spaces",
        "supply_crystals",
    }


def test_crystals_lost_are_caught() -> None:
    def loses(board: Board, decisions: Sequence[Decision]) -> Board:
        after = apply(board, decisions)
        gained = any(isinstance(d, GainCrystals) and d.kept for d in decisions)
        if not gained:
            return after
        return attrs.evolve(after, spendable_crystals=after.spendable_crystals - 1)

    with pytest.raises(ConformanceError) as info:
        check_host(lambda b: b, loses, games=2)

    assert info.value.field == "spendable_crystals"


def test_a_display_slot_the_call_did_not_empty_is_the_library_s() -> None:
    def swaps(board: Board, decisions: Sequence[Decision]) -> Board:
        after = apply(board, decisions)
        if not any(isinstance(d, RefillContractDisplay) for d in decisions):
            return after
        shown = tuple(
            attrs.evolve(c, id=HostId("swapped")) for c in after.contract_display
        )
        return attrs.evolve(after, contract_display=shown)

    with pytest.raises(ConformanceError) as info:
        check_host(lambda b: b, swaps, games=4)

    assert info.value.field == "contract_display"


def test_a_new_building_elsewhere_is_caught_whatever_its_name() -> None:
    def misplaces(board: Board, decisions: Sequence[Decision]) -> Board:
        after = OwnHost()(board, decisions)
        old = {b.id for b in board.buildings}
        return attrs.evolve(
            after,
            buildings=tuple(
                b
                if b.id in old
                else attrs.evolve(b, hex=attrs.evolve(b.hex, q=b.hex.q + 1))
                for b in after.buildings
            ),
        )

    with pytest.raises(ConformanceError) as info:
        check_host(own_host, misplaces, games=2)

    assert info.value.field == "buildings"


def test_a_displaced_rover_sent_farther_than_nearest_is_caught() -> None:
    def far(board: Board, decisions: Sequence[Decision]) -> Board:
        after = apply(board, decisions)
        if after.human_rover == board.human_rover or after.human_rover is None:
            return after
        nearest = set(
            free_hexes_nearest(attrs.evolve(after, human_rover=None), after.human_rover)
        )
        farther = sorted(after.map_hexes - nearest - {after.human_rover})
        return attrs.evolve(after, human_rover=farther[0])

    with pytest.raises(ConformanceError) as info:
        check_host(lambda b: b, far, games=10)

    assert info.value.field == "human_rover"


def test_a_shuttle_moved_outside_a_shuttle_phase_is_caught() -> None:
    def early(board: Board, decisions: Sequence[Decision]) -> Board:
        after = apply(board, decisions)
        if any(isinstance(d, GainCrystals) for d in decisions):
            return attrs.evolve(after, shuttle_departs=not after.shuttle_departs)
        return after

    with pytest.raises(ConformanceError) as info:
        check_host(lambda b: b, early, games=1)

    assert info.value.field == "shuttle_departs"
    assert info.value.call.value != "shuttle_phase"


def test_a_crystal_placed_away_from_his_sites_is_caught() -> None:
    def scatters(board: Board, decisions: Sequence[Decision]) -> Board:
        after = apply(board, decisions)
        built = [d.hex for d in decisions if isinstance(d, Construct)]
        far = sorted(
            h
            for h in after.map_hexes - after.crystal_hexes
            if built and all(dist(h, b) > 1 for b in built)
        )
        if not far:
            return after
        return attrs.evolve(
            after,
            crystal_hexes=after.crystal_hexes | {far[0]},
            supply_crystals=after.supply_crystals - 1,
        )

    with pytest.raises(ConformanceError) as info:
        check_host(lambda b: b, scatters, games=2)

    assert info.value.field == "crystal_hexes"
    assert info.value.decision_type == "Construct"


def test_the_own_host_exercises_every_choice_it_has() -> None:
    """The own host's games place arrow Crystals, credit Missions and Shelters, rename."""
    seen: set[str] = set()

    def watching(board: Board, decisions: Sequence[Decision]) -> Board:
        after = OwnHost()(board, decisions)
        reference = apply(board, decisions)
        if after.crystal_hexes != reference.crystal_hexes:
            seen.add("arrows")
        if after.spendable_crystals != reference.spendable_crystals:
            seen.add("credits")
        if any(isinstance(d, BuildShelter) for d in decisions):
            seen.add("shelter")
        if after.human_rover != reference.human_rover:
            seen.add("rover")
        if after.contract_display != reference.contract_display:
            seen.add("refill")
        return after

    check_host(own_host, watching, games=10)

    assert seen == {"arrows", "credits", "shelter", "refill", "rover"}


def test_field_owners_name_fields_of_the_view() -> None:
    fields = {f.name for f in attrs.fields(Board)}

    assert set(FIELD_OWNERS) <= fields
    assert FieldOwner.LIBRARY not in FIELD_OWNERS.values()


def test_every_change_the_contract_leaves_to_the_host_is_on_a_field_it_owns() -> None:
    """A change marked *host* is on a field that is not the library's alone."""
    for contract in DECISION_CONTRACTS:
        for change in contract.changes:
            if not change.forecast:
                assert change.field in FIELD_OWNERS, (contract.decision, change.field)


@pytest.mark.parametrize(
    ("fields", "name"),
    [
        ({"lss_op": (1, -1)}, "lss_op[1]"),
        ({"lss_op": [1, 2]}, "lss_op"),
        ({"lab_column_values": (0, True)}, "lab_column_values[1]"),
        ({"mission_credits": (None,)}, "mission_credits[0]"),
    ],
)
def test_host_values_refuse_what_is_not_a_value(
    fields: dict[str, object], name: str
) -> None:
    with pytest.raises(InvalidValueError) as info:
        HostValues(**fields)  # type: ignore[arg-type]

    assert info.value.field == name


def test_check_host_refuses_values_of_another_type() -> None:
    with pytest.raises(InvalidValueError, match="values"):
        check_host(lambda b: b, apply, games=1, values={"lss_op": (1,)})  # type: ignore[call-overload]
