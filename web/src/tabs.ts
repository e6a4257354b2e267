// The tabs: setting up, the line, solving, checking.

import { byId } from "./dom";
import { loadPlayed } from "./line";
import { app, render } from "./state";
import type { Tab } from "./state";

export function setTab(tab: Tab): void {
  if (app.tab === tab) return;
  const wasEdit = app.tab === "edit";
  app.tab = tab;
  app.selected = null;
  app.selectedDrop = null;
  if (wasEdit) app.tool = { kind: "none" };
  if (wasEdit && app.pos && !app.view.answer) void loadPlayed(0);
  render();
}

export function renderTabs(): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>("[data-tab]")) {
    const on = b.dataset.tab === app.tab;
    b.setAttribute("aria-selected", on ? "true" : "false");
    b.tabIndex = on ? 0 : -1;
    byId(`panel-${b.dataset.tab}`).hidden = !on;
  }
  byId("search-settings").hidden = app.tab !== "solve" && app.tab !== "check";
  document.body.dataset.tab = app.tab;
}

export function wireTabs(): void {
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
