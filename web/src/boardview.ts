// The board and the hands on the page: what they show in each tab, and what a click, a drag or
// a key on them does (setting up, or playing a move).

import { boardSvg, handPieces, handText, pieceIcon } from "./board";
import type { BoardView } from "./board";
import { byId, swapHtml } from "./dom";
import { startDrag } from "./drag";
import { editClick, editDrop, editPromote, editRemove, editTurn, keyPlace } from "./editor";
import type { EditTarget } from "./editor";
import { t } from "./i18n";
import { playClick, playDrag, playHandClick, targets } from "./line";
import { emptyHand, other, parseUsiSquare, setupFromApi, usiSquare } from "./shogi";
import type { Board, Hand, HandBase, Side, Square } from "./shogi";
import { app, render } from "./state";

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

export function renderBoard(): void {
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

export function dropTarget(el: Element | null): EditTarget | null {
  if (!el) return { kind: "away" };
  const sq = squareOf(el);
  if (sq) return { kind: "square", sq };
  const hand = el.closest("[data-side]") as HTMLElement | null;
  if (hand && hand.classList.contains("hand")) return { kind: "hand", side: hand.dataset.side as Side };
  if (el.closest("#board")) return null;
  return { kind: "away" };
}

export function wireBoard(): void {
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
      if (!piece || !app.legal || !app.legal.some((m) => m.from === usiSquare(sq))) {
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

