import { afterEach, describe, expect, it, vi } from "vitest";
import { TOAST_REMOVE_DELAY_MS, currentToasts, dismissToast, subscribeToasts, toast } from "./toast-store.ts";

afterEach(() => vi.useRealTimers());

describe("toasts", () => {
  it("shows one toast at a time, the newest", () => {
    toast({ title: "First" });
    toast({ title: "Second" });
    expect(currentToasts().map((t) => t.title)).toEqual(["Second"]);
  });

  it("closes a dismissed toast at once and removes it after 1,000,000 ms", () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const unsubscribe = subscribeToasts((list) => seen.push(list.length));
    const { id } = toast({ title: "Saved" });
    dismissToast(id);
    expect(currentToasts().find((t) => t.id === id)?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(currentToasts().some((t) => t.id === id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(currentToasts().some((t) => t.id === id)).toBe(false);
    unsubscribe();
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
});
