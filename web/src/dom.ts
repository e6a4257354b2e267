// Small helpers for building the page without a framework.

type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;
type Child = Node | string | null | undefined | false;

/** An element with its attributes (`on…` are listeners; false and null leave an attribute out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value as EventListener);
    } else if (value === true) {
      el.setAttribute(name, "");
    } else {
      el.setAttribute(name, String(value));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c);
  }
  return el;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no element #${id}`);
  return el as T;
}

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Offers text as a file to save. */
export function download(name: string, text: string, type = "text/plain;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** True while the user types into a field, where keys belong to the field. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable;
}

const lastHtml = new WeakMap<Element, string>();

/**
 * Gives `el` new content only when it differs from what it holds: an element under the pointer
 * is not replaced between a press and its release (which would lose the click), nor one that
 * has the focus.
 */
export function swap(el: HTMLElement, ...nodes: (Node | string)[]): void {
  const box = document.createElement("div");
  box.append(...nodes);
  const html = box.innerHTML;
  if (lastHtml.get(el) === html) return;
  lastHtml.set(el, html);
  el.replaceChildren(...Array.from(box.childNodes));
}

/** The same for markup. */
export function swapHtml(el: HTMLElement, html: string): void {
  if (lastHtml.get(el) === html) return;
  lastHtml.set(el, html);
  el.innerHTML = html;
}

/** Builds `el`'s content afresh into a detached box, and swaps it in when it differs. */
export function fill(el: HTMLElement, build: (box: HTMLElement) => void): void {
  const box = document.createElement("div");
  build(box);
  swap(el, ...Array.from(box.childNodes));
}
