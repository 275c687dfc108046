/**
 * Whether React is hydrating the prerendered page for the first time: main.tsx marks the start,
 * and the App's first effect (`data-hydrated` on <html>) marks the end. Static sections read it
 * to adopt the server's HTML instead of hydrating it (components/ui/static-section.tsx).
 */
let hydrating = false;

export function markHydrationStart(): void {
  hydrating = true;
}

export function isFirstHydration(): boolean {
  return hydrating && typeof document !== "undefined" && document.documentElement.dataset.hydrated !== "true";
}
