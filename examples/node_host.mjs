#!/usr/bin/env node
// A host in another language: Node.js (no npm packages) drives Lacerda through
// `lacerda-bot serve`, one JSON request per line on its standard input, one
// response per line on its standard output (docs/protocol.md).
//
//   node examples/node_host.mjs BOARD.json [TURNS] [-- COMMAND...]
//
// BOARD.json is a board as lacerda_bot.dumps writes it, for example
//   python -c "from lacerda_bot import dumps; from lacerda_bot.testing import \
//     reference_board; print(dumps(reference_board()))" > board.json
// COMMAND starts the server (default: lacerda-bot serve).
//
// The host keeps the board as JSON. It asks for a new bot, sets Lacerda up and
// plays TURNS turns (default 3), feeding each outcome's bot state into the next
// call. It applies only the decisions that move Lacerda (his space, his side)
// and change his Crystals; a real host applies them all.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

function usage(message) {
  console.error(`node_host: ${message}`);
  console.error("usage: node node_host.mjs BOARD.json [TURNS] [-- COMMAND...]");
  process.exit(2);
}

function parseArguments(argv) {
  const split = argv.indexOf("--");
  const own = split < 0 ? argv : argv.slice(0, split);
  const command = split < 0 ? ["lacerda-bot", "serve"] : argv.slice(split + 1);
  const [boardFile, turnsText = "3"] = own;
  const turns = Number.parseInt(turnsText, 10);
  if (!boardFile) usage("no board file");
  if (!(turns >= 0)) usage(`TURNS is a whole number, not ${turnsText}`);
  if (command.length === 0) usage("no command after --");
  return { boardFile, turns, command };
}

function readBoard(path) {
  const document = JSON.parse(readFileSync(path, "utf8"));
  if (document.format !== "lacerda_bot" || document.version !== 1 || document.type !== "Board") {
    usage(`${path} is not a lacerda_bot Board document (version 1)`);
  }
  return document.data; // requests carry the bare data, without the envelope
}

// One server process; call() sends a request and resolves with its response.
class LacerdaServer {
  constructor(command) {
    this.pending = new Map();
    this.nextId = 1;
    this.child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
    this.exited = new Promise((resolve) => this.child.on("close", resolve));
    this.child.on("error", (error) => this.failAll(error));
    this.child.stdin.on("error", (error) => this.failAll(error)); // the server is gone
    this.child.on("close", (code) => this.failAll(new Error(`the server stopped (${code})`)));
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      const response = JSON.parse(line);
      const waiting = this.pending.get(response.id);
      this.pending.delete(response.id);
      waiting?.resolve(response);
    });
  }

  failAll(error) {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  call(call, args) {
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

function result(response, key) {
  if ("error" in response) {
    // Every message starts with where: the JSON path into the request (or, for an
    // HTTP header refused, its name), then what was expected and the value sent.
    const { type, message } = response.error;
    throw new Error(`${type}: ${message}`);
  }
  return response[key];
}

function describe(decision) {
  const shown = Object.entries(decision)
    .filter(([key]) => key !== "type" && key !== "trace")
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return `${decision.type} ${shown.join(" ")}`.trimEnd();
}

// The few effects this example host tracks; the rest it leaves to a real host.
function apply(board, decisions) {
  let next = structuredClone(board);
  for (const decision of decisions) {
    switch (decision.type) {
      case "StartingSpace":
      case "Travel":
        next.turn_order_spaces = next.turn_order_spaces.map((space) => ({
          ...space,
          occupied: space.id === decision.space ? true : space.id === next.lacerda_space ? false : space.occupied,
        }));
        next.lacerda_space = decision.space;
        next.side = decision.side;
        break;
      case "PayCrystals":
        next.spendable_crystals -= decision.amount;
        break;
      case "GainCrystals":
        next.spendable_crystals += decision.kept;
        break;
      default:
        break;
    }
  }
  return next;
}

async function play({ boardFile, turns, command }) {
  let board = readBoard(boardFile);
  const server = new LacerdaServer(command);
  try {
    let bot = result(await server.call("new_bot", { seed: 7 }), "bot");
    console.log(`new bot, seed ${bot.seed}: ${bot.draw_pile.length} cards to draw`);

    let outcome = result(await server.call("setup", { bot, view: board }), "outcome");
    console.log("setup:");
    for (const decision of outcome.decisions) console.log(`  ${describe(decision)}`);
    board = apply(board, outcome.decisions);
    bot = outcome.bot;

    for (let turn = 1; turn <= turns; turn++) {
      outcome = result(await server.call("take_turn", { bot, view: board }), "outcome");
      console.log(`turn ${turn}:`);
      for (const decision of outcome.decisions) console.log(`  ${describe(decision)}`);
      board = apply(board, outcome.decisions);
      bot = outcome.bot;
    }

    // A bad request gets a typed error, and the server goes on serving.
    const refused = await server.call("take_turn", { bot });
    console.log(`a request without a view: ${refused.error.type} at ${refused.error.path}`);
    const score = result(await server.call("score_lacerda", { view: board }), "score");
    console.log(`played ${turns} turns; Lacerda's score now: ${score.total} OP`);
  } finally {
    await server.close();
  }
}

play(parseArguments(process.argv.slice(2))).catch((error) => {
  console.error(`node_host: ${error.message}`);
  process.exitCode = 1;
});
