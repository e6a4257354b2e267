// The workbench page: its parts wired together, the keys, the language, and the start from the
// address.

import * as api from "./api";
import type { Move } from "./api";
import { pieceIcon } from "./board";
import { dropTarget, renderBoard, wireBoard } from "./boardview";
import { renderCheckPanel, startCheck } from "./check";
import { byId, download, typingIn } from "./dom";
import { startDrag } from "./drag";
import { clearBoard, editDrop, renderEditorPanel, renderPositionStatus, setAttacker, setHandCount, setLiteral, validateSoon } from "./editor";
import type { EditSource } from "./editor";
import { notice } from "./errors";
import { downloadKif, readFile, readProblem, wireDrop } from "./files";
import { initialLang, setLang, t } from "./i18n";
import type { Key, Lang } from "./i18n";
import { clearLine, goTo, loadPlayed, pasteLine, play, renderLinePanel, renderMoves, renderNav, setPromotionAsk, step } from "./line";
import { parsePieceCode, setupFromApi } from "./shogi";
import type { HandBase, Side } from "./shogi";
import { renderSolvePanel, startSolve, stopSearch } from "./solve";
import { app, onRender, render, renderNow } from "./state";
import { renderTabs, setTab, wireTabs } from "./tabs";
import { readFragment, saveFragment } from "./url";

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
    if (file) {
      setTab("edit");
      await readFile(file);
    }
    (e.target as HTMLInputElement).value = "";
  });
  byId("copy-sfen").addEventListener("click", async () => {
    const button = byId("copy-sfen");
    const text = byId<HTMLInputElement>("sfen-out").value;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = t("edit.copied");
      window.setTimeout(() => (button.textContent = t("edit.copy")), 1500);
    } catch {
      byId<HTMLInputElement>("sfen-out").select();
    }
  });
  byId("download-sfen").addEventListener("click", () => {
    if (app.pos) download("problem.sfen", app.pos.position.sfen + "\n");
  });
  byId("download-kif").addEventListener("click", () => void downloadKif(app.played.moves));
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


// Keys, language.

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
