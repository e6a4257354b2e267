// The problem and its line in the address (`#sfen=…&line=…`), so that a reload or a shared link
// opens them again.

import { app } from "./state";
import { isEmpty, setupToSfen } from "./shogi";

export interface Fragment {
  sfen: string | null;
  line: string[];
  literal: boolean;
}

export function readFragment(hash: string): Fragment {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const sfen = params.get("sfen");
  const line = (params.get("line") ?? "").split(/[\s,]+/).filter((m) => m.length > 0);
  return { sfen: sfen && sfen.trim() ? sfen.trim() : null, line, literal: params.get("hands") === "literal" };
}

export function writeFragment(f: Fragment): string {
  if (!f.sfen) return "";
  const params = new URLSearchParams();
  params.set("sfen", f.sfen);
  if (f.line.length) params.set("line", f.line.join(","));
  if (f.literal) params.set("hands", "literal");
  // '+' stands for a space in the query syntax: an SFEN's promoted pieces are written %2B.
  return "#" + params.toString();
}

/** Puts the fragment in the address without a new history entry. */
export function replaceFragment(f: Fragment): void {
  const hash = writeFragment(f);
  if (hash === location.hash || (hash === "" && location.hash === "")) return;
  history.replaceState(null, "", location.pathname + location.search + hash);
}

/** The address for what the page holds now: the set-up and the line played. */
export function saveFragment(): void {
  replaceFragment({
    sfen: isEmpty(app.setup) ? null : setupToSfen(app.setup, app.literal),
    line: app.played.moves,
    literal: app.literal,
  });
}
