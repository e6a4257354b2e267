// The workbench page: the board and its hands, the tabs, the keys, the language, and the start
// from the address.

import * as api from "./api";
import { boardSvg, handPieces, handText, pieceIcon } from "./board";
import type { BoardView } from "./board";
import { startCheck, renderCheckPanel } from "./check";
import { byId, download, swapHtml, typingIn } from "./dom";
import { startDrag } from "./drag";
import {
  clearBoard,
  editClick,
  editDrop,
  editPromote,
  editRemove,
  editTurn,
  keyPlace,
  renderEditorPanel,
  renderPositionStatus,
  resetAnswers,
  setAttacker,
  setHandCount,
  setLiteral,
  validateSoon,
} from "./editor";
import type { EditSource, EditTarget } from "./editor";
import { initialLang, setLang, t } from "./i18n";
import type { Key, Lang } from "./i18n";
import {
  clearLine,
  goTo,
  loadPlayed,
  pasteLine,
  play,
  playClick,
  playDrag,
  playHandClick,
  renderLinePanel,
  renderMoves,
  renderNav,
  setPromotionAsk,
  step,
  targets,
} from "./line";
import { emptyHand, other, parsePieceCode, parseUsiSquare, setupFromApi } from "./shogi";
import type { Board, Hand, HandBase, Side, Square } from "./shogi";
import { renderSolvePanel, startSolve, stopSearch } from "./solve";
import { app, onRender, render, renderNow } from "./state";
import type { Tab } from "./state";
import { readFragment, saveFragment } from "./url";
import type { Move } from "./api";

// The board: what it shows, in each tab.

function shownPosition(): { board: Board; hands: Record<Side, Hand>; side: Side; inCheck: boolean } | null {
  const ans = app.view.answer;
  if (!ans) return null;
  const pos = app.cursor === 0 ? ans.start : ans.steps[app.cursor - 1]?.position;
  if (!pos) return null;
  const s = setupFromApi(pos);
  return { ...s, inCheck: pos.in_check };
}

function findKing(board: Board, side: Side): Square | null {
  for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) if (board[r][c]?.base === "K" && board[r][c]?.side === side) return { row: r, col: c };
  return null;
}

const boardEl = () => byId("board");
let boardFocused = false;

function renderBoard(): void {
  const editing = app.tab === "edit";
  const el = boardEl();
  let view: BoardView;
  let hands: Record<Side, Hand>;
  let restSide: Side | null = null;
  if (editing || !shownPosition()) {
    view = { board: app.setup.board, selected: editing ? app.selected : null, cursor: editing && boardFocused ? app.keyCursor : null };
    hands = { black: app.setup.hands.black, white: app.setup.hands.white };
    if (!app.literal) {
      restSide = other(app.setup.side);
      const rest = app.pos?.position.hands[restSide];
      const h = emptyHand();
      if (rest) for (const b of Object.keys(h) as HandBase[]) h[b] = rest[b] ?? 0;
      hands[restSide] = h;
    }
    el.dataset.sfen = app.pos?.position.sfen ?? "";
  } else {
    const shown = shownPosition()!;
    const last = app.cursor > 0 ? app.view.answer!.steps[app.cursor - 1].move : null;
    const atEnd = app.cursor === app.view.moves.length;
    const mated = shown.inCheck && app.legal !== null && app.legal.length === 0;
    const king = shown.inCheck ? findKing(shown.board, shown.side) : null;
    view = {
      board: shown.board,
      lastMove: last ? { from: last.from ? parseUsiSquare(last.from) : null, to: parseUsiSquare(last.to)! } : null,
      selected: app.selected,
      targets: targets(),
      cursor: boardFocused ? app.keyCursor : null,
      kingMark: king ? { square: king, mated } : null,
    };
    hands = shown.hands;
    const pos = app.cursor === 0 ? app.view.answer!.start : app.view.answer!.steps[app.cursor - 1].position;
    el.dataset.sfen = pos.sfen;
    el.dataset.mated = mated && atEnd ? "true" : "false";
  }
  if (editing) el.dataset.mated = "false";
  el.dataset.mode = editing ? "edit" : "play";
  swapHtml(el, boardSvg(view));
  const badge = byId("nav-mate");
  badge.hidden = el.dataset.mated !== "true";
  badge.textContent = t("nav.mate");
  for (const side of ["white", "black"] as Side[]) {
    const box = byId(`hand-${side}`);
    const playable = !editing && !!app.legal;
    const title = `<div class="hand-title" title="${t(side === "black" ? "hand.black" : "hand.white")}">${t(side === "black" ? "hand.title.black" : "hand.title.white")}</div>`;
    const isRest = restSide === side;
    const pieces = handPieces(side, hands[side], {
      selected: editing ? (app.tool.kind === "hand" && app.tool.side === side ? app.tool.base : null) : app.selectedDrop && sideToMove() === side ? app.selectedDrop : null,
      playable: playable || (editing && !isRest),
    });
    const empty = Object.values(hands[side]).every((n) => n === 0);
    swapHtml(
      box,
      title +
      `<div class="hand-pieces${isRest ? " rest" : ""}" data-hand-box="${side}" aria-label="${handText(hands[side])}">` +
      (empty ? `<span class="none">${t("hand.none")}</span>` : pieces) +
      `</div>` +
        (isRest ? `<div class="rest-label" title="${t("hand.rest.title")}">${t("hand.rest")}</div>` : ""),
    );
    box.dataset.side = side;
  }
}

function sideToMove(): Side | null {
  const ans = app.view.answer;
  if (!ans) return null;
  return app.cursor === 0 ? ans.start.side : ans.steps[app.cursor - 1].position.side;
}

function squareOf(target: EventTarget | Element | null): Square | null {
  const g = target instanceof Element ? target.closest("[data-square]") : null;
  return g ? parseUsiSquare(g.getAttribute("data-square")!) : null;
}

function dropTarget(el: Element | null): EditTarget | null {
  if (!el) return { kind: "away" };
  const sq = squareOf(el);
  if (sq) return { kind: "square", sq };
  const hand = el.closest("[data-side]") as HTMLElement | null;
  if (hand && hand.classList.contains("hand")) return { kind: "hand", side: hand.dataset.side as Side };
  if (el.closest("#board")) return null;
  return { kind: "away" };
}

function wireBoard(): void {
  const el = boardEl();
  el.addEventListener("pointerdown", (e) => {
    const sq = squareOf(e.target);
    if (!sq || e.button !== 0) return;
    e.preventDefault(); // no focus ring, no text selection: the keyboard has its own cursor
    if (app.tab === "edit") {
      const piece = app.setup.board[sq.row][sq.col];
      if (!piece || app.tool.kind !== "none") {
        editClick(sq);
        return;
      }
      startDrag(e, {
        icon: pieceIcon(piece, 56),
        click: () => editClick(sq),
        drop: (target) => {
          const dst = dropTarget(target);
          if (dst) editDrop({ kind: "square", sq }, dst);
        },
      });
    } else {
      const piece = shownPosition()?.board[sq.row][sq.col];
      if (!piece || !app.legal || !app.legal.some((m) => m.from === `${9 - sq.col}${String.fromCharCode(97 + sq.row)}`)) {
        playClick(sq);
        return;
      }
      startDrag(e, {
        icon: pieceIcon(piece, 56),
        click: () => playClick(sq),
        drop: (target) => {
          const to = squareOf(target);
          if (to) playDrag({ sq }, to);
        },
      });
    }
  });
  el.addEventListener("contextmenu", (e) => {
    const sq = squareOf(e.target);
    if (!sq || app.tab !== "edit") return;
    e.preventDefault();
    editTurn(sq);
  });
  el.addEventListener("focus", () => {
    boardFocused = true;
    render();
  });
  el.addEventListener("blur", () => {
    boardFocused = false;
    render();
  });
  el.addEventListener("keydown", (e) => {
    const c = app.keyCursor;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      const [dr, dc] = moves[e.key];
      app.keyCursor = { row: Math.max(0, Math.min(8, c.row + dr)), col: Math.max(0, Math.min(8, c.col + dc)) };
      e.preventDefault();
      e.stopPropagation();
      render();
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      if (app.tab === "edit") editClick(c);
      else playClick(c);
      return;
    }
    if (app.tab !== "edit") return;
    if (e.key === "Delete" || e.key === "Backspace") {
      editRemove(c);
      e.preventDefault();
    } else if (e.key === "+") {
      editPromote(c);
      e.preventDefault();
    } else if (e.key === "-" || e.key === "*") {
      editTurn(c);
      e.preventDefault();
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && keyPlace(c, e.key)) {
      e.preventDefault();
    }
  });

  // The hands: pieces to drop (playing), or to place and to move between hands (setting up).
  for (const side of ["black", "white"] as Side[]) {
    const box = byId(`hand-${side}`);
    box.addEventListener("pointerdown", (e) => {
      const b = (e.target as Element).closest("[data-hand]") as HTMLElement | null;
      if (!b || e.button !== 0) return;
      const base = b.dataset.piece as HandBase;
      const icon = pieceIcon({ side, base, promoted: false }, 56);
      if (app.tab === "edit") {
        if (!app.literal && side !== app.setup.side) return; // "the rest" is not edited
        startDrag(e, {
          icon,
          click: () => {},
          drop: (target) => {
            const dst = dropTarget(target);
            if (dst) editDrop({ kind: "hand", side, base }, dst);
          },
        });
      } else {
        startDrag(e, {
          icon,
          click: () => {},
          drop: (target) => {
            const to = squareOf(target);
            if (to && sideToMove() === side) playDrag({ drop: base }, to);
          },
        });
      }
    });
    box.addEventListener("click", (e) => {
      const b = (e.target as Element).closest("[data-hand]") as HTMLElement | null;
      if (!b) return;
      const base = b.dataset.piece as HandBase;
      if (app.tab === "edit") {
        if (!app.literal && side !== app.setup.side) return;
        const on = app.tool.kind === "hand" && app.tool.side === side && app.tool.base === base;
        app.tool = on ? { kind: "none" } : { kind: "hand", side, base };
        app.selected = null;
        render();
      } else {
        playHandClick(side, base);
      }
    });
  }
}

// The editor's controls.

function wireEditor(): void {
  byId("palette").addEventListener("click", (e) => {
    const b = (e.target as Element).closest("[data-palette]") as HTMLElement | null;
    if (!b) return;
    const code = b.dataset.palette!;
    app.selected = null;
    if (code === "eraser") {
      app.tool = app.tool.kind === "eraser" ? { kind: "none" } : { kind: "eraser" };
    } else {
      const piece = parsePieceCode(code)!;
      const on = app.tool.kind === "palette" && app.tool.piece.side === piece.side && app.tool.piece.base === piece.base;
      app.tool = on ? { kind: "none" } : { kind: "palette", piece };
    }
    render();
  });
  byId("palette").addEventListener("pointerdown", (e) => {
    const b = (e.target as Element).closest("[data-palette]") as HTMLElement | null;
    if (!b || b.dataset.palette === "eraser" || e.button !== 0) return;
    const piece = parsePieceCode(b.dataset.palette!)!;
    startDrag(e, {
      icon: pieceIcon(piece, 56),
      click: () => {},
      drop: (target) => {
        const dst = dropTarget(target);
        if (dst && dst.kind !== "away") editDrop({ kind: "palette", piece } as EditSource, dst);
      },
    });
  });
  for (const side of ["black", "white"] as Side[]) {
    byId(`attacker-${side}`).addEventListener("change", () => setAttacker(side));
  }
  byId("clear-board").addEventListener("click", () => clearBoard());
  byId<HTMLInputElement>("literal-hands").addEventListener("change", (e) => setLiteral((e.target as HTMLInputElement).checked));
  for (const id of ["hand-edit-attacker", "hand-edit-defender"]) {
    byId(id).addEventListener("click", (e) => {
      const b = (e.target as Element).closest("[data-hand-plus],[data-hand-minus]") as HTMLElement | null;
      if (!b) return;
      const [side, base] = (b.dataset.handPlus ?? b.dataset.handMinus)!.split("-") as [Side, HandBase];
      setHandCount(side, base, app.setup.hands[side][base] + (b.dataset.handPlus ? 1 : -1));
    });
  }
  byId("paste-read").addEventListener("click", () => void readProblem(byId<HTMLTextAreaElement>("paste").value));
  byId<HTMLInputElement>("file-input").addEventListener("change", async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) await readFile(file);
    (e.target as HTMLInputElement).value = "";
  });
  byId("copy-sfen").addEventListener("click", async () => {
    const text = byId<HTMLInputElement>("sfen-out").value;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      byId<HTMLInputElement>("sfen-out").select();
    }
  });
  byId("download-sfen").addEventListener("click", () => {
    if (app.pos) download("problem.sfen", app.pos.position.sfen + "\n");
  });
  byId("download-kif").addEventListener("click", () => void downloadKif(app.played.moves));
}

async function downloadKif(moves: string[]): Promise<void> {
  if (!app.pos) return;
  try {
    const { kif } = await api.kif(app.pos.position.sfen, moves, app.header);
    download("problem.kif", kif);
  } catch (e) {
    notice(e);
  }
}

/** Reads a pasted or dropped problem: its set-up, its header, its moves as the line played. */
async function readProblem(text: string): Promise<void> {
  if (!text.trim()) return;
  app.pasteError = null;
  try {
    const answer = await api.position(text, app.literal);
    const game = answer.game_moves != null;
    app.setup = setupFromApi(game ? answer.position : answer.written);
    app.header = answer.header;
    app.loaded = {
      format: answer.format,
      gameMoves: answer.game_moves,
      warning: answer.warning,
      lineFault: answer.line_fault ? answer.line_fault.message : null,
    };
    resetAnswers();
    clearLine();
    app.played = { moves: game ? [] : answer.line.map((m) => m.usi), futile: [] };
    app.pos = answer;
    app.posError = null;
    app.posPending = false;
    saveFragment();
    // The set-up as the editor writes it is read again, so that what is solved is what is shown.
    validateSoon(() => void loadPlayed(0));
  } catch (e) {
    app.pasteError = e instanceof api.ApiError ? e : new api.ApiError(0, { message: String(e) });
    const ta = byId<HTMLTextAreaElement>("paste");
    if (app.pasteError.body.line != null) selectPlace(ta, app.pasteError.body.line, app.pasteError.body.column ?? 1);
  }
  render();
}

/** Puts the text cursor on the faulty place of the pasted text. */
function selectPlace(ta: HTMLTextAreaElement, line: number, column: number): void {
  const lines = ta.value.split("\n");
  if (line < 1 || line > lines.length) return;
  let at = 0;
  for (let i = 0; i < line - 1; i++) at += lines[i].length + 1;
  at += Math.min(Math.max(column - 1, 0), lines[line - 1].length);
  ta.setSelectionRange(at, Math.min(at + 1, ta.value.length));
}

/** A file's text: UTF-8 when it is, else Shift-JIS (KIF files of Windows programs). */
async function fileText(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("shift_jis").decode(bytes);
  }
}

async function readFile(file: File): Promise<void> {
  const text = await fileText(file);
  byId<HTMLTextAreaElement>("paste").value = text;
  setTab("edit");
  await readProblem(text);
}

function wireDrop(): void {
  const overlay = byId("drop-overlay");
  let depth = 0;
  const hasFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes("Files");
  window.addEventListener("dragenter", (e) => {
    if (!hasFiles(e)) return;
    depth++;
    overlay.hidden = false;
  });
  window.addEventListener("dragleave", (e) => {
    if (!hasFiles(e)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) overlay.hidden = true;
  });
  window.addEventListener("dragover", (e) => {
    if (hasFiles(e)) e.preventDefault();
  });
  window.addEventListener("drop", (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth = 0;
    overlay.hidden = true;
    const file = e.dataTransfer?.files[0];
    if (file) void readFile(file);
  });
}

// The line, solving and checking.

function wireLine(): void {
  byId("nav-first").addEventListener("click", () => goTo(0));
  byId("nav-prev").addEventListener("click", () => step(-1));
  byId("nav-next").addEventListener("click", () => step(1));
  byId("nav-last").addEventListener("click", () => goTo(app.view.moves.length));
  // A move chosen in the list is played by the button (or Enter): arrow keys only browse the list.
  const playChosen = () => {
    const select = byId<HTMLSelectElement>("legal-moves");
    const usi = select.value;
    select.value = "";
    if (usi) play(usi);
  };
  byId("legal-play").addEventListener("click", playChosen);
  byId("legal-moves").addEventListener("keydown", (e) => {
    if (e.key === "Enter") playChosen();
  });
  byId("line-use").addEventListener("click", () => void pasteLine(byId<HTMLTextAreaElement>("line-paste").value));
  byId("line-clear").addEventListener("click", () => {
    clearLine();
    saveFragment();
    void loadPlayed(0);
  });
  byId("line-download").addEventListener("click", () => void downloadKif(app.view.moves));
  byId("solve-start").addEventListener("click", () => void startSolve());
  byId("solve-stop").addEventListener("click", () => void stopSearch(app.solve));
  byId("check-start").addEventListener("click", () => void startCheck());
  byId("check-stop").addEventListener("click", () => void stopSearch(app.check));
  byId("solve-rules").addEventListener("change", () => render());
}

/** The promotion dialog: resolves to the move chosen, or null. */
function askPromotion(choices: Move[]): Promise<Move | null> {
  const backdrop = byId("promote");
  const promote = choices.find((m) => m.promote) ?? null;
  const stay = choices.find((m) => !m.promote) ?? null;
  backdrop.hidden = false;
  byId("promote-yes").focus();
  return new Promise((resolve) => {
    const finish = (m: Move | null) => {
      backdrop.hidden = true;
      backdrop.removeEventListener("click", onClick);
      backdrop.removeEventListener("keydown", onKey);
      resolve(m);
    };
    const onClick = (e: Event) => {
      const id = (e.target as HTMLElement).id;
      if (id === "promote-yes") finish(promote);
      else if (id === "promote-no") finish(stay);
      else if (id === "promote-cancel" || e.target === backdrop) finish(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") finish(null);
      e.stopPropagation();
    };
    backdrop.addEventListener("click", onClick);
    backdrop.addEventListener("keydown", onKey);
  });
}

// Tabs, keys, language, notices.

function setTab(tab: Tab): void {
  if (app.tab === tab) return;
  const wasEdit = app.tab === "edit";
  app.tab = tab;
  app.selected = null;
  app.selectedDrop = null;
  if (wasEdit) app.tool = { kind: "none" };
  if (wasEdit && app.pos && !app.view.answer) void loadPlayed(0);
  render();
}

function renderTabs(): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>("[data-tab]")) {
    const on = b.dataset.tab === app.tab;
    b.setAttribute("aria-selected", on ? "true" : "false");
    b.tabIndex = on ? 0 : -1;
    byId(`panel-${b.dataset.tab}`).hidden = !on;
  }
  byId("search-settings").hidden = app.tab !== "solve" && app.tab !== "check";
  document.body.dataset.tab = app.tab;
}

function wireTabs(): void {
  const tabs = Array.from(document.querySelectorAll<HTMLButtonElement>("[data-tab]"));
  for (const b of tabs) {
    b.addEventListener("click", () => setTab(b.dataset.tab as Tab));
    b.addEventListener("keydown", (e) => {
      const i = tabs.indexOf(b);
      const to = e.key === "ArrowRight" ? (i + 1) % tabs.length : e.key === "ArrowLeft" ? (i + tabs.length - 1) % tabs.length : -1;
      if (to < 0) return;
      e.preventDefault();
      e.stopPropagation();
      setTab(tabs[to].dataset.tab as Tab);
      tabs[to].focus();
    });
  }
}

function wireKeys(): void {
  window.addEventListener("keydown", (e) => {
    if (typingIn(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (!byId("promote").hidden) return;
    if (e.key === "Escape") {
      app.selected = null;
      app.selectedDrop = null;
      if (app.tab === "edit") app.tool = { kind: "none" };
      render();
      return;
    }
    if (app.tab === "edit") return;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => goTo(0),
      End: () => goTo(app.view.moves.length),
    };
    const f = keys[e.key];
    if (f) {
      e.preventDefault();
      f();
    }
  });
}

let noticeTimer: number | undefined;

/** An error that belongs to no panel, shown at the top. */
function notice(e: unknown): void {
  const err = e instanceof api.ApiError ? e : new api.ApiError(0, { message: String(e) });
  const box = byId("notice");
  box.replaceChildren();
  box.textContent = `${err.busy ? t("error.busy") : t("error.label")}: ${err.message}`;
  box.hidden = false;
  window.clearTimeout(noticeTimer);
  noticeTimer = window.setTimeout(() => (box.hidden = true), 8000);
}

function applyLang(l: Lang): void {
  setLang(l);
  try {
    localStorage.setItem("tsume.lang", l);
  } catch {
    // storage refused: the choice lasts as long as the page
  }
  for (const el of document.querySelectorAll<HTMLElement>("[data-i18n]")) el.textContent = t(el.dataset.i18n as Key);
  for (const el of document.querySelectorAll<HTMLElement>("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel as Key));
    el.title = t(el.dataset.i18nLabel as Key);
  }
  byId("lang-ja").setAttribute("aria-pressed", l === "ja" ? "true" : "false");
  byId("lang-en").setAttribute("aria-pressed", l === "en" ? "true" : "false");
  document.title = `tsume — ${t("title")}`;
  byId<HTMLInputElement>("solve-time").placeholder = t("solve.time.none");
  renderNow();
}

function renderVersion(): void {
  byId("version").textContent = app.info ? t("version", { v: app.info.version }) : "";
}

async function start(): Promise<void> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem("tsume.lang");
  } catch {
    stored = null;
  }
  onRender(renderTabs);
  onRender(renderBoard);
  onRender(renderNav);
  onRender(renderPositionStatus);
  onRender(() => {
    if (app.tab === "edit") renderEditorPanel();
  });
  onRender(() => {
    if (app.tab === "line") renderLinePanel();
  });
  onRender(renderSolvePanel);
  onRender(renderCheckPanel);
  onRender(renderMoves);
  onRender(renderVersion);
  wireTabs();
  wireBoard();
  wireEditor();
  wireDrop();
  wireLine();
  wireKeys();
  setPromotionAsk(askPromotion);
  byId("lang-ja").addEventListener("click", () => applyLang("ja"));
  byId("lang-en").addEventListener("click", () => applyLang("en"));
  applyLang(initialLang(stored, navigator.languages ?? [navigator.language]));

  try {
    app.info = await api.info();
    const d = app.info.defaults;
    if (d.solve) {
      byId<HTMLInputElement>("solve-time").value = d.solve.time != null ? String(d.solve.time) : "";
      byId<HTMLInputElement>("solve-hash").placeholder = d.check ? `${d.solve.hash_mb} / ${d.check.hash_mb}` : String(d.solve.hash_mb);
    }
    if (d.check?.total_time != null) byId<HTMLInputElement>("check-time").value = String(d.check.total_time);
    byId<HTMLSelectElement>("solve-rules").value = app.info.defaults.rules;
    byId<HTMLSelectElement>("solve-futile").value = app.info.defaults.futile;
  } catch (e) {
    notice(e);
  }

  // The problem in the address, if any.
  const frag = readFragment(location.hash);
  if (frag.sfen) {
    app.literal = frag.literal;
    try {
      const answer = await api.position(frag.sfen, frag.literal);
      app.setup = setupFromApi(answer.written);
      app.played = { moves: frag.line, futile: [] };
      app.pos = answer;
      validateSoon(() => void loadPlayed(0));
      if (frag.line.length) app.tab = "line";
    } catch (e) {
      app.pasteError = e instanceof api.ApiError ? e : new api.ApiError(0, { message: String(e) });
      byId<HTMLTextAreaElement>("paste").value = frag.sfen;
    }
  }
  render();
}

void start();
