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
  | ScoreLacerdaRequest;

/** One response of lacerda-bot serve: the call's result, or an error. */
export type ServeResponse =
  | BotResponse
  | OutcomeResponse
  | ScoreResponse
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
  readonly action: Action;
  readonly rule: string;
  readonly reason: string;
  readonly trace: Trace;
}

/** R-MISSION-1: move the Mission marker of *slot* one space. */
export interface AdvanceMission {
  /** The decision's class. */
  readonly type: "AdvanceMission";
  readonly slot: MissionSlot;
  readonly mission: string;
  readonly trace: Trace;
}

/** R-TO-5, R-LEVEL-3: the Progress-area Bot moves *steps* icons of T2. */
export interface AdvanceProgressBot {
  /** The decision's class. */
  readonly type: "AdvanceProgressBot";
  readonly steps: number;
  readonly before: BuildingType;
  readonly after: BuildingType;
  readonly trace: Trace;
}

/** V21: Advanced Buildings of one type on Mars, whoever owns them (T3 scoring). */
export interface AdvancedCount {
  readonly building: BuildingType;
  readonly count: number;
}

/** T5/V10: a Blueprint card. */
export interface Blueprint {
  readonly id: string;
  readonly building: BuildingType;
  readonly level: number;
}

/** Rows of the Blueprint display (V10). */
export type BlueprintRow = "top" | "bottom";

/** Every item of the host view (V1..V20) as one frozen value. */
export interface Board {
  readonly side: Side;
  readonly colony_level: number;
  readonly lss_markers: LssMarkers;
  readonly lss_rewards: readonly LssOffer[];
  readonly map_hexes: readonly Hex[];
  readonly initial_mine_hex: Hex;
  readonly buildings: readonly Building[];
  readonly figures: readonly Figure[];
  readonly lacerda_rover: Hex | null;
  readonly human_rover: Hex | null;
  readonly crystal_hexes: readonly Hex[];
  readonly map_tiles: readonly MapTile[];
  readonly exploration_tiles: readonly Tile[];
  readonly tech_grid: readonly GridTile[];
  readonly lab_spaces: readonly LabSpace[];
  readonly lab_columns: number;
  readonly human_techs: readonly HumanTech[];
  readonly own_upgrade_capacity: number;
  readonly human_upgrade_capacity: number;
  readonly blueprint_display: readonly DisplayedBlueprint[];
  readonly lacerda_blueprints: readonly HeldBlueprint[];
  readonly human_blueprints: readonly BuildingType[];
  readonly free_advanced_markers: number;
  readonly scientist_display: readonly ScientistSlot[];
  readonly lacerda_scientists: readonly Scientist[];
  readonly colonist_on_hire_slot: boolean;
  readonly contract_display: readonly ContractSlot[];
  readonly contract_crystal_cost: number;
  readonly colonists_present: Occupancy;
  readonly warehouse: readonly Stock[];
  readonly turn_order_spaces: readonly TurnOrderSpace[];
  readonly first_colonist_tiles: readonly string[];
  readonly lacerda_space: string | null;
  readonly shuttle_departs: boolean;
  readonly shuttle_from: Side;
  readonly missions: readonly Mission[];
  readonly spendable_crystals: number;
  readonly free_depot_spaces: number;
  readonly supply_crystals: number;
  readonly shelters_left: number;
  readonly ships_left: number;
  readonly bots_left: number;
  readonly op_track: number;
  readonly progress_cubes: number;
  readonly lab_column_values: readonly number[];
  readonly living_quarters_top: number;
  readonly advanced_buildings_on_mars: readonly AdvancedCount[];
  readonly ships_in_hangar: number;
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
  readonly options: Options;
}

/** R-LEVEL-2, R-BUILD-3: he builds one of his Shelters on *hex*. */
export interface BuildShelter {
  /** The decision's class. */
  readonly type: "BuildShelter";
  readonly hex: Hex;
  readonly resulting_size: number;
  readonly joined_sizes: readonly number[];
  readonly tech_used: TechUsed;
  readonly trace: Trace;
}

/** V4: a building on the map. */
export interface Building {
  readonly id: string;
  readonly hex: Hex;
  readonly type: BuildingType;
  readonly owner: Owner | null;
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

/** The calls a request can name: the host entry points of :mod:`lacerda_bot`. */
export type Call =
  | "new_bot"
  | "setup"
  | "take_turn"
  | "shuttle_phase"
  | "colony_level_up"
  | "human_used_tech"
  | "score_lacerda";

/** The decision-making calls; a ``str``, so ``trace.call == "take_turn"`` holds. */
export type CallKind =
  | "setup"
  | "take_turn"
  | "shuttle_phase"
  | "colony_level_up"
  | "human_used_tech";

/** What one call did as a whole (R-TURN-10). */
export interface CallTrace {
  readonly call: CallKind;
  readonly options: Options;
  readonly card: number | null;
  readonly pass_count: number;
  readonly reshuffled: boolean;
  readonly random_events: readonly number[];
  readonly notes: readonly string[];
}

/** An option a rule considered, with the values of its criteria. */
export interface Candidate {
  readonly option: string;
  readonly criteria: readonly (readonly [string, number])[];
}

/**
 * R-LSS-1, R-LSS-2: his second benefit for building *building* (``None``: none
 * offered).
 */
export interface ChooseLssReward {
  /** The decision's class. */
  readonly type: "ChooseLssReward";
  readonly building: BuildingType;
  readonly reward: LssReward | null;
  readonly trace: Trace;
}

/** R-ROVER-9: he collects *tile* (its reward gains follow). */
export interface CollectTile {
  /** The decision's class. */
  readonly type: "CollectTile";
  readonly tile: string;
  readonly crystal_cost: number;
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
  readonly building: BuildingType;
  readonly hex: Hex;
  readonly resulting_size: number;
  readonly joined_sizes: readonly number[];
  readonly tech_used: TechUsed;
  readonly miner: boolean;
  readonly pointer_before: BuildingType;
  readonly pointer_after: BuildingType;
  readonly trace: Trace;
}

/** Earth Contract kinds (T4). */
export type ContractKind = "upgrade" | "delivery";

/** V11: an Earth Contract on display. */
export interface ContractSlot {
  readonly slot: number;
  readonly id: string;
  readonly kind: ContractKind;
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

/** R-ORBIT-6, R-TURN-6, R-TO-10: his *tech* tile moves to space *space*, a level up. */
export interface DevelopTech {
  /** The decision's class. */
  readonly type: "DevelopTech";
  readonly tech: TechType;
  readonly from_level: number;
  readonly to_level: number;
  readonly space: string;
  readonly trace: Trace;
}

/** V10: a Blueprint in a display slot. */
export interface DisplayedBlueprint {
  readonly row: BlueprintRow;
  readonly slot: number;
  readonly blueprint: Blueprint;
  readonly pickup_crystals: number;
}

/** A request that was not carried out. */
export interface ErrorResponse {
  /** The request's id, or null if unread. */
  readonly id: string | number | null;
  /** Why a request was not carried out; programs read type, path and field. */
  readonly error: ServeError;
}

/** The ``"type"`` of an error response: the error class's name. */
export type ErrorType =
  | "SerializationError"
  | "InvalidValueError"
  | "InvalidHostStateError"
  | "TimeoutError"
  | "InternalError";

/** V5: a figure on the map other than the two Rovers. */
export interface Figure {
  readonly hex: Hex;
  readonly kind: FigureKind;
  readonly owner: Owner;
}

/** Figures other than the two Rovers (spec §0). */
export type FigureKind = "bot" | "colonist" | "advanced_marker";

/** One gain of a Turn Order space, Lab space or map tile (spec §2.1). */
export interface Gain {
  readonly kind: GainKind;
  readonly n: number;
  readonly building: BuildingType | null;
  readonly description: string;
}

/** R-LEVEL-5: a Bot goes onto his player board. */
export interface GainBot {
  /** The decision's class. */
  readonly type: "GainBot";
  readonly trace: Trace;
}

/** R-CRYSTAL-2: he gains *kept* of *requested* Crystals (the rest is lost). */
export interface GainCrystals {
  /** The decision's class. */
  readonly type: "GainCrystals";
  readonly requested: number;
  readonly kept: number;
  readonly source: CrystalSource;
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
  readonly trace: Trace;
}

/** R-TURN-7: he used the human's *tech*; the human gains 1 Oxygen. */
export interface GiveOxygen {
  /** The decision's class. */
  readonly type: "GiveOxygen";
  readonly tech: TechType;
  readonly trace: Trace;
}

/** V8: a Tech tile on the Tech grid. */
export interface GridTile {
  readonly id: string;
  readonly tech: TechType;
  readonly row: number;
  readonly column: number;
  readonly cost_rank: number;
}

/** V10: one of Lacerda's Blueprints. */
export interface HeldBlueprint {
  readonly blueprint: Blueprint;
  readonly used: boolean;
}

/** One hex of the map in axial coordinates. */
export interface Hex {
  readonly q: number;
  readonly r: number;
}

/** R-COLONY-6: he hires *scientist* from display slot *slot*. */
export interface HireScientist {
  /** The decision's class. */
  readonly type: "HireScientist";
  readonly scientist: Scientist;
  readonly slot: number;
  readonly trace: Trace;
}

/** V9: one of the human's Techs. */
export interface HumanTech {
  readonly tech: TechType;
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

/** What happens to a gain that cannot be carried out (R-TO-2). */
export type ImpossibleBenefit = "lose" | "rover";

/** Warehouse items (V13). */
export type Item = "crystal" | "mineral" | "battery" | "water" | "plant" | "oxygen";

/** V9 (1.3): one space of his Laboratory, as his player board prints it. */
export interface LabSpace {
  readonly id: string;
  readonly column: number;
  readonly position: number;
  readonly gains: readonly Gain[];
  readonly touches: readonly string[];
  readonly tech: TechType | null;
}

/** R-ORBIT-5: he puts grid tile *grid_tile* on his Lab entry space *lab_space*. */
export interface LearnTech {
  /** The decision's class. */
  readonly type: "LearnTech";
  readonly grid_tile: string;
  readonly tech: TechType;
  readonly lab_space: string;
  readonly trace: Trace;
}

/** R-TO-2, R-TO-6, R-TO-9: *gain* is lost. */
export interface LoseBenefit {
  /** The decision's class. */
  readonly type: "LoseBenefit";
  readonly gain: Gain;
  readonly reason: string;
  readonly trace: Trace;
}

/** V2: the LSS marker level of each LSS type. */
export interface LssMarkers {
  readonly generator: number;
  readonly water_extractor: number;
  readonly greenhouse: number;
  readonly oxygen_condenser: number;
}

/** V20: the second benefits a building of *building* may take (R-LSS-2). */
export interface LssOffer {
  readonly building: BuildingType;
  readonly rewards: readonly LssReward[];
}

/** The two LSS second benefits Lacerda chooses between (R-LSS-1). */
export type LssReward = "retrieve_colonist" | "crystal";

/** V6: a tile on a map hex. */
export interface MapTile {
  readonly hex: Hex;
  readonly tile: Tile;
}

/** V16: the Mission in slot A, B or C. */
export interface Mission {
  readonly slot: MissionSlot;
  readonly id: string;
  readonly completed: boolean;
  readonly crystals: number;
}

/** Mission letters on the solo cards (V16). */
export type MissionSlot = "a" | "b" | "c";

/** R-ROVER: his Rover follows *path* (hexes entered, in order). */
export interface MoveRover {
  /** The decision's class. */
  readonly type: "MoveRover";
  readonly path: readonly Hex[];
  readonly allowance: number;
  readonly crystals_paid: number;
  readonly crystal_hexes: readonly Hex[];
  readonly target: string;
  readonly reached: boolean;
  readonly tech_used: TechUsed;
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
  readonly blueprint: string;
  readonly row: BlueprintRow;
  readonly slot: number;
  readonly trace: Trace;
}

/** V12: Colonists present on each red-Colonist action (R-COST-2). */
export interface Occupancy {
  readonly obtain_blueprint: number;
  readonly research_development: number;
  readonly construct: number;
  readonly upgrade: number;
  readonly hire_or_contract: number;
}

/** Every switch of spec §3, with its default. */
export interface Options {
  readonly tie_policy: TiePolicy;
  readonly rover_base_movement: number;
  readonly bot_benefit_steps: number;
  readonly complex_tech_threshold: ComplexTechThreshold;
  readonly standalone_rule: StandaloneRule;
  readonly placement_cost_per_colonist: number;
  readonly same_call_gains_spendable: boolean;
  readonly discovery_site_allows_crystal: boolean;
  readonly blueprint_fallback_any_type: boolean;
  readonly no_scientist_fallback: NoScientistFallback;
  readonly impossible_benefit: ImpossibleBenefit;
  readonly starting_space_benefit: boolean;
  readonly prefer_own_tech: boolean;
  readonly lacerda_places_miner: boolean;
  readonly shelter_moves_pointer: boolean;
  readonly tie_reshuffle_counts_as_pass: boolean;
  readonly unknown_gain: UnknownGain;
  readonly solo_deck?: SoloDeck;
}

/** The result of a decision-making call (R-SETUP-3, R-TURN-8). */
export interface Outcome {
  readonly bot: BotState;
  readonly decisions: readonly Decision[];
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
  readonly amount: number;
  readonly purpose: PaymentPurpose;
  readonly trace: Trace;
}

/** What Crystals are paid for (R-COST, R-ROVER-5, R-ROVER-9). */
export type PaymentPurpose = "placement" | "contract" | "tile" | "movement";

/** R-COST-2: he places a Colonist on *action*. */
export interface PlaceColonist {
  /** The decision's class. */
  readonly type: "PlaceColonist";
  readonly action: Action;
  readonly trace: Trace;
}

/** R-SHUTTLE-6: the leftmost Discovery tile goes on *hex*, or nothing is placed. */
export interface PlaceDiscoveryTile {
  /** The decision's class. */
  readonly type: "PlaceDiscoveryTile";
  readonly tile: string | null;
  readonly hex: Hex | null;
  readonly reason: string;
  readonly trace: Trace;
}

/** R-COLONY-8: the host shuffles the Contract deck and fills *slot*. */
export interface RefillContractDisplay {
  /** The decision's class. */
  readonly type: "RefillContractDisplay";
  readonly slot: number;
  readonly trace: Trace;
}

/** R-BUILD-4: his Rover leaves a hex he builds on. */
export interface RelocateRover {
  /** The decision's class. */
  readonly type: "RelocateRover";
  readonly from_hex: Hex;
  readonly to_hex: Hex;
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
  readonly card: number;
  readonly pass_count: number;
  readonly reshuffled: boolean;
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
  readonly slot: number;
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

/** Why a request was not carried out; programs read type, path and field. */
export interface ServeError {
  /** What went wrong: the error's class. */
  readonly type: ErrorType;
  /** A SerializationError's JSON path into the request ($ is all of it). */
  readonly path?: string;
  /** The value or view item refused (the invalid errors). */
  readonly field?: string;
  /** What the field should have held. */
  readonly expected?: string;
  /** The whole error, for people. */
  readonly message: string;
}

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
  readonly reason: string;
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
  readonly space: string;
  readonly side: Side;
  readonly trace: Trace;
}

/** R-SHUTTLE-2: he does not travel this Shuttle phase. */
export interface Stay {
  /** The decision's class. */
  readonly type: "Stay";
  readonly reason: string;
  readonly trace: Trace;
}

/** V13: one Warehouse item and its units. */
export interface Stock {
  readonly item: Item;
  readonly units: number;
}

/** R-TO-2: he takes *gain* from *source*; the decisions that carry it out follow. */
export interface TakeBenefit {
  /** The decision's class. */
  readonly type: "TakeBenefit";
  readonly gain: Gain;
  readonly source: string;
  readonly trace: Trace;
}

/** R-COLONY-7: he takes Contract *contract* from display slot *slot*. */
export interface TakeContract {
  /** The decision's class. */
  readonly type: "TakeContract";
  readonly contract: string;
  readonly slot: number;
  readonly kind: ContractKind;
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
  readonly item: Item;
  readonly to_supply: boolean;
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

/** The record of one tie-break (R-TIE-8). */
export interface TieBreak {
  readonly rule: string;
  readonly options: readonly string[];
  readonly count: number;
  readonly merged: readonly string[];
  readonly policy: TiePolicy;
  readonly rounds: readonly TieRound[];
  readonly chosen: number;
}

/** How ties are broken (R-TIE-1..6). */
export type TiePolicy = "cards" | "uniform" | "chosen";

/** One round of a card tie-break (R-TIE-2..5) or a uniform pick (R-TIE-6). */
export interface TieRound {
  readonly groups: readonly (readonly [number, number])[];
  readonly revealed: readonly number[];
  readonly chosen_group: number;
  readonly reshuffled: boolean;
  readonly random_events: readonly number[];
}

/** V6/V7: a Research or Discovery tile, wherever it lies. */
export interface Tile {
  readonly id: string;
  readonly kind: TileKind;
  readonly crystal_cost: number;
  readonly requirement_met: boolean;
  readonly reward: readonly Gain[];
}

/** Map tile kinds (V6). */
export type TileKind = "research" | "discovery";

/** Why a decision was made (R-TURN-10). */
export interface Trace {
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
  readonly side: Side;
  readonly space: string;
  readonly trace: Trace;
}

/** V14: a Turn Order space. */
export interface TurnOrderSpace {
  readonly id: string;
  readonly side: Side;
  readonly number: number;
  readonly gains: readonly Gain[];
  readonly occupied: boolean;
}

/** What an ``OTHER`` gain does (R-TO-9). */
export type UnknownGain = "skip" | "error";

/** R-COLONY-3, R-COLONY-4: he upgrades the building on *hex* with *blueprint*. */
export interface Upgrade {
  /** The decision's class. */
  readonly type: "Upgrade";
  readonly hex: Hex;
  readonly blueprint: string;
  readonly tech_used: TechUsed;
  readonly trace: Trace;
}
