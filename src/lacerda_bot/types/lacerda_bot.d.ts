// TypeScript declarations of the JSON of lacerda_bot (lacerda_bot.dumps documents
// and lacerda-bot serve requests and responses; see docs/protocol.md).
// Generated from its JSON Schemas by `python -m lacerda_bot.schema`: do not edit.

/** A Board as lacerda_bot.dumps writes it: an envelope and its data. */
export interface BoardDocument {
  /** Names the format: always this. */
  readonly format: "lacerda_bot";
  /** The data format version it was written in. */
  readonly version: 1;
  /** The class of its data. */
  readonly type: "Board";
  /** The value itself, as bare data. */
  readonly data: Board;
}

/** A BotState as lacerda_bot.dumps writes it: an envelope and its data. */
export interface BotStateDocument {
  /** Names the format: always this. */
  readonly format: "lacerda_bot";
  /** The data format version it was written in. */
  readonly version: 1;
  /** The class of its data. */
  readonly type: "BotState";
  /** The value itself, as bare data. */
  readonly data: BotState;
}

/** An Outcome as lacerda_bot.dumps writes it: an envelope and its data. */
export interface OutcomeDocument {
  /** Names the format: always this. */
  readonly format: "lacerda_bot";
  /** The data format version it was written in. */
  readonly version: 1;
  /** The class of its data. */
  readonly type: "Outcome";
  /** The value itself, as bare data. */
  readonly data: Outcome;
}

/** A ScoreBreakdown as lacerda_bot.dumps writes it: an envelope and its data. */
export interface ScoreBreakdownDocument {
  /** Names the format: always this. */
  readonly format: "lacerda_bot";
  /** The data format version it was written in. */
  readonly version: 1;
  /** The class of its data. */
  readonly type: "ScoreBreakdown";
  /** The value itself, as bare data. */
  readonly data: ScoreBreakdown;
}

/** One request of lacerda-bot serve: the call and its arguments' bare data. */
export type ServeRequest =
  | NewBotRequest
  | SetupRequest
  | TakeTurnRequest
  | ShuttlePhaseRequest
  | ColonyLevelUpRequest
  | HumanUsedTechRequest
  | ScoreLacerdaRequest
  | VersionRequest
  | ApplyRequest
  | WhyIllegalRequest
  | DescribeRequest;

/** One response of lacerda-bot serve: the call's result, or an error. */
export type ServeResponse =
  | BotResponse
  | OutcomeResponse
  | ScoreResponse
  | VersionResponse
  | ViewResponse
  | ReasonResponse
  | TextResponse
  | ErrorResponse;

/**
 * The response each call of lacerda-bot serve gets when it is carried out; any call may
 * get an ErrorResponse instead.
 */
export interface ServeResults {
  /** A call carried out: its result under 'bot'. */
  readonly new_bot: BotResponse;
  /** A call carried out: its result under 'outcome'. */
  readonly setup: OutcomeResponse;
  /** A call carried out: its result under 'outcome'. */
  readonly take_turn: OutcomeResponse;
  /** A call carried out: its result under 'outcome'. */
  readonly shuttle_phase: OutcomeResponse;
  /** A call carried out: its result under 'outcome'. */
  readonly colony_level_up: OutcomeResponse;
  /** A call carried out: its result under 'outcome'. */
  readonly human_used_tech: OutcomeResponse;
  /** A call carried out: its result under 'score'. */
  readonly score_lacerda: ScoreResponse;
  /** A call carried out: its result under 'version'. */
  readonly version: VersionResponse;
  /** A call carried out: its result under 'view'. */
  readonly apply: ViewResponse;
  /** A call carried out: its result under 'reason'. */
  readonly why_illegal: ReasonResponse;
  /** A call carried out: its result under 'text'. */
  readonly describe: TextResponse;
}

/** The six card actions (R-TURN-1 table). */
export type Action =
  | "obtain_blueprint"
  | "learn_tech"
  | "research_development"
  | "construct"
  | "upgrade"
  | "hire_or_contract";

/** R-TURN-4: *action* cannot be done (rule *rule*); his Rover moves instead. */
export interface ActionImpossible {
  /** The decision's class. */
  readonly type: "ActionImpossible";
  /** The action of his card that he cannot do. */
  readonly action: Action;
  /** The ID of the rule that makes it impossible (`R-ORBIT-1`). */
  readonly rule: string;
  /** Why, in words (`the display is empty`). */
  readonly reason: string;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** R-MISSION-1: move the Mission marker of *slot* one space. */
export interface AdvanceMission {
  /** The decision's class. */
  readonly type: "AdvanceMission";
  /** The slot his card names. */
  readonly slot: MissionSlot;
  /** The id of the Mission card in that slot. */
  readonly mission: string;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** R-TO-5, R-LEVEL-3: the Progress-area Bot moves *steps* icons of T2. */
export interface AdvanceProgressBot {
  /** The decision's class. */
  readonly type: "AdvanceProgressBot";
  /** How many icons of the building sequence T2 it moves. */
  readonly steps: number;
  /** The building type it pointed to before. */
  readonly before: BuildingType;
  /** The type it points to after. */
  readonly after: BuildingType;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** V21: Advanced Buildings of one type on Mars, whoever owns them (T3 scoring). */
export interface AdvancedCount {
  /** The building type. */
  readonly building: BuildingType;
  /**
   * How many Advanced Buildings of that type are on Mars.
   *
   * Minimum: 0.
   */
  readonly count: number;
}

/** A apply request; its result comes under 'view'. */
export interface ApplyRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "apply";
  readonly view: Board;
  readonly decisions: readonly Decision[];
  readonly options?: Options;
}

/** T5/V10: a Blueprint card. */
export interface Blueprint {
  /** The host's id of the card, unique among the board's Blueprints. */
  readonly id: string;
  /** The building type it upgrades. */
  readonly building: BuildingType;
  /** The card's level: 1 or 3 (T5). */
  readonly level: 1 | 3;
}

/** Rows of the Blueprint display (V10). */
export type BlueprintRow = "top" | "bottom";

/** Every item of the host view (V1..V20) as one frozen value. */
export interface Board {
  /** Orbit or Colony. */
  readonly side: Side;
  /**
   * The Colony level.
   *
   * Minimum: 0.
   */
  readonly colony_level: number;
  /** The marker level of each LSS type. */
  readonly lss_markers: LssMarkers;
  /**
   * Per LSS type, the second benefits on offer (a missing type offers both). Read in
   * canonical order, by `building` (mine, then generator, then water_extractor, then
   * greenhouse, then oxygen_condenser, then shelter); any order may be given.
   */
  readonly lss_rewards: readonly LssOffer[];
  /**
   * Every hex of the map. Listed in canonical order, by `r`, then `q`, each hex once.
   */
  readonly map_hexes: readonly Hex[];
  /** Where off-map Rovers count as standing. */
  readonly initial_mine_hex: Hex;
  /**
   * Every building on the map. Read in canonical order, by `hex.r`, then `hex.q`, then
   * `id`; any order may be given.
   */
  readonly buildings: readonly Building[];
  /**
   * Figures other than the two Rovers. Read in canonical order, by `hex.r`, then
   * `hex.q`, then `kind`, then `owner`; any order may be given.
   */
  readonly figures: readonly Figure[];
  /** Lacerda's Rover, or `null` while off the map. */
  readonly lacerda_rover: Hex | null;
  /** The human's Rover, or `null` while off the map. */
  readonly human_rover: Hex | null;
  /**
   * Hexes holding a Crystal. Listed in canonical order, by `r`, then `q`, each hex
   * once.
   */
  readonly crystal_hexes: readonly Hex[];
  /**
   * Research and Discovery tiles on map hexes. Read in canonical order, by `hex.r`,
   * then `hex.q`, then `tile.id`; any order may be given.
   */
  readonly map_tiles: readonly MapTile[];
  /**
   * Discovery tiles on the Exploration spaces, left to right. Kept in the order given.
   */
  readonly exploration_tiles: readonly Tile[];
  /**
   * Tech tiles still on the grid. Read in canonical order, by `row`, then `column`,
   * then `id`; any order may be given.
   */
  readonly tech_grid: readonly GridTile[];
  /**
   * Lacerda's Laboratory, space by space, with his Tech tiles on them (V9). Read in
   * canonical order, by `column`, then `position`, then `id`; any order may be given.
   */
  readonly lab_spaces: readonly LabSpace[];
  /**
   * The number of columns of his Lab: the highest level a Tech reaches (V9).
   *
   * Minimum: 0. Maximum: 20.
   */
  readonly lab_columns: number;
  /** The human's Techs. Read in canonical order, by `tech`; any order may be given. */
  readonly human_techs: readonly HumanTech[];
  /**
   * Buildings he may upgrade per Upgrade action with his own Tech (>= 1).
   *
   * Minimum: 1.
   */
  readonly own_upgrade_capacity: number;
  /**
   * Buildings he may upgrade per Upgrade action with the human's Tech (>= 1).
   *
   * Minimum: 1.
   */
  readonly human_upgrade_capacity: number;
  /**
   * Blueprints in the display's slots. Read in canonical order, by `row` (bottom, then
   * top), then `slot`; any order may be given.
   */
  readonly blueprint_display: readonly DisplayedBlueprint[];
  /**
   * Lacerda's Blueprints. Read in canonical order, by `blueprint.id`; any order may be
   * given.
   */
  readonly lacerda_blueprints: readonly HeldBlueprint[];
  /**
   * The type of each of the human's Blueprints, used or not. Read in canonical order,
   * by value; any order may be given.
   */
  readonly human_blueprints: readonly BuildingType[];
  /**
   * Lacerda's Advanced Building markers not yet parked or placed.
   *
   * Minimum: 0.
   */
  readonly free_advanced_markers: number;
  /**
   * Scientists on display. Read in canonical order, by `slot`; any order may be given.
   */
  readonly scientist_display: readonly ScientistSlot[];
  /**
   * Scientists Lacerda has hired. Read in canonical order, by value; any order may be
   * given.
   */
  readonly lacerda_scientists: readonly Scientist[];
  /** Whether his Colonist stands on his personal Hire-a-Scientist slot. */
  readonly colonist_on_hire_slot: boolean;
  /**
   * Earth Contracts on display. Read in canonical order, by `slot`; any order may be
   * given.
   */
  readonly contract_display: readonly ContractSlot[];
  /**
   * Crystals it costs to take a Contract.
   *
   * Minimum: 0.
   */
  readonly contract_crystal_cost: number;
  /** Colonists present per action, after any slot clearing. */
  readonly colonists_present: Occupancy;
  /** Items left to right with their units. Kept in the order given. */
  readonly warehouse: readonly Stock[];
  /**
   * Every Turn Order space. Read in canonical order, by `number`, then `id`; any order
   * may be given.
   */
  readonly turn_order_spaces: readonly TurnOrderSpace[];
  /** The space id each First Colonist tile names. Kept in the order given. */
  readonly first_colonist_tiles: readonly string[];
  /** The Turn Order space his figure stands on, if any. */
  readonly lacerda_space: string | null;
  /** Whether the Shuttle departs this round. */
  readonly shuttle_departs: boolean;
  /** The side the Shuttle departs from. */
  readonly shuttle_from: Side;
  /**
   * Missions in slots A, B and C. Read in canonical order, by `slot`; any order may be
   * given.
   */
  readonly missions: readonly Mission[];
  /**
   * Crystals he may spend now.
   *
   * Minimum: 0.
   */
  readonly spendable_crystals: number;
  /**
   * Free spaces in his Depot.
   *
   * Minimum: 0.
   */
  readonly free_depot_spaces: number;
  /**
   * Crystals left in the general supply.
   *
   * Minimum: 0.
   */
  readonly supply_crystals: number;
  /**
   * His Shelters still to build.
   *
   * Minimum: 0.
   */
  readonly shelters_left: number;
  /**
   * His Ships still to gain.
   *
   * Minimum: 0.
   */
  readonly ships_left: number;
  /**
   * His Bots still to gain.
   *
   * Minimum: 0.
   */
  readonly bots_left: number;
  /**
   * His OP on the scoring track.
   *
   * Minimum: 0.
   */
  readonly op_track: number;
  /**
   * His Progress cubes (0 to 5).
   *
   * Minimum: 0. Maximum: 5.
   */
  readonly progress_cubes: number;
  /**
   * The OP under each column of his Lab, column 1 first (his Techs score their
   * column's). Kept in the order given.
   */
  readonly lab_column_values: readonly number[];
  /**
   * The top value of his Living Quarters (they count as full).
   *
   * Minimum: 0.
   */
  readonly living_quarters_top: number;
  /**
   * Advanced Buildings on Mars per type, whoever owns them. Read in canonical order, by
   * `building` (mine, then generator, then water_extractor, then greenhouse, then
   * oxygen_condenser, then shelter); any order may be given.
   */
  readonly advanced_buildings_on_mars: readonly AdvancedCount[];
  /**
   * His Ships in the Hangar.
   *
   * Minimum: 0.
   */
  readonly ships_in_hangar: number;
  /**
   * The kind of each Earth Contract he holds. Read in canonical order, by value; any
   * order may be given.
   */
  readonly lacerda_contracts: readonly ContractKind[];
}

/** A call carried out: its result under 'bot'. */
export interface BotResponse {
  /** The request's id, or null if unread. */
  readonly id: string | number | null;
  readonly bot: BotState;
}

/** Everything the library owns between calls (R-SETUP-1, R-DECK-6). */
export interface BotState {
  readonly seed: number;
  readonly events: number;
  readonly draw_pile: readonly number[];
  readonly discard_pile: readonly number[];
  readonly pass_count: number;
  readonly pointer: BuildingType;
  readonly last_card: number | null;
  readonly current_card: number | null;
  /** Every switch of spec §3, with its default. */
  readonly options: Options;
}

/** R-LEVEL-2, R-BUILD-3: he builds one of his Shelters on *hex*. */
export interface BuildShelter {
  /** The decision's class. */
  readonly type: "BuildShelter";
  /** The site: a map hex with no building. */
  readonly hex: Hex;
  /** The size of the Complex of his new Shelter, itself included. */
  readonly resulting_size: number;
  /**
   * The sizes of the Complexes the site joins, largest first (none: it stands alone).
   */
  readonly joined_sizes: readonly number[];
  /** Whose Tech let it join Complexes (his own Shelter Tech only, R-BUILD-10). */
  readonly tech_used: TechUsed;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** V4: a building on the map. */
export interface Building {
  /** The host's id of the building, unique on the board. */
  readonly id: string;
  /** The map hex it stands on (one building a hex). */
  readonly hex: Hex;
  /** Its type: a Mine, an LSS building or a Shelter. */
  readonly type: BuildingType;
  /** Shelters have an owner; other buildings belong to the colony (`null`). */
  readonly owner: Owner | null;
  /** Whose Advanced Building marker is on it, if any. */
  readonly upgraded_by: Owner | null;
}

/** Building types: the Mine, the four LSS types and the Shelter. */
export type BuildingType =
  | "mine"
  | "generator"
  | "water_extractor"
  | "greenhouse"
  | "oxygen_condenser"
  | "shelter";

/** The calls a request can name: the host entry points of `lacerda_bot`. */
export type Call =
  | "new_bot"
  | "setup"
  | "take_turn"
  | "shuttle_phase"
  | "colony_level_up"
  | "human_used_tech"
  | "score_lacerda"
  | "version"
  | "apply"
  | "why_illegal"
  | "describe";

/** The decision-making calls; a `str`, so `trace.call == "take_turn"` holds. */
export type CallKind =
  | "setup"
  | "take_turn"
  | "shuttle_phase"
  | "colony_level_up"
  | "human_used_tech";

/** What one call did as a whole (R-TURN-10). */
export interface CallTrace {
  /** `take_turn`, `human_used_tech`, ... */
  readonly call: CallKind;
  /** Every switch of spec §3, with its default. */
  readonly options: Options;
  /** The card revealed by `take_turn`. */
  readonly card: number | null;
  readonly pass_count: number;
  readonly reshuffled: boolean;
  /** Every random event number this call used, in order. */
  readonly random_events: readonly number[];
  /** Rule notes that produced no decision, e.g. a completed Mission (R-MISSION-2). */
  readonly notes: readonly string[];
}

/** An option a rule considered, with the values of its criteria. */
export interface Candidate {
  readonly option: string;
  /** (criterion name, value) pairs, e.g. `("resulting_size", 3)`. */
  readonly criteria: readonly (readonly [string, number])[];
}

/**
 * R-LSS-1, R-LSS-2: his second benefit for building *building* (`null`: none offered).
 */
export interface ChooseLssReward {
  /** The decision's class. */
  readonly type: "ChooseLssReward";
  /** The building type he just built. */
  readonly building: BuildingType;
  /** The second benefit he takes; `null`: none is offered. */
  readonly reward: LssReward | null;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** R-ROVER-9: he collects *tile* (its reward gains follow). */
export interface CollectTile {
  /** The decision's class. */
  readonly type: "CollectTile";
  /** The id of the tile he collects. */
  readonly tile: string;
  /** The Crystals he paid for it (the PayCrystals before it). */
  readonly crystal_cost: number;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** A colony_level_up request; its result comes under 'outcome'. */
export interface ColonyLevelUpRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "colony_level_up";
  readonly bot: BotState;
  readonly view: Board;
}

/** What a join's Tech level is compared with (R-BUILD-7). */
export type ComplexTechThreshold = "joined" | "resulting";

/** R-BUILD: he constructs *building* on *hex*. */
export interface Construct {
  /** The decision's class. */
  readonly type: "Construct";
  /** The type of the building he constructs. */
  readonly building: BuildingType;
  /** The site: a map hex with no building. */
  readonly hex: Hex;
  /** The size of the Complex of his new building, itself included. */
  readonly resulting_size: number;
  /**
   * The sizes of the Complexes the site joins, largest first (none: it stands alone).
   */
  readonly joined_sizes: readonly number[];
  /** Whose Tech let the site join Complexes (none for a building alone, R-BUILD-10). */
  readonly tech_used: TechUsed;
  /** Whether one of his Colonists goes on the new Mine (R-BUILD-11). */
  readonly miner: boolean;
  /** The building type his Progress-area Bot pointed to before. */
  readonly pointer_before: BuildingType;
  /** The type it points to after: the one after *building* in T2. */
  readonly pointer_after: BuildingType;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** Earth Contract kinds (T4). */
export type ContractKind = "upgrade" | "delivery";

/** V11: an Earth Contract on display. */
export interface ContractSlot {
  /**
   * The display slot, from 0; a taken Contract leaves its slot empty.
   *
   * Minimum: 0.
   */
  readonly slot: number;
  /** The host's id of the card, unique on the display. */
  readonly id: string;
  /** Which kind of Earth Contract it is. */
  readonly kind: ContractKind;
  /**
   * OP when completed: T4's 12 or 9 unless the host says otherwise.
   *
   * Minimum: 0.
   */
  readonly op: number;
}

/** Where a Crystal gain comes from. */
export type CrystalSource =
  | "mission"
  | "blueprint_pickup"
  | "rover_path"
  | "lss_reward"
  | "warehouse"
  | "benefit";

/**
 * What Lacerda does: one decision class, named by its "type" (a union discriminated by
 * "type").
 */
export type Decision =
  | StartingSpace
  | RevealCard
  | AdvanceMission
  | GainCrystals
  | PayCrystals
  | PlaceColonist
  | ActionImpossible
  | ObtainBlueprint
  | LearnTech
  | DevelopTech
  | Construct
  | Upgrade
  | HireScientist
  | TakeContract
  | RefillContractDisplay
  | MoveRover
  | CollectTile
  | RelocateRover
  | AdvanceProgressBot
  | Travel
  | Stay
  | TakeBenefit
  | TakeWarehouseItem
  | PlaceDiscoveryTile
  | BuildShelter
  | GainShip
  | GainBot
  | ChooseLssReward
  | GiveOxygen
  | LoseBenefit
  | SkipTurn;

/** The class name of a decision, one of DECISION_TYPES (spec §6). */
export type DecisionType =
  | "StartingSpace"
  | "RevealCard"
  | "AdvanceMission"
  | "GainCrystals"
  | "PayCrystals"
  | "PlaceColonist"
  | "ActionImpossible"
  | "ObtainBlueprint"
  | "LearnTech"
  | "DevelopTech"
  | "Construct"
  | "Upgrade"
  | "HireScientist"
  | "TakeContract"
  | "RefillContractDisplay"
  | "MoveRover"
  | "CollectTile"
  | "RelocateRover"
  | "AdvanceProgressBot"
  | "Travel"
  | "Stay"
  | "TakeBenefit"
  | "TakeWarehouseItem"
  | "PlaceDiscoveryTile"
  | "BuildShelter"
  | "GainShip"
  | "GainBot"
  | "ChooseLssReward"
  | "GiveOxygen"
  | "LoseBenefit"
  | "SkipTurn";

/** A describe request; its result comes under 'text'. */
export interface DescribeRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "describe";
  readonly decision: Decision;
}

/** R-ORBIT-6, R-TURN-6, R-TO-10: his *tech* tile moves to space *space*, a level up. */
export interface DevelopTech {
  /** The decision's class. */
  readonly type: "DevelopTech";
  /** The Tech developed. */
  readonly tech: TechType;
  /** Its level before: the column of the space it leaves. */
  readonly from_level: number;
  /** Its level after, one higher. */
  readonly to_level: number;
  /** The Lab space entered: an empty space of column *to_level* his tile touched. */
  readonly space: string;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** V10: a Blueprint in a display slot. */
export interface DisplayedBlueprint {
  /** The display row it is in. */
  readonly row: BlueprintRow;
  /**
   * Left to right, from 0.
   *
   * Minimum: 0.
   */
  readonly slot: number;
  /** The card. */
  readonly blueprint: Blueprint;
  /**
   * Crystals gained on pickup; a Resource pickup is 0 (he takes none).
   *
   * Minimum: 0.
   */
  readonly pickup_crystals: number;
}

/** A request that was not carried out. */
export interface ErrorResponse {
  /** The request's id, or null if unread. */
  readonly id: string | number | null;
  /** Why a request was not carried out; programs read type, path and field. */
  readonly error: ServeError;
}

/** V5: a figure on the map other than the two Rovers. */
export interface Figure {
  /** The map hex it stands on. */
  readonly hex: Hex;
  /** A Bot, a Colonist or an Advanced Building marker. */
  readonly kind: FigureKind;
  /** Whose figure it is. */
  readonly owner: Owner;
}

/** Figures other than the two Rovers (spec §0). */
export type FigureKind = "bot" | "colonist" | "advanced_marker";

/** One gain of a Turn Order space, Lab space or map tile (spec §2.1). */
export interface Gain {
  /** What is gained. */
  readonly kind: GainKind;
  /**
   * The count for `CRYSTALS`, `DEVELOP` and `ROVER`; 1 elsewhere.
   *
   * Minimum: 0.
   */
  readonly n: number;
  /** For `CONSTRUCT`: the type, or `null` for *any* (R-BUILD-3). */
  readonly building: BuildingType | null;
  /** For `OTHER`: the host's words, echoed in `LoseBenefit`. */
  readonly description: string;
}

/** R-LEVEL-5: a Bot goes onto his player board. */
export interface GainBot {
  /** The decision's class. */
  readonly type: "GainBot";
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** R-CRYSTAL-2: he gains *kept* of *requested* Crystals (the rest is lost). */
export interface GainCrystals {
  /** The decision's class. */
  readonly type: "GainCrystals";
  /** The Crystals the gain gives. */
  readonly requested: number;
  /** Those he keeps: as many as his free Depot spaces (and the supply) allow. */
  readonly kept: number;
  /** Where they come from; only those from the general supply lower it. */
  readonly source: CrystalSource;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** Kinds of gain a space or tile gives (spec §2.1, T6). */
export type GainKind =
  | "warehouse"
  | "tech"
  | "colonist"
  | "bot"
  | "blueprint"
  | "crystals"
  | "resources"
  | "develop"
  | "rover"
  | "construct"
  | "upgrade"
  | "ship"
  | "other";

/** R-LEVEL-4: a Ship moves from his Depot to his Hangar. */
export interface GainShip {
  /** The decision's class. */
  readonly type: "GainShip";
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** R-TURN-7: he used the human's *tech*; the human gains 1 Oxygen. */
export interface GiveOxygen {
  /** The decision's class. */
  readonly type: "GiveOxygen";
  /** The human's Tech he used. */
  readonly tech: TechType;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** V8: a Tech tile on the Tech grid. */
export interface GridTile {
  /** The host's id of the tile, unique on the grid. */
  readonly id: string;
  /** The Tech it teaches. */
  readonly tech: TechType;
  /**
   * Its row on the grid, counted from 0.
   *
   * Minimum: 0.
   */
  readonly row: number;
  /**
   * Its column, from 0 at the left: of the cheapest, the leftmost is learnt
   * (R-ORBIT-5).
   *
   * Minimum: 0.
   */
  readonly column: number;
  /**
   * 0 is free; higher is dearer.
   *
   * Minimum: 0.
   */
  readonly cost_rank: number;
}

/** V10: one of Lacerda's Blueprints. */
export interface HeldBlueprint {
  /** The card. */
  readonly blueprint: Blueprint;
  /** Whether he has upgraded with it (his marker has left it). */
  readonly used: boolean;
}

/** One hex of the map in axial coordinates. */
export interface Hex {
  /** The column axis. */
  readonly q: number;
  /** The row axis; canonical order sorts by it first. */
  readonly r: number;
}

/** R-COLONY-6: he hires *scientist* from display slot *slot*. */
export interface HireScientist {
  /** The decision's class. */
  readonly type: "HireScientist";
  /** The Scientist he hires. */
  readonly scientist: Scientist;
  /** The display slot it was in; the slot stays empty. */
  readonly slot: number;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** V9: one of the human's Techs. */
export interface HumanTech {
  /** The Tech (one entry per Tech of the human's). */
  readonly tech: TechType;
  /**
   * Its level.
   *
   * Minimum: 0.
   */
  readonly level: number;
}

/** A human_used_tech request; its result comes under 'outcome'. */
export interface HumanUsedTechRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "human_used_tech";
  readonly bot: BotState;
  readonly view: Board;
  readonly tech: TechType;
}

/**
 * an apply request's decision contradicts the board it would be applied to (none is
 * applied)
 */
export interface IllegalDecisionError {
  readonly type: "IllegalDecisionError";
  /**
   * A JSON path into the request ($ is all of it): where the refused value is; null
   * when it is not in the request's JSON (an HTTP header).
   */
  readonly path: string;
  /** The refused decision's type. */
  readonly decision_type: string;
  /** Why the decision cannot be carried out, as why_illegal words it. */
  readonly reason: string;
  /** The whole error, for people. */
  readonly message: string;
}

/** What happens to a gain that cannot be carried out (R-TO-2). */
export type ImpossibleBenefit = "lose" | "rover";

/**
 * a bug in lacerda_bot: please report it with the request; or the worker answering it
 * ended (killed, out of memory)
 */
export interface InternalError {
  readonly type: "InternalError";
  /** The whole error, for people. */
  readonly message: string;
}

/**
 * the view breaks a rule's precondition: a Rover off the map, a repeated id (named
 * where it is the second time)...
 */
export interface InvalidHostStateError {
  readonly type: "InvalidHostStateError";
  /**
   * A JSON path into the request ($ is all of it): where the refused value is; null
   * when it is not in the request's JSON (an HTTP header).
   */
  readonly path: string;
  /** The value or view item refused, as the library names it. */
  readonly field: string;
  /** What the field should have held. */
  readonly expected: string;
  /** The whole error, for people. */
  readonly message: string;
}

/**
 * an unknown call; a seed out of range; over HTTP, a method, Content-Type or Host
 * refused (path is then null: it is not in the request's JSON)
 */
export interface InvalidValueError {
  readonly type: "InvalidValueError";
  /**
   * A JSON path into the request ($ is all of it): where the refused value is; null
   * when it is not in the request's JSON (an HTTP header).
   */
  readonly path: string | null;
  /** The value or view item refused, as the library names it. */
  readonly field: string;
  /** What the field should have held. */
  readonly expected: string;
  /** The whole error, for people. */
  readonly message: string;
}

/** Warehouse items (V13). */
export type Item = "crystal" | "mineral" | "battery" | "water" | "plant" | "oxygen";

/** V9 (1.3): one space of his Laboratory, as his player board prints it. */
export interface LabSpace {
  /** The host's id of the space, unique in his Lab. */
  readonly id: string;
  /**
   * 1 is the entry column; the highest is the board's `lab_columns`.
   *
   * Minimum: 1. Maximum: 20.
   */
  readonly column: number;
  /**
   * Its place in its column, from 0 at the top.
   *
   * Minimum: 0.
   */
  readonly position: number;
  /** What entering the space gives him (none: a blank space). */
  readonly gains: readonly Gain[];
  /** The ids of the next column's spaces it touches (one or two; none in the last). */
  readonly touches: readonly string[];
  /** His Tech tile standing on it, by type; `null` when the space is empty. */
  readonly tech: TechType | null;
}

/** R-ORBIT-5: he puts grid tile *grid_tile* on his Lab entry space *lab_space*. */
export interface LearnTech {
  /** The decision's class. */
  readonly type: "LearnTech";
  /** The id of the Tech grid tile he takes. */
  readonly grid_tile: string;
  /** The Tech of that tile. */
  readonly tech: TechType;
  /** The topmost empty space of his Lab's entry column. */
  readonly lab_space: string;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** R-TO-2, R-TO-6, R-TO-9: *gain* is lost. */
export interface LoseBenefit {
  /** The decision's class. */
  readonly type: "LoseBenefit";
  /** The gain lost. */
  readonly gain: Gain;
  /** Why it is lost, in words. */
  readonly reason: string;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** V2: the LSS marker level of each LSS type. */
export interface LssMarkers {
  /**
   * The level of the Generator LSS marker (0: not yet raised).
   *
   * Minimum: 0.
   */
  readonly generator: number;
  /**
   * The level of the Water Extractor LSS marker.
   *
   * Minimum: 0.
   */
  readonly water_extractor: number;
  /**
   * The level of the Greenhouse LSS marker.
   *
   * Minimum: 0.
   */
  readonly greenhouse: number;
  /**
   * The level of the Oxygen Condenser LSS marker.
   *
   * Minimum: 0.
   */
  readonly oxygen_condenser: number;
}

/** V20: the second benefits a building of *building* may take (R-LSS-2). */
export interface LssOffer {
  /** The LSS type whose buildings may take these benefits. */
  readonly building: BuildingType;
  /** The second benefits on offer for it. */
  readonly rewards: readonly LssReward[];
}

/** The two LSS second benefits Lacerda chooses between (R-LSS-1). */
export type LssReward = "retrieve_colonist" | "crystal";

/** V6: a tile on a map hex. */
export interface MapTile {
  /** The map hex it lies on (one tile a hex, none under a building). */
  readonly hex: Hex;
  /** The tile itself. */
  readonly tile: Tile;
}

/** V16: the Mission in slot A, B or C. */
export interface Mission {
  /** Slot A, B or C: the Mission his solo card names by slot. */
  readonly slot: MissionSlot;
  /** The host's id of the Mission card. */
  readonly id: string;
  /** Whether its track is full: his card then moves and pays nothing (R-MISSION-2). */
  readonly completed: boolean;
  /**
   * Crystals per contribution.
   *
   * Minimum: 0.
   */
  readonly crystals: number;
}

/** Mission letters on the solo cards (V16). */
export type MissionSlot = "a" | "b" | "c";

/** R-ROVER: his Rover follows *path* (hexes entered, in order). */
export interface MoveRover {
  /** The decision's class. */
  readonly type: "MoveRover";
  /** The hexes his Rover enters, in order; none: it stays. */
  readonly path: readonly Hex[];
  /**
   * His movement: his base movement plus the level of the Rover Tech used (R-ROVER-4).
   */
  readonly allowance: number;
  /**
   * Crystals for hexes past the allowance, 1 each, to reach the tile (R-ROVER-5; paid
   * before).
   */
  readonly crystals_paid: number;
  /** Hexes entered that hold a Crystal, in path order (R-ROVER-7). */
  readonly crystal_hexes: readonly Hex[];
  /** The id of the tile he heads for. */
  readonly target: string;
  /** Whether the path ends on that tile: he then collects it. */
  readonly reached: boolean;
  /** Whose Rover Tech he used: it counts only if he moves past his base movement. */
  readonly tech_used: TechUsed;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** A new_bot request; its result comes under 'bot'. */
export interface NewBotRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "new_bot";
  readonly seed: number;
  readonly options?: Options;
}

/** Colony 3 with fewer than 2 Scientists and none on display (R-COLONY-6). */
export type NoScientistFallback = "contract" | "rover";

/** R-ORBIT-4: he takes *blueprint* from the display and parks a marker on it. */
export interface ObtainBlueprint {
  /** The decision's class. */
  readonly type: "ObtainBlueprint";
  /** The id of the Blueprint he takes. */
  readonly blueprint: string;
  /** The display row it was in. */
  readonly row: BlueprintRow;
  /** The display slot it was in; the slot stays empty. */
  readonly slot: number;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** V12: Colonists present on each red-Colonist action (R-COST-2). */
export interface Occupancy {
  /**
   * Colonists on the Obtain a Blueprint action.
   *
   * Minimum: 0.
   */
  readonly obtain_blueprint: number;
  /**
   * Colonists on the Research and Development action.
   *
   * Minimum: 0.
   */
  readonly research_development: number;
  /**
   * Colonists on the Construct a Building action.
   *
   * Minimum: 0.
   */
  readonly construct: number;
  /**
   * Colonists on the Upgrade a Building action.
   *
   * Minimum: 0.
   */
  readonly upgrade: number;
  /**
   * Colony 3: those the 2-player rules charge for on his Hire slot.
   *
   * Minimum: 0.
   */
  readonly hire_or_contract: number;
}

/** Every switch of spec §3, with its default. */
export interface Options {
  /** R-TIE-2..6: `cards` draws solo cards; `uniform` picks from the seed. */
  readonly tie_policy: TiePolicy;
  /**
   * R-ROVER-4: hexes the Rover moves before Tech when it replaces an action.
   *
   * Minimum: 0.
   */
  readonly rover_base_movement: number;
  /** R-TO-5: icons the Progress Bot advances for a `BOT` gain. */
  readonly bot_benefit_steps: 1 | 2;
  /** R-BUILD-7: compare the Tech level with the joined or the resulting size. */
  readonly complex_tech_threshold: ComplexTechThreshold;
  /** R-BUILD-8: stand-alone sites exactly 2 from the same type, or anywhere. */
  readonly standalone_rule: StandaloneRule;
  /**
   * R-COST-2: Crystals per Colonist already on the action.
   *
   * Minimum: 0.
   */
  readonly placement_cost_per_colonist: number;
  /** R-CRYSTAL-3: Crystals gained in a call may be spent in the same call. */
  readonly same_call_gains_spendable: boolean;
  /** R-SHUTTLE-6: a Discovery tile may go on a hex holding a Crystal. */
  readonly discovery_site_allows_crystal: boolean;
  /** R-ORBIT-3: with no display card of a scored type, any card is a candidate. */
  readonly blueprint_fallback_any_type: boolean;
  /** R-COLONY-6: take a Contract, or fall back to the Rover. */
  readonly no_scientist_fallback: NoScientistFallback;
  /** R-TO-2: lose an impossible gain, or move the Rover instead. */
  readonly impossible_benefit: ImpossibleBenefit;
  /** R-SETUP-8: he takes the gain of his starting Turn Order space. */
  readonly starting_space_benefit: boolean;
  /** R-BUILD-10: his own Tech before the human's when both give the best result. */
  readonly prefer_own_tech: boolean;
  /** R-BUILD-11: a Mine he constructs receives one of his Colonists. */
  readonly lacerda_places_miner: boolean;
  /** R-LEVEL-3: a Shelter he builds advances the Progress Bot one icon. */
  readonly shelter_moves_pointer: boolean;
  /** R-TIE-3: a tie-break reshuffle adds 1 to the pass count. */
  readonly tie_reshuffle_counts_as_pass: boolean;
  /** R-TO-9: skip an `OTHER` gain, or raise. */
  readonly unknown_gain: UnknownGain;
  /** R-DECK-2: the seeded shuffle, or the player's own deck (each reveal asked). */
  readonly solo_deck?: SoloDeck;
}

/** The result of a decision-making call (R-SETUP-3, R-TURN-8). */
export interface Outcome {
  /** The new bot state. */
  readonly bot: BotState;
  /** What he does, in the order the host applies it (R-TURN-9). */
  readonly decisions: readonly Decision[];
  /** What one call did as a whole (R-TURN-10). */
  readonly trace: CallTrace;
}

/** A call carried out: its result under 'outcome'. */
export interface OutcomeResponse {
  /** The request's id, or null if unread. */
  readonly id: string | number | null;
  readonly outcome: Outcome;
}

/** Whose piece it is. */
export type Owner = "lacerda" | "human";

/** R-COST-2, R-COST-3, R-COLONY-7, R-ROVER-5, R-ROVER-9: he pays *amount* Crystals. */
export interface PayCrystals {
  /** The decision's class. */
  readonly type: "PayCrystals";
  /** The Crystals he pays, from his spendable ones. */
  readonly amount: number;
  /** What he pays for. */
  readonly purpose: PaymentPurpose;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** What Crystals are paid for (R-COST, R-ROVER-5, R-ROVER-9). */
export type PaymentPurpose = "placement" | "contract" | "tile" | "movement";

/** R-COST-2: he places a Colonist on *action*. */
export interface PlaceColonist {
  /** The decision's class. */
  readonly type: "PlaceColonist";
  /** The action his Colonist goes on. */
  readonly action: Action;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** R-SHUTTLE-6: the leftmost Discovery tile goes on *hex*, or nothing is placed. */
export interface PlaceDiscoveryTile {
  /** The decision's class. */
  readonly type: "PlaceDiscoveryTile";
  /** The id of the leftmost Discovery tile; `null`: none is placed. */
  readonly tile: string | null;
  /** The hex it goes on; `null`: none is placed. */
  readonly hex: Hex | null;
  /** Why nothing is placed, in words; empty when a tile is. */
  readonly reason: string;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** A call carried out: its result under 'reason'. */
export interface ReasonResponse {
  /** The request's id, or null if unread. */
  readonly id: string | number | null;
  readonly reason: string;
}

/** R-COLONY-8: the host shuffles the Contract deck and fills *slot*. */
export interface RefillContractDisplay {
  /** The decision's class. */
  readonly type: "RefillContractDisplay";
  /** The empty display slot to fill. */
  readonly slot: number;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** R-BUILD-4: his Rover leaves a hex he builds on. */
export interface RelocateRover {
  /** The decision's class. */
  readonly type: "RelocateRover";
  /** The hex he builds on, where his Rover stood. */
  readonly from_hex: Hex;
  /** The nearest available hex it moves to (R-BUILD-4). */
  readonly to_hex: Hex;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** An option a rule removed, and why. */
export interface Removal {
  readonly option: string;
  readonly rule: string;
  readonly reason: string;
}

/** R-DECK-2: the card of this turn, and whether the deck was reshuffled for it. */
export interface RevealCard {
  /** The decision's class. */
  readonly type: "RevealCard";
  /** The solo card turned, by its number in the library's solo deck (1 to 12). */
  readonly card: number;
  /** The pass through his deck in progress: 1 until his first reshuffle (R-DECK-2). */
  readonly pass_count: number;
  /** Whether his draw pile was empty, and his discard pile shuffled into a new one. */
  readonly reshuffled: boolean;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** The six Scientists (T3). */
export type Scientist =
  | "geologist"
  | "rd_engineer"
  | "hydrologist"
  | "biochemist"
  | "geochemist"
  | "systems_engineer";

/** V11: a Scientist on display. */
export interface ScientistSlot {
  /**
   * The display slot, from 0; a hired Scientist leaves its slot empty.
   *
   * Minimum: 0.
   */
  readonly slot: number;
  /** The Scientist shown there. */
  readonly scientist: Scientist;
}

/** Lacerda's score per category (R-SCORE-2); *total* is their sum. */
export interface ScoreBreakdown {
  readonly op_track: number;
  readonly progress_cubes: number;
  readonly techs: number;
  readonly ships: number;
  readonly blueprints: number;
  readonly scientists: number;
  readonly contracts: number;
  readonly living_quarters: number;
  readonly total: number;
}

/** A score_lacerda request; its result comes under 'score'. */
export interface ScoreLacerdaRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "score_lacerda";
  readonly view: Board;
}

/** A call carried out: its result under 'score'. */
export interface ScoreResponse {
  /** The request's id, or null if unread. */
  readonly id: string | number | null;
  readonly score: ScoreBreakdown;
}

/**
 * the request cannot be read as its call's arguments: it is not JSON, not an object,
 * too large or nested too deeply; a key is missing, unknown or repeated; a value is of
 * the wrong JSON type, not one of its enum's values, or out of its range inside bot,
 * view or options (a card id, a count below 0)
 */
export interface SerializationError {
  readonly type: "SerializationError";
  /**
   * A JSON path into the request ($ is all of it): where the refused value is; null
   * when it is not in the request's JSON (an HTTP header).
   */
  readonly path: string;
  /** The whole error, for people. */
  readonly message: string;
}

/** Why a request was not carried out; programs read type, path and field. */
export type ServeError =
  | SerializationError
  | InvalidValueError
  | InvalidHostStateError
  | IllegalDecisionError
  | TimeoutError
  | InternalError;

/** A setup request; its result comes under 'outcome'. */
export interface SetupRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "setup";
  readonly bot: BotState;
  readonly view: Board;
}

/** A shuttle_phase request; its result comes under 'outcome'. */
export interface ShuttlePhaseRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "shuttle_phase";
  readonly bot: BotState;
  readonly view: Board;
}

/** The two sides of the board (V1). */
export type Side = "orbit" | "colony";

/** R-TURN-5: no action and no Rover target; he skips the turn. */
export interface SkipTurn {
  /** The decision's class. */
  readonly type: "SkipTurn";
  /** Why he has nothing to do, in words. */
  readonly reason: string;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** Whose shuffle his solo deck follows (R-DECK-1, R-DECK-2). */
export type SoloDeck = "seeded" | "physical";

/** Where a stand-alone building may go (R-BUILD-8). */
export type StandaloneRule = "exactly_2" | "any";

/** R-SETUP-7: his First Colonist tile names this space; he starts on *side*. */
export interface StartingSpace {
  /** The decision's class. */
  readonly type: "StartingSpace";
  /** The id of the Turn Order space his First Colonist tile names. */
  readonly space: string;
  /** The side of that space, where he starts. */
  readonly side: Side;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** R-SHUTTLE-2: he does not travel this Shuttle phase. */
export interface Stay {
  /** The decision's class. */
  readonly type: "Stay";
  /** Why he does not travel, in words. */
  readonly reason: string;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** V13: one Warehouse item and its units. */
export interface Stock {
  /** What the Warehouse space holds. */
  readonly item: Item;
  /**
   * How many units of it are left there.
   *
   * Minimum: 0.
   */
  readonly units: number;
}

/** R-TO-2: he takes *gain* from *source*; the decisions that carry it out follow. */
export interface TakeBenefit {
  /** The decision's class. */
  readonly type: "TakeBenefit";
  /** The gain he takes. */
  readonly gain: Gain;
  /** What gives it, in words (`Turn Order space s3`, `tile t7`). */
  readonly source: string;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** R-COLONY-7: he takes Contract *contract* from display slot *slot*. */
export interface TakeContract {
  /** The decision's class. */
  readonly type: "TakeContract";
  /** The id of the Contract he takes. */
  readonly contract: string;
  /** The display slot it was in; the slot stays empty. */
  readonly slot: number;
  /** The kind of that Contract. */
  readonly kind: ContractKind;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** A take_turn request; its result comes under 'outcome'. */
export interface TakeTurnRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "take_turn";
  readonly bot: BotState;
  readonly view: Board;
}

/** R-TO-3: he takes *item*; a Crystal is his, a Resource goes to the supply. */
export interface TakeWarehouseItem {
  /** The decision's class. */
  readonly type: "TakeWarehouseItem";
  /** The Warehouse item he takes (from the leftmost stock of it). */
  readonly item: Item;
  /** Whether it goes to the general supply (a Resource) rather than to him. */
  readonly to_supply: boolean;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** Tech types the rules read: one per building type, the Rover and the Upgrade. */
export type TechType =
  | "mine"
  | "generator"
  | "water_extractor"
  | "greenhouse"
  | "oxygen_condenser"
  | "shelter"
  | "rover"
  | "upgrade";

/** Whose Tech a decision used (R-BUILD-10). */
export type TechUsed = "none" | "own" | "human";

/** A call carried out: its result under 'text'. */
export interface TextResponse {
  /** The request's id, or null if unread. */
  readonly id: string | number | null;
  readonly text: string;
}

/** The record of one tie-break (R-TIE-8). */
export interface TieBreak {
  /** The rule that raised the tie. */
  readonly rule: string;
  /**
   * The options numbered 1..n, in canonical order (the first `LISTED_OPTIONS` of them
   * when more tie).
   */
  readonly options: readonly string[];
  /** n, the number of options tied. */
  readonly count: number;
  /**
   * Options merged into an equal one before numbering (R-TIE-1); of Rover paths, the
   * first `LISTED_OPTIONS`.
   */
  readonly merged: readonly string[];
  readonly policy: TiePolicy;
  readonly rounds: readonly TieRound[];
  /** The 1-based number of the chosen option. */
  readonly chosen: number;
}

/** How ties are broken (R-TIE-1..6). */
export type TiePolicy = "cards" | "uniform" | "chosen";

/** One round of a card tie-break (R-TIE-2..5) or a uniform pick (R-TIE-6). */
export interface TieRound {
  /**
   * The groups drawn between, each as its first and last option number (1-based).
   *
   * Groups are runs of consecutive options (R-TIE-5): `((1, 3), (4, 5), (6, 7))` for 7
   * options, `((1, 1), (2, 2))` for 2.
   */
  readonly groups: readonly (readonly [number, number])[];
  /** Card ids revealed, in order (empty for `uniform`). */
  readonly revealed: readonly number[];
  /** 1-based index into *groups*. */
  readonly chosen_group: number;
  /** Whether an empty draw pile made the discard pile the draw pile (R-TIE-3). */
  readonly reshuffled: boolean;
  readonly random_events: readonly number[];
}

/** V6/V7: a Research or Discovery tile, wherever it lies. */
export interface Tile {
  /** The host's id of the tile, unique among the tiles of the board. */
  readonly id: string;
  /** A Research or a Discovery tile. */
  readonly kind: TileKind;
  /**
   * The Crystals he pays to collect it (R-ROVER-9).
   *
   * Minimum: 0.
   */
  readonly crystal_cost: number;
  /** Whether Lacerda meets its non-Crystal requirement (host-judged). */
  readonly requirement_met: boolean;
  /** What collecting it gives him, gains taken in the order listed. */
  readonly reward: readonly Gain[];
}

/** Map tile kinds (V6). */
export type TileKind = "research" | "discovery";

/** no answer within the time bound, or no free worker within it (the server is busy) */
export interface TimeoutError {
  readonly type: "TimeoutError";
  /** The whole error, for people. */
  readonly message: string;
}

/** Why a decision was made (R-TURN-10). */
export interface Trace {
  /** Rule IDs applied, in order, each once. */
  readonly rules: readonly string[];
  readonly candidates: readonly Candidate[];
  readonly removed: readonly Removal[];
  readonly tie_breaks: readonly TieBreak[];
  readonly note: string;
}

/** R-SHUTTLE-3..5: he travels to *side* and takes Turn Order space *space*. */
export interface Travel {
  /** The decision's class. */
  readonly type: "Travel";
  /** The side he travels to. */
  readonly side: Side;
  /** The id of the free Turn Order space he takes there. */
  readonly space: string;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** V14: a Turn Order space. */
export interface TurnOrderSpace {
  /** The host's id of the space, unique among the Turn Order spaces. */
  readonly id: string;
  /** The side of the board it is on. */
  readonly side: Side;
  /**
   * Its printed number: a free space he may take is numbered by it (R-SHUTTLE-3).
   *
   * Minimum: 0.
   */
  readonly number: number;
  /** What taking the space gives, gains taken in the order listed. */
  readonly gains: readonly Gain[];
  /** Whether a figure stands on it. */
  readonly occupied: boolean;
}

/** What an `OTHER` gain does (R-TO-9). */
export type UnknownGain = "skip" | "error";

/** R-COLONY-3, R-COLONY-4: he upgrades the building on *hex* with *blueprint*. */
export interface Upgrade {
  /** The decision's class. */
  readonly type: "Upgrade";
  /** The hex of the building upgraded. */
  readonly hex: Hex;
  /** The id of his Blueprint he upgrades with. */
  readonly blueprint: string;
  /** Whose Upgrade Tech sets how many buildings he may upgrade. */
  readonly tech_used: TechUsed;
  /** Why a decision was made (R-TURN-10). */
  readonly trace: Trace;
}

/** A version request; its result comes under 'version'. */
export interface VersionRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "version";
}

/** A call carried out: its result under 'version'. */
export interface VersionResponse {
  /** The request's id, or null if unread. */
  readonly id: string | number | null;
  readonly version: Versions;
}

/** What the `version` call answers: the versions a host can check at start. */
export interface Versions {
  /** The installed lacerda-bot release (`lacerda_bot.__version__`). */
  readonly library: string;
  /** The data format of every argument and result (`"version"` of a request). */
  readonly format: number;
  /** The version of the shipped JSON Schemas and TypeScript declarations. */
  readonly schema: number;
}

/** A call carried out: its result under 'view'. */
export interface ViewResponse {
  /** The request's id, or null if unread. */
  readonly id: string | number | null;
  readonly view: Board;
}

/** A why_illegal request; its result comes under 'reason'. */
export interface WhyIllegalRequest {
  /** Any id: the response echoes it (optional). */
  readonly id?: string | number | null;
  /** The data format the host was written for (optional). */
  readonly version?: 1;
  /** The call. */
  readonly call: "why_illegal";
  readonly view: Board;
  readonly decision: Decision;
  readonly options?: Options;
}
