import { createTransport } from "nodemailer";

/** One outbox row as the mailer sends it. */
export type OutgoingEmail = {
  id: number;
  createdAt: Date;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  lang: string;
};

export type Mailer = {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
};

/** Why a send failed, as far as retrying is concerned. */
export type SendFailure = {
  /** The mail server could not be reached: not the message's fault, so it uses up no tries. */
  unreachable: boolean;
  /** The server refused this message for good (5xx): retrying will not help. */
  permanent: boolean;
  message: string;
};

/** nodemailer's transport settings for `SMTP_URL` (a pool; the outbox decides about retries). */
export function smtpTransportOptions(url: string) {
  return {
    url,
    pool: true,
    maxConnections: 4,
    maxRequeues: 0,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** The message nodemailer sends for an outbox row (plain data: it crosses to the mail thread). */
export function smtpMessage(email: OutgoingEmail, from: string) {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return {
    from,
    to: email.to,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    subject: email.subject,
    html: email.html,
    text: email.text,
    // Base64 for both parts: an Arabic message in quoted-printable triples in size (every
    // byte of every letter becomes =XX), and nodemailer need not scan each text to choose.
    textEncoding: "base64" as const,
    messageId: messageIdFor(email, domain),
    headers: { "Content-Language": email.lang, "X-Outbox-Id": String(email.id) },
  };
}

/**
 * Sends through SMTP (nodemailer's pooled transport) on the calling thread: `SMTP_URL` says where
 * and how (`smtp://user:pass@host:587`, `smtps://…:465`), `from` who sends. The pool keeps a few
 * connections open while mail flows. Nodemailer's own requeueing is off: the outbox decides
 * about retries, so a message is never sent behind its back. The server sends from a thread of
 * its own instead (smtp-thread.ts).
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport(smtpTransportOptions(options.url));
  return {
    async send(email) {
      await transport.sendMail(smtpMessage(email, options.from));
    },
    close() {
      transport.close();
    },
  };
}

/**
 * The Message-ID of an outbox row, the same on every try: if a crash makes the worker send a
 * row twice (docs/decisions/0013-outbox.md), the copies share this id, so a mail client or the
 * studio's mail server can recognise the second as a duplicate. The creation time keeps ids of
 * two databases (say, staging and production) apart.
 */
export function messageIdFor(email: Pick<OutgoingEmail, "id" | "createdAt">, domain: string): string {
  return `<outbox.${email.id}.${email.createdAt.getTime().toString(36)}@${domain}>`;
}

const UNREACHABLE = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);

export function describeSendFailure(error: unknown): SendFailure {
  const details = (error ?? {}) as { code?: string; responseCode?: number; message?: string };
  const message = (details.message ?? String(error)).slice(0, 1000);
  const responseCode = typeof details.responseCode === "number" ? details.responseCode : undefined;
  const unreachable = responseCode === undefined && UNREACHABLE.has(details.code ?? "");
  const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600;
  return { unreachable, permanent, message };
}
