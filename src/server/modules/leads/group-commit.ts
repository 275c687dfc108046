/**
 * Group commit: items submitted while batches are being written wait and are written together in
 * the next one, so under a burst the database sees a few large transactions instead of one per
 * item, and when it is quiet an item is written at once (on the next turn of the event loop).
 * Up to `concurrency` batches are written at once: with one, every item waits for the whole batch
 * in flight (a commit's round trips and its disk flush) before its own even starts; with two, the
 * next batch starts while the first is committing, so an item waits at most about one batch.
 * Each submitter's promise settles when its own item is committed, or fails with the error that
 * stopped it. A failed batch of several is retried item by item, so one bad item fails alone.
 */
export function groupCommit<T>(
  write: (batch: T[]) => Promise<void>,
  options: { maxBatch?: number; concurrency?: number } = {},
): (item: T) => Promise<void> {
  const maxBatch = options.maxBatch ?? 100;
  const concurrency = options.concurrency ?? 2;
  type Waiting = { item: T; resolve: () => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  /** Writers running or about to (scheduled for the next turn of the event loop). */
  let writers = 0;
  let scheduled = false;

  const writeBatch = async (batch: Waiting[]): Promise<void> => {
    try {
      await write(batch.map((waiting) => waiting.item));
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const waiting of batch) {
        await write([waiting.item]).then(waiting.resolve, waiting.reject);
      }
    }
  };

  const drain = async (): Promise<void> => {
    try {
      while (queue.length > 0) await writeBatch(queue.splice(0, maxBatch));
    } finally {
      writers--;
    }
  };

  /** Starts a writer on the next turn (so that everything submitted in this one joins its batch). */
  const schedule = () => {
    if (scheduled || writers >= concurrency) return;
    scheduled = true;
    writers++;
    setImmediate(() => {
      scheduled = false;
      void drain();
    });
  };

  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
