// Setting up a position: the palette, the hands, the board's squares, and every change checked
// by the server (`/api/position`), whose message is shown when the set-up is not a problem.

import * as api from "./api";
import { handText, pieceIcon } from "./board";
import { byId, fill, h, swap } from "./dom";
import { t } from "./i18n";
import { errorView, faultGlossOf, textFaultView } from "./errors";
import { app, idleSearch, render } from "./state";
import {
  BASES,
  canPromote,
  cloneSetup,
  emptySetup,
  HAND_BASES,
  isEmpty,
  other,
  pieceCode,
  pieceKanji,
  setupToSfen,
} from "./shogi";
import type { Base, HandBase, Piece, Setup, Side, Square } from "./shogi";
import { clearLine, loadPlayed } from "./line";
import { saveFragment } from "./url";

const DEBOUNCE_MS = 200;
let timer: number | undefined;
let inFlight: AbortController | null = null;

/** The set-up's SFEN as sent to the server: the defender's hand left out unless it is set. */
export function problemSfen(): string {
  return setupToSfen(app.setup, app.literal);
}

/**
 * The problem as solve and check send it: the text read, while the set-up is still its (so that
 * the server reads the record as the command line reads its file: its faults, its header, its
 * side lines), else the set-up's SFEN.
 */
export function problemText(): string {
  return app.loaded ? app.loaded.text : problemSfen();
}

/** The intended line as check sends it: null for the record's own (read with its faults), else the line played. */
export function checkedLine(): string[] | null {
  const played = app.played.moves;
  if (app.loaded && played.join(" ") === app.loaded.line.join(" ")) return null;
  return played.length ? played : null;
}

/** A change of the set-up: its line no longer applies, and the server must look at it again. */
export function changeSetup(mutate: (s: Setup) => void): void {
  const next = cloneSetup(app.setup);
  mutate(next);
  app.setup = next;
  app.header = [];
  app.loaded = null;
  resetAnswers();
  clearLine();
  validateSoon();
  saveFragment();
  render();
}

/** Forgets the solver's and the checker's answers (a new position). */
export function resetAnswers(): void {
  app.solution = null;
  app.checked = null;
  if (!app.solve.running) app.solve = idleSearch();
  if (!app.check.running) app.check = idleSearch();
}

export function validateSoon(then?: () => void): void {
  window.clearTimeout(timer);
  inFlight?.abort();
  app.pos = null;
  app.posError = null;
  if (isEmpty(app.setup)) {
    app.posPending = false;
    render();
    return;
  }
  app.posPending = true;
  timer = window.setTimeout(() => void validate(then), DEBOUNCE_MS);
}

async function validate(then?: () => void): Promise<void> {
  const controller = new AbortController();
  inFlight = controller;
  try {
    const answer = await api.position(problemSfen(), app.literal, controller.signal);
    if (controller.signal.aborted) return;
    app.pos = answer;
    app.posError = null;
  } catch (e) {
    if (controller.signal.aborted) return;
    app.pos = null;
    app.posError = e instanceof api.ApiError ? e : new api.ApiError(0, { message: String(e) });
  }
  app.posPending = false;
  inFlight = null;
  if (app.pos && then) then();
  else if (app.pos) void loadPlayed();
  render();
}

/** The position is read by the server and may be solved. */
export function positionReady(): boolean {
  return !!app.pos && !app.posPending;
}

// Changes made on the board and in the hands.

function samePiece(a: Piece, b: Piece): boolean {
  return a.side === b.side && a.base === b.base;
}

/** A click on a square while setting up. */
export function editClick(sq: Square): void {
  const here = app.setup.board[sq.row][sq.col];
  const tool = app.tool;
  if (tool.kind === "palette") {
    if (here && samePiece(here, tool.piece) && canPromote(here.base)) {
      changeSetup((s) => (s.board[sq.row][sq.col] = { ...here, promoted: !here.promoted }));
    } else {
      changeSetup((s) => (s.board[sq.row][sq.col] = { ...tool.piece }));
    }
    return;
  }
  if (tool.kind === "eraser") {
    if (here) changeSetup((s) => (s.board[sq.row][sq.col] = null));
    return;
  }
  if (tool.kind === "hand") {
    if (app.setup.hands[tool.side][tool.base] <= 0) return;
    const piece: Piece = { side: tool.side, base: tool.base, promoted: false };
    changeSetup((s) => {
      s.hands[tool.side][tool.base]--;
      const was = s.board[sq.row][sq.col];
      if (was && was.base !== "K") s.hands[tool.side][was.base as HandBase]++;
      s.board[sq.row][sq.col] = piece;
    });
    if (app.setup.hands[tool.side][tool.base] <= 0) app.tool = { kind: "none" };
    return;
  }
  const sel = app.selected;
  if (sel && sel.row === sq.row && sel.col === sq.col) {
    // The piece picked up, clicked again: promoted or unpromoted.
    if (here && canPromote(here.base)) changeSetup((s) => (s.board[sq.row][sq.col] = { ...here, promoted: !here.promoted }));
    app.selected = sq;
    render();
    return;
  }
  if (sel) {
    const moving = app.setup.board[sel.row][sel.col];
    app.selected = null;
    if (moving) {
      changeSetup((s) => {
        s.board[sel.row][sel.col] = null;
        s.board[sq.row][sq.col] = moving;
      });
    }
    render();
    return;
  }
  if (here) {
    app.selected = sq;
    render();
  }
}

/** Right-click on a square: the piece turned round (the other side's). */
export function editTurn(sq: Square): void {
  const here = app.setup.board[sq.row][sq.col];
  if (here) changeSetup((s) => (s.board[sq.row][sq.col] = { ...here, side: other(here.side) }));
}

export function editPromote(sq: Square): void {
  const here = app.setup.board[sq.row][sq.col];
  if (here && canPromote(here.base)) changeSetup((s) => (s.board[sq.row][sq.col] = { ...here, promoted: !here.promoted }));
}

export function editRemove(sq: Square): void {
  if (app.setup.board[sq.row][sq.col]) changeSetup((s) => (s.board[sq.row][sq.col] = null));
}

export function editPlace(sq: Square, piece: Piece): void {
  changeSetup((s) => (s.board[sq.row][sq.col] = piece));
}

/** What a drag carries while setting up. */
export type EditSource =
  | { kind: "palette"; piece: Piece }
  | { kind: "square"; sq: Square }
  | { kind: "hand"; side: Side; base: HandBase };

/** Where a dragged piece lands: a square, a side's hand, or away (off the board). */
export type EditTarget = { kind: "square"; sq: Square } | { kind: "hand"; side: Side } | { kind: "away" };

export function editDrop(src: EditSource, dst: EditTarget): void {
  if (src.kind === "square" && dst.kind === "square" && src.sq.row === dst.sq.row && src.sq.col === dst.sq.col) return;
  const piece: Piece | null =
    src.kind === "palette"
      ? src.piece
      : src.kind === "hand"
        ? { side: src.side, base: src.base, promoted: false }
        : app.setup.board[src.sq.row][src.sq.col];
  if (!piece) return;
  if (dst.kind === "hand" && piece.base === "K") return;
  if (src.kind === "hand" && dst.kind === "hand" && src.side === dst.side) return;
  app.selected = null;
  changeSetup((s) => {
    if (src.kind === "square") s.board[src.sq.row][src.sq.col] = null;
    if (src.kind === "hand") s.hands[src.side][src.base]--;
    if (dst.kind === "square") {
      const was = s.board[dst.sq.row][dst.sq.col];
      // A piece dropped from a hand onto another sends that one to the same hand.
      if (was && src.kind === "hand" && was.base !== "K") s.hands[src.side][was.base as HandBase]++;
      s.board[dst.sq.row][dst.sq.col] = piece;
    } else if (dst.kind === "hand") {
      s.hands[dst.side][piece.base as HandBase]++;
    }
  });
}

export function setHandCount(side: Side, base: HandBase, n: number): void {
  changeSetup((s) => (s.hands[side][base] = Math.max(0, Math.min(18, n))));
}

export function clearBoard(): void {
  app.tool = { kind: "none" };
  app.selected = null;
  const side = app.setup.side;
  changeSetup((s) => {
    const fresh = emptySetup();
    s.board = fresh.board;
    s.hands = fresh.hands;
    s.side = side;
  });
}

export function setAttacker(side: Side): void {
  if (app.setup.side !== side) changeSetup((s) => (s.side = side));
}

export function setLiteral(on: boolean): void {
  if (app.literal === on) return;
  if (on && app.pos) {
    // Start from the pieces the defender holds now ("the rest"), to edit them.
    const rest = app.pos.position.hands[other(app.setup.side)];
    const defender = other(app.setup.side);
    app.literal = true;
    changeSetup((s) => {
      for (const b of HAND_BASES) s.hands[defender][b] = rest[b] ?? 0;
    });
    return;
  }
  app.literal = on;
  changeSetup(() => {});
}

/** A piece typed on the square under the keyboard cursor: an SFEN letter (upper case Black). */
export function keyPlace(sq: Square, key: string): boolean {
  if (key.length !== 1) return false;
  const upper = key.toUpperCase();
  if (!BASES.includes(upper as Base)) return false;
  const side: Side = key === upper ? "black" : "white";
  editPlace(sq, { side, base: upper as Base, promoted: false });
  return true;
}

// Drawing.

export function renderPalette(): void {
  fill(byId("palette"), buildPalette);
}

function buildPalette(box: HTMLElement): void {
  for (const side of ["black", "white"] as Side[]) {
    const row = h("div", { class: "palette-row", role: "group", "aria-label": t(side === "black" ? "side.black" : "side.white") });
    for (const base of BASES) {
      const piece: Piece = { side, base, promoted: false };
      const on = app.tool.kind === "palette" && samePiece(app.tool.piece, piece) && !app.tool.piece.promoted;
      const b = h("button", {
        type: "button",
        class: `palette-piece${on ? " selected" : ""}`,
        "data-palette": pieceCode(piece),
        "data-focus-key": `palette-${pieceCode(piece)}`,
        "aria-pressed": on ? "true" : "false",
        "aria-label": `${t(side === "black" ? "side.black" : "side.white")} ${pieceKanji(piece)}`,
      });
      b.innerHTML = pieceIcon(piece, 38);
      row.append(b);
    }
    box.append(row);
  }
  const eraser = h(
    "button",
    {
      type: "button",
      class: `palette-eraser${app.tool.kind === "eraser" ? " selected" : ""}`,
      "data-palette": "eraser",
      "data-focus-key": "palette-eraser",
      "aria-pressed": app.tool.kind === "eraser" ? "true" : "false",
    },
    t("edit.eraser"),
  );
  box.append(eraser);
}

function handEditor(side: Side, editable: boolean): HTMLElement {
  const box = h("div", { class: "hand-edit-grid", "data-hand-edit": side });
  for (const b of HAND_BASES) {
    const n = app.setup.hands[side][b];
    const name = pieceKanji({ base: b, promoted: false });
    const cell = h("div", { class: "hand-edit-cell" });
    const icon = h("span", { class: "hand-edit-icon" });
    icon.innerHTML = pieceIcon({ side: "black", base: b, promoted: false }, 28);
    cell.append(
      icon,
      h(
        "button",
        {
          type: "button",
          class: "small",
          "data-hand-minus": `${side}-${b}`,
          "data-focus-key": `minus-${side}-${b}`,
          "aria-label": t("edit.remove", { p: name }),
          disabled: !editable || n === 0,
        },
        "−",
      ),
      h("span", { class: "hand-edit-count", "data-hand-count": `${side}-${b}` }, String(n)),
      h(
        "button",
        {
          type: "button",
          class: "small",
          "data-hand-plus": `${side}-${b}`,
          "data-focus-key": `plus-${side}-${b}`,
          "aria-label": t("edit.add", { p: name }),
          disabled: !editable,
        },
        "+",
      ),
    );
    box.append(cell);
  }
  return box;
}

export function renderEditorPanel(): void {
  renderPalette();
  const attacker = app.setup.side;
  byId<HTMLInputElement>("attacker-black").checked = attacker === "black";
  byId<HTMLInputElement>("attacker-white").checked = attacker === "white";
  byId<HTMLInputElement>("literal-hands").checked = app.literal;
  swap(byId("hand-edit-attacker"), handEditor(attacker, true));
  const defender = byId("hand-edit-defender");
  if (app.literal) {
    swap(defender, handEditor(other(attacker), true));
  } else {
    const rest = app.pos?.position.hands[other(attacker)];
    const text = rest ? handText(rest) : "…";
    swap(defender, h("p", { class: "rest", title: t("hand.rest.title") }, `${t("hand.rest")}: `, text));
  }
  const sfen = app.pos ? app.pos.position.sfen : problemSfen();
  byId<HTMLInputElement>("sfen-out").value = isEmpty(app.setup) ? "" : sfen;
  renderPasteResult();
}

function renderPasteResult(): void {
  fill(byId("paste-result"), buildPasteResult);
}

function buildPasteResult(out: HTMLElement): void {
  if (app.pasteError) {
    out.append(errorView(app.pasteError));
    return;
  }
  const loaded = app.loaded;
  if (!loaded) return;
  const info = h("div", { class: "ok-line" }, t("pos.format", { format: loaded.format.toUpperCase() }));
  out.append(info);
  if (loaded.gameMoves != null) out.append(h("div", { class: "note" }, t("pos.game", { n: loaded.gameMoves })));
  if (loaded.lineFault) out.append(textFaultView(loaded.lineFault, false, loaded.line.length));
  for (const w of loaded.warnings) out.append(textFaultView(w, true, 0));
  if (app.header.length) {
    const dl = h("dl", { class: "header-fields" });
    for (const [k, v] of app.header) dl.append(h("dt", {}, k), h("dd", {}, v));
    out.append(dl);
  }
}

export function renderPositionStatus(): void {
  const el = byId("pos-status");
  el.className = "pos-status";
  if (!isEmpty(app.setup)) el.classList.add(app.posPending ? "pending" : app.posError ? "bad" : app.pos ? "good" : "pending");
  fill(el, buildPositionStatus);
}

function buildPositionStatus(box: HTMLElement): void {
  if (isEmpty(app.setup)) {
    box.append(t("pos.empty"));
    return;
  }
  if (app.posPending) {
    box.append(t("pos.checking"));
    return;
  }
  if (app.posError) {
    box.append(errorView(app.posError, faultGlossOf(app.posError)));
    return;
  }
  if (app.pos) {
    box.append(h("span", { "data-pos-ok": "" }, "✓ " + t("pos.ok")));
  }
}

