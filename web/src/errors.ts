// Errors as the page shows them: the command line's own message, its place, and a gloss.

import { ApiError } from "./api";
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

