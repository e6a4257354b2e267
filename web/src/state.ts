// What the page holds, in one place, and the one way to redraw it.

import type { ApiError, CheckAnswer, Info, LineAnswer, Move, PositionAnswer, SolveAnswer, StreamEvent, TextFault } from "./api";
import { emptySetup } from "./shogi";
import type { HandBase, Piece, Setup, Side, Square } from "./shogi";

export type Tab = "edit" | "line" | "solve" | "check";

/** A line shown on the board: the one played, the solver's, a finding's evidence, a refutation. */
export interface ViewLine {
  kind: "played" | "solution" | "checked" | "finding" | "refutation";
  moves: string[];
  /** 1-based plies of `moves` that are futile interpositions. */
  futile: number[];
  /** For a branch: the 1-based ply where it leaves the main line. */
  branchAt: number | null;
  /** The finding shown (its index in the check's findings). */
  finding: number | null;
  /** The positions along it, once the server has played it. */
  answer: LineAnswer | null;
}

export type Tool =
  | { kind: "none" }
  | { kind: "eraser" }
  | { kind: "palette"; piece: Piece }
  | { kind: "hand"; side: Side; base: HandBase };

export interface SearchState {
  running: boolean;
  stopping: boolean;
  progress: Extract<StreamEvent, { event: "progress" }> | null;
  mates: { plies: number; nodes: number; time_ms: number }[];
  error: ApiError | null;
  controller: AbortController | null;
}

export function idleSearch(): SearchState {
  return { running: false, stopping: false, progress: null, mates: [], error: null, controller: null };
}

/** The solver's answer, its KIF, and its futile ending in 日本式. */
export interface Solution {
  answer: SolveAnswer;
  kif: string;
  futileEndJa: [string, string] | null;
}

/** A problem read from a paste or a file: its text, what the server read in it, its faults. */
export interface Loaded {
  text: string;
  format: string;
  gameMoves: number | null;
  /** The record's own line (USI), up to its faulty move. */
  line: string[];
  lineFault: TextFault | null;
  warnings: TextFault[];
}

export const app = {
  tab: "edit" as Tab,
  info: null as Info | null,
  setup: emptySetup() as Setup,
  literal: false,
  header: [] as [string, string][],
  /** The server's reading of the set-up: null while none (or while it fails). */
  pos: null as PositionAnswer | null,
  posError: null as ApiError | null,
  posPending: false,
  /** What the last paste or file was read as, while the set-up is still its. */
  loaded: null as Loaded | null,
  pasteError: null as ApiError | null,
  /** The intended line: played on the board, pasted, or read with the problem. */
  played: { moves: [] as string[], futile: [] as number[] },
  view: { kind: "played", moves: [], futile: [], branchAt: null, finding: null, answer: null } as ViewLine,
  cursor: 0,
  lineError: null as ApiError | null,
  /** Legal moves at the cursor, when known. */
  legal: null as Move[] | null,
  tool: { kind: "none" } as Tool,
  /** The square picked up (editor: to move a piece; play: the piece to move). */
  selected: null as Square | null,
  /** The piece in hand picked up to drop (play). */
  selectedDrop: null as HandBase | null,
  keyCursor: { row: 0, col: 4 } as Square,
  solve: idleSearch(),
  solution: null as Solution | null,
  check: idleSearch(),
  checked: null as { check: CheckAnswer; kif: string } | null,
};

const renderers: (() => void)[] = [];

/** Adds a part of the page to redraw on every change. */
export function onRender(f: () => void): void {
  renderers.push(f);
}

let queued = false;

/** Redraws the page (once per frame, however often it is asked). */
export function render(): void {
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    renderNow();
  });
}

export function renderNow(): void {
  const active = document.activeElement as HTMLElement | null;
  const key = active?.dataset?.focusKey;
  for (const f of renderers) f();
  if (key && document.activeElement !== active) {
    const again = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`);
    again?.focus();
  }
}

/** The side to move at the cursor of the line shown. */
export function sideAtCursor(): Side | null {
  const ans = app.view.answer;
  if (!ans) return null;
  return app.cursor === 0 ? ans.start.side : ans.steps[app.cursor - 1].position.side;
}
