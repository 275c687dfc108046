import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Options } from "@node-rs/argon2";

/**
 * The nice value of the threads that compute argon2 (Linux sets it per thread). A password check
 * is 60-100 ms of one core's work; at the default priority a flood of sign-ins took a core's
 * share from the event loop, and health checks waited behind it. At nice 10 a password thread
 * sharing a core with the event loop (or any normal-priority work) gets about a tenth of it
 * (CFS weights 110 against 1024), and all of it when the core is otherwise idle. Not 19: there a
 * check would get 1.5 % of a core taken by a font analysis, and a sign-in would wait seconds.
 * It is added to the server's own nice value (capped at 19), so that a server started under
 * `nice` or with systemd's `Nice=` still keeps its password threads below its event loop.
 */
export const PASSWORD_THREAD_NICE = 10;

type Job = { id: number; op: "hash" | "verify" | "nice"; password?: string; hash?: string; options?: Options };
type Reply = { id: number; value?: string | boolean | number; error?: string };

/**
 * A worker thread's code: it lowers its own priority, then hashes and verifies synchronously
 * (on its own thread, not libuv's pool, so that the niceness applies to the work), one job at a
 * time. CommonJS evaluated in place, so that no file has to sit beside the bundle.
 */
const threadCode = `
const { parentPort, workerData } = require("node:worker_threads");
const os = require("node:os");
const { hashSync, verifySync } = require(workerData.argon2);
// A new thread starts at its creator's nice value: the event loop's.
try { os.setPriority(0, Math.min(19, os.getPriority(0) + workerData.nice)); } catch {}
parentPort.on("message", (job) => {
  try {
    const value =
      job.op === "hash" ? hashSync(job.password, job.options)
      : job.op === "verify" ? verifySync(job.hash, job.password)
      : os.getPriority(0);
    parentPort.postMessage({ id: job.id, value });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});
`;

type Thread = {
  worker: Worker;
  pending: Map<number, { resolve: (value: Reply["value"]) => void; reject: (error: Error) => void }>;
};

const argon2Path = createRequire(import.meta.url).resolve("@node-rs/argon2");
const idle: Thread[] = [];
let nextId = 0;

function startThread(): Thread {
  const worker = new Worker(threadCode, { eval: true, workerData: { argon2: argon2Path, nice: PASSWORD_THREAD_NICE } });
  const thread: Thread = { worker, pending: new Map() };
  worker.on("message", (reply: Reply) => {
    const waiting = thread.pending.get(reply.id);
    if (!waiting) return;
    thread.pending.delete(reply.id);
    if (reply.error !== undefined) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.value);
  });
  worker.on("error", (error) => {
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
    const at = idle.indexOf(thread);
    if (at !== -1) idle.splice(at, 1);
  });
  // A thread waiting for work does not keep the process alive (run() refs it while it works;
  // unref'd after the listeners, since adding a "message" listener refs the worker's port again).
  worker.unref();
  return thread;
}

/**
 * Runs one job on an idle password thread (a new one when none is idle: the callers' gate in
 * passwords.ts bounds how many run at once, so the threads number at most that bound).
 */
function run(job: Omit<Job, "id">): Promise<Reply["value"]> {
  const thread = idle.pop() ?? startThread();
  const id = nextId++;
  thread.worker.ref();
  return new Promise<Reply["value"]>((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    thread.worker.postMessage({ ...job, id });
  }).finally(() => {
    thread.worker.unref();
    if (!idle.includes(thread) && thread.worker.threadId !== -1) idle.push(thread);
  });
}

/** argon2 hash of `password`, computed on a niced password thread. */
export async function hashOnThread(password: string, options: Options): Promise<string> {
  return (await run({ op: "hash", password, options })) as string;
}

/** Whether `password` matches `hash`, checked on a niced password thread (throws on a malformed hash). */
export async function verifyOnThread(hash: string, password: string): Promise<boolean> {
  return (await run({ op: "verify", hash, password })) as boolean;
}

/** The nice value a password thread runs at (for the tests). */
export async function passwordThreadNice(): Promise<number> {
  return (await run({ op: "nice" })) as number;
}
