/**
 * Group commit: items submitted while a batch is being written wait and are written together in
 * the next one, so under a burst the database sees a few large transactions instead of one per
 * item, and when it is quiet an item is written at once (on the next turn of the event loop).
 * Each submitter's promise settles when its own item is committed, or fails with the error that
 * stopped it. A failed batch of several is retried item by item, so one bad item fails alone.
 */
export function groupCommit<T>(
  write: (batch: T[]) => Promise<void>,
  options: { maxBatch?: number } = {},
): (item: T) => Promise<void> {
  const maxBatch = options.maxBatch ?? 100;
  type Waiting = { item: T; resolve: () => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let busy = false;

  const drain = async (): Promise<void> => {
    busy = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        try {
          await write(batch.map((waiting) => waiting.item));
          for (const waiting of batch) waiting.resolve();
        } catch (error) {
          if (batch.length === 1) {
            batch[0]?.reject(error);
            continue;
          }
          for (const waiting of batch) {
            await write([waiting.item]).then(waiting.resolve, waiting.reject);
          }
        }
      }
    } finally {
      busy = false;
    }
  };

  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!busy) {
        busy = true;
        setImmediate(() => void drain());
      }
    });
}
