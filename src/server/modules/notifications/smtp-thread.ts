import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { smtpMessage, smtpTransportOptions, type Mailer } from "./mailer.ts";

/**
 * The SMTP client's thread: nodemailer's pooled transport, fed one message at a time by the
 * mailer below. CommonJS evaluated in place (as the password threads are), so that no file has to
 * sit beside the bundle. A failure goes back as the fields describeSendFailure reads.
 */
const threadCode = `
const { parentPort, workerData } = require("node:worker_threads");
const { createTransport } = require(workerData.nodemailer);
const transport = createTransport(workerData.transport);
parentPort.on("message", (job) => {
  if (job.op === "close") {
    transport.close();
    parentPort.close();
    return;
  }
  transport.sendMail(job.message).then(
    () => parentPort.postMessage({ id: job.id }),
    (error) =>
      parentPort.postMessage({
        id: job.id,
        error: {
          message: String((error && error.message) || error),
          code: error && typeof error.code === "string" ? error.code : undefined,
          responseCode: error && typeof error.responseCode === "number" ? error.responseCode : undefined,
        },
      }),
  );
});
`;

type Failure = { message: string; code?: string; responseCode?: number };
type Reply = { id: number; error?: Failure };
type Pending = { resolve: () => void; reject: (error: Error) => void };

const nodemailerPath = createRequire(import.meta.url).resolve("nodemailer");

const failure = (fields: Failure) => Object.assign(new Error(fields.message), fields);

/**
 * The server's mailer: the same SMTP client as createSmtpMailer, on a worker thread. Building a
 * message (MIME, base64 of every part) and the SMTP conversation (a dozen writes and reads per
 * message) then cost the event loop one postMessage each way instead of about a millisecond, so
 * a burst of order e-mails does not hold up the requests that caused it. If the thread dies, the
 * messages it held fail as a dropped connection (the outbox retries them without using up tries)
 * and the next message starts a new thread.
 */
export function createThreadedSmtpMailer(options: { url: string; from: string }): Mailer {
  let thread: { worker: Worker; pending: Map<number, Pending> } | undefined;
  let nextId = 0;

  const start = () => {
    const worker = new Worker(threadCode, {
      eval: true,
      workerData: { nodemailer: nodemailerPath, transport: smtpTransportOptions(options.url) },
    });
    const started = { worker, pending: new Map<number, Pending>() };
    const settle = (reply: Reply) => {
      const waiting = started.pending.get(reply.id);
      if (!waiting) return;
      started.pending.delete(reply.id);
      if (reply.error) waiting.reject(failure(reply.error));
      else waiting.resolve();
      // An idle mail thread does not keep the process alive; one with messages in flight does.
      if (started.pending.size === 0) worker.unref();
    };
    const abandon = (reason: string) => {
      if (thread === started) thread = undefined;
      for (const waiting of started.pending.values()) waiting.reject(failure({ message: reason, code: "ESOCKET" }));
      started.pending.clear();
    };
    worker.on("message", settle);
    worker.on("error", (error) => abandon(`the mail thread failed: ${error.message}`));
    worker.on("exit", () => abandon("the mail thread exited"));
    worker.unref();
    return started;
  };

  return {
    send(email) {
      const current = (thread ??= start());
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        current.pending.set(id, { resolve, reject });
        current.worker.ref();
        current.worker.postMessage({ id, message: smtpMessage(email, options.from) });
      });
    },
    close() {
      const current = thread;
      thread = undefined;
      current?.worker.postMessage({ op: "close" });
    },
  };
}
