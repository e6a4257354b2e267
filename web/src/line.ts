// Lines on the board: the one played or pasted (the intended solution), the solver's, a finding's
// evidence and a refutation's checks; stepping through them, and playing moves (legal ones only,
// as `/api/line` lists them).

import * as api from "./api";
import type { Move } from "./api";
import { byId, fill, h, swap } from "./dom";
import { errorView } from "./errors";
import { t } from "./i18n";
import { app, render, sideAtCursor } from "./state";
import type { ViewLine } from "./state";
import { parseUsiSquare, usiSquare } from "./shogi";
import type { HandBase, Side, Square } from "./shogi";
import { saveFragment } from "./url";

let generation = 0;
const legalCache = new Map<string, Move[]>();

function emptyView(kind: ViewLine["kind"] = "played"): ViewLine {
  return { kind, moves: [], futile: [], branchAt: null, finding: null, answer: null };
}

export function clearLine(): void {
  generation++;
  app.played = { moves: [], futile: [] };
  app.view = emptyView();
  app.cursor = 0;
  app.legal = null;
  app.lineError = null;
  app.selected = null;
  app.selectedDrop = null;
  legalCache.clear();
}

/** Shows a line on the board, its positions asked of the server; the cursor at `at` (or the end). */
export async function showLine(view: ViewLine, at: number | "end" = 0): Promise<boolean> {
  const pos = app.pos;
  if (!pos) return false;
  const gen = ++generation;
  app.lineError = null;
  try {
    const answer = await api.line(pos.position.sfen, view.moves, view.futile, true);
    if (gen !== generation) return false;
    view.answer = answer;
    app.view = view;
    app.cursor = at === "end" ? view.moves.length : Math.min(at, view.moves.length);
    app.selected = null;
    app.selectedDrop = null;
    await refreshLegal();
    render();
    return true;
  } catch (e) {
    if (gen !== generation) return false;
    app.lineError = e instanceof api.ApiError ? e : new api.ApiError(0, { message: String(e) });
    render();
    return false;
  }
}

/** The line played (the intended solution) on the board. */
export function loadPlayed(at: number | "end" = "end"): Promise<boolean> {
  return showLine({ ...emptyView("played"), moves: [...app.played.moves], futile: [...app.played.futile] }, at);
}

/** The main line to go back to from a branch: the one checked, else the solver's, else the one played. */
export function backToMain(): void {
  if (app.checked) {
    void showChecked(app.view.branchAt ? app.view.branchAt - 1 : 0);
  } else if (app.solution && app.solution.answer.line.length) {
    void showLine({ ...emptyView("solution"), moves: app.solution.answer.line, futile: app.solution.answer.futile_plies });
  } else {
    void loadPlayed(0);
  }
}

export function showChecked(at: number | "end" = 0): Promise<boolean> {
  const c = app.checked!.check;
  return showLine({ ...emptyView("checked"), moves: c.line, futile: c.futile_plies }, at);
}

async function refreshLegal(): Promise<void> {
  const view = app.view;
  const ans = view.answer;
  app.legal = null;
  if (!ans || !app.pos) return;
  if (app.cursor === view.moves.length) {
    app.legal = ans.legal ?? null;
    return;
  }
  const moves = view.moves.slice(0, app.cursor);
  const futile = view.futile.filter((p) => p <= app.cursor);
  const key = `${app.pos.position.sfen}|${moves.join(" ")}|${futile.join(",")}`;
  const cached = legalCache.get(key);
  if (cached) {
    app.legal = cached;
    return;
  }
  const gen = generation;
  const cursor = app.cursor;
  try {
    const answer = await api.line(app.pos.position.sfen, moves, futile, true);
    legalCache.set(key, answer.legal ?? []);
    if (gen === generation && cursor === app.cursor) app.legal = answer.legal ?? [];
  } catch {
    // the line was played once already; a failure here leaves the moves unknown
  }
  render();
}

export function goTo(n: number): void {
  const max = app.view.moves.length;
  const to = Math.max(0, Math.min(max, n));
  if (to === app.cursor) return;
  app.cursor = to;
  app.selected = null;
  app.selectedDrop = null;
  app.legal = null;
  void refreshLegal();
  render();
}

export function step(delta: number): void {
  goTo(app.cursor + delta);
}

/** Plays a move at the cursor: the next move of the line shown, or a new line from here. */
export function play(usi: string): void {
  const view = app.view;
  app.selected = null;
  app.selectedDrop = null;
  if (view.moves[app.cursor] === usi) {
    step(1);
    return;
  }
  const moves = [...view.moves.slice(0, app.cursor), usi];
  const futile = view.futile.filter((p) => p <= app.cursor);
  app.played = { moves, futile };
  saveFragment();
  void loadPlayed("end");
}

/** Pasted USI moves as the line played from the start. */
export async function pasteLine(text: string): Promise<void> {
  const moves = text
    .replace(/^\s*moves\s+/i, "")
    .split(/[\s,]+/)
    .filter((m) => m.length > 0);
  const ok = await showLine({ ...emptyView("played"), moves }, "end");
  if (ok) {
    app.played = { moves, futile: [] };
    saveFragment();
    render();
  }
}

// Playing on the board.

function legalFrom(sq: Square): Move[] {
  const from = usiSquare(sq);
  return (app.legal ?? []).filter((m) => m.from === from);
}

function legalDrops(base: HandBase): Move[] {
  return (app.legal ?? []).filter((m) => m.drop === base);
}

/** The squares the piece picked up may go to. */
export function targets(): Square[] {
  let moves: Move[] = [];
  if (app.selected) moves = legalFrom(app.selected);
  else if (app.selectedDrop) moves = legalDrops(app.selectedDrop);
  return moves.map((m) => parseUsiSquare(m.to)!).filter((s) => s);
}

let promotionAsk: ((choices: Move[]) => Promise<Move | null>) | null = null;

export function setPromotionAsk(f: (choices: Move[]) => Promise<Move | null>): void {
  promotionAsk = f;
}

async function playTo(candidates: Move[]): Promise<void> {
  if (candidates.length === 0) return;
  let move: Move | null = candidates[0];
  if (candidates.length > 1 && promotionAsk) move = await promotionAsk(candidates);
  if (move) play(move.usi);
  else render();
}

/** A click on a square while playing. */
export function playClick(sq: Square): void {
  if (!app.legal) return;
  const to = usiSquare(sq);
  if (app.selected || app.selectedDrop) {
    const candidates = app.selected
      ? legalFrom(app.selected).filter((m) => m.to === to)
      : legalDrops(app.selectedDrop!).filter((m) => m.to === to);
    if (candidates.length) {
      void playTo(candidates);
      return;
    }
  }
  app.selectedDrop = null;
  app.selected = legalFrom(sq).length ? sq : null;
  render();
}

/** A click on a piece in hand while playing: picked up to drop, when it is that side's move. */
export function playHandClick(side: Side, base: HandBase): void {
  if (!app.legal || sideAtCursor() !== side) return;
  app.selected = null;
  app.selectedDrop = app.selectedDrop === base || legalDrops(base).length === 0 ? null : base;
  render();
}

/** A piece dragged from `src` (a square, or a piece in hand) to the square `dst`. */
export function playDrag(src: { sq: Square } | { drop: HandBase }, dst: Square): void {
  if (!app.legal) return;
  const to = usiSquare(dst);
  const candidates = "sq" in src ? legalFrom(src.sq).filter((m) => m.to === to) : legalDrops(src.drop).filter((m) => m.to === to);
  void playTo(candidates);
}

// Drawing.

function viewTitle(): string {
  const v = app.view;
  switch (v.kind) {
    case "played":
      return t("line.played");
    case "solution":
      return t("line.solution");
    case "checked":
      return t("check.intended", { n: v.moves.length });
    case "finding": {
      const f = app.checked?.check.findings[v.finding ?? 0];
      return t("line.finding", { name: f?.name ?? "", ply: v.branchAt ?? 1 });
    }
    case "refutation":
      return t("line.refutation");
  }
}

export function renderMoves(): void {
  const box = byId("moves");
  box.hidden = app.tab === "edit";
  if (box.hidden) return;
  fill(box, buildMoves);
  const list = box.querySelector<HTMLElement>(".move-list");
  const current = box.querySelector<HTMLElement>('[aria-current="step"]');
  if (list && current) scrollWithin(list, current);
}

/** Scrolls the list, and only the list, so that `item` is in view: the page stays where it is. */
function scrollWithin(list: HTMLElement, item: HTMLElement): void {
  const top = item.offsetTop; // the list is the item's offset parent (position: relative)
  const bottom = top + item.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

function buildMoves(box: HTMLElement): void {
  const v = app.view;
  const head = h("div", { class: "moves-head" }, h("h3", { id: "moves-title" }, viewTitle()));
  if (v.kind === "finding" || v.kind === "refutation") {
    head.append(h("button", { type: "button", id: "line-back", class: "small", "data-focus-key": "line-back", onclick: () => backToMain() }, t("line.back")));
  }
  box.append(head);
  if (v.moves.length === 0) {
    box.append(h("p", { class: "empty" }, t("line.empty")));
    return;
  }
  const list = h("ol", { class: "move-list", "aria-labelledby": "moves-title" });
  const row = (ply: number, text: string, usi: string, extra: string[]) => {
    const current = ply === app.cursor;
    const classes = ["move"];
    if (v.branchAt !== null && ply >= v.branchAt) classes.push("branch");
    if (v.branchAt !== null && ply < v.branchAt && ply > 0) classes.push("trunk");
    const b = h(
      "button",
      {
        type: "button",
        class: classes.join(" "),
        "data-ply": ply,
        "data-focus-key": `ply-${ply}`,
        "aria-current": current ? "step" : false,
        onclick: () => goTo(ply),
      },
      h("span", { class: "ply" }, ply === 0 ? "" : String(ply)),
      h("span", { class: "ja" }, text),
      h("span", { class: "usi" }, usi),
      ...extra.map((x) => h("span", { class: "tag" }, x)),
    );
    list.append(h("li", {}, b));
  };
  row(0, t("nav.start"), "", []);
  v.moves.forEach((usi, i) => {
    const ply = i + 1;
    const ja = v.answer?.steps[i]?.move.ja ?? "";
    const extra: string[] = [];
    if (v.futile.includes(ply)) extra.push(t("line.futile"));
    if (v.branchAt === ply) extra.push(t("check.branch", { m: "" }).trim());
    row(ply, ja, usi, extra);
  });
  box.append(list);
}

export function renderNav(): void {
  const total = app.tab === "edit" ? 0 : app.view.moves.length;
  const ply = app.tab === "edit" ? 0 : app.cursor;
  byId<HTMLButtonElement>("nav-first").disabled = ply === 0;
  byId<HTMLButtonElement>("nav-prev").disabled = ply === 0;
  byId<HTMLButtonElement>("nav-next").disabled = ply >= total;
  byId<HTMLButtonElement>("nav-last").disabled = ply >= total;
  const text = ply === 0 ? t("nav.start") : t("nav.ply", { n: ply });
  byId("nav-ply").textContent = total ? `${text} / ${total}` : text;
  byId("nav").hidden = app.tab === "edit";
}

export function renderLinePanel(): void {
  const select = byId<HTMLSelectElement>("legal-moves");
  swap(select, h("option", { value: "" }, t("line.legal.choose")), ...(app.legal ?? []).map((m) => h("option", { value: m.usi }, `${m.ja}  (${m.usi})`)));
  select.disabled = !app.legal || app.legal.length === 0;
  byId<HTMLButtonElement>("legal-play").disabled = select.disabled;
  swap(byId("line-error"), ...(app.lineError ? [errorView(app.lineError)] : []));
}

