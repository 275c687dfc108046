type Scheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, so the caller's next step does not lengthen the task it was called
 * from (a commit, an effect, an event handler). `scheduler.yield()` where the browser has it (it
 * resumes ahead of other queued work), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
