// Checking the intended line (`/api/check`): the verdict, the findings in the composers' words
// with their plies, and each finding's evidence on the board as a branch of the main line.

import type { CheckEvent, CheckRequest, Finding } from "./api";
import { byId, download, fill, h } from "./dom";
import { errorView } from "./errors";
import { lang, t } from "./i18n";
import { checkedLine, positionReady, problemText } from "./editor";
import { showChecked, showLine } from "./line";
import { numberField, progressView, runStream, searchSettings } from "./solve";
import { app } from "./state";

export async function startCheck(): Promise<void> {
  if (!positionReady() || app.solve.running || app.check.running) return;
  app.checked = null;
  const total = numberField("check-time");
  const body: CheckRequest = {
    problem: problemText(),
    literal_hands: app.literal,
    ...searchSettings(),
    line: checkedLine(),
  };
  if (total != null) body.total_time = total;
  await runStream<CheckEvent>(app.check, "/api/check", body, (ev) => {
    app.checked = { check: ev.check, kif: ev.kif };
    if (ev.check.line.length) void showChecked(0);
  });
}

/** A finding's evidence on the board: the main line to the ply before it, then the evidence. */
export function showFinding(index: number): void {
  const c = app.checked?.check;
  if (!c) return;
  const f = c.findings[index];
  const ply = f.ply ?? 1;
  const trunk = f.ply == null ? [] : c.line.slice(0, ply - 1);
  const futile = [...c.futile_plies.filter((p) => p < ply && f.ply != null), ...f.futile_plies.map((p) => p + trunk.length)];
  void showLine({ kind: "finding", moves: [...trunk, ...f.line], futile, branchAt: trunk.length + 1, finding: index, answer: null }, trunk.length + 1);
}

function findingView(f: Finding, i: number): HTMLElement {
  const at = f.ply == null ? t("check.whole") : t("check.ply", { n: f.ply }) + (f.counted_ply != null && f.counted_ply !== f.ply ? t("check.counted", { n: f.counted_ply }) : "");
  const li = h("li", { class: `finding finding-${f.class}`, "data-finding": f.kind, "data-ply": f.ply ?? "" });
  li.append(
    h(
      "div",
      { class: "finding-head" },
      h("span", { class: `badge ${f.class}` }, f.name),
      h("span", { class: "at" }, at),
      h("span", { class: "class" }, t(`check.class.${f.class}` as "check.class.flaw")),
    ),
  );
  if (f.line_ja.length) {
    const lengths =
      f.length != null && f.main_left != null
        ? t("check.lengths", { a: f.length, b: f.main_left })
        : f.length != null
          ? t("check.length", { a: f.length })
          : "";
    li.append(h("div", { class: "evidence" }, h("span", { class: "first" }, f.line_ja[0]), f.line_ja.length > 1 ? ` ${f.line_ja.slice(1, 5).join(" ")}${f.line_ja.length > 5 ? " …" : ""}` : "", lengths ? ` — ${lengths}` : ""));
  }
  li.append(lang() === "ja" ? h("div", { class: "message", lang: "ja" }, f.message_ja) : h("div", { class: "message", lang: "en" }, f.message));
  if (f.line.length) {
    li.append(
      h(
        "button",
        {
          type: "button",
          class: "small show-finding",
          "data-show-finding": i,
          "data-focus-key": `finding-${i}`,
          "aria-pressed": app.view.kind === "finding" && app.view.finding === i ? "true" : "false",
          onclick: () => showFinding(i),
        },
        t("check.show"),
      ),
    );
  }
  return li;
}

export function renderCheckPanel(): void {
  const s = app.check;
  const busy = s.running || app.solve.running;
  byId<HTMLButtonElement>("check-start").disabled = busy || !positionReady();
  byId<HTMLButtonElement>("check-stop").disabled = !s.running || s.stopping;
  const n = app.played.moves.length;
  const faulty = app.loaded?.lineFault && checkedLine() === null;
  byId("check-intended").textContent = faulty
    ? t("check.intended.fault", { n, m: n + 1 })
    : n
      ? t("check.intended", { n })
      : t("check.intended.none");
  fill(byId("check-out"), buildCheckOut);
}

function buildCheckOut(out: HTMLElement): void {
  const s = app.check;
  if (s.running) out.append(h("div", { class: "running", "data-running": "" }, s.stopping ? t("solve.stop") + "…" : t("solve.running")));
  const done = app.checked;
  const prog = progressView(s);
  if (prog) out.append(prog);
  if (s.error) out.append(errorView(s.error));
  if (!done || s.running) return;
  const c = done.check;
  const verdict = h("div", { class: `verdict verdict-${c.verdict}`, "data-verdict": c.verdict }, t(`check.verdict.${c.verdict}` as "check.verdict.sound"));
  out.append(verdict);
  if (c.line_source === "solver") out.append(h("div", { class: "note" }, t("check.line_source.solver")));
  for (const w of c.warnings ?? []) out.append(h("div", { class: "warning", "data-check-warning": "" }, h("strong", {}, `${t("pos.warning")}: `), w));
  if (c.findings.length === 0) out.append(h("p", {}, t("check.none")));
  else {
    const ol = h("ol", { class: "findings" });
    c.findings.forEach((f, i) => ol.append(findingView(f, i)));
    out.append(ol);
  }
  if (done.kif) out.append(h("button", { type: "button", id: "check-download", onclick: () => download("check.kif", done.kif) }, t("check.download")));
}
