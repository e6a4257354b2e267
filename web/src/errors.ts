// Errors as the page shows them: the command line's own message, its place, and a gloss.

import { ApiError } from "./api";
import type { TextFault } from "./api";
import { byId, h } from "./dom";
import { faultGloss, t } from "./i18n";

/** An API error as the page shows it: the command line's message, its place, and a gloss. */
export function errorView(err: ApiError, extra?: string): HTMLElement {
  const box = h("div", { class: "error", role: "alert", "data-status": String(err.status) });
  const head = err.busy ? t("error.busy") : err.status === 0 ? t("error.network") : t("error.label");
  box.append(h("strong", {}, head));
  box.append(h("pre", { class: "message" }, err.body.message));
  if (err.body.line != null && err.body.column != null) {
    box.append(h("div", { class: "place" }, t("error.line", { line: err.body.line, column: err.body.column })));
  }
  if (extra) box.append(h("div", { class: "gloss" }, extra));
  return box;
}

/**
 * A fault of a text read (a record's move, a side line's) that leaves the problem readable: what
 * it means for the problem in the page's words, the place, and the command line's message.
 * `kept` is the number of the line's moves read before it (a fault of the main line).
 */
export function textFaultView(f: TextFault, side: boolean, kept: number): HTMLElement {
  const box = h("div", { class: "warning text-fault", "data-text-fault": side ? "side" : "line" });
  const m = /^move (\d+)(?: '([^']*)')?/.exec(f.fault);
  const move = m ? { n: m[1], move: m[2] ?? "" } : null;
  const head = side
    ? move?.move
      ? t("fault.side.move", move)
      : t("fault.side")
    : move?.move
      ? t("fault.line.move", move)
      : t("fault.line");
  box.append(h("strong", {}, `${t("pos.warning")}: ${head}`));
  if (f.line != null && f.column != null) {
    const [line, column] = [f.line, f.column];
    box.append(
      " ",
      h(
        "button",
        { type: "button", class: "small place", "data-place": `${line}:${column}`, title: t("fault.show"), onclick: () => showPlace(line, column) },
        t("error.line", { line, column }),
      ),
    );
  }
  box.append(h("div", { class: "gloss" }, side ? t("fault.side.after") : kept > 0 ? t("fault.line.kept", { n: kept }) : t("fault.line.none")));
  box.append(h("pre", { class: "message" }, f.message));
  return box;
}

/** Puts the text cursor on the faulty place of the pasted text. */
/** The place in the paste box, selected and scrolled to. */
function showPlace(line: number, column: number): void {
  const ta = byId<HTMLTextAreaElement>("paste");
  ta.focus();
  selectPlace(ta, line, column);
}

export function selectPlace(ta: HTMLTextAreaElement, line: number, column: number): void {
  const lines = ta.value.split("\n");
  if (line < 1 || line > lines.length) return;
  let at = 0;
  for (let i = 0; i < line - 1; i++) at += lines[i].length + 1;
  at += Math.min(Math.max(column - 1, 0), lines[line - 1].length);
  ta.setSelectionRange(at, Math.min(at + 1, ta.value.length));
}

export function faultGlossOf(err: ApiError): string | undefined {
  return faultGloss(err.body.fault ?? err.body.message) ?? undefined;
}

let noticeTimer: number | undefined;

/** An error that belongs to no panel, shown at the top. */
export function notice(e: unknown): void {
  const err = e instanceof ApiError ? e : new ApiError(0, { message: String(e) });
  const box = byId("notice");
  box.replaceChildren();
  box.textContent = `${err.busy ? t("error.busy") : t("error.label")}: ${err.message}`;
  box.hidden = false;
  window.clearTimeout(noticeTimer);
  noticeTimer = window.setTimeout(() => (box.hidden = true), 8000);
}

