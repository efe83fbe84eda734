// The page of the table companion. It holds no rule: every screen comes from the
// lacerda_bot Python package (lacerda_bot.table.screen) running under Pyodide in a
// Web Worker (engine.js), and this script only shows screens, sends answers back and
// keeps the saves. The page's thread never runs Python: it answers taps at once,
// while the engine starts and while it works.

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

const STOPPED = "The engine has stopped. Reload the page to go on: every complete step "
  + "is stored, and the step in progress is kept as it was.";
const worker = new Worker("engine.js", { type: "module" });
const waiting = new Map(); // call number -> { resolve, reject }
let calls = 0;
let engineUp = false;
let engineDead = false;

function stopped() {
  engineDead = true;
  engineLine.textContent = STOPPED;
  engineLine.classList.add("error");
  for (const pending of waiting.values()) pending.reject(new EngineError(STOPPED, true));
  waiting.clear();
}

const engine = new Promise((resolve, reject) => {
  worker.addEventListener("message", (event) => {
    const message = event.data;
    switch (message.kind) {
      case "progress":
        if (!engineUp && !engineDead) say(message.text);
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
        pending.reject(new EngineError(message.fatal ? STOPPED : message.error, message.fatal));
      }
    }
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    stopped();
    reject(new Error("the engine could not run"));
  });
});
engine.catch((error) => {
  if (engineDead && engineLine.textContent === STOPPED) return;
  engineLine.textContent = `The engine could not start: ${error.message}. Reload the page.`;
  engineLine.classList.add("error");
});

if ("serviceWorker" in navigator && window.isSecureContext) {
  const updating = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.register("sw.js").catch(() => {});
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updating) say("A new version of this page is ready: reload to use it.");
  });
}

// While the engine works the page says so (aria-busy), for screen readers and for
// the browser tests, which wait for the screen the engine sends.
let working = 0;

function busy(change) {
  working += change;
  main.setAttribute("aria-busy", String(working > 0));
}

/** Call a function of lacerda_bot.table.screen in the engine: plain values in and out. */
async function call(name, ...args) {
  busy(1);
  try {
    await engine;
    if (engineDead) throw new EngineError(STOPPED, true);
    calls += 1;
    const id = calls;
    return await new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, name, args: args.map((value) => value ?? null) });
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
  if (engineDead) return "the engine has stopped: reload the page";
  try {
    const current = record(id);
    const holds = current === null ? null : current.save;
    if (holds !== base) {
      return "this game was changed in another tab or window: reload the page to see it";
    }
    const next = { ...(current || {}), ...fields, updated: Date.now() };
    localStorage.setItem(PREFIX + id, JSON.stringify(next));
    return "";
  } catch (error) {
    const full = error && error.name === "QuotaExceededError"
      ? " (this browser's storage for the page is full: Export, then Delete, old games)"
      : "";
    return `${String(error.message || error)}${full}`;
  }
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
  if (failed.startsWith("this game was changed")) showError(`Not stored: ${failed}.`);
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

function say(text) {
  engineLine.textContent = text;
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
  const list = el("ul", { className: "games", "aria-label": "Saved games" },
    ids.map((id) => el("li", {},
      el("span", {}, `${id}: ${all[id].goal}, `
        + (all[id].over ? "over, " : all[id].round ? `round ${all[id].round}, ` : "")
        + `${all[id].steps} steps, ${new Date(all[id].updated).toLocaleString()}`),
      el("span", { className: "row" },
        button("Continue", () => openGame(id), { "aria-label": `Continue ${id}` }),
        button("Export", () => download(id), { "aria-label": `Export ${id}` }),
        button("Delete", () => deleteGame(id), { "aria-label": `Delete ${id}` })))));
  const form = el("form", { id: "new-game" });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    startGame(new FormData(form));
  });
  show(
    el("h2", {}, "Lacerda at your table"),
    message ? el("p", { className: "error", role: "alert" }, message) : null,
    ids.length ? el("h3", {}, "Saved games") : null,
    ids.length ? list : el("p", { className: "muted" }, "No saved game on this device yet."),
    ids.length
      ? el("p", {}, button("History", () => renderHistory(), { id: "history",
        "aria-label": "History: your finished games and how you fared" }))
      : null,
    el("h3", {}, "New game"),
    form,
    el("h3", {}, "Import a save"),
    el("p", { className: "muted" },
      "A file saved by this page or by lacerda-bot play (the same format)."),
    el("input", { type: "file", id: "import", accept: ".json,application/json",
      "aria-label": "Import a save file", onchange: importSave }),
  );
  engine.then(() => fillNewGame(form)).catch(() => {});
  form.append(el("p", { className: "muted" }, "Starting the engine…"));
}

async function fillNewGame(form) {
  const choices = await call("start_choices");
  const goals = el("select", { name: "goal", id: "goal" },
    choices.goals.map((g) => el("option", { value: g.id }, g.name)));
  const options = el("details", {},
    el("summary", {}, "Rules options"),
    choices.options.map((o) => el("label", { className: "field", title: o.rules },
      el("span", {}, o.about),
      o.values.length
        ? el("select", { name: `option:${o.name}` },
          o.values.map((v) => el("option", { value: v, selected: v === o.default },
            v === o.default ? `${v} (default)` : v)))
        : el("input", { name: `option:${o.name}`, type: "number", min: "0", max: "99",
          value: o.default, inputMode: "numeric" }))));
  form.replaceChildren(
    el("label", { className: "field" }, "Seed (empty: a random one)",
      el("input", { name: "seed", id: "seed", type: "text", inputMode: "numeric",
        pattern: "[0-9]*", autocomplete: "off" })),
    el("label", { className: "field" }, "Solo Goal", goals),
    options,
    el("p", {}, el("button", { type: "submit", className: "primary" }, "Start a new game")),
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
    renderHome(`The new game could not be stored on this device: ${failed}`);
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
    renderHome(`${file.name} was not imported: ${checked.error}`);
    return;
  }
  const games = allGames();
  const same = Object.keys(games).find((known) => games[known].save === checked.save);
  if (same !== undefined) {
    await openGame(same);
    say(`${file.name} is already on this device, as ${same}.`);
    return;
  }
  for (const known of Object.keys(games).filter((id) => games[id].seed === checked.seed)) {
    const how = await call("same_game", checked.save, games[known].save).catch(() => "other");
    if (how === "same") {
      await openGame(known);
      say(`${file.name} is already on this device, as ${known}.`);
      return;
    }
    if (how === "older" || how === "newer") {
      const steps = `${checked.steps} steps; ${known} here has ${games[known].steps}`;
      confirmPanel("Import a copy",
        `${file.name} is ${how === "older" ? "an older" : "a newer"} copy of ${known} (${steps}). `
        + "Import it as another game beside it, or open the one on this device?",
        { text: "Import it as another game", run: () => keepImported(file.name, checked) },
        { text: `Open ${known}`, run: () => openGame(known) });
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
    renderHome(`${name} could not be stored on this device: ${failed}`);
    return;
  }
  await openGame(id);
  say(`Imported ${name} as ${id}.`);
}

function deleteGame(id) {
  confirmPanel("Delete", `Delete ${id} from this device? Export it first to keep it.`, {
    text: "Delete it",
    run: () => {
      localStorage.removeItem(PREFIX + id);
      renderHome();
    },
  }, { text: "Keep it", run: () => renderHome() });
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
  const head = ["Solo Goal", "Games", "Won", "Mean margin", "Best, worst"];
  const row = (t) => el("tr", {},
    el("th", { scope: "row" }, t.goal),
    [String(t.games), `${t.wins} (${t.win_rate})`, t.mean_margin, `${t.best}, ${t.worst}`]
      .map((value) => el("td", {}, value)));
  return el("table", { className: "figures" },
    el("caption", {}, "Per Solo Goal (margin: your total minus his)"),
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
  show(el("h2", {}, "History"), el("p", { className: "muted" }, "Reading your games…"));
  const all = allGames();
  const kept = Object.keys(all).map((id) => [id, all[id].save, localDay(all[id].updated)]);
  let shown;
  try {
    shown = await call("history", kept);
  } catch (error) {
    if (historyShown) renderHome(`The history could not be read: ${reason(error)}`);
    return;
  }
  if (!historyShown) return; // the player went elsewhere meanwhile
  const back = el("p", {}, button("Back to the games", () => renderHome(), { className: "primary" }));
  if (!shown.games.length) {
    show(el("h2", {}, "History"),
      el("p", {}, "No finished game on this device yet: a game counts here once its "
        + "final scoring is taken (also in a save imported from lacerda-bot play)."), back);
    return;
  }
  show(
    el("h2", {}, "History"),
    el("p", {}, `${shown.all.games} finished game${shown.all.games === 1 ? "" : "s"}: `
      + `you won ${shown.all.wins} (${shown.all.win_rate}); mean margin ${shown.all.mean_margin}.`),
    figuresTable(shown),
    ...shown.charts.map((chart) => el("figure", { className: "chart" },
      picture(chart.svg), el("figcaption", {}, chart.caption))),
    el("h3", {}, "Finished games, newest first"),
    el("ul", { className: "lines", "aria-label": "Finished games" },
      shown.games.map((g) => el("li", {},
        `${g.day || "date unknown"} · ${g.name} · ${g.goal}: Lacerda ${g.his} OP, `
        + `you ${g.yours} OP (margin ${g.margin}); ${g.verdict}.`))),
    shown.unreadable
      ? el("p", { className: "muted" }, `${shown.unreadable} stored game(s) could not be read.`)
      : null,
    back,
  );
}

// --- a game ------------------------------------------------------------------------

async function openGame(id) {
  const kept = record(id);
  if (kept === null) {
    renderHome(`No saved game ${id} on this device.`);
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
  show(el("h2", {}, "Loading the game…"));
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
    renderHome(`${id} could not be read: ${reason(error)}`);
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
  undo.textContent = game.step !== null ? "Cancel" : "Undo";
  undo.setAttribute("aria-label", game.step !== null ? "Cancel this step" : "Undo the last step");
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
    "aria-label": `His solo card ${c.face}` },
    icon,
    el("div", { className: icon ? "number visually-hidden" : "number" }, c.face),
    el("div", { className: "detail" },
      `${c.side ? `${c.side} side · ` : ""}action ${c.action} · Mission ${c.mission}`
      + (c.travels ? "" : " · X (no Shuttle)")));
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
    screen.labels[step], next ? el("span", { className: "visually-hidden" }, " (next)") : null);
  });
  show(
    el("h2", {}, screen.over ? "The game is over" : `Round ${screen.round}: what comes now?`),
    screen.over ? el("p", {}, "Undo takes back the final scoring if it came too early. "
      + "The game now counts in the History of your games.") : null,
    screen.over ? el("p", {}, button("History", () => renderHistory(), { id: "history" })) : null,
    el("div", { className: "answers wide", role: "group", "aria-label": "Next step" }, steps),
    screen.last.length ? el("h3", {}, "His last step") : null,
    screen.last.length ? cardBox(screen.last) : null,
    screen.last.length ? checklist(screen.last, "His last step", screen.last_checklist) : null,
  );
}

function begin(step, insist = false) {
  const s = game.screen;
  const refused = s.refusals[step];
  const confirm = s.confirmations[step];
  if ((refused || confirm) && !insist) {
    const text = refused
      ? `${s.labels[step]} is out of order: ${refused}.`
      : confirm;
    confirmPanel("Are you sure?", text,
      { text: refused ? "Take it anyway" : "Go on", run: () => begin(step, true) },
      { text: "Cancel", run: () => render(game.screen) });
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
      el("h2", {}, "This step could not be stored"),
      el("p", { className: "error", role: "alert" }, failed),
      el("div", { className: "row" },
        button("Try again", () => finish(screen), { className: "primary" }),
        button("Export the game", () => download(game.id, screen.save))),
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
    el("h2", {}, screen.checklist ? `${screen.label}: what Lacerda does` : screen.label),
    cardBox(screen.lines),
    checklist(screen.lines, screen.checklist ? "What Lacerda does" : screen.label,
      screen.checklist),
    screen.changes.length ? el("h3", {}, "His board now") : null,
    screen.changes.length ? el("ul", {}, screen.changes.map((c) => el("li", {}, c))) : null,
    screen.reminder ? el("p", { className: "muted" }, screen.reminder) : null,
    el("p", { className: "continue" },
      button("Continue", () => render(next), { className: "primary", id: "continue" })),
  );
  document.getElementById("continue").focus({ preventScroll: true });
}

function renderQuestion(screen) {
  const q = screen.question;
  const hint = el("div", { className: "hint", id: "hint", hidden: true }, q.hint);
  const explain = button("?", () => {
    hint.hidden = !hint.hidden;
    explain.setAttribute("aria-expanded", String(!hint.hidden));
  }, { "aria-label": "What this question means", "aria-controls": "hint", "aria-expanded": "false" });
  show(
    el("p", { className: "muted" }, screen.label),
    screen.refusal ? el("p", { className: "muted" }, `Out of order: ${screen.refusal}`) : null,
    screen.lines.length ? cardBox(screen.lines) : null,
    screen.lines.length
      ? el("p", { className: "latest" }, screen.lines[screen.lines.length - 1].text)
      : null,
    el("h2", { className: "question", id: "question" }, q.text),
    screen.error ? el("p", { className: "error", role: "alert" }, screen.error) : null,
    el("div", { "data-kind": q.kind, id: "answers" }, answers(q)),
    el("div", { className: "row" },
      explain,
      button("Back", back, { id: "back", disabled: screen.answers.length === 0,
        "aria-label": "Back: take back your last answer" })),
    hint,
    screen.lines.length ? el("h3", {}, "So far") : null,
    screen.lines.length ? checklist(screen.lines, "So far") : null,
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
      node.append(el("span", { className: "visually-hidden" }, " (suggested)"));
    }
    return node;
  };
  switch (q.kind) {
    case "yes_no":
      return group([
        mark(button("Yes", () => answer("y")), q.default === true),
        mark(button("No", () => answer("n")), q.default === false),
      ]);
    case "count": {
      if (q.high - q.low <= 30) { // a button per number: no stepper to fiddle with
        const numbers = [];
        for (let n = q.low; n <= q.high; n += 1) {
          const label = n === 0 && q.zero ? capital(q.zero) : String(n);
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
        button("−", step(-1), { "aria-label": "One less" }), input,
        button("+", step(1), { "aria-label": "One more" }),
        el("button", { type: "submit", className: "primary" }, "OK"));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        answer(input.value);
      });
      if (q.zero && q.low === 0) { // 0 has its own word ("None"): one tap, no stepper
        return el("div", {}, group([button(capital(q.zero), () => answer("0"))]), form);
      }
      return form;
    }
    case "pick":
      return group(q.choices.map((choice, n) =>
        mark(button(choice, () => answer(String(n + 1))), q.default === choice)), true);
    case "benefits":
      return benefits(q);
    default:
      return el("p", { className: "error" }, `Unknown question kind ${q.kind}`);
  }
}

/** A benefits question: tap each benefit shown, with its number or building. */
function benefits(q) {
  const chosen = [];
  const list = el("ul", { "aria-label": "Benefits chosen", "aria-live": "polite" });
  const room = el("p", { className: "muted", "aria-live": "polite" });
  const ok = button("OK", () => answer(chosen.map((item) => item.text).join(", ") || q.nothing),
    { className: "primary" });
  const redraw = () => {
    list.replaceChildren(...chosen.map((item, n) => el("li", {},
      item.text, " ", button("Remove", () => { chosen.splice(n, 1); redraw(); ok.focus(); },
        { "aria-label": `Remove ${item.text}` }))));
    const full = chosen.length >= q.high;
    room.textContent = full
      ? `That is all it can show (${q.high}); OK to answer, or Remove one.`
      : `Tap each benefit it shows (up to ${q.high}), then OK.`;
    choiceButtons.forEach((b) => { b.disabled = full; });
  };
  const detail = el("div", { className: "row", "aria-live": "polite" });
  const picked = (text) => {
    if (q.high === 1) { // one benefit is the whole answer: no OK to tap
      answer(text);
      return;
    }
    chosen.push({ text });
    detail.replaceChildren();
    redraw();
    ok.focus();
  };
  const add = (choice) => {
    if (chosen.length >= q.high) return;
    if (q.counted.includes(choice)) {
      detail.replaceChildren(el("span", {}, `How many ${choice}?`),
        ...Array.from({ length: q.counted_most }, (_, n) =>
          button(String(n + 1), () => picked(`${choice} ${n + 1}`))));
      detail.querySelector("button").focus();
    } else if (choice === q.builds) {
      detail.replaceChildren(el("span", {}, `${choice}: which building?`),
        ...q.buildings.map((b) => button(b, () => picked(`${choice} ${b}`))));
      detail.querySelector("button").focus();
    } else {
      picked(choice);
    }
  };
  const choiceButtons = q.choices.filter((c) => c !== q.nothing).map((c) => button(c, () => add(c)));
  redraw();
  return el("div", {},
    el("div", { className: "answers benefits", role: "group", "aria-labelledby": "question" },
      choiceButtons),
    detail,
    room,
    list,
    el("div", { className: "row" }, button("Nothing", () => answer(q.nothing)), ok));
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
  const close = button("Close", () => render(game.screen), { className: "primary" });
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
      say(STOPPED);
      return;
    }
    if (!engineUp) {
      say("The engine is still starting…");
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
    showError(`Not done, because it could not be stored: ${failed}`);
    return;
  }
  game.save = save;
  game.ticks = [];
  render(next);
  say(done);
}

action("undo", async () => {
  if (game.step !== null) {
    const label = game.screen.label;
    confirmPanel("Cancel the step",
      `Cancel ${label}? Its answers so far are dropped; taken again, it shows the same card.`,
      {
        text: "Cancel the step",
        run: async () => {
          game.ticks = [];
          render(await call("screen", game.save));
          say(`Cancelled: ${label}.`);
        },
      },
      { text: "Keep going", run: () => render(game.screen) });
    return;
  }
  const label = game.screen.last_label || "the last step";
  const last = await call("last_step", game.save);
  confirmPanel("Undo", `Undo ${label}? Redo plays it again. Take back what it did, last first:`,
    {
      text: `Undo ${label}`,
      run: async () => replaceSave(await call("undo_save", game.save),
        `Undone: ${label}. Redo plays it again.`),
    },
    { text: "Keep it", run: () => render(game.screen) },
    [
      el("ul", { className: "put-back", "aria-label": "What to take back" }, // numbered as shown
        last.put_back.map((line) => el("li", {}, line))),
      last.board_back.length ? el("p", {}, "His board back to:") : null,
      last.board_back.length ? el("ul", {}, last.board_back.map((c) => el("li", {}, c))) : null,
    ]);
});

action("redo", async () => {
  const save = await call("redo_save", game.save);
  const now = (await call("last_step", save)).board_now;
  replaceSave(save, now.length
    ? `Redone, the same as before. His board now: ${now.join("; ")}.`
    : "Redone: the same as before.");
});

action("why", () => {
  const s = game.screen;
  const lines = (s.kind === "question" ? s.lines : s.last) || [];
  if (!lines.length) {
    panel("Why", [el("p", {}, "Nothing has happened yet.")]);
    return;
  }
  panel("Why", [el("ol", { className: "lines" }, lines.map((line) => el("li", {},
    el("div", {}, line.text),
    line.rules.length ? el("div", { className: "muted" }, `Rules: ${line.rules.join(", ")}`) : null,
    line.why.map((detail) => el("div", { className: "muted" }, detail)))))]);
});

action("status", async () => {
  const note = game.step !== null
    ? el("p", { className: "muted" }, "As of the last complete step; the step in progress is not in it yet.")
    : null;
  const lines = await call("status", game.save);
  const sequence = picture(await call("status_picture", game.save));
  if (sequence) sequence.classList.add("sequence");
  const drawn = await call("board_picture", game.save);
  const board = drawn ? picture(drawn) : null;
  if (board) board.classList.add("board");
  panel("Status", [note, sequence, board, el("ul", {}, lines.map((line) => el("li", {}, line)))]);
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
    openGame(game.id).then(() => say("This game changed in another tab or window: it is shown as stored now."));
  }
});

// --- start ---------------------------------------------------------------------

const wanted = new URLSearchParams(location.hash.slice(1)).get("game");
if (wanted && record(wanted) !== null) openGame(wanted);
else if (location.hash === "#history") renderHistory();
else renderHome();
