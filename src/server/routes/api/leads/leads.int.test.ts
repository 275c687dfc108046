import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, leadReferences, proposals } from "#server/db/schema/leads.ts";
import { outbox } from "#server/db/schema/notifications.ts";
import { ar } from "#shared/i18n/ar.ts";
import { en } from "#shared/i18n/en.ts";
import { createTestApp } from "#tests/helpers/app.ts";

const contact = {
  name: "Sara Al-Qahtani",
  email: "sara@example.sa",
  message: "I would like twenty bowls for Eid gifts.",
};
const serviceRequest = {
  kind: "service_request",
  serviceId: 3,
  name: "Faisal Al-Harbi",
  email: "faisal@diriyah-events.sa",
  message: "Service Request: 3D Printing | الطباعة ثلاثية الأبعاد\nFirm: Diriyah Events Co.\nContact: +966 55 123 4567",
  firmName: "Diriyah Events Co.",
  contactNumber: "+966 55 123 4567",
};
const proposal = {
  name: "نورة السعود",
  email: "noura@example.sa",
  phone: "+966 50 000 0000",
  company: "فعاليات نورة",
  productInterest: "nawat",
  projectType: "corporate_gifts",
  quantity: "١٥٠ صحنًا",
  budget: "15k-50k",
  timeline: "standard",
  customRequirements: "نقش الشعار على كل غطاء، وعلب هدايا خضراء.",
  additionalNotes: "التسليم في جدة.",
};

const REFERENCE = /^MNT-\d{6}$/;

describe("the lead API (spec §7, DESIGN D10)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ LEADS_PER_MINUTE: "1000" });
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url,
      payload: JSON.stringify(body),
      headers: { "content-type": "application/json", ...headers },
    });

  const outboxFor = async (id: string) =>
    (await app.db.select().from(outbox))
      .filter((row) => row.dedupeKey.includes(id))
      .sort((a, b) => a.kind.localeCompare(b.kind));

  it("stores a contact inquiry with its two e-mails and answers 201 { id, reference }", async () => {
    const response = await post("/api/inquiries", contact);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["id", "reference"]);
    expect(body.reference).toMatch(REFERENCE);
    const [row] = await app.db.select().from(inquiries).where(eq(inquiries.id, body.id));
    expect(row).toMatchObject({
      ...contact,
      reference: body.reference,
      kind: "contact",
      status: "new",
      lang: "en",
      firmName: null,
    });
    const mail = await outboxFor(body.id);
    expect(mail.map((m) => [m.kind, m.to, m.status, m.lang])).toEqual([
      ["lead.acknowledgement", contact.email, "pending", "en"],
      ["lead.studio", "info@nawat.studio", "pending", "en"],
    ]);
    expect(mail[1]?.replyTo).toBe(contact.email);
    expect(mail.every((m) => m.subject.includes(body.reference))).toBe(true);
  });

  it("stores a service request with its kind, service, firm and number as data", async () => {
    const response = await post("/api/inquiries", serviceRequest, { "accept-language": "ar" });
    expect(response.statusCode).toBe(201);
    const [row] = await app.db.select().from(inquiries).where(eq(inquiries.id, response.json().id));
    expect(row).toMatchObject({ ...serviceRequest, lang: "ar" });
  });

  it("stores a proposal in the language it was sent from", async () => {
    const response = await post("/api/proposals", { ...proposal, lang: "ar" });
    expect(response.statusCode).toBe(201);
    const { id, reference } = response.json();
    expect(reference).toMatch(REFERENCE);
    const [row] = await app.db.select().from(proposals).where(eq(proposals.id, id));
    expect(row).toMatchObject({ ...proposal, reference, lang: "ar", status: "new" });
    const mail = await outboxFor(id);
    expect(mail.map((m) => [m.kind, m.lang])).toEqual([
      ["lead.acknowledgement", "ar"],
      ["lead.studio", "ar"],
    ]);
  });

  it("gives every lead its own reference, across both tables", async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => post("/api/inquiries", contact)),
      ...Array.from({ length: 8 }, () => post("/api/proposals", proposal)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(201));
    const references = answers.map((a) => a.json().reference as string);
    expect(new Set(references).size).toBe(16);
    const [issued] = await app.db.select({ n: count() }).from(leadReferences);
    const [storedInquiries] = await app.db.select({ n: count() }).from(inquiries);
    const [storedProposals] = await app.db.select({ n: count() }).from(proposals);
    expect(issued?.n).toBe((storedInquiries?.n ?? 0) + (storedProposals?.n ?? 0));
  });

  describe.each([
    ["en", en],
    ["ar", ar],
  ] as const)("refusals in %s", (lang, catalog) => {
    const headers = { "accept-language": lang };

    it.each([
      ["name", { name: "" }, catalog.leads.name.required],
      ["email", { email: "sara@" }, catalog.leads.email.invalid],
      ["message", { message: "short" }, catalog.leads.message.min],
      ["message", { message: undefined }, catalog.leads.message.min],
      ["kind", { kind: "order" }, catalog.leads.kind.invalid],
    ])("an inquiry with a bad %s: 400 naming it", async (field, change, message) => {
      const response = await post("/api/inquiries", { ...contact, ...change }, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: "invalid_request", message, fields: { [field]: message } } });
    });

    it.each([
      ["firmName", { firmName: " " }, catalog.leads.firmName.required],
      ["contactNumber", { contactNumber: "" }, catalog.leads.contactNumber.required],
      ["serviceId", { serviceId: 42 }, catalog.leads.service.invalid],
    ])("a service request with a bad %s: 400 naming it", async (field, change, message) => {
      const response = await post("/api/inquiries", { ...serviceRequest, ...change }, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ [field]: message });
    });

    it.each([
      ["name", { name: "" }, catalog.leads.name.required],
      ["email", { email: "noura" }, catalog.leads.email.invalid],
      ["phone", { phone: "" }, catalog.leads.phone.required],
      ["productInterest", { productInterest: "chair" }, catalog.leads.productInterest.required],
      ["projectType", { projectType: undefined }, catalog.leads.projectType.required],
      ["quantity", { quantity: "" }, catalog.leads.quantity.required],
      ["budget", { budget: "1000-5000" }, catalog.leads.budget.required],
      ["timeline", { timeline: "no-rush" }, catalog.leads.timeline.required],
      ["customRequirements", { customRequirements: "logo" }, catalog.leads.customRequirements.min],
      ["company", { company: "x".repeat(151) }, catalog.leads.company.max],
    ])("a proposal with a bad %s: 400 naming it", async (field, change, message) => {
      const response = await post("/api/proposals", { ...proposal, ...change }, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: "invalid_request", message, fields: { [field]: message } } });
    });

    it("an empty proposal: 400 with a message under every required field", async () => {
      const response = await post("/api/proposals", {}, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(catalog.errors.invalidRequest);
      expect(Object.keys(response.json().error.fields)).toEqual([
        "name",
        "email",
        "phone",
        "productInterest",
        "projectType",
        "quantity",
        "budget",
        "timeline",
        "customRequirements",
      ]);
    });

    it("an unknown field: 400 naming it", async () => {
      const response = await post("/api/inquiries", { ...contact, isAdmin: true }, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ isAdmin: catalog.errors.unknownField });
      const onProposal = await post("/api/proposals", { ...proposal, description: "earlier variant" }, headers);
      expect(onProposal.json().error.fields).toEqual({ description: catalog.errors.unknownField });
    });

    it("a body over 16 KB: 413", async () => {
      for (const url of ["/api/inquiries", "/api/proposals"]) {
        const response = await post(url, { ...contact, message: "x".repeat(17 * 1024) }, headers);
        expect(response.statusCode).toBe(413);
        expect(response.json()).toEqual({ error: { code: "payload_too_large", message: catalog.leads.tooLarge } });
      }
    });

    it.each([
      ["text/plain", JSON.stringify(contact)],
      ["text/plain; charset=utf-8", JSON.stringify(contact)],
      ["application/x-www-form-urlencoded", "name=Sara&email=sara%40example.sa&message=hello+there+studio"],
      [undefined, JSON.stringify(contact)],
    ])("a body sent as %s: 415 in the error shape, nothing stored", async (type, payload) => {
      const [before] = await app.db.select({ n: count() }).from(inquiries);
      for (const url of ["/api/inquiries", "/api/proposals"]) {
        const response = await app.inject({
          method: "POST",
          url,
          payload,
          headers: { ...(type ? { "content-type": type } : {}), ...headers },
        });
        expect(response.statusCode).toBe(415);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        expect(response.json()).toEqual({
          error: { code: "unsupported_media_type", message: catalog.errors.unsupportedMediaType },
        });
      }
      const [after] = await app.db.select({ n: count() }).from(inquiries);
      expect(after?.n).toBe(before?.n);
    });
  });

  it("answers a filled honeypot like an accepted lead, and stores and mails nothing", async () => {
    const before = await Promise.all(
      [inquiries, proposals, leadReferences, outbox].map((table) => app.db.select({ n: count() }).from(table)),
    );
    const asInquiry = await post("/api/inquiries", { ...contact, website: "http://cheap-watches.example" });
    const asProposal = await post("/api/proposals", { ...proposal, website: "spam" });
    for (const response of [asInquiry, asProposal]) {
      expect(response.statusCode).toBe(201);
      expect(response.json().reference).toMatch(REFERENCE);
      expect(response.json().id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const after = await Promise.all(
      [inquiries, proposals, leadReferences, outbox].map((table) => app.db.select({ n: count() }).from(table)),
    );
    expect(after).toEqual(before);
  });

  it("lists the stored testimonials, in both languages", async () => {
    const response = await app.inject({ url: "/api/testimonials" });
    expect(response.statusCode).toBe(200);
    const { testimonials } = response.json();
    expect(testimonials.length).toBeGreaterThanOrEqual(3);
    for (const testimonial of testimonials) {
      expect(testimonial).toEqual({
        id: expect.any(Number),
        quote: expect.any(String),
        quoteAr: expect.stringMatching(/[\u0600-\u06FF]/),
        author: expect.any(String),
        authorAr: expect.stringMatching(/[\u0600-\u06FF]/),
        role: expect.any(String),
        roleAr: expect.any(String),
      });
    }
  });
});

describe("the lead rate limit", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ LEADS_PER_MINUTE: "2" });
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (remoteAddress: string, lang = "en") =>
    app.inject({
      method: "POST",
      url: "/api/inquiries",
      remoteAddress,
      payload: JSON.stringify(contact),
      // A refusal before the body is read speaks the language of the headers.
      headers: { "content-type": "application/json", "accept-language": lang },
    });

  it("refuses one address after LEADS_PER_MINUTE, while another still gets through", async () => {
    expect((await send("203.0.113.7")).statusCode).toBe(201);
    expect((await send("203.0.113.7")).statusCode).toBe(201);
    const refused = await send("203.0.113.7", "ar");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json()).toEqual({ error: { code: "rate_limited", message: ar.leads.rateLimited } });
    expect((await send("198.51.100.20")).statusCode).toBe(201);
    const [stored] = await app.db.select({ n: count() }).from(inquiries);
    expect(stored?.n).toBe(3);
  });
});

describe("the acknowledgements' cap per recipient (issue 37)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ LEADS_PER_MINUTE: "1000", LEAD_ACKNOWLEDGEMENTS_PER_DAY: "2" });
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (url: string, body: unknown) =>
    app.inject({ method: "POST", url, payload: JSON.stringify(body), headers: { "content-type": "application/json" } });
  const mailTo = async (kind: string, to: string) =>
    (await app.db.select().from(outbox)).filter((row) => row.kind === kind && row.to.toLowerCase() === to);

  it("sends one address at most the cap of acknowledgements, across forms, cases and +tags; every lead is stored and the studio told of each", async () => {
    const victim = "victim@example.org";
    const addresses = ["victim@example.org", "Victim@Example.org", "victim+2@example.org", "VICTIM+x@example.org"];
    const answers = [];
    for (const [i, email] of addresses.entries()) {
      answers.push(await post(i % 2 ? "/api/proposals" : "/api/inquiries", { ...(i % 2 ? proposal : contact), email }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    const acknowledgements = [
      ...(await mailTo("lead.acknowledgement", victim)),
      ...(await mailTo("lead.acknowledgement", "victim+2@example.org")),
      ...(await mailTo("lead.acknowledgement", "victim+x@example.org")),
    ];
    expect(acknowledgements).toHaveLength(2);
    const studio = await mailTo("lead.studio", "info@nawat.studio");
    expect(studio).toHaveLength(4);
    for (const answer of answers) {
      expect(studio.some((mail) => mail.subject.includes(answer.json().reference))).toBe(true);
    }
    const [storedInquiries] = await app.db.select({ n: count() }).from(inquiries);
    const [storedProposals] = await app.db.select({ n: count() }).from(proposals);
    expect((storedInquiries?.n ?? 0) + (storedProposals?.n ?? 0)).toBe(4);

    // Another address is acknowledged as usual, without the visitor's words.
    expect((await post("/api/inquiries", { ...contact, email: "someone.else@example.org" })).statusCode).toBe(201);
    const [other] = await mailTo("lead.acknowledgement", "someone.else@example.org");
    expect(other).toBeDefined();
    const content = JSON.stringify(other);
    expect(content).not.toContain(contact.name);
    expect(content).not.toContain(contact.message);
  });
});
