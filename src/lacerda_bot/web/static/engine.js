// The page's engine: the lacerda_bot package under Pyodide, in a Web Worker, so the
// page answers taps while Python starts and while it works. It holds no rule and no
// storage: the page asks for a function of lacerda_bot.table.screen by name, with
// plain values, and gets plain values back (or the error's last line).
//
// Messages to the page:
//   { kind: "progress", text }          what the start is doing now (in English, marked
//                                       with msg: the page says it in the player's language)
//   { kind: "ready", origin, runtime, engine }
//                                       started: Pyodide up, then lacerda_bot imported
//                                       (ms after the worker's time origin)
//   { kind: "failed", text }            the engine could not start
//   { id, value }                       a call's result
//   { id, error, fatal }                a call's error; fatal: the engine is dead
//
// After a fatal error (Pyodide itself failed, as a stack overflow makes it) every
// later call answers fatal at once: the page must be reloaded, and nothing the dead
// engine would say can reach the page's storage.

/** Marks the page's words for the catalogs: the page says them in the player's language. */
const msg = (text) => text;

let screen = null;
let runtime = null;
let dead = false;

function progress(text) {
  self.postMessage({ kind: "progress", text });
}

const started = (async () => {
  progress(msg("Starting the engine: loading Python…"));
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const [python, packages] = await Promise.all([
    loadPyodide({ indexURL: new URL("./pyodide/", self.location.href).href }),
    fetch("lacerda.zip").then((r) => {
      if (!r.ok) throw new Error(`lacerda.zip: ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  const runtimeMs = performance.now();
  progress(msg("Starting the engine: loading Lacerda's rules…"));
  const purelib = python.runPython("import sysconfig; sysconfig.get_path('purelib')");
  python.unpackArchive(packages, "zip", { extractDir: purelib });
  screen = python.pyimport("lacerda_bot.table.screen");
  runtime = python;
  self.postMessage({
    kind: "ready", origin: performance.timeOrigin, runtime: runtimeMs, engine: performance.now(),
  });
})();

started.catch((error) => {
  dead = true;
  self.postMessage({ kind: "failed", text: String(error.message || error) });
});

/** The last line of a Python error: the typed error and its message. */
function reason(error) {
  const lines = String(error.message || error).trim().split("\n");
  return lines[lines.length - 1].replace(/^[\w.]+Error: /, "");
}

/** Whether *error* means Pyodide itself can no longer run. */
function fatal(error) {
  return /fatal/i.test(String(error.message || error));
}

function run(name, args, lang) {
  const made = [];
  const converted = args.map((value) => {
    if (value !== null && typeof value === "object") {
      const proxy = runtime.toPy(value);
      made.push(proxy);
      return proxy;
    }
    return value ?? undefined;
  });
  try {
    const result = lang ? screen[name].callKwargs(...converted, { lang })
      : screen[name](...converted);
    if (result && typeof result.toJs === "function") {
      const plain = result.toJs({ dict_converter: Object.fromEntries });
      result.destroy();
      return plain;
    }
    return result;
  } finally {
    made.forEach((proxy) => {
      try {
        proxy.destroy();
      } catch {
        // a dead runtime cannot free anything: nothing to do
      }
    });
  }
}

self.addEventListener("message", async (event) => {
  const { id, name, args, lang } = event.data;
  try {
    await started;
  } catch {
    self.postMessage({ id, error: msg("the engine could not start"), fatal: true });
    return;
  }
  if (dead) {
    self.postMessage({ id, error: msg("the engine has stopped"), fatal: true });
    return;
  }
  try {
    self.postMessage({ id, value: run(name, args, lang) });
  } catch (error) {
    dead = fatal(error);
    self.postMessage({ id, error: reason(error), fatal: dead });
  }
});
