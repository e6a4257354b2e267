// The board and the pieces in hand, drawn as SVG: our own drawing, no board component.

import { escapeXml } from "./dom";
import { countKanji, HAND_BASES, jaSquare, pieceCode, pieceKanji, usiSquare } from "./shogi";
import type { Base, Board, Hand, HandBase, Piece, Side, Square } from "./shogi";
import { lang, t } from "./i18n";

/** A square's size in the board's own units; a shogi square is a little taller than wide. */
const W = 60;
const H = 64;
/** Room for the coordinates: the files above, the ranks on the right. */
const TOP = 28;
const RIGHT = 28;
const PAD = 6;

export interface BoardView {
  board: Board;
  lastMove?: { from: Square | null; to: Square } | null;
  selected?: Square | null;
  targets?: Square[];
  cursor?: Square | null;
  /** The king to mark: in check, or mated. */
  kingMark?: { square: Square; mated: boolean } | null;
}

/** The outline of a piece in a box of `w`×`h`: a pentagon pointing up. */
function piecePath(x: number, y: number, w: number, h: number): string {
  const p = (fx: number, fy: number) => `${(x + fx * w).toFixed(1)},${(y + fy * h).toFixed(1)}`;
  return `M${p(0.5, 0.06)}L${p(0.82, 0.2)}L${p(0.9, 0.94)}L${p(0.1, 0.94)}L${p(0.18, 0.2)}Z`;
}

/** A piece drawn in the box at (x, y), turned round for White. */
function pieceShape(piece: { side: Side; base: Base; promoted: boolean }, x: number, y: number, w: number, h: number): string {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const turn = piece.side === "white" ? ` transform="rotate(180 ${cx} ${cy})"` : "";
  const cls = `piece${piece.promoted ? " promoted" : ""}`;
  const size = Math.round(h * 0.52);
  return (
    `<g class="${cls}"${turn}>` +
    `<path d="${piecePath(x, y, w, h)}"/>` +
    `<text x="${cx}" y="${(y + h * 0.6).toFixed(1)}" font-size="${size}" text-anchor="middle" dominant-baseline="middle">${pieceKanji(piece)}</text>` +
    `</g>`
  );
}

function sameSquare(a: Square | null | undefined, b: Square): boolean {
  return !!a && a.row === b.row && a.col === b.col;
}

/** The whole board as SVG markup: squares carry `data-square` (USI) and, when occupied, `data-piece` (SFEN). */
export function boardSvg(v: BoardView): string {
  const width = PAD + 9 * W + RIGHT;
  const height = TOP + 9 * H + PAD;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" class="board-svg" role="img" aria-label="${escapeXml(t("board.label"))}">`,
  );
  out.push(`<rect class="board-bg" x="${PAD}" y="${TOP}" width="${9 * W}" height="${9 * H}"/>`);
  const fullDigits = "０１２３４５６７８９";
  const ranks = "一二三四五六七八九";
  for (let c = 0; c < 9; c++) {
    out.push(`<text class="coord" x="${PAD + c * W + W / 2}" y="${TOP / 2 + 2}" text-anchor="middle" dominant-baseline="middle">${fullDigits[9 - c]}</text>`);
  }
  for (let r = 0; r < 9; r++) {
    out.push(`<text class="coord" x="${PAD + 9 * W + RIGHT / 2}" y="${TOP + r * H + H / 2}" text-anchor="middle" dominant-baseline="middle">${ranks[r]}</text>`);
  }
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      const sq = { row: r, col: c };
      const x = PAD + c * W;
      const y = TOP + r * H;
      const classes = ["sq"];
      if (v.lastMove && (sameSquare(v.lastMove.from, sq) || sameSquare(v.lastMove.to, sq))) classes.push("last");
      if (sameSquare(v.selected, sq)) classes.push("selected");
      if (v.kingMark && sameSquare(v.kingMark.square, sq)) classes.push(v.kingMark.mated ? "mated" : "checked");
      const piece = v.board[r][c];
      const name = lang() === "ja" ? jaSquare(sq) : usiSquare(sq);
      const label = piece ? `${name} ${piece.side === "black" ? "▲" : "△"}${pieceKanji(piece)}` : name;
      out.push(
        `<g class="${classes.join(" ")}" data-square="${usiSquare(sq)}"${piece ? ` data-piece="${pieceCode(piece)}"` : ""} aria-label="${escapeXml(label)}">`,
      );
      out.push(`<rect x="${x}" y="${y}" width="${W}" height="${H}"/>`);
      if (piece) out.push(pieceShape(piece, x + 2, y + 2, W - 4, H - 4));
      if (v.targets && v.targets.some((t) => sameSquare(t, sq))) {
        out.push(`<circle class="target" cx="${x + W / 2}" cy="${y + H / 2}" r="${piece ? W * 0.42 : 9}"/>`);
      }
      if (sameSquare(v.cursor, sq)) out.push(`<rect class="cursor" x="${x + 3}" y="${y + 3}" width="${W - 6}" height="${H - 6}"/>`);
      out.push(`</g>`);
    }
  }
  // The lines over the squares, and the four stars.
  for (let i = 0; i <= 9; i++) {
    out.push(`<line class="grid${i === 0 || i === 9 ? " edge" : ""}" x1="${PAD + i * W}" y1="${TOP}" x2="${PAD + i * W}" y2="${TOP + 9 * H}"/>`);
    out.push(`<line class="grid${i === 0 || i === 9 ? " edge" : ""}" x1="${PAD}" y1="${TOP + i * H}" x2="${PAD + 9 * W}" y2="${TOP + i * H}"/>`);
  }
  for (const [c, r] of [[3, 3], [6, 3], [3, 6], [6, 6]]) {
    out.push(`<circle class="star" cx="${PAD + c * W}" cy="${TOP + r * H}" r="3"/>`);
  }
  out.push(`</svg>`);
  return out.join("");
}

/** One piece as a small picture of its own (the palette, the hands, a dragged piece). */
export function pieceIcon(piece: { side: Side; base: Base; promoted: boolean }, size = 40): string {
  const w = size * 0.94;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="piece-icon" viewBox="0 0 ${w} ${size}" width="${w}" height="${size}" aria-hidden="true">` +
    pieceShape(piece, 0, 0, w, size) +
    `</svg>`
  );
}

/** A count of pieces in hand as the page writes it: kanji in Japanese (十三), digits in English. */
export function handCount(n: number): string {
  if (n <= 1) return "";
  return lang() === "ja" ? countKanji(n) : String(n);
}

/** A hand as a diagram writes it: 飛　金二　歩三, or なし. */
export function handText(hand: Partial<Record<HandBase, number>>): string {
  const parts = HAND_BASES.filter((b) => (hand[b] ?? 0) > 0).map(
    (b) => pieceKanji({ base: b, promoted: false }) + ((hand[b] ?? 0) > 1 ? countKanji(hand[b] ?? 0) : ""),
  );
  return parts.length ? parts.join("　") : t("hand.none");
}

/** Every piece of a hand, as the buttons a hand shows: `data-hand` side, `data-piece` letter. */
export function handPieces(side: Side, hand: Hand, opts: { selected?: HandBase | null; playable?: boolean } = {}): string {
  const out: string[] = [];
  for (const b of HAND_BASES) {
    const n = hand[b];
    if (n <= 0) continue;
    const piece: Piece = { side, base: b, promoted: false };
    const cls = `hand-piece${opts.selected === b ? " selected" : ""}`;
    const name = pieceKanji(piece) + (n > 1 ? countKanji(n) : "");
    out.push(
      `<button type="button" class="${cls}" data-hand="${side}" data-piece="${b}" data-count="${n}" aria-label="${escapeXml(name)}"${opts.playable ? "" : ' tabindex="-1"'}>` +
        pieceIcon({ side: "black", base: b, promoted: false }, 34) +
        `<span class="count">${handCount(n)}</span></button>`,
    );
  }
  return out.join("");
}
