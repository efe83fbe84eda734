// The page of the table companion. It holds no rule: every screen comes from the
// lacerda_bot Python package (lacerda_bot.table.screen) running under Pyodide in a
// Web Worker (engine.js), and this script only shows screens, sends answers back and
// keeps the saves. The page's thread never runs Python: it answers taps at once,
// while the engine starts and while it works.

import { WORDS } from "./words.js";

// --- the player's language ---------------------------------------------------------

// The page speaks the language kept from its switch (in the new-game form), else the
// browser's first that it knows, else English. WORDS (words.js, written from the
// catalogs in src/lacerda_bot/locale) holds the page's own words; the engine says its
// screens in the same language (the lang of each call that returns words).
const LANGUAGES = { en: "English", pt: "Português", de: "Deutsch", fr: "Français", es: "Español" };
const LANGUAGE_KEY = "lacerda:language";

function chosenLanguage() {
  let kept = null;
  try {
    kept = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // no storage (a private window may refuse it): the browser's language
  }
  if (kept !== null && Object.hasOwn(LANGUAGES, kept)) return kept;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const primary = String(tag).toLowerCase().split(/[-_]/)[0];
    if (Object.hasOwn(LANGUAGES, primary)) return primary;
  }
  return "en";
}

let language = chosenLanguage();
document.documentElement.lang = language;

/**
 * *text* (the English, with {name} placeholders) in the player's language, its
 * placeholders filled from *params*. A translation that names a placeholder the
 * English has not is never shown broken: the English is.
 */
function msg(text, params = {}) {
  const own = Object.hasOwn(WORDS[language] || {}, text) ? WORDS[language][text] : text;
  const fill = (template) => template.replace(/\{(\w+)\}/g,
    (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
  const said = fill(own);
  return /\{\w+\}/.test(said) && own !== text ? fill(text) : said;
}

// One storage key per game, written whole by one setItem: the save, where the
// step in progress stands, and what the list of games shows. A write goes ahead
// only if the key still holds the save this page built on, so a second tab or
// window can never overwrite a step it has not seen.
const PREFIX = "lacerda:game:";
const main = document.getElementById("main");
const engineLine = document.getElementById("engine");
const toolbar = document.getElementById("toolbar");

const game = {
  id: null, save: null, step: null, answers: [], doubted: null, screen: null, ticks: [],
};

// --- the engine --------------------------------------------------------------

/** An error the engine answered: its words, and whether the engine is dead. */
class EngineError extends Error {
  constructor(message, fatal) {
    super(message);
    this.fatal = fatal;
  }
}

/** What the page says once the engine is dead (said when shown: the language may change). */
function stoppedWords() {
  return msg("The engine has stopped. Reload the page to go on: every complete step "
    + "is stored, and the step in progress is kept as it was.");
}
const worker = new Worker("engine.js", { type: "module" });
const waiting = new Map(); // call number -> { resolve, reject }
let calls = 0;
let engineUp = false;
let engineDead = false;

function stopped() {
  engineDead = true;
  say(stoppedWords);
  engineLine.classList.add("error");
  for (const pending of waiting.values()) pending.reject(new EngineError(stoppedWords(), true));
  waiting.clear();
}

const engine = new Promise((resolve, reject) => {
  worker.addEventListener("message", (event) => {
    const message = event.data;
    switch (message.kind) {
      case "progress":
        if (!engineUp && !engineDead) say(() => msg(message.text)); // engine.js marks its words
        return;
      case "ready":
        engineUp = true;
        { // the engine's start, in this page's clock (the timings in docs/benchmarks.md)
          const shift = message.origin - performance.timeOrigin;
          performance.mark("lacerda-worker", { startTime: Math.max(0, shift) });
          performance.mark("lacerda-runtime", { startTime: shift + message.runtime });
          performance.mark("lacerda-engine");
        }
        say("");
        resolve();
        return;
      case "failed":
        engineDead = true;
        reject(new Error(message.text));
        return;
      default: {
        const pending = waiting.get(message.id);
        waiting.delete(message.id);
        if (pending === undefined) return;
        if (message.error === undefined) {
          pending.resolve(message.value);
          return;
        }
        if (message.fatal) stopped();
        pending.reject(new EngineError(message.fatal ? stoppedWords() : msg(message.error),
          message.fatal));
      }
    }
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    stopped();
    reject(new Error(msg("the engine could not run")));
  });
});
engine.catch((error) => {
  if (engineDead && engineSays === stoppedWords) return;
  // Translators: {reason} is why, often the browser's own words (e.g. "Failed to fetch").
  say(() => msg("The engine could not start: {reason}. Reload the page.",
    { reason: error.message }));
  engineLine.classList.add("error");
});

if ("serviceWorker" in navigator && window.isSecureContext) {
  const updating = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.register("sw.js").catch(() => {});
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updating) say(() => msg("A new version of this page is ready: reload to use it."));
  });
}

// While the engine works the page says so (aria-busy), for screen readers and for
// the browser tests, which wait for the screen the engine sends.
let working = 0;

function busy(change) {
  working += change;
  main.setAttribute("aria-busy", String(working > 0));
}

/** The engine's calls that return words: each is told the player's language. */
const SPOKEN = new Set(["screen", "last_step", "start_choices", "new_save", "check_save",
  "status", "history", "status_picture", "board_picture"]);

/** Call a function of lacerda_bot.table.screen in the engine: plain values in and out. */
async function call(name, ...args) {
  busy(1);
  try {
    await engine;
    if (engineDead) throw new EngineError(stoppedWords(), true);
    calls += 1;
    const id = calls;
    return await new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, name, args: args.map((value) => value ?? null),
        lang: SPOKEN.has(name) ? language : null });
    });
  } finally {
    busy(-1);
  }
}

/** The last line of a Python error: the typed error and its message. */
function reason(error) {
  if (error instanceof EngineError) return error.message;
  const lines = String(error.message || error).trim().split("\n");
  return lines[lines.length - 1].replace(/^[\w.]+Error: /, "");
}

// --- storage: every complete step is stored before it is shown ------------------

function record(id) {
  try {
    const found = JSON.parse(localStorage.getItem(PREFIX + id));
    return found && typeof found.save === "string" ? found : null;
  } catch {
    return null;
  }
}

function allGames() {
  const found = {};
  for (let n = 0; n < localStorage.length; n += 1) {
    const key = localStorage.key(n);
    if (key !== null && key.startsWith(PREFIX)) {
      const id = key.slice(PREFIX.length);
      const kept = record(id);
      if (kept !== null) found[id] = kept;
    }
  }
  return found;
}

/**
 * Write *fields* into game *id*'s record, only if it still holds the save *base*
 * (null: only if there is no such game yet). Returns "" or why it was not written.
 */
function commit(id, fields, base) {
  if (engineDead) return msg("the engine has stopped: reload the page");
  try {
    const current = record(id);
    const holds = current === null ? null : current.save;
    if (holds !== base) return changedElsewhere();
    const next = { ...(current || {}), ...fields, updated: Date.now() };
    localStorage.setItem(PREFIX + id, JSON.stringify(next));
    return "";
  } catch (error) {
    const said = String(error.message || error);
    return error && error.name === "QuotaExceededError"
      // Translators: {error} is the browser's own words for the failed write.
      ? msg("{error} (this browser's storage for the page is full: Export, then Delete, "
        + "old games)", { error: said })
      : said;
  }
}

/** Why *commit* did not write: another tab or window changed the game. */
function changedElsewhere() {
  return msg("this game was changed in another tab or window: reload the page to see it");
}

function storeProgress() {
  // the step in progress is a convenience (the save is stored when a step ends),
  // but a game changed elsewhere is said at once
  const kept = record(game.id);
  const same = kept !== null && kept.save === game.save && (kept.step ?? null) === game.step
    && JSON.stringify(kept.answers ?? []) === JSON.stringify(game.answers)
    && JSON.stringify(kept.ticks ?? []) === JSON.stringify(game.ticks);
  if (same) return; // nothing new: no write, so other tabs are not woken for nothing
  const failed = commit(game.id,
    { step: game.step, answers: game.answers, ticks: game.ticks }, game.save);
  // Translators: {reason} is why, e.g. "this game was changed in another tab or window: ...".
  if (failed === changedElsewhere()) showError(msg("Not stored: {reason}.", { reason: failed }));
}

function freeId(seed) {
  let id = `lacerda-${seed}`;
  for (let n = 2; localStorage.getItem(PREFIX + id) !== null; n += 1) id = `lacerda-${seed}-${n}`;
  return id;
}

/** The day of *ms* (a time in milliseconds) on this device's calendar: YYYY-MM-DD. */
function localDay(ms) {
  const day = new Date(ms);
  const two = (n) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
}

// What the engine line says: a function of the player's language, said again when it
// changes (the words of the page's start, until the script says more).
let engineSays = () => msg("Starting the engine…");

/** Say *words* on the engine line: a text, or a function giving it in the language now. */
function say(words) {
  engineSays = typeof words === "function" ? words : () => words;
  engineLine.textContent = engineSays();
}

// --- small DOM helpers -----------------------------------------------------------

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "onclick") node.addEventListener("click", value);
    else if (key in node && !key.startsWith("aria") && !key.startsWith("data")) node[key] = value;
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
  }
  return node;
}

function show(...nodes) {
  tap.screen = tapClock();
  main.replaceChildren(...nodes.filter((node) => node !== null && node !== undefined));
  window.scrollTo(0, 0);
  if (engineUp && !engineLine.classList.contains("error")) say("");
  const heading = main.querySelector("h2");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

/** A confirmation over the screen: one at a time, focus on the safe choice. */
function confirmPanel(label, text, yes, no, more = []) {
  tap.screen = tapClock(); // the tap that opened it is not its answer
  main.querySelector(".panel[role=alertdialog]")?.remove();
  const panel = el("div", { className: "panel", role: "alertdialog", "aria-label": label },
    el("p", {}, text),
    ...more,
    el("div", { className: "row" }, button(yes.text, () => settle(yes.run)),
      button(no.text, () => settle(no.run))));
  main.prepend(panel);
  window.scrollTo(0, 0);
  panel.querySelectorAll("button")[1].focus();
  panelOpened();
}

/** Run *run* (which may wait for the engine); an error it meets is shown, not thrown. */
function settle(run) {
  Promise.resolve().then(run).catch((error) => showError(reason(error)));
}

/**
 * A button. Like an answer, it takes no tap in the moment after its screen appears:
 * the second tap of a double tap must not press what the first one brought up (the
 * Continue under the last answer, a step under Continue).
 */
function button(text, onclick, props = {}) {
  const guarded = (event) => {
    if (tapClock() - tap.screen < TAP_PAUSE_MS) return;
    onclick(event);
  };
  return el("button", { type: "button", onclick: guarded, ...props }, text);
}

// --- the saved games and a new game ----------------------------------------------

function renderHome(message = "") {
  historyShown = false;
  game.id = null;
  toolbar.hidden = true;
  if (location.hash) history.replaceState(null, "", location.pathname);
  const all = allGames();
  const ids = Object.keys(all).sort((a, b) => all[b].updated - all[a].updated);
  const list = el("ul", { className: "games", "aria-label": msg("Saved games") },
    ids.map((id) => el("li", {},
      el("span", {}, gameSummary(id, all[id])),
      el("span", { className: "row" },
        button(msg("Continue"), () => openGame(id), { "aria-label": msg("Continue {id}", { id }) }),
        button(msg("Export"), () => download(id), { "aria-label": msg("Export {id}", { id }) }),
        button(msg("Delete"), () => deleteGame(id),
          { "aria-label": msg("Delete {id}", { id }) })))));
  const form = el("form", { id: "new-game" });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    startGame(new FormData(form));
  });
  show(
    el("h2", {}, msg("Lacerda at your table")),
    message ? el("p", { className: "error", role: "alert" }, message) : null,
    ids.length ? el("h3", {}, msg("Saved games")) : null,
    ids.length ? list : el("p", { className: "muted" }, msg("No saved game on this device yet.")),
    ids.length
      ? el("p", {}, button(msg("History"), () => renderHistory(), { id: "history",
        "aria-label": msg("History: your finished games and how you fared") }))
      : null,
    el("h3", {}, msg("New game")),
    languageSwitch(),
    form,
    el("h3", {}, msg("Import a save")),
    el("p", { className: "muted" },
      msg("A file saved by this page or by lacerda-bot play (the same format).")),
    el("input", { type: "file", id: "import", accept: ".json,application/json",
      "aria-label": msg("Import a save file"), onchange: importSave }),
  );
  engine.then(() => fillNewGame(form)).catch(() => {});
  form.append(el("p", { className: "muted" }, msg("Starting the engine…")));
}

/** "5 steps": how many steps a game has taken. */
function stepCount(n) {
  // Translators: how many steps (set-up, turns, phases) a game has taken; {n} is 1 here.
  return n === 1 ? msg("{n} step", { n }) : msg("{n} steps", { n });
}

/** The line of the saved games that says game *id* (its stored *kept* record). */
function gameSummary(id, kept) {
  const said = { id, goal: kept.goal, round: kept.round, steps: stepCount(kept.steps),
    date: new Date(kept.updated).toLocaleString() };
  // Translators: e.g. "lacerda-7: First Colonists, over, 31 steps, 03/12/2026, 21:04:11";
  // {goal} is the Solo Goal's name, {steps} is "31 steps".
  if (kept.over) return msg("{id}: {goal}, over, {steps}, {date}", said);
  // Translators: e.g. "lacerda-7: First Colonists, round 3, 7 steps, 03/12/2026, 21:04:11".
  if (kept.round) return msg("{id}: {goal}, round {round}, {steps}, {date}", said);
  // Translators: e.g. "lacerda-7: First Colonists, 0 steps, 03/12/2026, 21:04:11".
  return msg("{id}: {goal}, {steps}, {date}", said);
}

/**
 * The language switch: each language named in its own words. A change is kept on
 * this device and the page speaks it at once (the saved games and the form again).
 */
function languageSwitch() {
  const select = el("select", { name: "language", id: "language" },
    Object.entries(LANGUAGES).map(([code, name]) =>
      el("option", { value: code, lang: code, selected: code === language }, name)));
  select.addEventListener("change", () => {
    const code = select.value;
    try {
      localStorage.setItem(LANGUAGE_KEY, code);
    } catch {
      // no storage: the page speaks it until it is reloaded
    }
    language = code;
    document.documentElement.lang = code;
    applyPageWords();
    renderHome();
    document.getElementById("language")?.focus({ preventScroll: true });
  });
  return el("label", { className: "field" }, msg("Language"), select);
}

/** The page's words written in index.html (English), said in the player's language. */
function applyPageWords() {
  document.title = msg("Lacerda: the On Mars solo bot (unofficial)");
  // Translators: the name of the toolbar of an open game, for screen readers.
  toolbar.setAttribute("aria-label", msg("Game"));
  const words = { games: msg("Games"), undo: msg("Undo"), redo: msg("Redo"), why: msg("Why"),
    status: msg("Status"), export: msg("Export") };
  for (const [id, text] of Object.entries(words)) document.getElementById(id).textContent = text;
  if (game.id !== null && game.screen) updateToolbar(); // Undo may say Cancel
  document.querySelector("footer p").textContent = msg("Unofficial: not affiliated with the "
    + "designer or the publisher of On Mars. Runs on this device, offline after the first visit.");
  engineLine.textContent = engineSays();
}

async function fillNewGame(form) {
  const choices = await call("start_choices");
  const goals = el("select", { name: "goal", id: "goal" },
    choices.goals.map((g) => el("option", { value: g.id }, g.name)));
  const options = el("details", {},
    el("summary", {}, msg("Rules options")),
    choices.options.map((o) => el("label", { className: "field", title: o.rules },
      el("span", {}, o.about),
      o.values.length
        ? el("select", { name: `option:${o.name}` },
          o.values.map((v) => el("option", { value: v, selected: v === o.default },
            // Translators: {value} is a rules option's value as the player picks it.
            v === o.default ? msg("{value} (default)", { value: v }) : v)))
        : el("input", { name: `option:${o.name}`, type: "number", min: "0", max: "99",
          value: o.default, inputMode: "numeric" }))));
  form.replaceChildren(
    el("label", { className: "field" }, msg("Seed (empty: a random one)"),
      el("input", { name: "seed", id: "seed", type: "text", inputMode: "numeric",
        pattern: "[0-9]*", autocomplete: "off" })),
    el("label", { className: "field" }, msg("Solo Goal"), goals),
    options,
    el("p", {}, el("button", { type: "submit", className: "primary" }, msg("Start a new game"))),
  );
  form.dataset.defaults = JSON.stringify(Object.fromEntries(
    choices.options.map((o) => [o.name, o.default])));
  form.dataset.maxSeed = choices.max_seed;
}

async function startGame(data) {
  const form = document.getElementById("new-game");
  const defaults = JSON.parse(form.dataset.defaults);
  let seed = String(data.get("seed") || "").trim();
  if (seed === "") {
    const random = new Uint32Array(2);
    crypto.getRandomValues(random);
    const wide = (BigInt(random[0]) << 32n) | BigInt(random[1]);
    seed = String(wide % (BigInt(form.dataset.maxSeed) + 1n));
  }
  const options = [];
  for (const [key, value] of data.entries()) {
    const name = key.startsWith("option:") ? key.slice(7) : null;
    if (name !== null && String(value) !== defaults[name]) options.push(`${name}=${value}`);
  }
  let made;
  try {
    made = await call("new_save", seed, data.get("goal"), options);
  } catch (error) {
    renderHome(reason(error));
    return;
  }
  const id = freeId(made.seed);
  const failed = commit(id, { save: made.save, seed: made.seed, goal: made.goal,
    steps: made.steps, step: null, answers: [] }, null);
  if (failed) {
    // Translators: {reason} is why, e.g. "the engine has stopped: reload the page".
    renderHome(msg("The new game could not be stored on this device: {reason}",
      { reason: failed }));
    return;
  }
  openGame(id);
}

async function importSave(event) {
  const file = event.target.files[0];
  if (!file) return;
  const text = await file.text();
  try {
    await engine;
  } catch {
    return; // the engine line says why
  }
  const checked = await call("check_save", text).catch((error) => ({ error: reason(error) }));
  if (checked.error) {
    // Translators: {file} is the file's name; {reason} is why (the engine's words).
    renderHome(msg("{file} was not imported: {reason}",
      { file: file.name, reason: checked.error }));
    return;
  }
  const games = allGames();
  const same = Object.keys(games).find((known) => games[known].save === checked.save);
  if (same !== undefined) {
    await openGame(same);
    // Translators: {file} is the file's name; {game} is the game's name, e.g. "lacerda-7".
    say(msg("{file} is already on this device, as {game}.", { file: file.name, game: same }));
    return;
  }
  for (const known of Object.keys(games).filter((id) => games[id].seed === checked.seed)) {
    const how = await call("same_game", checked.save, games[known].save).catch(() => "other");
    if (how === "same") {
      await openGame(known);
      say(msg("{file} is already on this device, as {game}.", { file: file.name, game: known }));
      return;
    }
    if (how === "older" || how === "newer") {
      const said = { file: file.name, game: known, steps: stepCount(checked.steps),
        here: games[known].steps };
      const text = how === "older"
        // Translators: e.g. "save.json is an older copy of lacerda-7 (5 steps; lacerda-7
        // here has 9). ..."; {steps} is "5 steps", {here} a number of steps.
        ? msg("{file} is an older copy of {game} ({steps}; {game} here has {here}). "
          + "Import it as another game beside it, or open the one on this device?", said)
        // Translators: e.g. "save.json is a newer copy of lacerda-7 (9 steps; lacerda-7
        // here has 5). ..."; {steps} is "9 steps", {here} a number of steps.
        : msg("{file} is a newer copy of {game} ({steps}; {game} here has {here}). "
          + "Import it as another game beside it, or open the one on this device?", said);
      confirmPanel(msg("Import a copy"), text,
        { text: msg("Import it as another game"), run: () => keepImported(file.name, checked) },
        { text: msg("Open {game}", { game: known }), run: () => openGame(known) });
      return;
    }
  }
  await keepImported(file.name, checked);
}

/** Store the checked save of an imported file as a new game, and open it. */
async function keepImported(name, checked) {
  const id = freeId(checked.seed);
  const failed = commit(id, { save: checked.save, seed: checked.seed, goal: checked.goal,
    steps: checked.steps, step: null, answers: [] }, null);
  if (failed) {
    // Translators: {file} is the file's name; {reason} is why.
    renderHome(msg("{file} could not be stored on this device: {reason}",
      { file: name, reason: failed }));
    return;
  }
  await openGame(id);
  // Translators: {file} is the file's name; {game} the game's name, e.g. "lacerda-7".
  say(msg("Imported {file} as {game}.", { file: name, game: id }));
}

function deleteGame(id) {
  confirmPanel(msg("Delete"),
    // Translators: {id} is the game's name, e.g. "lacerda-7".
    msg("Delete {id} from this device? Export it first to keep it.", { id }), {
      text: msg("Delete it"),
      run: () => {
        localStorage.removeItem(PREFIX + id);
        renderHome();
      },
    }, { text: msg("Keep it"), run: () => renderHome() });
}

// --- the history of finished games ----------------------------------------------

let historyShown = false;

/** Our own SVG text (a chart the engine drew) as a node of this page, or null. */
function picture(text) {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = parsed.documentElement;
  return root.namespaceURI === "http://www.w3.org/2000/svg" && root.localName === "svg"
    ? document.importNode(root, true)
    : null;
}

function figuresTable(shown) {
  const head = [msg("Solo Goal"), msg("Games"), msg("Won"), msg("Mean margin"),
    msg("Best, worst")];
  const row = (t) => el("tr", {},
    el("th", { scope: "row" }, t.goal),
    [String(t.games), `${t.wins} (${t.win_rate})`, t.mean_margin, `${t.best}, ${t.worst}`]
      .map((value) => el("td", {}, value)));
  return el("table", { className: "figures" },
    el("caption", {}, msg("Per Solo Goal (margin: your total minus his)")),
    el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, shown.goals.map((t) => row(t))),
    el("tfoot", {}, row(shown.all)));
}

/** The History view: every finished game kept on this device, and how you fared. */
async function renderHistory() {
  historyShown = true;
  game.id = null;
  toolbar.hidden = true;
  if (location.hash !== "#history") history.pushState(null, "", "#history");
  show(el("h2", {}, msg("History")), el("p", { className: "muted" }, msg("Reading your games…")));
  const all = allGames();
  const kept = Object.keys(all).map((id) => [id, all[id].save, localDay(all[id].updated)]);
  let shown;
  try {
    shown = await call("history", kept);
  } catch (error) {
    if (historyShown) {
      renderHome(msg("The history could not be read: {reason}", { reason: reason(error) }));
    }
    return;
  }
  if (!historyShown) return; // the player went elsewhere meanwhile
  const back = el("p", {},
    button(msg("Back to the games"), () => renderHome(), { className: "primary" }));
  if (!shown.games.length) {
    show(el("h2", {}, msg("History")),
      el("p", {}, msg("No finished game on this device yet: a game counts here once its "
        + "final scoring is taken (also in a save imported from lacerda-bot play).")), back);
    return;
  }
  const totals = { games: shown.all.games, wins: shown.all.wins, rate: shown.all.win_rate,
    margin: shown.all.mean_margin };
  show(
    el("h2", {}, msg("History")),
    // one game or more (never none here): the same rule in every language of the page
    el("p", {}, shown.all.games === 1
      // Translators: {rate} is a percentage, e.g. "100%"; {margin} e.g. "+15" (yours minus his).
      ? msg("{games} finished game: you won {wins} ({rate}); mean margin {margin}.", totals)
      // Translators: {rate} is a percentage, e.g. "50%"; {margin} e.g. "+7.5" (yours minus his).
      : msg("{games} finished games: you won {wins} ({rate}); mean margin {margin}.", totals)),
    figuresTable(shown),
    ...shown.charts.map((chart) => el("figure", { className: "chart" },
      picture(chart.svg), el("figcaption", {}, chart.caption))),
    el("h3", {}, msg("Finished games, newest first")),
    el("ul", { className: "lines", "aria-label": msg("Finished games") },
      shown.games.map((g) => el("li", {}, finishedGame(g)))),
    unreadable(shown.unreadable),
    back,
  );
}

/** A finished game's line in the History: its day, name, Solo Goal, scores and verdict. */
function finishedGame(g) {
  // Translators: said as {day} in a finished game's line when its day is not known.
  const day = g.day || msg("date unknown");
  const said = { day, name: g.name, goal: g.goal, his: g.his, yours: g.yours, margin: g.margin,
    verdict: g.verdict };
  // Translators: e.g. "2026-12-03 · lacerda-4 · First Colonists: Lacerda 52 OP, you 61 OP
  // (margin -9); Lacerda wins." {verdict} is the engine's words ("you win", "Lacerda
  // wins"); OP: the game's points.
  return msg("{day} · {name} · {goal}: Lacerda {his} OP, you {yours} OP (margin {margin}); "
    + "{verdict}.", said);
}

/** What the History says of *n* stored games it could not read (nothing for none). */
function unreadable(n) {
  if (!n) return null;
  return el("p", { className: "muted" }, n === 1
    ? msg("{n} stored game could not be read.", { n })
    : msg("{n} stored games could not be read.", { n }));
}

// --- a game ------------------------------------------------------------------------

async function openGame(id) {
  const kept = record(id);
  if (kept === null) {
    renderHome(msg("No saved game {id} on this device.", { id }));
    return;
  }
  game.id = id;
  game.save = kept.save;
  game.step = null;
  game.answers = [];
  game.doubted = null;
  const address = `#game=${encodeURIComponent(id)}`;
  if (location.hash !== address) history.pushState(null, "", address); // Back: home
  toolbar.hidden = false;
  show(el("h2", {}, msg("Loading the game…")));
  try {
    await engine;
  } catch {
    return; // the engine line says why
  }
  game.ticks = Array.isArray(kept.ticks) ? kept.ticks : [];
  if (typeof kept.step === "string" && Array.isArray(kept.answers)) {
    try {
      render(await call("screen", game.save, kept.step, kept.answers));
      return;
    } catch (error) {
      if (engineDead) return; // the engine line says why; nothing is stored
      // a step in progress that no longer fits the save: start from the save
    }
  }
  try {
    render(await call("screen", game.save));
  } catch (error) {
    if (engineDead) return;
    // Translators: {id} is the game's name, e.g. "lacerda-7"; {reason} is why.
    renderHome(msg("{id} could not be read: {reason}", { id, reason: reason(error) }));
  }
}

function render(screen) {
  if (panelOpen && history.state?.panel) { // closed by its own button: drop its entry
    closingPanel = true;
    history.back();
  }
  panelOpen = false;
  game.screen = screen;
  if (!performance.getEntriesByName("lacerda-first-screen").length) {
    performance.mark("lacerda-first-screen"); // read by the browser test's timings
  }
  if (screen.kind === "next") {
    game.step = null;
    game.answers = [];
  } else if (screen.kind === "question") {
    game.step = screen.step;
    game.answers = screen.answers;
  }
  game.doubted = screen.kind === "question" ? screen.doubted : null;
  if (screen.kind === "done") {
    finish(screen);
    return;
  }
  updateToolbar();
  if (screen.kind === "next") renderNext(screen);
  else renderQuestion(screen);
  storeProgress(); // after showing the screen, so that a refusal shows above it
}

function updateToolbar() {
  const s = game.screen;
  const undo = document.getElementById("undo");
  undo.textContent = game.step !== null ? msg("Cancel") : msg("Undo");
  undo.setAttribute("aria-label",
    game.step !== null ? msg("Cancel this step") : msg("Undo the last step"));
  undo.disabled = !(game.step !== null || (s && s.can_undo));
  document.getElementById("redo").disabled = !(game.step === null && s && s.can_redo);
}

function cardBox(lines) {
  const line = lines.find((l) => l.card);
  if (!line) return null;
  const c = line.card;
  const icon = c.icon ? picture(c.icon) : null;
  if (icon) icon.classList.add("card-icon");
  return el("section", { className: icon ? "card pictured" : "card",
    // Translators: {face} is the card's number and letter as printed, e.g. "3B".
    "aria-label": msg("His solo card {face}", { face: c.face }) },
    icon,
    el("div", { className: icon ? "number visually-hidden" : "number" }, c.face),
    el("div", { className: "detail" }, cardDetail(c)));
}

/** The card's line under its number: its side, action and Mission, and X if no Shuttle. */
function cardDetail(c) {
  const said = { side: c.side, action: c.action, mission: c.mission };
  if (c.side && c.travels) {
    // Translators: {side} is "Orbit" or "Colony"; {action} (1-6) and {mission} are numbers.
    return msg("{side} side · action {action} · Mission {mission}", said);
  }
  if (c.side) {
    // Translators: {side} is "Orbit" or "Colony"; {action} (1-6) and {mission} are numbers;
    // X marks a card whose action takes no Shuttle.
    return msg("{side} side · action {action} · Mission {mission} · X (no Shuttle)", said);
  }
  if (c.travels) {
    // Translators: {action} (1-6) and {mission} are numbers.
    return msg("action {action} · Mission {mission}", said);
  }
  // Translators: {action} (1-6) and {mission} are numbers; X marks a card whose action
  // takes no Shuttle.
  return msg("action {action} · Mission {mission} · X (no Shuttle)", said);
}

/** A line's action icon, hidden from screen readers: the line's words say the same. */
function lineIcon(line) {
  const icon = line.icon ? picture(line.icon) : null;
  if (icon) {
    icon.classList.add("action-icon");
    icon.setAttribute("aria-hidden", "true");
  }
  return icon;
}

/** The lines as boxes the player ticks as he moves the pieces; ticks are kept. */
function checklist(lines, label, ticking = true) {
  if (!ticking) {
    return el("ul", { className: "lines report", "aria-label": label },
      lines.map((line) => el("li", {}, lineIcon(line), line.text)));
  }
  return el("ol", { className: "lines", "aria-label": label },
    lines.map((line, n) => {
      const box = el("input", { type: "checkbox", checked: Boolean(game.ticks[n]) });
      box.addEventListener("change", () => {
        game.ticks[n] = box.checked;
        storeProgress();
      });
      return el("li", {}, el("label", {}, box, lineIcon(line),
        el("span", {}, `${n + 1}. ${line.text}`)));
    }));
}

function renderNext(screen) {
  const steps = screen.steps.map((step) => {
    const next = step === screen.expected;
    return el("button", { type: "button", className: next ? "primary" : "",
      "data-step": step, onclick: () => begin(step) },
    screen.labels[step],
    // Translators: said after the name of the step that comes next (a leading space).
    next ? el("span", { className: "visually-hidden" }, msg(" (next)")) : null);
  });
  show(
    el("h2", {}, screen.over ? msg("The game is over")
      : msg("Round {round}: what comes now?", { round: screen.round })),
    screen.over ? el("p", {}, msg("Undo takes back the final scoring if it came too early. "
      + "The game now counts in the History of your games.")) : null,
    screen.over
      ? el("p", {}, button(msg("History"), () => renderHistory(), { id: "history" }))
      : null,
    el("div", { className: "answers wide", role: "group", "aria-label": msg("Next step") }, steps),
    screen.last.length ? el("h3", {}, msg("His last step")) : null,
    screen.last.length ? cardBox(screen.last) : null,
    screen.last.length
      ? checklist(screen.last, msg("His last step"), screen.last_checklist)
      : null,
  );
}

function begin(step, insist = false) {
  const s = game.screen;
  const refused = s.refusals[step];
  const confirm = s.confirmations[step];
  if ((refused || confirm) && !insist) {
    const text = refused
      // Translators: {step} is a step's name, e.g. "Final scoring"; {reason} is why.
      ? msg("{step} is out of order: {reason}.", { step: s.labels[step], reason: refused })
      : confirm;
    confirmPanel(msg("Are you sure?"), text,
      { text: refused ? msg("Take it anyway") : msg("Go on"), run: () => begin(step, true) },
      { text: msg("Cancel"), run: () => render(game.screen) });
    return;
  }
  game.ticks = [];
  ask(step, [], undefined);
}

async function ask(step, answers, typed, doubted = null) {
  const start = performance.now();
  const save = game.save;
  let screen;
  try {
    screen = await call("screen", save, step, answers, typed, doubted, localDay(Date.now()));
  } catch (error) {
    showError(reason(error));
    return;
  }
  if (game.save !== save) return; // the game changed meanwhile (another tab, undo)
  render(screen);
  performance.measure("lacerda-answer", { start }); // read by the browser test's timings
}

// An answer tap is taken once. A double tap's second tap lands on the next
// question, drawn in the same place by then, so a question takes no answer for a
// moment after it appears, and none after its answer is taken.
const TAP_PAUSE_MS = 400;
const tap = { shown: 0, taken: false, screen: -Infinity };
// The clock a tap is timed by; a browser test may stand another in its place.
const tapClock = () => (window.lacerdaTapClock ?? (() => performance.now()))();

function answerShown() {
  tap.shown = tapClock();
  tap.taken = false;
}

function answer(typed) {
  if (tap.taken || tapClock() - tap.shown < TAP_PAUSE_MS) return;
  tap.taken = true;
  ask(game.step, game.answers, typed, game.doubted);
}

async function finish(screen) {
  const stored = record(game.id);
  const failed = stored !== null && stored.save === screen.save
    ? "" // stored already (a second try after a write that did go through)
    : commit(game.id, { save: screen.save, steps: screen.steps, step: null, answers: [] },
      game.save);
  if (failed) {
    // nothing is lost: the step stays in progress, to store again or export
    show(
      el("h2", {}, msg("This step could not be stored")),
      el("p", { className: "error", role: "alert" }, failed),
      el("div", { className: "row" },
        button(msg("Try again"), () => finish(screen), { className: "primary" }),
        button(msg("Export the game"), () => download(game.id, screen.save))),
    );
    return;
  }
  game.save = screen.save;
  game.step = null;
  game.answers = [];
  let next;
  try {
    next = await call("screen", game.save);
  } catch (error) {
    showError(reason(error)); // the step is stored: a reload shows what comes next
    return;
  }
  commit(game.id, { round: next.round, over: next.over }, game.save);
  game.screen = next;
  updateToolbar();
  show(
    el("h2", {}, screen.checklist
      // Translators: {step} is a step's name, e.g. "Lacerda's turn".
      ? msg("{step}: what Lacerda does", { step: screen.label })
      : screen.label),
    cardBox(screen.lines),
    checklist(screen.lines, screen.checklist ? msg("What Lacerda does") : screen.label,
      screen.checklist),
    screen.changes.length ? el("h3", {}, msg("His board now")) : null,
    screen.changes.length ? el("ul", {}, screen.changes.map((c) => el("li", {}, c))) : null,
    screen.reminder ? el("p", { className: "muted" }, screen.reminder) : null,
    el("p", { className: "continue" },
      button(msg("Continue"), () => render(next), { className: "primary", id: "continue" })),
  );
  document.getElementById("continue").focus({ preventScroll: true });
}

function renderQuestion(screen) {
  const q = screen.question;
  const hint = el("div", { className: "hint", id: "hint", hidden: true }, q.hint);
  const explain = button("?", () => {
    hint.hidden = !hint.hidden;
    explain.setAttribute("aria-expanded", String(!hint.hidden));
  }, { "aria-label": msg("What this question means"), "aria-controls": "hint",
    "aria-expanded": "false" });
  show(
    el("p", { className: "muted" }, screen.label),
    screen.refusal
      // Translators: {reason} is why the step is out of order (the engine's words).
      ? el("p", { className: "muted" }, msg("Out of order: {reason}", { reason: screen.refusal }))
      : null,
    screen.lines.length ? cardBox(screen.lines) : null,
    screen.lines.length
      ? el("p", { className: "latest" }, screen.lines[screen.lines.length - 1].text)
      : null,
    el("h2", { className: "question", id: "question" }, q.text),
    screen.error ? el("p", { className: "error", role: "alert" }, screen.error) : null,
    el("div", { "data-kind": q.kind, id: "answers" }, answers(q)),
    el("div", { className: "row" },
      explain,
      button(msg("Back"), back, { id: "back", disabled: screen.answers.length === 0,
        "aria-label": msg("Back: take back your last answer") })),
    hint,
    screen.lines.length ? el("h3", {}, msg("So far")) : null,
    screen.lines.length ? checklist(screen.lines, msg("So far")) : null,
  );
  answerShown();
}

/** *word* with a capital first letter ("none" -> "None"). */
function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function answers(q) {
  const group = (nodes, wide = false) => el("div", {
    className: wide ? "answers wide" : "answers", role: "group", "aria-labelledby": "question",
  }, nodes);
  const mark = (node, isDefault) => {
    if (isDefault) {
      node.classList.add("default");
      // Translators: said after the answer the page suggests (a leading space).
      node.append(el("span", { className: "visually-hidden" }, msg(" (suggested)")));
    }
    return node;
  };
  switch (q.kind) {
    case "yes_no":
      return group([
        mark(button(msg("Yes"), () => answer("y")), q.default === true),
        mark(button(msg("No"), () => answer("n")), q.default === false),
      ]);
    case "count": {
      if (q.high - q.low <= 30) { // a button per number: no stepper to fiddle with
        const numbers = [];
        for (let n = q.low; n <= q.high; n += 1) {
          const label = n === 0 && q.zero ? capital(q.zero_label) : String(n);
          numbers.push(mark(button(label, () => answer(String(n))), q.default === n));
        }
        return group(numbers);
      }
      // 0 said by its own button ("None"): the field starts at 1, so 0 is never typed
      const low = q.zero && q.low === 0 ? 1 : q.low;
      const input = el("input", { type: "number", min: String(low), max: String(q.high),
        value: String(q.default ?? low), inputMode: "numeric", "aria-labelledby": "question" });
      const step = (d) => () => {
        input.value = String(Math.min(q.high, Math.max(low, Number(input.value || 0) + d)));
      };
      const form = el("form", { className: "stepper" },
        button("−", step(-1), { "aria-label": msg("One less") }), input,
        button("+", step(1), { "aria-label": msg("One more") }),
        el("button", { type: "submit", className: "primary" }, msg("OK")));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        answer(input.value);
      });
      if (q.zero && q.low === 0) { // 0 has its own word ("None"): one tap, no stepper
        return el("div", {}, group([button(capital(q.zero_label), () => answer("0"))]), form);
      }
      return form;
    }
    case "pick":
      // each choice in the player's words (labels); the answer sent is its number
      return group(q.choices.map((choice, n) =>
        mark(button(q.labels[n], () => answer(String(n + 1))), q.default === choice)), true);
    case "benefits":
      return benefits(q);
    default:
      return el("p", { className: "error" }, `Unknown question kind ${q.kind}`);
  }
}

/** A benefits question: tap each benefit shown, with its number or building. */
function benefits(q) {
  // each benefit shown in the player's words; the answer sent is the stored English
  const said = (choice) => q.labels[q.choices.indexOf(choice)] ?? choice;
  const chosen = [];
  const list = el("ul", { "aria-label": msg("Benefits chosen"), "aria-live": "polite" });
  const room = el("p", { className: "muted", "aria-live": "polite" });
  const ok = button(msg("OK"),
    () => answer(chosen.map((item) => item.text).join(", ") || q.nothing),
    { className: "primary" });
  const redraw = () => {
    list.replaceChildren(...chosen.map((item, n) => el("li", {},
      item.label, " ", button(msg("Remove"), () => { chosen.splice(n, 1); redraw(); ok.focus(); },
        // Translators: {benefit} is a benefit as chosen, e.g. "Crystals 2".
        { "aria-label": msg("Remove {benefit}", { benefit: item.label }) }))));
    const full = chosen.length >= q.high;
    room.textContent = full
      // Translators: {most} is a number; OK and Remove are the page's buttons.
      ? msg("That is all it can show ({most}); OK to answer, or Remove one.", { most: q.high })
      // Translators: {most} is a number; OK is the page's button.
      : msg("Tap each benefit it shows (up to {most}), then OK.", { most: q.high });
    choiceButtons.forEach((b) => { b.disabled = full; });
  };
  const detail = el("div", { className: "row", "aria-live": "polite" });
  const picked = (text, label) => {
    if (q.high === 1) { // one benefit is the whole answer: no OK to tap
      answer(text);
      return;
    }
    chosen.push({ text, label });
    detail.replaceChildren();
    redraw();
    ok.focus();
  };
  const add = (choice) => {
    if (chosen.length >= q.high) return;
    if (q.counted.includes(choice)) {
      // Translators: {benefit} is a benefit's name, e.g. "Crystals".
      detail.replaceChildren(el("span", {}, msg("How many {benefit}?", { benefit: said(choice) })),
        ...Array.from({ length: q.counted_most }, (_, n) =>
          button(String(n + 1), () => picked(`${choice} ${n + 1}`, `${said(choice)} ${n + 1}`))));
      detail.querySelector("button").focus();
    } else if (choice === q.builds) {
      // Translators: {benefit} is a benefit's name, e.g. "Construct".
      detail.replaceChildren(el("span", {}, msg("{benefit}: which building?", { benefit: said(choice) })),
        ...q.buildings.map((b, n) => button(q.building_labels[n],
          () => picked(`${choice} ${b}`, `${said(choice)} ${q.building_labels[n]}`))));
      detail.querySelector("button").focus();
    } else {
      picked(choice, said(choice));
    }
  };
  const choiceButtons = q.choices.filter((c) => c !== q.nothing)
    .map((c) => button(said(c), () => add(c)));
  redraw();
  return el("div", {},
    el("div", { className: "answers benefits", role: "group", "aria-labelledby": "question" },
      choiceButtons),
    detail,
    room,
    list,
    el("div", { className: "row" }, button(msg("Nothing"), () => answer(q.nothing)), ok));
}

function back() {
  ask(game.step, game.answers.slice(0, -1), undefined);
}

function showError(text) {
  main.prepend(el("p", { className: "error", role: "alert" }, text));
  window.scrollTo(0, 0);
}

// --- the toolbar ---------------------------------------------------------------

function panel(title, lines) {
  const close = button(msg("Close"), () => render(game.screen), { className: "primary" });
  show(el("h2", {}, title), ...lines, el("p", {}, close));
  panelOpened();
}

// Back closes an open panel (Why, Status, a confirmation) and stays in the game; in a
// game with no panel open it goes back to the saved games; a changed #game= opens
// that game. The page never leaves the app on Back from a panel.
let panelOpen = false;
let closingPanel = false; // the history entry of a panel closed by its button

function panelOpened() {
  if (!panelOpen) history.pushState({ panel: true }, "", location.href);
  panelOpen = true;
}

window.addEventListener("popstate", () => {
  if (closingPanel) {
    closingPanel = false;
    return;
  }
  if (panelOpen) {
    panelOpen = false;
    if (game.id !== null && game.screen) render(game.screen);
    return;
  }
  followAddress();
});

window.addEventListener("hashchange", followAddress);

function followAddress() {
  const id = new URLSearchParams(location.hash.slice(1)).get("game");
  if (location.hash === "#history") {
    if (!historyShown) renderHistory();
  } else if (id === null) {
    if (game.id !== null || historyShown) renderHome();
  } else if (id !== game.id) {
    openGame(id);
  }
}

/** A toolbar action: only in an open game with the engine up; errors shown, not thrown. */
function action(id, run) {
  document.getElementById(id).addEventListener("click", () => {
    if (game.id === null) return;
    if (engineDead) {
      say(stoppedWords);
      return;
    }
    if (!engineUp) {
      say(() => msg("The engine is still starting…"));
      return;
    }
    settle(run);
  });
}

document.getElementById("games").addEventListener("click", () => renderHome());

/** Store *save* as the game's new save (after undo or redo) and show it. */
async function replaceSave(save, done) {
  const next = await call("screen", save);
  const failed = commit(game.id, { save, steps: next.taken, round: next.round, over: next.over,
    step: null, answers: [], ticks: [] }, game.save);
  if (failed) {
    // Translators: {reason} is why, e.g. "the engine has stopped: reload the page".
    showError(msg("Not done, because it could not be stored: {reason}", { reason: failed }));
    return;
  }
  game.save = save;
  game.ticks = [];
  render(next);
  say(done);
}

action("undo", async () => {
  if (game.step !== null) {
    const step = game.screen.label;
    confirmPanel(msg("Cancel the step"),
      // Translators: {step} is a step's name, e.g. "Lacerda's turn".
      msg("Cancel {step}? Its answers so far are dropped; taken again, it shows the same card.",
        { step }),
      {
        text: msg("Cancel the step"),
        run: async () => {
          game.ticks = [];
          render(await call("screen", game.save));
          // Translators: {step} is a step's name, e.g. "Lacerda's turn".
          say(msg("Cancelled: {step}.", { step }));
        },
      },
      { text: msg("Keep going"), run: () => render(game.screen) });
    return;
  }
  // Translators: said as {step} where the last step has no name.
  const step = game.screen.last_label || msg("the last step");
  const last = await call("last_step", game.save);
  confirmPanel(msg("Undo"),
    // Translators: {step} is a step's name, e.g. "Lacerda's turn" (else "the last step").
    msg("Undo {step}? Redo plays it again. Take back what it did, last first:", { step }),
    {
      // Translators: {step} is a step's name, e.g. "Lacerda's turn" (else "the last step").
      text: msg("Undo {step}", { step }),
      run: async () => replaceSave(await call("undo_save", game.save),
        // Translators: {step} is a step's name, e.g. "Lacerda's turn" (else "the last step").
        msg("Undone: {step}. Redo plays it again.", { step })),

    },
    { text: msg("Keep it"), run: () => render(game.screen) },
    [
      // numbered as shown
      el("ul", { className: "put-back", "aria-label": msg("What to take back") },
        last.put_back.map((line) => el("li", {}, line))),
      last.board_back.length ? el("p", {}, msg("His board back to:")) : null,
      last.board_back.length ? el("ul", {}, last.board_back.map((c) => el("li", {}, c))) : null,
    ]);
});

action("redo", async () => {
  const save = await call("redo_save", game.save);
  const now = (await call("last_step", save)).board_now;
  replaceSave(save, now.length
    // Translators: {changes} is what changed on his board, e.g. "Crystals: 2 -> 5; Lab: ...".
    ? msg("Redone, the same as before. His board now: {changes}.", { changes: now.join("; ") })
    : msg("Redone: the same as before."));
});

action("why", () => {
  const s = game.screen;
  const lines = (s.kind === "question" ? s.lines : s.last) || [];
  if (!lines.length) {
    panel(msg("Why"), [el("p", {}, msg("Nothing has happened yet."))]);
    return;
  }
  panel(msg("Why"), [el("ol", { className: "lines" }, lines.map((line) => el("li", {},
    el("div", {}, line.text),
    line.rules.length
      // Translators: {rules} are rule IDs, e.g. "R-TURN-1, R-TIE-2".
      ? el("div", { className: "muted" }, msg("Rules: {rules}", { rules: line.rules.join(", ") }))
      : null,
    line.why.map((detail) => el("div", { className: "muted" }, detail)))))]);
});

action("status", async () => {
  const note = game.step !== null
    ? el("p", { className: "muted" },
      msg("As of the last complete step; the step in progress is not in it yet."))
    : null;
  const lines = await call("status", game.save);
  const sequence = picture(await call("status_picture", game.save));
  if (sequence) sequence.classList.add("sequence");
  const drawn = await call("board_picture", game.save);
  const board = drawn ? picture(drawn) : null;
  if (board) board.classList.add("board");
  panel(msg("Status"),
    [note, sequence, board, el("ul", {}, lines.map((line) => el("li", {}, line)))]);
});

/** Download game *id*'s save, named as `lacerda-bot play` names it. */
function download(id, save = null) {
  const kept = record(id);
  const text = save ?? kept?.save;
  if (!text) return;
  const link = el("a", {
    href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
    download: `lacerda-${kept ? kept.seed : id}.json`,
  });
  document.body.append(link);
  link.click();
  link.remove();
}

action("export", () => download(game.id, game.save));

// another tab or window changed this game: show it as stored now
window.addEventListener("storage", (event) => {
  const kept = game.id === null ? null : record(game.id);
  if (game.id !== null && event.key === PREFIX + game.id && kept?.save !== game.save) {
    openGame(game.id).then(() => say(
      msg("This game changed in another tab or window: it is shown as stored now.")));
  }
});

// --- start ---------------------------------------------------------------------

applyPageWords();
const wanted = new URLSearchParams(location.hash.slice(1)).get("game");

if (wanted && record(wanted) !== null) openGame(wanted);
else if (location.hash === "#history") renderHistory();
else renderHome();
