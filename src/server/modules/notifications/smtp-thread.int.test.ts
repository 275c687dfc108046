import { afterEach, describe, expect, it } from "vitest";
import { closedPort, startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp.ts";
import { describeSendFailure, messageIdFor, type OutgoingEmail } from "./mailer.ts";
import { createThreadedSmtpMailer } from "./smtp-thread.ts";

const servers: TestSmtpServer[] = [];
const mailers: { close(): void }[] = [];
afterEach(async () => {
  for (const mailer of mailers.splice(0)) mailer.close();
  for (const server of servers.splice(0)) await server.close();
});

const email = (id: number, to: string): OutgoingEmail => ({
  id,
  createdAt: new Date("2026-11-26T08:00:00Z"),
  to,
  replyTo: "studio@nawat.test",
  subject: "تم استلام رسالتك",
  html: '<p dir="rtl">شكرًا لتواصلك مع استوديو نوات.</p>',
  text: "شكرًا لتواصلك مع استوديو نوات.",
  lang: "ar",
});

describe("the mail thread", () => {
  it("sends the same message the in-thread mailer would, Arabic and Message-ID intact", async () => {
    const server = await startSmtpServer();
    servers.push(server);
    const mailer = createThreadedSmtpMailer({ url: server.url, from: "Nawat Studio <hello@nawat.test>" });
    mailers.push(mailer);

    await Promise.all([mailer.send(email(1, "a@example.sa")), mailer.send(email(2, "b@example.sa"))]);

    const mails = await server.waitFor(2);
    const first = mails.find((m) => !Array.isArray(m.to) && m.to?.value[0]?.address === "a@example.sa");
    expect(first?.messageId).toBe(messageIdFor(email(1, ""), "nawat.test"));
    expect(first?.subject).toBe("تم استلام رسالتك");
    expect(first?.text?.trim()).toBe("شكرًا لتواصلك مع استوديو نوات.");
    expect(first?.headers.get("content-language")).toBe("ar");
    expect(first?.replyTo?.text).toBe("studio@nawat.test");
  });

  it("reports a refusal for good as permanent and an unreachable server as unreachable", async () => {
    const server = await startSmtpServer({
      rejectRecipient: (address) => (address === "gone@example.sa" ? 550 : undefined),
    });
    servers.push(server);
    const mailer = createThreadedSmtpMailer({ url: server.url, from: "hello@nawat.test" });
    mailers.push(mailer);
    const refused = await mailer.send(email(3, "gone@example.sa")).catch((error: unknown) => error);
    expect(describeSendFailure(refused)).toMatchObject({ permanent: true, unreachable: false });

    const nowhere = createThreadedSmtpMailer({
      url: `smtp://127.0.0.1:${await closedPort()}`,
      from: "hello@nawat.test",
    });
    mailers.push(nowhere);
    const unreachable = await nowhere.send(email(4, "a@example.sa")).catch((error: unknown) => error);
    expect(describeSendFailure(unreachable)).toMatchObject({ permanent: false, unreachable: true });
  });
});
