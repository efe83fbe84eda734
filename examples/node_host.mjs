#!/usr/bin/env node
// A host in another language: Node.js (no npm packages) drives Lacerda through
// `lacerda-bot serve`, one JSON request per line on its standard input, one
// response per line on its standard output (docs/protocol.md), and applies every
// decision itself, as docs/host-contract.md says (it was written from that page,
// docs/protocol.md and the JSON Schemas alone, not from the Python reference host).
//
//   node examples/node_host.mjs [--own-values] BOARD.json [TURNS] [-- COMMAND...]
//   node examples/node_host.mjs [--own-values] --apply
//
// Playing (the first form): BOARD.json is a board as lacerda_bot.dumps writes it,
// for example
//   python -c "from lacerda_bot import dumps; from lacerda_bot.testing import \
//     reference_board; print(dumps(reference_board()))" > board.json
// COMMAND starts the server (default: lacerda-bot serve). The host asks for a new
// bot, sets Lacerda up and plays TURNS turns (default 3), feeding each outcome's bot
// state into the next call and applying each outcome's decisions to its board.
//
// Applying (--apply): the host side of the conformance line protocol. Each line of
// standard input is one request, {"id": ..., "view": <Board data>, "decisions":
// [<decision data with its "type">, ...]}; each answer is one line on standard
// output, {"id": ..., "view": <the Board data after the decisions, in order>} or
// {"id": ..., "error": "<why the host refused>"} (the view given is then left as it
// was). It ends, with status 0, at the end of its input.
//
// The host keeps its own representation (maps keyed by id, hex and slot) and
// converts from and to Board data at the edges. The fields the contract marks
// *host* (the OP track, Missions, the Colony level, Advanced Buildings on Mars, the
// Contract display refill) are left as they are unless --own-values is given; then
// the host changes them with values of its own (OP per LSS marker space, Mission
// tracks and contributions, a Colony level trigger, a Contract deck), and, when
// playing, calls colony_level_up once per level gained at the end of a turn.
//
// It is plain JavaScript, typed in JSDoc comments with the declarations the package
// ships (lacerda_bot.d.ts beside this file, a link to src/lacerda_bot/types/): the
// requests, responses and Board data, and each decision handler given its decision's
// interface, so that a field a handler misreads, or a decision type with no handler, is
// a type error. tests/test_typescript.py checks it with TypeScript 5.6 and @types/node 20:
//   tsc --strict --allowJs --checkJs --noEmit --target es2022 --lib es2022 \
//     --module nodenext --types node examples/node_host.mjs
// node runs it as it is: the types are comments.

// @ts-check
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

/**
 * @import { Action, Board, BotState, BuildingType, Call, ContractKind, Decision, DecisionType,
 *   ErrorResponse, Hex, LssMarkers, MissionSlot, Owner, ServeRequest, ServeResponse,
 *   ServeResults, Side, TechType } from "./lacerda_bot.js"
 */

// --- Board data: the fields of a Board, in schema order (board.json) ------------------

const BOARD_FIELDS = /** @type {const} */ ([
  "side", "colony_level", "lss_markers", "lss_rewards", "map_hexes", "initial_mine_hex",
  "buildings", "figures", "lacerda_rover", "human_rover", "crystal_hexes", "map_tiles",
  "exploration_tiles", "tech_grid", "lab_spaces", "lab_columns", "human_techs",
  "own_upgrade_capacity", "human_upgrade_capacity", "blueprint_display",
  "lacerda_blueprints", "human_blueprints", "free_advanced_markers", "scientist_display",
  "lacerda_scientists", "colonist_on_hire_slot", "contract_display",
  "contract_crystal_cost", "colonists_present", "warehouse", "turn_order_spaces",
  "first_colonist_tiles", "lacerda_space", "shuttle_departs", "shuttle_from", "missions",
  "spendable_crystals", "free_depot_spaces", "supply_crystals", "shelters_left",
  "ships_left", "bots_left", "op_track", "progress_cubes", "lab_column_values",
  "living_quarters_top", "advanced_buildings_on_mars", "ships_in_hangar",
  "lacerda_contracts",
]);
// The fields that hold a plain value (a number, a string, a boolean or null).
const SCALARS = /** @type {const} */ ([
  "side", "colony_level", "lab_columns", "own_upgrade_capacity", "human_upgrade_capacity",
  "free_advanced_markers", "colonist_on_hire_slot", "contract_crystal_cost", "lacerda_space",
  "shuttle_departs", "shuttle_from", "spendable_crystals", "free_depot_spaces",
  "supply_crystals", "shelters_left", "ships_left", "bots_left", "op_track", "progress_cubes",
  "living_quarters_top", "ships_in_hangar",
]);
// Enum orders of the schema, used to list collections in a stable order.
/** @type {readonly BuildingType[]} */
const BUILDING_TYPES = ["mine", "generator", "water_extractor", "greenhouse", "oxygen_condenser", "shelter"];
/** @type {readonly (keyof LssMarkers)[]} */
const LSS_TYPES = ["generator", "water_extractor", "greenhouse", "oxygen_condenser"];
/** @type {readonly Action[]} */
const RED_ACTIONS = ["obtain_blueprint", "research_development", "construct", "upgrade", "hire_or_contract"];
// CrystalSource values whose Crystals come from the general supply: a Rover's path
// Crystal comes off the map and a Warehouse Crystal from the Warehouse (host contract,
// GainCrystals; `source.from_supply` is a Python property, not in the JSON).
const FROM_SUPPLY = new Set(["mission", "blueprint_pickup", "lss_reward", "benefit"]);

class Refusal extends Error {}

/**
 * @param {string} message
 * @returns {never}
 */
function refuse(message) {
  throw new Refusal(message);
}

/**
 * A JSON object (not null, not an array): any key may be read, its value unknown.
 * @param {unknown} value
 * @returns {value is { readonly [key: string]: unknown }}
 */
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** @param {Hex} hex */
const hexKey = (hex) => `${hex.q},${hex.r}`;
/**
 * @param {string} key
 * @returns {Hex}
 */
const hexOf = (key) => {
  const [q, r] = key.split(",").map(Number);
  return { q, r };
};
/**
 * @param {Hex | null} a
 * @param {Hex | null} b
 */
const sameHex = (a, b) => a !== null && b !== null && a.q === b.q && a.r === b.r;
// Canonical hex order (spec §0, docs/protocol.md): by r, then q.
/**
 * @param {Hex} a
 * @param {Hex} b
 */
const byHex = (a, b) => a.r - b.r || a.q - b.q;
const NEIGHBOURS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

// The declarations describe Board data as the protocol sends it, every field readonly;
// the host changes its own copy, so its records are the same types made writable.
/**
 * @template T
 * @typedef {T extends readonly (infer U)[] ? Writable<U>[]
 *   : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> }
 *   : T} Writable
 */
/** @typedef {Writable<Board>} BoardCopy */
/** @typedef {(typeof SCALARS)[number]} Scalar */

/**
 * The host's own board: maps keyed by id, hex or slot, built from Board data.
 * @typedef {object} Host
 * @property {Pick<BoardCopy, Scalar>} scalars
 * @property {BoardCopy["lss_markers"]} lssMarkers
 * @property {BoardCopy["lss_rewards"]} lssRewards
 * @property {Map<string, BoardCopy["map_hexes"][number]>} mapHexes
 * @property {BoardCopy["initial_mine_hex"]} initialMineHex
 * @property {Map<string, BoardCopy["buildings"][number]>} buildings
 * @property {BoardCopy["figures"]} figures
 * @property {Hex | null} lacerdaRover
 * @property {Hex | null} humanRover
 * @property {Set<string>} crystals
 * @property {Map<string, BoardCopy["map_tiles"][number]>} mapTiles
 * @property {BoardCopy["exploration_tiles"]} explorationTiles
 * @property {Map<string, BoardCopy["tech_grid"][number]>} techGrid
 * @property {Map<string, BoardCopy["lab_spaces"][number]>} lab
 * @property {BoardCopy["human_techs"]} humanTechs
 * @property {Map<string, BoardCopy["blueprint_display"][number]>} blueprintDisplay
 * @property {BoardCopy["lacerda_blueprints"]} lacerdaBlueprints
 * @property {BoardCopy["human_blueprints"]} humanBlueprints
 * @property {Map<number, BoardCopy["scientist_display"][number]>} scientistDisplay
 * @property {BoardCopy["lacerda_scientists"]} lacerdaScientists
 * @property {Map<number, BoardCopy["contract_display"][number]>} contractDisplay
 * @property {BoardCopy["colonists_present"]} colonistsPresent
 * @property {BoardCopy["warehouse"]} warehouse
 * @property {Map<string, BoardCopy["turn_order_spaces"][number]>} turnOrder
 * @property {BoardCopy["first_colonist_tiles"]} firstColonistTiles
 * @property {Map<MissionSlot, BoardCopy["missions"][number]>} missions
 * @property {BoardCopy["lab_column_values"]} labColumnValues
 * @property {Map<BuildingType, number>} advanced
 * @property {BoardCopy["lacerda_contracts"]} lacerdaContracts
 */

/**
 * The *fields* of *data*, in that order.
 * @template {object} T
 * @template {keyof T} K
 * @param {T} data
 * @param {readonly K[]} fields
 * @returns {Pick<T, K>}
 */
function pick(data, fields) {
  return /** @type {Pick<T, K>} */ (Object.fromEntries(fields.map((f) => [f, data[f]])));
}

/**
 * The host's own board from Board data (refused unless it has every field, no other).
 * @param {unknown} view
 * @returns {Host}
 */
function fromView(view) {
  if (!isObject(view)) refuse("the view is not an object");
  for (const field of BOARD_FIELDS) if (!(field in view)) refuse(`the view has no ${field}`);
  /** @type {readonly string[]} */
  const known = BOARD_FIELDS; // any string may be looked up in it
  for (const field of Object.keys(view)) if (!known.includes(field)) refuse(`the view has an unknown field ${field}`);
  // Past its field names the host trusts the data to be a Board, as the bot sent it.
  const copy = /** @type {BoardCopy} */ (structuredClone(view));
  /**
   * @template T, K
   * @param {Iterable<T>} items
   * @param {(item: T) => K} key
   * @param {string} what
   * @returns {Map<K, T>}
   */
  const keyed = (items, key, what) => {
    /** @type {Map<K, T>} */
    const map = new Map();
    for (const item of items) {
      const k = key(item);
      if (map.has(k)) refuse(`the view lists ${what} ${k} twice`);
      map.set(k, item);
    }
    return map;
  };
  return {
    scalars: pick(copy, SCALARS),
    lssMarkers: copy.lss_markers,
    lssRewards: copy.lss_rewards,
    mapHexes: keyed(copy.map_hexes, hexKey, "the map hex"),
    initialMineHex: copy.initial_mine_hex,
    buildings: keyed(copy.buildings, (b) => b.id, "the building"),
    figures: copy.figures,
    lacerdaRover: copy.lacerda_rover,
    humanRover: copy.human_rover,
    crystals: new Set(copy.crystal_hexes.map(hexKey)),
    mapTiles: keyed(copy.map_tiles, (t) => hexKey(t.hex), "a tile on the hex"),
    explorationTiles: copy.exploration_tiles,
    techGrid: keyed(copy.tech_grid, (t) => t.id, "the grid tile"),
    lab: keyed(copy.lab_spaces, (s) => s.id, "the Lab space"),
    humanTechs: copy.human_techs,
    blueprintDisplay: keyed(copy.blueprint_display, (b) => `${b.row}/${b.slot}`, "the Blueprint slot"),
    lacerdaBlueprints: copy.lacerda_blueprints,
    humanBlueprints: copy.human_blueprints,
    scientistDisplay: keyed(copy.scientist_display, (s) => s.slot, "the Scientist slot"),
    lacerdaScientists: copy.lacerda_scientists,
    contractDisplay: keyed(copy.contract_display, (c) => c.slot, "the Contract slot"),
    colonistsPresent: copy.colonists_present,
    warehouse: copy.warehouse,
    turnOrder: keyed(copy.turn_order_spaces, (s) => s.id, "the Turn Order space"),
    firstColonistTiles: copy.first_colonist_tiles,
    missions: keyed(copy.missions, (m) => m.slot, "the Mission slot"),
    labColumnValues: copy.lab_column_values,
    advanced: new Map(copy.advanced_buildings_on_mars.map((a) => [a.building, a.count])),
    lacerdaContracts: copy.lacerda_contracts,
  };
}

// Board data from the host's board: every field, no other, each collection in the
// order lacerda_bot's read_view gives it. The docs name the order of the hex sets only
// (by r, then q); the others were found by trying: enum values sort by their text,
// except lss_rewards and advanced_buildings_on_mars, by the enum's own order.
/** @typedef {string | number | boolean} SortKey */
/**
 * @param {SortKey} a
 * @param {SortKey} b
 */
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0); // as Python sorts these ASCII values
/**
 * @template T
 * @param {...(item: T) => SortKey} keys
 * @returns {(a: T, b: T) => number}
 */
const by = (...keys) => (a, b) => {
  for (const key of keys) {
    const order = compare(key(a), key(b));
    if (order !== 0) return order;
  }
  return 0;
};
/**
 * @template T
 * @param {Iterable<T>} items
 * @param {...(item: T) => SortKey} keys
 */
const sortedBy = (items, ...keys) => [...items].sort(by(...keys));
/** @param {{ readonly hex: Hex }} item */
const hexR = (item) => item.hex.r;
/** @param {{ readonly hex: Hex }} item */
const hexQ = (item) => item.hex.q;

/**
 * @param {Host} host
 * @returns {Board}
 */
function toView(host) {
  /** @type {Board} */
  const data = {
    ...host.scalars,
    lss_markers: host.lssMarkers,
    // by the building type's place in the schema's enum (mine, generator, ...)
    lss_rewards: sortedBy(host.lssRewards, (o) => BUILDING_TYPES.indexOf(o.building)),
    map_hexes: [...host.mapHexes.values()].sort(byHex),
    initial_mine_hex: host.initialMineHex,
    buildings: sortedBy(host.buildings.values(), hexR, hexQ),
    figures: sortedBy(host.figures, hexR, hexQ, (f) => f.kind, (f) => f.owner),
    lacerda_rover: host.lacerdaRover,
    human_rover: host.humanRover,
    crystal_hexes: [...host.crystals].map(hexOf).sort(byHex),
    map_tiles: sortedBy(host.mapTiles.values(), hexR, hexQ),
    exploration_tiles: host.explorationTiles, // as given: the leftmost first
    tech_grid: sortedBy(host.techGrid.values(), (t) => t.row, (t) => t.column),
    lab_spaces: sortedBy(host.lab.values(), (s) => s.column, (s) => s.position),
    human_techs: sortedBy(host.humanTechs, (t) => t.tech, (t) => t.level),
    blueprint_display: sortedBy(host.blueprintDisplay.values(), (b) => b.row, (b) => b.slot),
    lacerda_blueprints: sortedBy(host.lacerdaBlueprints, (b) => b.blueprint.id, (b) => b.used),
    human_blueprints: sortedBy(host.humanBlueprints, (b) => b),
    scientist_display: sortedBy(host.scientistDisplay.values(), (s) => s.slot),
    lacerda_scientists: sortedBy(host.lacerdaScientists, (s) => s),
    contract_display: sortedBy(host.contractDisplay.values(), (c) => c.slot),
    colonists_present: host.colonistsPresent,
    warehouse: host.warehouse, // as given: the leftmost first
    turn_order_spaces: sortedBy(host.turnOrder.values(), (s) => s.number),
    first_colonist_tiles: host.firstColonistTiles, // as given
    missions: sortedBy(host.missions.values(), (m) => m.slot),
    lab_column_values: host.labColumnValues, // column 1 first
    // by the building type's place in the schema's enum, as lss_rewards
    advanced_buildings_on_mars: BUILDING_TYPES.flatMap((t) => {
      const count = host.advanced.get(t);
      return count === undefined ? [] : [{ building: t, count }];
    }),
    lacerda_contracts: sortedBy(host.lacerdaContracts, (c) => c),
  };
  return pick(data, BOARD_FIELDS);
}

// --- the map: pieces, available hexes, displacement (R-BUILD-4) ----------------------

/**
 * @param {Host} host
 * @param {Hex} hex
 */
function buildingAt(host, hex) {
  for (const building of host.buildings.values()) if (sameHex(building.hex, hex)) return building;
  return null;
}

// A figure stands on the hex: a Rover, a figure of the view, or an Advanced Building
// marker (every upgraded building holds one, spec §0).
/**
 * @param {Host} host
 * @param {Hex} hex
 */
function hasFigure(host, hex) {
  if (sameHex(host.lacerdaRover, hex) || sameHex(host.humanRover, hex)) return true;
  if (host.figures.some((f) => sameHex(f.hex, hex))) return true;
  const building = buildingAt(host, hex);
  return building !== null && building.upgraded_by !== null;
}

// An available hex: an empty one (no building, tile, Crystal or figure) or a building
// with no figure.
/**
 * @param {Host} host
 * @param {Hex} hex
 */
function isAvailable(host, hex) {
  const key = hexKey(hex);
  if (!host.mapHexes.has(key) || hasFigure(host, hex)) return false;
  if (buildingAt(host, hex) !== null) return true;
  return !host.crystals.has(key) && !host.mapTiles.has(key);
}

// The nearest available hex from *from*, in steps over the map; equals in canonical
// order (by r, then q). None: null.
/**
 * @param {Host} host
 * @param {Hex} from
 * @returns {Hex | null}
 */
function nearestAvailable(host, from) {
  let ring = [from];
  const seen = new Set([hexKey(from)]);
  while (ring.length > 0) {
    /** @type {Hex[]} */
    const next = [];
    for (const hex of ring) {
      for (const [dq, dr] of NEIGHBOURS) {
        const step = { q: hex.q + dq, r: hex.r + dr };
        const key = hexKey(step);
        if (seen.has(key) || !host.mapHexes.has(key)) continue;
        seen.add(key);
        next.push(step);
      }
    }
    const found = next.filter((hex) => isAvailable(host, hex)).sort(byHex);
    if (found.length > 0) return found[0];
    ring = next;
  }
  return null;
}

// The human's pieces leave *hex* for the nearest available hex, one after the other:
// his Rover first, then his Bots; a piece with no available hex left stays. His own
// Rover is moved by the RelocateRover that follows; Colonists stay.
/**
 * @param {Host} host
 * @param {Hex} hex
 */
function displaceHuman(host, hex) {
  if (sameHex(host.humanRover, hex)) {
    const to = nearestAvailable(host, hex);
    if (to !== null) host.humanRover = to;
  }
  for (const figure of host.figures) {
    if (figure.owner === "human" && figure.kind === "bot" && sameHex(figure.hex, hex)) {
      const to = nearestAvailable(host, hex);
      if (to !== null) figure.hex = to;
    }
  }
}

// A building goes on *hex*: its Crystal back to the supply, its tile out of the game.
/**
 * @param {Host} host
 * @param {Hex} hex
 * @param {BuildingType} type
 * @param {Owner | null} owner
 */
function build(host, hex, type, owner) {
  const key = hexKey(hex);
  if (!host.mapHexes.has(key)) refuse(`${key} is not a map hex`);
  if (buildingAt(host, hex) !== null) refuse(`a building stands on ${key}`);
  const id = `built(${hex.q},${hex.r})`;
  if (host.buildings.has(id)) refuse(`the building id ${id} is taken`);
  host.buildings.set(id, { id, hex: { ...hex }, type, owner, upgraded_by: null });
  if (host.crystals.delete(key)) host.scalars.supply_crystals += 1;
  host.mapTiles.delete(key);
  displaceHuman(host, hex);
}

// --- the host's own values (--own-values) --------------------------------------------

// The OP printed on each space of an LSS marker's track, from level 1 up.
const LSS_TRACK_OP = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6];
// A Mission track's length, and what each Mission slot counts besides his card's
// AdvanceMission: a construction (a), an upgrade (b). Each such contribution to an
// open Mission earns him its Crystals from the supply, capped by his free Depot
// spaces (R-MISSION-3): the kit accepts a Mission's credit as the host's own.
const MISSION_TRACK = 4;
/** @typedef {"Construct" | "Upgrade"} Contribution */
/** @type {Readonly<Record<MissionSlot, Contribution | null>>} */
const MISSION_COUNTS = { a: "Construct", b: "Upgrade", c: null };
// The Colony levels up at these many LSS markers in all (levels 2, 3, 4).
const COLONY_TRIGGERS = [4, 8, 12];

// What the host remembers beyond the view: Mission progress and its Contract deck.
// A real host keeps both on its own board; this one keeps them for its lifetime.
/** @typedef {{ readonly id: string, readonly kind: ContractKind, readonly op: number }} ContractCard */
const memory = {
  /** @type {Map<string, number>} */
  missionProgress: new Map(),
  contractDeck: shuffled(
    Array.from({ length: 16 }, /** @returns {ContractCard} */ (_, i) => ({
      id: `host-contract-${i + 1}`,
      kind: i % 2 === 0 ? "upgrade" : "delivery",
      op: 6 + (i % 4) * 2,
    })),
    20240611,
  ),
};

/**
 * @template T
 * @param {readonly T[]} items
 * @param {number} seed
 * @returns {T[]}
 */
function shuffled(items, seed) {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const deck = [...items];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** @param {BoardCopy["missions"][number]} mission */
function advanceMission(mission) {
  if (mission.completed) return;
  const progress = (memory.missionProgress.get(mission.id) ?? 0) + 1;
  memory.missionProgress.set(mission.id, progress);
  if (progress >= MISSION_TRACK) mission.completed = true;
}

/**
 * @param {Host} host
 * @param {Contribution} kind
 */
function contribute(host, kind) {
  const s = host.scalars;
  for (const mission of host.missions.values()) {
    if (MISSION_COUNTS[mission.slot] !== kind || mission.completed) continue;
    const credit = Math.min(mission.crystals, s.free_depot_spaces, s.supply_crystals);
    s.free_depot_spaces -= credit;
    s.supply_crystals -= credit;
    s.spendable_crystals += credit;
    advanceMission(mission);
  }
}

/** @param {Host} host */
function levelByTrigger(host) {
  const markers = LSS_TYPES.reduce((sum, type) => sum + host.lssMarkers[type], 0);
  const reached = 1 + COLONY_TRIGGERS.filter((n) => markers >= n).length;
  host.scalars.colony_level = Math.max(host.scalars.colony_level, reached);
}

// --- the decisions (docs/host-contract.md, one function per row) --------------------

// He leaves the space he stood on, if any, for *spaceId* on *side*. A Travel goes to a
// free space (R-SHUTTLE-3); his starting space may be taken already (setup reads only
// his First Colonist tile).
/**
 * @param {Host} host
 * @param {string} spaceId
 * @param {Side} side
 * @param {{ mustBeFree: boolean }} options
 */
function takeTurnOrderSpace(host, spaceId, side, { mustBeFree }) {
  const space = host.turnOrder.get(spaceId);
  if (space === undefined) refuse(`no Turn Order space ${spaceId}`);
  if (space.side !== side) refuse(`Turn Order space ${spaceId} is on the ${space.side} side, not ${side}`);
  const before = host.scalars.lacerda_space;
  if (mustBeFree && space.occupied && before !== spaceId) refuse(`Turn Order space ${spaceId} is occupied`);
  const left = before === null ? undefined : host.turnOrder.get(before);
  if (left !== undefined) left.occupied = false;
  space.occupied = true;
  host.scalars.lacerda_space = spaceId;
  host.scalars.side = side;
}

/**
 * @param {Host} host
 * @param {TechType} tech
 */
function labSpaceOf(host, tech) {
  for (const space of host.lab.values()) if (space.tech === tech) return space;
  return null;
}

// One handler per decision type, each given its own decision interface: a field a
// handler reads that its decision does not have, or a decision type with no handler,
// is a type error.
/**
 * @template {DecisionType} K
 * @typedef {Extract<Decision, { type: K }>} DecisionOf
 */
/** @typedef {{ readonly [K in DecisionType]: (host: Host, d: DecisionOf<K>, own: boolean) => void }} Handlers */
/** @type {Handlers} */
const APPLY = {
  StartingSpace(host, d) {
    takeTurnOrderSpace(host, d.space, d.side, { mustBeFree: false });
    host.scalars.shuttle_from = d.side;
  },
  RevealCard() {},
  AdvanceMission(host, d, own) {
    const mission = host.missions.get(d.slot);
    if (mission === undefined) refuse(`no Mission in slot ${d.slot}`);
    if (mission.id !== d.mission) refuse(`the Mission in slot ${d.slot} is ${mission.id}, not ${d.mission}`);
    if (own) advanceMission(mission);
  },
  GainCrystals(host, d) {
    const s = host.scalars;
    const fromSupply = FROM_SUPPLY.has(d.source);
    // The host caps each gain itself, in application order: *kept* is a forecast.
    const kept = Math.max(0, Math.min(d.requested, s.free_depot_spaces, fromSupply ? s.supply_crystals : Infinity));
    s.free_depot_spaces -= kept;
    if (fromSupply) s.supply_crystals -= kept;
    s.spendable_crystals += kept; // this host makes every gained Crystal spendable at once
  },
  PayCrystals(host, d) {
    const s = host.scalars;
    if (d.amount > s.spendable_crystals) refuse(`he pays ${d.amount} Crystals with ${s.spendable_crystals} spendable`);
    s.spendable_crystals -= d.amount;
    s.free_depot_spaces += d.amount;
    s.supply_crystals += d.amount;
  },
  PlaceColonist(host, d) {
    if (d.action === "learn_tech") return;
    if (!RED_ACTIONS.includes(d.action)) refuse(`no Colonist space for ${d.action}`);
    host.colonistsPresent[d.action] += 1;
  },
  ActionImpossible() {},
  ObtainBlueprint(host, d) {
    const key = `${d.row}/${d.slot}`;
    const shown = host.blueprintDisplay.get(key);
    if (shown === undefined) refuse(`no Blueprint in ${d.row} slot ${d.slot}`);
    if (shown.blueprint.id !== d.blueprint) refuse(`${d.row} slot ${d.slot} holds ${shown.blueprint.id}, not ${d.blueprint}`);
    if (host.scalars.free_advanced_markers < 1) refuse("no free Advanced Building marker");
    host.blueprintDisplay.delete(key);
    host.lacerdaBlueprints.push({ blueprint: shown.blueprint, used: false });
    host.scalars.free_advanced_markers -= 1;
  },
  LearnTech(host, d) {
    const tile = host.techGrid.get(d.grid_tile);
    if (tile === undefined) refuse(`no grid tile ${d.grid_tile}`);
    if (tile.tech !== d.tech) refuse(`grid tile ${d.grid_tile} is ${tile.tech}, not ${d.tech}`);
    const space = host.lab.get(d.lab_space);
    if (space === undefined) refuse(`no Lab space ${d.lab_space}`);
    if (space.tech !== null) refuse(`Lab space ${d.lab_space} holds ${space.tech}`);
    host.techGrid.delete(d.grid_tile);
    space.tech = d.tech;
  },
  DevelopTech(host, d) {
    const from = labSpaceOf(host, d.tech);
    if (from === null) refuse(`he has no ${d.tech} tile in his Lab`);
    const to = host.lab.get(d.space);
    if (to === undefined) refuse(`no Lab space ${d.space}`);
    if (to.tech !== null) refuse(`Lab space ${d.space} holds ${to.tech}`);
    if (to.column !== d.to_level) refuse(`Lab space ${d.space} is in column ${to.column}, not ${d.to_level}`);
    if (!from.touches.includes(d.space)) refuse(`Lab space ${from.id} does not touch ${d.space}`);
    from.tech = null;
    to.tech = d.tech;
  },
  Construct(host, d, own) {
    if (d.building === "shelter") refuse("a Shelter is built with BuildShelter");
    build(host, d.hex, d.building, null);
    if (d.building !== "mine") {
      host.lssMarkers[d.building] += 1;
      if (own) host.scalars.op_track += LSS_TRACK_OP[Math.min(host.lssMarkers[d.building], LSS_TRACK_OP.length) - 1];
    }
    if (d.miner) host.figures.push({ hex: { ...d.hex }, kind: "colonist", owner: "lacerda" });
    if (own) {
      levelByTrigger(host);
      contribute(host, "Construct");
    }
  },
  Upgrade(host, d, own) {
    const building = buildingAt(host, d.hex);
    if (building === null) refuse(`no building on ${hexKey(d.hex)}`);
    if (building.upgraded_by !== null) refuse(`the building on ${hexKey(d.hex)} is upgraded`);
    const held = host.lacerdaBlueprints.find((b) => b.blueprint.id === d.blueprint && !b.used);
    if (held === undefined) refuse(`he holds no unused Blueprint ${d.blueprint}`);
    if (held.blueprint.building !== building.type) {
      refuse(`Blueprint ${d.blueprint} is for a ${held.blueprint.building}, not a ${building.type}`);
    }
    building.upgraded_by = "lacerda";
    held.used = true;
    displaceHuman(host, d.hex);
    if (own) {
      host.advanced.set(building.type, (host.advanced.get(building.type) ?? 0) + 1);
      contribute(host, "Upgrade");
    }
  },
  HireScientist(host, d) {
    const shown = host.scientistDisplay.get(d.slot);
    if (shown === undefined) refuse(`no Scientist in slot ${d.slot}`);
    if (shown.scientist !== d.scientist) refuse(`slot ${d.slot} holds the ${shown.scientist}, not the ${d.scientist}`);
    host.scientistDisplay.delete(d.slot);
    host.lacerdaScientists.push(d.scientist);
    host.scalars.colonist_on_hire_slot = true;
  },
  TakeContract(host, d) {
    const shown = host.contractDisplay.get(d.slot);
    if (shown === undefined) refuse(`no Contract in slot ${d.slot}`);
    if (shown.id !== d.contract) refuse(`slot ${d.slot} holds Contract ${shown.id}, not ${d.contract}`);
    if (shown.kind !== d.kind) refuse(`Contract ${d.contract} is a ${shown.kind} Contract, not ${d.kind}`);
    host.contractDisplay.delete(d.slot);
    host.lacerdaContracts.push(d.kind);
    host.scalars.colonist_on_hire_slot = true;
  },
  // It follows a TakeContract and a HireScientist alike, with the slot just emptied:
  // after a hire, a Scientist's slot (the display the two share, R-COLONY-8). This host
  // puts the Contract in that slot of its Contract display, if that slot is free.
  RefillContractDisplay(host, d, own) {
    if (!own || host.contractDisplay.has(d.slot)) return;
    const shown = new Set([...host.contractDisplay.values()].map((c) => c.id));
    const index = memory.contractDeck.findIndex((card) => !shown.has(card.id));
    if (index < 0) return; // the deck is out: the slot stays empty
    const [card] = memory.contractDeck.splice(index, 1);
    host.contractDisplay.set(d.slot, { slot: d.slot, ...card });
  },
  MoveRover(host, d) {
    for (const hex of d.path) if (!host.mapHexes.has(hexKey(hex))) refuse(`the path leaves the map at ${hexKey(hex)}`);
    for (const hex of d.crystal_hexes) {
      if (!d.path.some((step) => sameHex(step, hex))) refuse(`${hexKey(hex)} is not on the path`);
      if (!host.crystals.has(hexKey(hex))) refuse(`no Crystal on ${hexKey(hex)}`);
    }
    if (d.path.length > 0) host.lacerdaRover = { ...d.path[d.path.length - 1] };
    for (const hex of d.crystal_hexes) host.crystals.delete(hexKey(hex));
  },
  CollectTile(host, d) {
    for (const [key, placed] of host.mapTiles) {
      if (placed.tile.id === d.tile) {
        host.mapTiles.delete(key);
        return;
      }
    }
    refuse(`no tile ${d.tile} on the map`);
  },
  RelocateRover(host, d) {
    if (!sameHex(host.lacerdaRover, d.from_hex)) refuse(`his Rover is not on ${hexKey(d.from_hex)}`);
    if (!host.mapHexes.has(hexKey(d.to_hex))) refuse(`${hexKey(d.to_hex)} is not a map hex`);
    host.lacerdaRover = { ...d.to_hex };
  },
  AdvanceProgressBot() {},
  Travel(host, d) {
    takeTurnOrderSpace(host, d.space, d.side, { mustBeFree: true });
  },
  Stay() {},
  TakeBenefit() {},
  TakeWarehouseItem(host, d) {
    const stock = host.warehouse.find((s) => s.item === d.item && s.units > 0);
    if (stock === undefined) refuse(`no ${d.item} left in the Warehouse`);
    stock.units -= 1; // a Resource sent to the supply is off the view
  },
  PlaceDiscoveryTile(host, d) {
    if (d.hex === null) return;
    const [tile] = host.explorationTiles;
    if (tile === undefined) refuse("no Discovery tile left");
    if (d.tile !== null && tile.id !== d.tile) refuse(`the leftmost Discovery tile is ${tile.id}, not ${d.tile}`);
    const key = hexKey(d.hex);
    if (!host.mapHexes.has(key)) refuse(`${key} is not a map hex`);
    if (host.mapTiles.has(key)) refuse(`a tile lies on ${key}`);
    host.explorationTiles.shift();
    host.mapTiles.set(key, { hex: { ...d.hex }, tile });
  },
  BuildShelter(host, d) {
    if (host.scalars.shelters_left < 1) refuse("no Shelter left");
    build(host, d.hex, "shelter", "lacerda");
    host.scalars.shelters_left -= 1;
  },
  GainShip(host) {
    const s = host.scalars;
    if (s.ships_left < 1) refuse("no Ship left");
    s.ships_left -= 1;
    s.ships_in_hangar += 1;
    s.free_depot_spaces += 1;
  },
  GainBot(host) {
    if (host.scalars.bots_left < 1) refuse("no Bot left");
    host.scalars.bots_left -= 1;
  },
  ChooseLssReward(host, d) {
    if (d.reward === "retrieve_colonist") host.scalars.colonist_on_hire_slot = false;
  },
  GiveOxygen() {},
  LoseBenefit() {},
  SkipTurn() {},
};

/**
 * @param {unknown} type
 * @returns {type is DecisionType}
 */
const isDecisionType = (type) => typeof type === "string" && Object.hasOwn(APPLY, type);

/**
 * One decision applied by the handler of its type (generic in the type, so that tsc
 * matches the handler to the decision).
 * @template {DecisionType} K
 * @param {Host} host
 * @param {K} type
 * @param {DecisionOf<K>} decision
 * @param {boolean} own
 */
function applyDecision(host, type, decision, own) {
  APPLY[type](host, decision, own);
}

// The decisions applied in order to a copy of *view*: the new Board data, or a
// Refusal (the view given is unchanged).
/**
 * @param {unknown} view
 * @param {unknown} decisions
 * @param {{ ownValues?: boolean }} [options]
 * @returns {Board}
 */
function applyDecisions(view, decisions, { ownValues = false } = {}) {
  const host = fromView(view);
  if (!Array.isArray(decisions)) refuse("decisions is not a list");
  /** @type {readonly unknown[]} */ (decisions).forEach((decision, index) => {
    const type = isObject(decision) ? decision.type : undefined;
    if (!isDecisionType(type)) refuse(`decisions[${index}]: unknown decision type ${JSON.stringify(type)}`);
    try {
      // Past its type the host trusts a decision's fields, as the bot sent them.
      applyDecision(host, type, /** @type {Decision} */ (decision), ownValues);
    } catch (error) {
      if (error instanceof Refusal) refuse(`decisions[${index}] (${type}): ${error.message}`);
      throw error;
    }
  });
  return toView(host);
}

// --- the conformance line protocol (--apply) -----------------------------------------

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * @param {string} line
 * @param {{ ownValues: boolean }} options
 * @returns {{ id: unknown, view: Board } | { id: unknown, error: string }}
 */
function answer(line, options) {
  /** @type {unknown} */
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { id: null, error: `not JSON: ${messageOf(error)}` };
  }
  const id = isObject(request) ? (request.id ?? null) : null;
  try {
    if (!isObject(request)) refuse("not a JSON object");
    return { id, view: applyDecisions(request.view, request.decisions, options) };
  } catch (error) {
    const why = error instanceof Refusal ? error.message : `host error: ${messageOf(error)}`;
    return { id, error: why.replace(/\s+/g, " ") };
  }
}

/** @param {{ ownValues: boolean }} options */
async function serveApply(options) {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const text = JSON.stringify(answer(line, options)) + "\n";
    // One answer per line, written out before the next line is read.
    if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once("drain", resolve));
  }
}

// --- playing turns against `lacerda-bot serve` -----------------------------------------

const USAGE = [
  "usage: node node_host.mjs [--own-values] BOARD.json [TURNS] [-- COMMAND...]",
  "       node node_host.mjs [--own-values] --apply",
];

/**
 * @param {string} message
 * @returns {never}
 */
function usage(message) {
  console.error(`node_host: ${message}`);
  for (const line of USAGE) console.error(line);
  process.exit(2);
}

/**
 * @typedef {{ applyMode: true, ownValues: boolean }} ApplyArguments
 * @typedef {{ applyMode: false, ownValues: boolean, boardFile: string, turns: number,
 *   command: readonly string[] }} PlayArguments
 */

/**
 * @param {readonly string[]} argv
 * @returns {ApplyArguments | PlayArguments}
 */
function parseArguments(argv) {
  const split = argv.indexOf("--");
  let own = split < 0 ? argv : argv.slice(0, split);
  const command = split < 0 ? ["lacerda-bot", "serve"] : argv.slice(split + 1);
  const ownValues = own.includes("--own-values");
  const applyMode = own.includes("--apply");
  own = own.filter((a) => a !== "--own-values" && a !== "--apply");
  const unknown = own.find((a) => a.startsWith("--"));
  if (unknown !== undefined) usage(`unknown option ${unknown}`);
  if (applyMode) {
    if (own.length > 0 || split >= 0) usage("--apply takes no board, turns or command");
    return { applyMode, ownValues };
  }
  const [boardFile, turnsText = "3", ...extra] = own;
  const turns = Number.parseInt(turnsText, 10);
  if (!boardFile) usage("no board file");
  if (extra.length > 0) usage(`unexpected ${extra.join(" ")}`);
  if (!(turns >= 0) || String(turns) !== turnsText) usage(`TURNS is a whole number, not ${turnsText}`);
  if (command.length === 0) usage("no command after --");
  return { applyMode, ownValues, boardFile, turns, command };
}

/**
 * @param {string} path
 * @returns {Board}
 */
function readBoard(path) {
  /** @type {unknown} */
  const document = JSON.parse(readFileSync(path, "utf8"));
  const envelope = isObject(document) ? document : {};
  if (envelope.format !== "lacerda_bot" || envelope.version !== 1 || envelope.type !== "Board") {
    usage(`${path} is not a lacerda_bot Board document (version 1)`);
  }
  // requests carry the bare data, without the envelope; the server checks it
  return /** @type {Board} */ (envelope.data);
}

/**
 * The response a request of call *C* gets: its result, or an error.
 * @template {Call} C
 * @typedef {ServeResults[C] | ErrorResponse} ResponseTo
 */
/**
 * What a request of call *C* carries besides what call() adds (its id, version, call).
 * @template {Call} C
 * @typedef {Omit<Extract<ServeRequest, { call: C }>, "id" | "version" | "call">} ArgumentsOf
 */
/** @typedef {{ resolve: (response: ServeResponse) => void, reject: (error: Error) => void }} Waiting */

// One server process; call() sends a request and resolves with its response, typed by
// its call; send() sends any request, as a host's bug might.
class LacerdaServer {
  /** @param {readonly string[]} command */
  constructor(command) {
    /** @type {Map<ServeResponse["id"], Waiting>} */
    this.pending = new Map();
    this.nextId = 1;
    this.child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
    /** @type {Promise<number | null>} */
    this.exited = new Promise((resolve) => this.child.on("close", resolve));
    this.child.on("error", (error) => this.failAll(error));
    this.child.stdin.on("error", (error) => this.failAll(error)); // the server is gone
    this.child.on("close", (code) => this.failAll(new Error(`the server stopped (${code})`)));
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      /** @type {ServeResponse} */
      const response = JSON.parse(line);
      const waiting = this.pending.get(response.id);
      this.pending.delete(response.id);
      waiting?.resolve(response);
    });
  }

  /** @param {Error} error */
  failAll(error) {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  /**
   * A request of call *C*, typed by the declarations.
   * @template {Call} C
   * @param {C} call
   * @param {ArgumentsOf<C>} args
   * @returns {Promise<ResponseTo<C>>}
   */
  call(call, args) {
    // serve answers a call with its result (ServeResults) or an ErrorResponse
    return /** @type {Promise<ResponseTo<C>>} */ (this.send(call, args));
  }

  /**
   * Any request, even one its call's declaration refuses (the server answers it).
   * @param {Call} call
   * @param {object} args
   * @returns {Promise<ServeResponse>}
   */
  send(call, args) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.stdin.write(JSON.stringify({ id, version: 1, call, ...args }) + "\n");
    });
  }

  async close() {
    this.child.stdin.end(); // end of input: the server answers what it has, then exits
    return this.exited;
  }
}

/**
 * @param {object} response
 * @returns {response is ErrorResponse}
 */
const isError = (response) => "error" in response;

/**
 * The response's result, or its error thrown.
 * @template {object} R
 * @param {R | ErrorResponse} response
 * @returns {R}
 */
function result(response) {
  if (isError(response)) {
    // Every message starts with where: the JSON path into the request (or, for an
    // HTTP header refused, its name), then what was expected and the value sent.
    const { type, message } = response.error;
    throw new Error(`${type}: ${message}`);
  }
  return response;
}

/** @param {Decision} decision */
function describe(decision) {
  /** @type {[string, unknown][]} */
  const fields = Object.entries(decision);
  const shown = fields
    .filter(([key]) => key !== "type" && key !== "trace")
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return `${decision.type} ${shown.join(" ")}`.trimEnd();
}

/** @param {PlayArguments} args */
async function play({ boardFile, turns, command, ownValues }) {
  let board = readBoard(boardFile);
  const server = new LacerdaServer(command);
  // One call: its decisions printed, then applied to the board; its bot state kept.
  /**
   * @param {string} title
   * @param {"setup" | "take_turn" | "colony_level_up"} call
   * @param {BotState} bot
   */
  const step = async (title, call, bot) => {
    const { outcome } = result(await server.call(call, { bot, view: board }));
    console.log(`${title}:`);
    for (const decision of outcome.decisions) console.log(`  ${describe(decision)}`);
    board = applyDecisions(board, outcome.decisions, { ownValues });
    return outcome.bot;
  };
  try {
    let { bot } = result(await server.call("new_bot", { seed: 7 }));
    console.log(`new bot, seed ${bot.seed}: ${bot.draw_pile.length} cards to draw`);
    bot = await step("setup", "setup", bot);

    for (let turn = 1; turn <= turns; turn++) {
      const level = board.colony_level;
      bot = await step(`turn ${turn}`, "take_turn", bot);
      // The host's own trigger raised the Colony level: one call per level gained.
      for (let gained = level + 1; gained <= board.colony_level; gained++) {
        bot = await step(`colony level ${gained}`, "colony_level_up", bot);
      }
    }

    // A bad request gets a typed error, and the server goes on serving.
    const refused = await server.send("take_turn", { bot });
    if (!("error" in refused) || !("path" in refused.error)) {
      throw new Error(`a request without a view got ${JSON.stringify(refused)}`);
    }
    console.log(`a request without a view: ${refused.error.type} at ${refused.error.path}`);
    const { score } = result(await server.call("score_lacerda", { view: board }));
    console.log(`played ${turns} turns; Lacerda's score now: ${score.total} OP`);
    console.log(
      `his board: ${board.spendable_crystals} spendable Crystals, ${board.free_depot_spaces} free Depot spaces, ` +
        `${board.buildings.length} buildings, Rover on ${board.lacerda_rover ? hexKey(board.lacerda_rover) : "none"}`,
    );
  } finally {
    await server.close();
  }
}

const parsed = parseArguments(process.argv.slice(2));
const run = parsed.applyMode ? serveApply({ ownValues: parsed.ownValues }) : play(parsed);
run.catch((error) => {
  console.error(`node_host: ${messageOf(error)}`);
  process.exitCode = 1;
});
