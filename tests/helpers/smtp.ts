import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type TestSmtpServer = {
  port: number;
  url: string;
  /** Every message received, parsed, in order of arrival. */
  messages: ParsedMail[];
  /** Resolves once at least `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
};

/**
 * A real SMTP server in the test process (smtp-server, parsed with mailparser): the outbox talks
 * to it over TCP exactly as to the studio's mail server. No TLS and no auth, on 127.0.0.1; pass
 * `port` to bring a server back on a port a test closed earlier. `delayMs` holds each message
 * before accepting it, to widen races between workers.
 */
export async function startSmtpServer(
  options: {
    port?: number;
    delayMs?: number;
    /** An SMTP reply code (e.g. 550, 451) with which to refuse a recipient, or undefined to accept. */
    rejectRecipient?: (address: string) => number | undefined;
    /** Called with each message as it is accepted (the browser tests' server files them). */
    onMessage?: (mail: ParsedMail) => void;
  } = {},
): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Clients (the outbox's pooled connections) may still be connected at close: do not wait 30 s.
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const code = options.rejectRecipient?.(address.address);
      if (code === undefined) return callback();
      callback(Object.assign(new Error(`Refused by the test server (${code})`), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        async (mail) => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          messages.push(mail);
          options.onMessage?.(mail);
          for (const waiter of waiters.filter((w) => messages.length >= w.count)) waiter.resolve();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that dies mid-session (a killed worker) resets its connection: smtp-server emits that
  // as an 'error' event, which would otherwise end the test process.
  server.on("error", () => {});
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server.server, "listening");
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(count, timeoutMs = 15_000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Expected ${count} e-mails, got ${messages.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(messages);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 with nothing listening on it (a mail server that is down). */
export async function closedPort(): Promise<number> {
  const probe = await startSmtpServer();
  await probe.close();
  return probe.port;
}
