// A typed host of `lacerda-bot serve`: TypeScript checks its requests and responses.
//
// The types come from the declarations the package ships beside its JSON Schemas
// (lacerda_bot/types/lacerda_bot.d.ts, generated from them). In a project of your
// own, copy that file next to your code and import it as "./lacerda_bot.js", as
// examples/lacerda_bot.d.ts (a link to it) sits beside these examples.
// The transport is the host's own: a function that sends one request line and
// resolves to its response line (a child process's stdio, an HTTP POST), so this
// file needs no Node.js types. The tests check it with `tsc --strict --noEmit`.

import type {
  Board,
  BotState,
  Call,
  Decision,
  ErrorResponse,
  Hex,
  ServeError,
  ServeRequest,
  ServeResults,
  TakeTurnRequest,
  TechType,
} from "../lacerda_bot.js";

/** Sends one request line, resolves to its response line. */
export type Transport = (line: string) => Promise<string>;

/** The response a request of call `C` gets: its result, or an error. */
export type ResponseTo<C extends Call> = ServeResults[C] | ErrorResponse;

/** A refused request, as an exception. */
export class ServeFailure extends Error {
  readonly error: ServeError;

  constructor(error: ServeError) {
    super(`${error.type}: ${error.message}`);
    this.error = error;
  }
}

export async function send<R extends ServeRequest>(
  transport: Transport,
  request: R,
): Promise<ResponseTo<R["call"]>> {
  const line = await transport(JSON.stringify(request));
  return JSON.parse(line) as ResponseTo<R["call"]>;
}

export function takeTurnRequest(id: number, bot: BotState, view: Board): TakeTurnRequest {
  return { id, version: 1, call: "take_turn", bot, view };
}

/** His decisions of one turn, and the bot state to send with the next call. */
export async function playTurn(
  transport: Transport,
  bot: BotState,
  view: Board,
): Promise<{ bot: BotState; decisions: readonly Decision[] }> {
  const response = await send(transport, takeTurnRequest(1, bot, view));
  if ("error" in response) {
    throw new ServeFailure(response.error);
  }
  return { bot: response.outcome.bot, decisions: response.outcome.decisions };
}

/** The human used one of his Techs: Lacerda's answer (`human_used_tech`). */
export async function humanUsedTech(
  transport: Transport,
  bot: BotState,
  view: Board,
  tech: TechType,
): Promise<readonly Decision[]> {
  const response = await send(transport, { call: "human_used_tech", bot, view, tech });
  if ("error" in response) {
    throw new ServeFailure(response.error);
  }
  return response.outcome.decisions;
}

/** Whether asking again may help: only a request that ran out of time. */
export function worthRetrying(error: ServeError): boolean {
  switch (error.type) {
    case "TimeoutError":
      return true;
    case "SerializationError":
    case "InvalidValueError":
    case "InvalidHostStateError":
    case "IllegalDecisionError":
    case "InternalError":
      return false;
    default:
      return unreachable(error);
  }
}

function at(hex: Hex): string {
  return `(${hex.q}, ${hex.r})`;
}

/** One line for a decision: every decision type is a case, checked by `never`. */
export function describe(d: Decision): string {
  switch (d.type) {
    case "StartingSpace":
      return `he starts on space ${d.space} (${d.side})`;
    case "RevealCard":
      return `card ${d.card}${d.reshuffled ? " (reshuffled)" : ""}`;
    case "AdvanceMission":
      return `Mission ${d.slot} (${d.mission}) advances`;
    case "GainCrystals":
      return `he keeps ${d.kept} of ${d.requested} Crystals (${d.source})`;
    case "PayCrystals":
      return `he pays ${d.amount} Crystals for ${d.purpose}`;
    case "PlaceColonist":
      return `a Colonist on ${d.action}`;
    case "ActionImpossible":
      return `${d.action} is impossible (${d.rule}: ${d.reason})`;
    case "ObtainBlueprint":
      return `he takes Blueprint ${d.blueprint} (${d.row} row, slot ${d.slot})`;
    case "LearnTech":
      return `he learns ${d.tech} (tile ${d.grid_tile}) on ${d.lab_space}`;
    case "DevelopTech":
      return `his ${d.tech} Tech goes from ${d.from_level} to ${d.to_level}`;
    case "Construct":
      return `he builds a ${d.building} on ${at(d.hex)}, a Complex of ${d.resulting_size}`;
    case "Upgrade":
      return `he upgrades ${at(d.hex)} with ${d.blueprint}`;
    case "HireScientist":
      return `he hires the ${d.scientist} of slot ${d.slot}`;
    case "TakeContract":
      return `he takes Contract ${d.contract} (${d.kind}) of slot ${d.slot}`;
    case "RefillContractDisplay":
      return `refill Contract slot ${d.slot}`;
    case "MoveRover":
      return `his Rover moves ${d.path.map(at).join(" ")}${d.reached ? ", onto " + d.target : ""}`;
    case "CollectTile":
      return `he collects tile ${d.tile} for ${d.crystal_cost} Crystals`;
    case "RelocateRover":
      return `his Rover moves from ${at(d.from_hex)} to ${at(d.to_hex)}`;
    case "AdvanceProgressBot":
      return `his Progress Bot moves ${d.steps} to ${d.after}`;
    case "Travel":
      return `he travels to ${d.side}, space ${d.space}`;
    case "Stay":
      return `he stays: ${d.reason}`;
    case "TakeBenefit":
      return `he takes ${d.gain.kind} from ${d.source}`;
    case "TakeWarehouseItem":
      return `he takes ${d.item}${d.to_supply ? " (to the supply)" : ""}`;
    case "PlaceDiscoveryTile":
      return d.hex === null ? `no Discovery tile: ${d.reason}` : `tile ${d.tile} on ${at(d.hex)}`;
    case "BuildShelter":
      return `he builds a Shelter on ${at(d.hex)}`;
    case "GainShip":
      return "a Ship to his Hangar";
    case "GainBot":
      return "a Bot to his player board";
    case "ChooseLssReward":
      return `LSS reward for his ${d.building}: ${d.reward ?? "none offered"}`;
    case "GiveOxygen":
      return `the human gains 1 Oxygen (his ${d.tech} Tech was used)`;
    case "LoseBenefit":
      return `${d.gain.kind} is lost: ${d.reason}`;
    case "SkipTurn":
      return `he skips the turn: ${d.reason}`;
    default:
      return unreachable(d);
  }
}

/** A value no case handled: a type error where a case is missing. */
function unreachable(value: never): never {
  throw new Error(`not handled: ${JSON.stringify(value)}`);
}
