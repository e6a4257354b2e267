// Problems read from a paste, a file opened or dropped; the position and its line saved as SFEN
// and KIF.

import * as api from "./api";
import { byId, download } from "./dom";
import { notice, selectPlace } from "./errors";
import { resetAnswers, validateSoon } from "./editor";
import { clearLine, loadPlayed } from "./line";
import { setupFromApi } from "./shogi";
import { app, render, renderNow } from "./state";
import { setTab } from "./tabs";
import { saveFragment } from "./url";

export async function downloadKif(moves: string[]): Promise<void> {
  if (!app.pos) return;
  try {
    const { kif } = await api.kif(app.pos.position.sfen, moves, app.header);
    download("problem.kif", kif);
  } catch (e) {
    notice(e);
  }
}

/** Reads a pasted or dropped problem: its set-up, its header, its moves as the line played. */
export async function readProblem(text: string): Promise<void> {
  if (!text.trim()) return;
  app.pasteError = null;
  try {
    const answer = await api.position(text, app.literal);
    const game = answer.game_moves != null;
    app.setup = setupFromApi(game ? answer.position : answer.written);
    app.header = answer.header;
    app.loaded = {
      text,
      format: answer.format,
      gameMoves: answer.game_moves,
      line: answer.line.map((m) => m.usi),
      lineFault: answer.line_fault,
      warnings: answer.warnings,
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
    renderNow();
    byId("paste-result").scrollIntoView({ block: "nearest" });
    return;
  }
  render();
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

export async function readFile(file: File): Promise<void> {
  const text = await fileText(file);
  byId<HTMLTextAreaElement>("paste").value = text;
  await readProblem(text);
}

export function wireDrop(): void {
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
    if (file) {
      setTab("edit");
      void readFile(file);
    }
  });
}

