// Solving: the settings, the progress stream of `/api/solve`, the mates as they are found, the
// answer (its line on the board), and a no-mate's refutation, browsable.

import * as api from "./api";
import type { CheckRequest, Refutation, RulesName, SolveAnswer, SolveRequest } from "./api";
import { byId, download, fill, h } from "./dom";
import { errorView } from "./errors";
import { num, t } from "./i18n";
import { problemText, positionReady } from "./editor";
import { showLine } from "./line";
import { app, idleSearch, render } from "./state";
import type { SearchState, Solution } from "./state";

/** How long Stop waits for the stream's own end before it drops the connection. */
const STOP_GRACE_MS = 3000;

/** A number field's value: null when empty, 0 or not a number. */
export function numberField(id: string): number | null {
  const text = byId<HTMLInputElement>(id).value.trim();
  const n = Number(text);
  return text && Number.isFinite(n) && n > 0 ? n : null;
}

/** The settings shared by solve and check, as the requests take them (a table size left empty is the server's). */
export function searchSettings(): Pick<SolveRequest, "rules" | "futile" | "hash_mb"> {
  const out: Pick<SolveRequest, "rules" | "futile" | "hash_mb"> = {
    rules: byId<HTMLSelectElement>("solve-rules").value as RulesName,
    futile: byId<HTMLSelectElement>("solve-futile").value as SolveRequest["futile"],
  };
  const hash = numberField("solve-hash");
  if (hash != null) out.hash_mb = Math.round(hash);
  return out;
}

/** Runs a progress stream into `search`, giving the last event's content to `done`. */
export async function runStream<E extends api.StreamEvent>(
  search: SearchState,
  path: "/api/solve" | "/api/check",
  body: SolveRequest | CheckRequest,
  done: (result: Extract<E, { event: "result" }>) => void,
): Promise<void> {
  const controller = new AbortController();
  Object.assign(search, idleSearch(), { running: true, controller });
  render();
  try {
    for await (const ev of api.stream<E>(path, body, controller.signal)) {
      if (ev.event === "progress") search.progress = ev;
      else if (ev.event === "mate_found") search.mates.push({ plies: ev.plies, nodes: ev.nodes, time_ms: ev.time_ms });
      else if (ev.event === "error") search.error = new api.ApiError(500, ev.error);
      else if (ev.event === "result") done(ev as Extract<E, { event: "result" }>);
      render();
    }
  } catch (e) {
    if (!(e instanceof DOMException && e.name === "AbortError")) {
      search.error = e instanceof api.ApiError ? e : new api.ApiError(0, { message: String(e) });
    }
  } finally {
    search.running = false;
    search.controller = null;
    render();
  }
}

/** Stop: the server is asked to stop (the stream then ends with its result); the connection is dropped if it does not. */
export async function stopSearch(search: SearchState): Promise<void> {
  if (!search.running) return;
  search.stopping = true;
  render();
  const controller = search.controller;
  try {
    await api.stop();
  } catch {
    controller?.abort();
    return;
  }
  window.setTimeout(() => {
    if (search.running && search.controller === controller) controller?.abort();
  }, STOP_GRACE_MS);
}

export async function startSolve(): Promise<void> {
  if (!positionReady() || app.solve.running || app.check.running) return;
  app.solution = null;
  // An empty time limit is no limit.
  const body: SolveRequest = { problem: problemText(), literal_hands: app.literal, ...searchSettings(), time: numberField("solve-time") };
  await runStream<api.SolveEvent>(app.solve, "/api/solve", body, (ev) => {
    const solution: Solution = { answer: ev.answer, kif: ev.kif, futileEndJa: ev.futile_end_ja };
    app.solution = solution;
    if (ev.answer.line.length) {
      void showLine({ kind: "solution", moves: ev.answer.line, futile: ev.answer.futile_plies, branchAt: null, finding: null, answer: null }, 0);
    }
  });
}

// Drawing.

export function progressView(search: SearchState): HTMLElement | null {
  const p = search.progress;
  if (!p) return null;
  const items: [string, string][] = [
    [t("solve.nodes"), num(p.nodes)],
    [t("solve.time.spent"), `${(p.time_ms / 1000).toFixed(1)} s`],
  ];
  if ("hash_permille" in p) items.push([t("solve.table"), `${(p.hash_permille / 10).toFixed(1)}%`]);
  if ("searches" in p) {
    items.push([t("solve.searches"), num(p.searches)]);
    items.push([t("solve.ply"), `${p.ply} / ${p.plies}`]);
  }
  const dl = h("dl", { class: "progress", "data-progress": "" });
  for (const [k, v] of items) dl.append(h("div", {}, h("dt", {}, k), h("dd", {}, v)));
  return dl;
}

function matesView(search: SearchState): HTMLElement | null {
  if (!search.mates.length) return null;
  const ul = h("ul", { class: "mates", "data-mates": "" });
  search.mates.forEach((m, i) => {
    const text = t(i === 0 ? "solve.first_mate" : "solve.shorter_mate", { n: m.plies });
    ul.append(h("li", {}, text, h("span", { class: "dim" }, ` — ${t("solve.nodes.count", { n: num(m.nodes) })}, ${(m.time_ms / 1000).toFixed(2)} s`)));
  });
  return ul;
}

function resultView(a: SolveAnswer): HTMLElement {
  const box = h("div", { class: `result result-${a.result}`, "data-result": a.result });
  if (a.warning) box.append(h("div", { class: "warning", "data-solve-warning": "" }, h("strong", {}, `${t("pos.warning")}: `), a.warning));
  if (a.result === "mate") {
    box.append(
      h("div", { class: "headline" }, t("solve.mate", { n: a.length ?? 0 }), " ", h("span", { class: "proven", "data-proven": "true" }, t("solve.proven"))),
    );
    if (a.minimax_length != null && a.length != null && a.minimax_length > a.length) {
      box.append(h("div", {}, t("solve.minimax", { n: a.minimax_length })));
    }
  } else if (a.result === "unknown") {
    if (a.interrupted) box.append(h("div", { class: "stopped" }, t("solve.stopped")));
    box.append(
      h(
        "div",
        { class: "headline" },
        a.mate_at_most != null ? t("solve.mate_at_most", { n: a.mate_at_most }) : t("solve.unknown"),
        " ",
        h("span", { class: "not-proven", "data-proven": "false" }, t("solve.not_proven")),
      ),
    );
  } else {
    box.append(h("div", { class: "headline" }, t("solve.nomate")));
  }
  if (a.pieces_left) box.append(h("div", {}, t("solve.pieces_left", { p: a.pieces_left })));
  if (a.futile_end) {
    const [x, y] = app.solution?.futileEndJa ?? a.futile_end;
    box.append(h("div", { "data-futile-end": "" }, t("solve.futile_end", { a: x, b: y })));
  }
  box.append(
    h("div", { class: "dim" }, `${t("solve.nodes.count", { n: num(a.nodes) })} · ${(a.time_ms / 1000).toFixed(2)} s · ${t("solve.table")} ${(a.hash_permille / 10).toFixed(1)}% / ${a.hash_mb} MB`),
  );
  if (a.refutation) box.append(refutationView(a.refutation));
  return box;
}

const HOLDS: Record<string, "refute.no_check" | "refute.repetition" | "refute.no_mate"> = {
  no_check: "refute.no_check",
  repetition: "refute.repetition",
  no_mate: "refute.no_mate",
};

/** The refutation tree: each check and the reply that holds; a click shows it on the board. */
function refutationView(r: Refutation): HTMLElement {
  const box = h("div", { class: "refutation", "data-refutation": "" }, h("h4", {}, t("refute.title")));
  const tree = (node: Refutation, path: string[], depth: number): HTMLElement => {
    const ul = h("ul", { class: depth === 0 ? "tree" : "subtree" });
    if (node.checks.length === 0 && depth === 0) ul.append(h("li", {}, t("refute.none")));
    node.checks.forEach((c, i) => {
      const moves = [...path, c.check, c.reply];
      const li = h("li", {});
      const key = `refute-${moves.join("-")}`;
      const current = app.view.kind === "refutation" && app.view.moves.join(" ") === moves.join(" ");
      li.append(
        h(
          "button",
          {
            type: "button",
            class: "refute-move",
            "data-refute": moves.join(" "),
            "data-focus-key": key,
            "aria-current": current ? "true" : false,
            onclick: () => void showLine({ kind: "refutation", moves, futile: [], branchAt: null, finding: null, answer: null }, "end"),
          },
          `${c.check_ja} ${c.reply_ja}`,
        ),
        h("span", { class: "holds" }, " — " + t(HOLDS[c.holds] ?? "refute.no_mate")),
      );
      if (c.then && c.then.checks.length) {
        const d = h("details", { open: depth === 0 && i === 0 });
        d.append(h("summary", {}, t("refute.then", { n: c.then.checks.length })), tree(c.then, moves, depth + 1));
        li.append(d);
      }
      ul.append(li);
    });
    if (node.left_out > 0) ul.append(h("li", { class: "dim" }, t("refute.left_out", { n: node.left_out })));
    return ul;
  };
  box.append(tree(r, [], 0));
  return box;
}

export function renderSolvePanel(): void {
  const s = app.solve;
  const busy = s.running || app.check.running;
  byId<HTMLButtonElement>("solve-start").disabled = busy || !positionReady();
  byId<HTMLButtonElement>("solve-stop").disabled = !s.running || s.stopping;
  byId<HTMLSelectElement>("solve-futile").disabled = byId<HTMLSelectElement>("solve-rules").value === "game";
  fill(byId("solve-out"), buildSolveOut);
}

function buildSolveOut(out: HTMLElement): void {
  const s = app.solve;
  if (s.running) out.append(h("div", { class: "running", "data-running": "" }, s.stopping ? t("solve.stop") + "…" : t("solve.running")));
  const sol = app.solution;
  const prog = progressView(s);
  if (prog && !(sol && !s.running)) out.append(prog);
  const mates = matesView(s);
  if (mates) out.append(mates);
  if (s.error) out.append(errorView(s.error));
  if (sol && !s.running) {
    out.append(resultView(sol.answer));
    if (sol.kif && sol.answer.line.length) {
      out.append(h("button", { type: "button", id: "solve-download", onclick: () => download("solution.kif", sol.kif) }, t("solve.download")));
    }
  }
}
