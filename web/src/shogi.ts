// The page's own model of a set-up: what the editor changes and writes as SFEN. Legality is the
// server's to judge (`/api/position`); this file only reads and writes the notation.

import type { PositionView } from "./generated/PositionView";

export type Side = "black" | "white";
export type Base = "K" | "R" | "B" | "G" | "S" | "N" | "L" | "P";
export type HandBase = Exclude<Base, "K">;

export interface Piece {
  side: Side;
  base: Base;
  promoted: boolean;
}

/** Nine ranks (一 to 九, top to bottom), each nine squares from file 9 to file 1. */
export type Board = (Piece | null)[][];
export type Hand = Record<HandBase, number>;

export interface Setup {
  board: Board;
  hands: Record<Side, Hand>;
  /** The side to move: the attacker. */
  side: Side;
}

/** The position object of the API (docs/serve.md). */
/** A position as the server gives it. */
export type ApiPosition = PositionView;

export const BASES: Base[] = ["K", "R", "B", "G", "S", "N", "L", "P"];
export const HAND_BASES: HandBase[] = ["R", "B", "G", "S", "N", "L", "P"];
/** How many of each piece the set holds. */
export const SET_COUNT: Record<Base, number> = { K: 2, R: 2, B: 2, G: 4, S: 4, N: 4, L: 4, P: 18 };

export function canPromote(base: Base): boolean {
  return base !== "K" && base !== "G";
}

export function other(side: Side): Side {
  return side === "black" ? "white" : "black";
}

const KANJI: Record<Base, string> = { K: "玉", R: "飛", B: "角", G: "金", S: "銀", N: "桂", L: "香", P: "歩" };
const KANJI_PROMOTED: Partial<Record<Base, string>> = { R: "龍", B: "馬", S: "全", N: "圭", L: "杏", P: "と" };

/** The one-character name a diagram gives the piece (成銀 is 全, as in printed diagrams). */
export function pieceKanji(p: { base: Base; promoted: boolean }): string {
  return p.promoted ? (KANJI_PROMOTED[p.base] ?? KANJI[p.base]) : KANJI[p.base];
}

const NUM_KANJI = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** A count as composers write it in a hand: 二, 十, 十三 (1 is written by the piece alone). */
export function countKanji(n: number): string {
  if (n < 10) return NUM_KANJI[n];
  return "十" + NUM_KANJI[n - 10];
}

export function emptyHand(): Hand {
  return { R: 0, B: 0, G: 0, S: 0, N: 0, L: 0, P: 0 };
}

export function emptyBoard(): Board {
  return Array.from({ length: 9 }, () => Array<Piece | null>(9).fill(null));
}

export function emptySetup(): Setup {
  return { board: emptyBoard(), hands: { black: emptyHand(), white: emptyHand() }, side: "black" };
}

export function cloneSetup(s: Setup): Setup {
  return {
    board: s.board.map((row) => row.map((p) => (p ? { ...p } : null))),
    hands: { black: { ...s.hands.black }, white: { ...s.hands.white } },
    side: s.side,
  };
}

/** A piece as an SFEN code: `P`, `+r`. */
export function pieceCode(p: Piece): string {
  const letter = p.side === "black" ? p.base : p.base.toLowerCase();
  return (p.promoted ? "+" : "") + letter;
}

/** Reads an SFEN piece code (`+R`, `k`); null for anything else. */
export function parsePieceCode(code: string): Piece | null {
  const m = /^(\+?)([KRBGSNLPkrbgsnlp])$/.exec(code);
  if (!m) return null;
  const upper = m[2].toUpperCase() as Base;
  const promoted = m[1] === "+";
  if (promoted && !canPromote(upper)) return null;
  return { side: m[2] === upper ? "black" : "white", base: upper, promoted };
}

/** The set-up in the API's position object. */
export function setupFromApi(pos: ApiPosition): Setup {
  const board = pos.board.map((row) => row.map((code) => (code ? parsePieceCode(code) : null)));
  const hands = { black: emptyHand(), white: emptyHand() };
  for (const side of ["black", "white"] as Side[]) {
    for (const b of HAND_BASES) hands[side][b] = pos.hands[side][b] ?? 0;
  }
  return { board, hands, side: pos.side };
}

function handSfen(hands: Record<Side, Hand>): string {
  let s = "";
  for (const side of ["black", "white"] as Side[]) {
    for (const b of HAND_BASES) {
      const n = hands[side][b];
      if (n <= 0) continue;
      if (n > 1) s += String(n);
      s += side === "black" ? b : b.toLowerCase();
    }
  }
  return s || "-";
}

/** The set-up as SFEN; with `withDefenderHand` false the defender's hand is left out (the server fills in "the rest"). */
export function setupToSfen(s: Setup, withDefenderHand = true): string {
  const ranks = s.board.map((row) => {
    let out = "";
    let empty = 0;
    for (const p of row) {
      if (!p) {
        empty++;
        continue;
      }
      if (empty) out += String(empty);
      empty = 0;
      out += pieceCode(p);
    }
    if (empty) out += String(empty);
    return out;
  });
  const hands = withDefenderHand
    ? s.hands
    : ({ [s.side]: s.hands[s.side], [other(s.side)]: emptyHand() } as Record<Side, Hand>);
  return `${ranks.join("/")} ${s.side === "black" ? "b" : "w"} ${handSfen(hands)} 1`;
}

/** How many of each piece are on the board and in both hands. */
export function countPieces(s: Setup): Record<Base, number> {
  const n: Record<Base, number> = { K: 0, R: 0, B: 0, G: 0, S: 0, N: 0, L: 0, P: 0 };
  for (const row of s.board) for (const p of row) if (p) n[p.base]++;
  for (const side of ["black", "white"] as Side[]) for (const b of HAND_BASES) n[b] += s.hands[side][b];
  return n;
}

export function isEmpty(s: Setup): boolean {
  return s.board.every((row) => row.every((p) => !p)) && HAND_BASES.every((b) => !s.hands.black[b] && !s.hands.white[b]);
}

// Squares. `row` 0..8 is rank 一..九; `col` 0..8 is file 9..1.

export interface Square {
  row: number;
  col: number;
}

export function fileOf(col: number): number {
  return 9 - col;
}

/** USI square: file digit then rank letter (`5a`). */
export function usiSquare(sq: Square): string {
  return String(9 - sq.col) + String.fromCharCode(97 + sq.row);
}

export function parseUsiSquare(s: string): Square | null {
  const m = /^([1-9])([a-i])$/.exec(s);
  if (!m) return null;
  return { col: 9 - Number(m[1]), row: m[2].charCodeAt(0) - 97 };
}

const FULL_DIGITS = "０１２３４５６７８９";

/** A square as Japanese write it: ５一. */
export function jaSquare(sq: Square): string {
  return FULL_DIGITS[9 - sq.col] + NUM_KANJI[sq.row + 1];
}
