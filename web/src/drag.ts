// Dragging a piece with the pointer: a press that moves past a few pixels becomes a drag, with
// the piece following the pointer; one that does not is a click.

const THRESHOLD = 5;

export interface DragHandlers {
  /** The piece drawn under the pointer while it moves. */
  icon: string;
  /** Released over `target` (the element under the pointer), after moving. */
  drop(target: Element | null): void;
  /** Released without moving. */
  click(): void;
}

export function startDrag(e: PointerEvent, handlers: DragHandlers): void {
  if (e.button !== 0) return;
  const x0 = e.clientX;
  const y0 = e.clientY;
  let ghost: HTMLElement | null = null;
  const move = (ev: PointerEvent) => {
    if (!ghost && Math.hypot(ev.clientX - x0, ev.clientY - y0) < THRESHOLD) return;
    if (!ghost) {
      ghost = document.createElement("div");
      ghost.className = "drag-ghost";
      ghost.innerHTML = handlers.icon;
      document.body.append(ghost);
      document.body.classList.add("dragging");
    }
    ghost.style.left = `${ev.clientX}px`;
    ghost.style.top = `${ev.clientY}px`;
  };
  const up = (ev: PointerEvent) => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    if (ghost) {
      ghost.remove();
      document.body.classList.remove("dragging");
      handlers.drop(document.elementFromPoint(ev.clientX, ev.clientY));
    } else {
      handlers.click();
    }
  };
  const cancel = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    ghost?.remove();
    document.body.classList.remove("dragging");
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
}
