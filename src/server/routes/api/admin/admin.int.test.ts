import { eq } from "drizzle-orm";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, sessions, users } from "#server/db/schema.ts";
import type { AdminDashboard, AdminLead, AdminLeadSummary, AdminUser } from "#shared/schemas/admin.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { bearer, createSignedInUser, type TestUser } from "#tests/helpers/admin-session.ts";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe("the admin API (spec §3, §7; DESIGN D7, §3)", () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    app = await createTestApp({ LEADS_PER_MINUTE: "1000" }, { onRoute: (route) => void routes.push(route) });
    admin = await createSignedInUser(app, { firstName: "Huda", lastName: "Al-Rashid", isAdmin: true });
    customer = await createSignedInUser(app, {
      firstName: "Omar",
      lastName: "Al-Ghamdi",
      email: "Omar.Ghamdi@Example.SA",
      phone: "+966 55 111 2222",
      emailVerifiedAt: new Date(),
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, user: TestUser | null = admin, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { ...(user ? bearer(user) : {}), ...headers } });
  const send = (method: "POST" | "PATCH", url: string, body: unknown, user: TestUser | null = admin) =>
    app.inject({
      method,
      url,
      headers: { ...(user ? bearer(user) : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  describe("every admin route is guarded", () => {
    const adminRoutes = () =>
      routes
        .filter((route) => route.url.startsWith("/api/admin"))
        .flatMap((route) =>
          (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, url: route.url })),
        )
        .filter(({ method }) => method !== "HEAD" && method !== "OPTIONS")
        .map(
          ({ method, url }) =>
            ({
              method,
              url: url
                .replace(":kind", "contact")
                .replace(":id", "00000000-0000-4000-8000-000000000000")
                .replace("*", "anything"),
            }) as const,
        );

    it("finds the admin routes (the guard test below covers each)", () => {
      const urls = adminRoutes().map((route) => `${route.method} ${route.url}`);
      expect(urls).toEqual(
        expect.arrayContaining([
          "GET /api/admin/dashboard",
          "GET /api/admin/users",
          "GET /api/admin/users/export.csv",
          "GET /api/admin/users/00000000-0000-4000-8000-000000000000",
          "POST /api/admin/users/00000000-0000-4000-8000-000000000000/disable",
          "POST /api/admin/users/00000000-0000-4000-8000-000000000000/enable",
          "GET /api/admin/leads",
          "GET /api/admin/leads/contact/00000000-0000-4000-8000-000000000000",
          "PATCH /api/admin/leads/contact/00000000-0000-4000-8000-000000000000",
        ]),
      );
    });

    it("answers 401 signed out and 403 to a signed-in customer, on every route, in the caller's language", async () => {
      for (const route of adminRoutes()) {
        const method = route.method as "GET";
        const anonymous = await app.inject({ method, url: route.url });
        expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(anonymous.json().error.code).toBe("unauthorized");
        const forbidden = await app.inject({ method, url: route.url, headers: bearer(customer) });
        expect(forbidden.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(forbidden.json().error.code).toBe("forbidden");
      }
      const arabic = await app.inject({ url: "/api/admin/dashboard", headers: { "accept-language": "ar" } });
      expect(arabic.json().error.message).toBe("سجّل الدخول للمتابعة.");
    });

    it("refuses a state change from a foreign Origin, even an admin's", async () => {
      const response = await app.inject({
        method: "POST",
        url: `/api/admin/users/${customer.id}/disable`,
        headers: { ...bearer(admin), origin: "https://evil.example" },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe("foreign_origin");
      const [row] = await app.db.select().from(users).where(eq(users.id, customer.id));
      expect(row!.disabledAt).toBeNull();
    });

    it("refuses a token after its session is gone", async () => {
      const other = await createSignedInUser(app, { isAdmin: true });
      expect((await get("/api/admin/dashboard", other)).statusCode).toBe(200);
      await app.db.delete(sessions).where(eq(sessions.userId, other.id));
      expect((await get("/api/admin/dashboard", other)).statusCode).toBe(401);
    });
  });

  describe("GET /api/admin/dashboard", () => {
    it("counts users, orders, revenue, abandoned carts and conversion from the database", async () => {
      const before = (await get("/api/admin/dashboard")).json() as AdminDashboard;
      const now = Date.now();
      const order = (status: string, ageMs: number, extra: Partial<typeof orders.$inferInsert> = {}) => ({
        reference: `ORD-${Math.random().toString(36).slice(2, 10)}`,
        productId: "nawat",
        quantity: 1,
        unitAmountHalalas: 42_200,
        totalAmountHalalas: 42_200,
        vatHalalas: 5_504,
        status: status as "paid",
        customerName: "Reem Al-Otaibi",
        customerEmail: "reem@example.sa",
        createdAt: new Date(now - ageMs),
        ...extra,
      });
      await app.db.insert(orders).values([
        order("paid", 3 * DAY, { paidAt: new Date(now - 3 * DAY + 60_000), quantity: 2, totalAmountHalalas: 84_400 }),
        order("paid", 2 * HOUR, {
          paidAt: new Date(now - HOUR),
          productId: "sanam",
          unitAmountHalalas: 35_000,
          totalAmountHalalas: 35_000,
        }),
        order("pending", 30 * HOUR),
        order("failed", 2 * DAY),
        order("awaiting_payment", HOUR),
      ]);
      const response = await get("/api/admin/dashboard");
      expect(response.statusCode).toBe(200);
      const dashboard = response.json() as AdminDashboard;
      expect(dashboard.totalOrders - before.totalOrders).toBe(5);
      expect(dashboard.revenue - before.revenue).toBe(119_400);
      expect(dashboard.currency).toBe("SAR");
      // The pending and failed ones are older than 24 h; the one awaiting payment is not yet abandoned.
      expect(dashboard.abandonedCarts - before.abandonedCarts).toBe(2);
      expect(dashboard.conversionRate).toBeCloseTo(dashboard.paidOrders / dashboard.totalOrders);
      expect(dashboard.totalUsers).toBe((await app.db.select().from(users)).length);
      expect(dashboard.topProducts[0]).toEqual({
        id: "nawat",
        name: "Nawat Date Bowl",
        category: "Serveware",
        price: 42_200,
        unitsSold: 2,
      });
      expect(dashboard.topProducts.length).toBeLessThanOrEqual(5);
      // The five latest events of all kinds, worked out here from the rows themselves.
      const events = [
        ...(await app.db.select().from(users)).map((u) => ({
          action: "signup",
          user: `${u.firstName} ${u.lastName}`,
          timestamp: u.createdAt.toISOString(),
          reference: null,
        })),
        ...(await app.db.select().from(orders)).flatMap((o) => [
          { action: "order", user: o.customerName, timestamp: o.createdAt.toISOString(), reference: o.reference },
          ...(o.paidAt
            ? [
                {
                  action: "order_paid",
                  user: o.customerName,
                  timestamp: o.paidAt.toISOString(),
                  reference: o.reference,
                },
              ]
            : []),
        ]),
      ].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
      expect(dashboard.recentActivity).toEqual(events.slice(0, 5));
      await app.db
        .update(orders)
        .set({ paidAt: new Date(Date.now() + 1000) })
        .where(eq(orders.productId, "sanam"));
      const latest = ((await get("/api/admin/dashboard")).json() as AdminDashboard).recentActivity[0];
      expect(latest).toMatchObject({
        action: "order_paid",
        user: "Reem Al-Otaibi",
        reference: expect.stringMatching(/^ORD-/),
      });
    });

    it("answers names and categories in Arabic for an Arabic caller", async () => {
      const dashboard = (
        await get("/api/admin/dashboard", admin, { "accept-language": "ar" })
      ).json() as AdminDashboard;
      expect(dashboard.topProducts.map((product) => product.name)).toContain("صحن نواة للتمر");
      expect(dashboard.topProducts.find((product) => product.id === "nawat")?.category).toBe("أواني التقديم");
    });

    it("has 30 Riyadh days of sign-ups, zero days included, and the five newest users with their verified flag", async () => {
      const riyadhDay = (ms: number) => new Date(ms + 3 * HOUR).toISOString().slice(0, 10);
      // 22:30 UTC is already the next day in Riyadh.
      const late = new Date(Date.now() - 5 * DAY);
      late.setUTCHours(22, 30, 0, 0);
      await createSignedInUser(app, { firstName: "Late", createdAt: late });
      await createSignedInUser(app, { firstName: "Old", createdAt: new Date(Date.now() - 40 * DAY) });
      const dashboard = (await get("/api/admin/dashboard")).json() as AdminDashboard;
      expect(dashboard.userGrowth).toHaveLength(30);
      expect(dashboard.userGrowth.at(-1)!.date).toBe(riyadhDay(Date.now()));
      expect(dashboard.userGrowth[0]!.date).toBe(riyadhDay(Date.now() - 29 * DAY));
      const day = dashboard.userGrowth.find((entry) => entry.date === riyadhDay(late.getTime()));
      expect(day?.count).toBe(1);
      expect(dashboard.userGrowth.some((entry) => entry.count === 0)).toBe(true);
      const inWindow = dashboard.userGrowth.reduce((sum, entry) => sum + entry.count, 0);
      expect(inWindow).toBe(dashboard.totalUsers - 1);
      expect(dashboard.recentUsers).toHaveLength(5);
      const omar = (await get("/api/admin/users?search=omar")).json() as AdminUser[];
      expect(omar[0]).toMatchObject({ emailVerified: true, phone: "+966 55 111 2222" });
    });
  });

  describe("GET /api/admin/users", () => {
    beforeAll(async () => {
      for (let index = 0; index < 25; index += 1) {
        await createSignedInUser(app, {
          firstName: index % 2 ? "Nasser" : "نورة",
          lastName: index % 2 ? "Al-Dosari" : "القحطاني",
          email: `pager${index}@riyadh.example`,
          createdAt: new Date(Date.now() - index * 60_000),
        });
      }
    });

    it("searches e-mail and full name without regard to case, and pages with X-Total-Count and Link", async () => {
      const byEmail = await get("/api/admin/users?search=OMAR.GHAMDI@example");
      expect(byEmail.statusCode).toBe(200);
      expect((byEmail.json() as AdminUser[]).map((user) => user.email)).toEqual(["Omar.Ghamdi@Example.SA"]);
      const byName = (await get(`/api/admin/users?search=${encodeURIComponent("omar al-gh")}`)).json() as AdminUser[];
      expect(byName.map((user) => user.id)).toEqual([customer.id]);
      const arabic = await get(`/api/admin/users?search=${encodeURIComponent("نورة القحطاني")}`);
      expect(arabic.headers["x-total-count"]).toBe("13");
      // A `%` in the search is a character, not a wildcard.
      expect((await get("/api/admin/users?search=%25")).json()).toEqual([]);

      const first = await get("/api/admin/users?search=riyadh.example&pageSize=10");
      expect(first.headers["x-total-count"]).toBe("25");
      const page1 = first.json() as AdminUser[];
      expect(page1).toHaveLength(10);
      expect(page1[0]).toMatchObject({
        email: "pager0@riyadh.example",
        phone: null,
        emailVerified: false,
        disabled: false,
      });
      expect(Object.keys(page1[0]!).sort()).toEqual([
        "country",
        "createdAt",
        "disabled",
        "email",
        "emailVerified",
        "firstName",
        "id",
        "isAdmin",
        "lastName",
        "phone",
      ]);
      expect(first.headers.link).toContain('page=2&pageSize=10>; rel="next"');
      expect(first.headers.link).toContain('page=3&pageSize=10>; rel="last"');
      const last = await get("/api/admin/users?search=riyadh.example&pageSize=10&page=3");
      expect((last.json() as AdminUser[]).map((user) => user.email)).toEqual(
        Array.from({ length: 5 }, (_, index) => `pager${20 + index}@riyadh.example`),
      );
      expect(last.headers.link).not.toContain('rel="next"');
      const beyond = await get("/api/admin/users?search=riyadh.example&pageSize=10&page=9");
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers["x-total-count"]).toBe("25");
      expect(beyond.headers.link).toContain('page=3&pageSize=10>; rel="prev"');
    });

    it("refuses a bad page size with the field named", async () => {
      const response = await get("/api/admin/users?pageSize=1000");
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(["pageSize"]);
    });
  });

  describe("GET /api/admin/users/export.csv", () => {
    it("downloads the filtered list as UTF-8 CSV with a BOM, quoted fields and no formulas", async () => {
      await createSignedInUser(app, {
        firstName: '=HYPERLINK("http://evil.example","x")',
        lastName: "+SUM(A1)",
        email: "csv-formula@export.example",
        phone: "-1",
        country: "@Riyadh",
      });
      await createSignedInUser(app, {
        firstName: "عبدالله",
        lastName: 'الشهري, "أبو فهد"',
        email: "csv-arabic@export.example",
        country: "السعودية",
      });
      const response = await get("/api/admin/users/export.csv?search=export.example");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString("utf8").slice(1).split("\r\n");
      expect(lines[0]).toBe(
        '"First name","Last name","E-mail","Phone","Country","E-mail verified","Status","Role","Joined"',
      );
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(
        /^"عبدالله","الشهري, ""أبو فهد""","csv-arabic@export.example","","السعودية","No","Active","Customer","\d{4}-\d{2}-\d{2}"$/,
      );
      expect(lines[2]).toMatch(
        /^"'=HYPERLINK\(""http:\/\/evil.example"",""x""\)","'\+SUM\(A1\)","csv-formula@export.example","'-1","'@Riyadh",/,
      );
      expect(lines[3]).toBe("");
    });

    it("writes the headers in the admin's language", async () => {
      const response = await get("/api/admin/users/export.csv?search=csv-arabic", admin, { "accept-language": "ar" });
      const [header, row] = response.rawPayload.toString("utf8").slice(1).split("\r\n");
      expect(header).toBe(
        '"الاسم الأول","اسم العائلة","البريد الإلكتروني","الجوال","الدولة","البريد موثّق","الحالة","الصلاحية","تاريخ التسجيل"',
      );
      expect(row).toContain('"لا","نشط","عميل"');
    });
  });

  describe("one user, disable and enable", () => {
    it("shows a user's details, 404 for an unknown id", async () => {
      const response = await get(`/api/admin/users/${customer.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        id: customer.id,
        firstName: "Omar",
        email: "Omar.Ghamdi@Example.SA",
        emailVerified: true,
        activeSessions: 1,
        orders: 0,
        disabled: false,
      });
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const missing = await get(`/api/admin/users/${id}`, admin, { "accept-language": "ar" });
        expect(missing.statusCode).toBe(404);
        expect(missing.json().error).toEqual({ code: "user_not_found", message: "لا يوجد مستخدم بهذا المعرّف." });
      }
    });

    it("disabling ends every session of the account; enabling lets it back in", async () => {
      const colleague = await createSignedInUser(app, { firstName: "Fahad", lastName: "Al-Mutairi", isAdmin: true });
      expect((await get("/api/admin/dashboard", colleague)).statusCode).toBe(200);
      const disabled = await send("POST", `/api/admin/users/${colleague.id}/disable`, undefined);
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toMatchObject({
        user: { id: colleague.id, disabled: true },
        message: "The account of Fahad Al-Mutairi is disabled and signed out everywhere.",
      });
      expect(await app.db.select().from(sessions).where(eq(sessions.userId, colleague.id))).toEqual([]);
      expect((await get("/api/admin/dashboard", colleague)).statusCode).toBe(401);
      const [row] = await app.db.select().from(users).where(eq(users.id, colleague.id));
      expect(row!.disabledAt).toBeInstanceOf(Date);

      const enabled = await send("POST", `/api/admin/users/${colleague.id}/enable`, undefined);
      expect(enabled.json()).toMatchObject({
        user: { disabled: false },
        message: "The account of Fahad Al-Mutairi is enabled again.",
      });
      const [after] = await app.db.select().from(users).where(eq(users.id, colleague.id));
      expect(after!.disabledAt).toBeNull();
    });

    it("refuses to disable the admin's own account", async () => {
      const response = await send("POST", `/api/admin/users/${admin.id}/disable`, undefined);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe("cannot_disable_self");
      expect((await get("/api/admin/dashboard")).statusCode).toBe(200);
    });
  });

  describe("the leads inbox", () => {
    let contactRef: string;
    let proposalId: string;
    beforeAll(async () => {
      const post = (url: string, body: unknown) =>
        app.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(body),
        });
      contactRef = (
        await post("/api/inquiries", {
          name: "Sara Al-Qahtani",
          email: "sara@example.sa",
          message: "Twenty bowls for Eid gifts, please.",
        })
      ).json().reference;
      await post("/api/inquiries", {
        kind: "service_request",
        serviceId: 3,
        name: "Faisal Al-Harbi",
        email: "faisal@diriyah-events.sa",
        message:
          "Service Request: 3D Printing | الطباعة ثلاثية الأبعاد\nFirm: Diriyah Events\nContact: +966 55 123 4567",
        firmName: "Diriyah Events",
        contactNumber: "+966 55 123 4567",
      });
      proposalId = (
        await post("/api/proposals", {
          name: "نورة السعود",
          email: "noura@example.sa",
          phone: "+966 50 000 0000",
          productInterest: "nawat",
          projectType: "corporate_gifts",
          quantity: "١٥٠ صحنًا",
          budget: "15k-50k",
          timeline: "standard",
          customRequirements: "نقش الشعار على كل غطاء، وعلب هدايا خضراء.",
        })
      ).json().id;
    });

    it("lists the three kinds together, newest first, and filters by kind, status and search", async () => {
      const all = await get("/api/admin/leads");
      expect(all.statusCode).toBe(200);
      expect(all.headers["x-total-count"]).toBe("3");
      const leads = all.json() as AdminLeadSummary[];
      expect(leads.map((lead) => lead.kind)).toEqual(["proposal", "service_request", "contact"]);
      expect(leads[0]).toMatchObject({
        name: "نورة السعود",
        status: "new",
        preview: "نقش الشعار على كل غطاء، وعلب هدايا خضراء.",
      });
      const kinds = async (query: string) =>
        ((await get(`/api/admin/leads?${query}`)).json() as AdminLeadSummary[]).map((lead) => lead.kind);
      expect(await kinds("kind=service_request")).toEqual(["service_request"]);
      expect(await kinds("kind=proposal")).toEqual(["proposal"]);
      expect(await kinds(`search=${contactRef.toLowerCase()}`)).toEqual(["contact"]);
      expect(await kinds("search=DIRIYAH")).toEqual(["service_request"]);
      expect(await kinds("status=closed")).toEqual([]);
      const paged = await get("/api/admin/leads?pageSize=2&page=2");
      expect(paged.headers["x-total-count"]).toBe("3");
      expect((paged.json() as AdminLeadSummary[]).map((lead) => lead.kind)).toEqual(["contact"]);
      expect((await get("/api/admin/leads?kind=spam")).statusCode).toBe(400);
      const activity = ((await get("/api/admin/dashboard")).json() as AdminDashboard).recentActivity.filter(
        (event) => event.action !== "order_paid",
      );
      expect(activity.slice(0, 3).map((event) => [event.action, event.user])).toEqual([
        ["proposal", "نورة السعود"],
        ["service_request", "Faisal Al-Harbi"],
        ["contact", "Sara Al-Qahtani"],
      ]);
      expect(activity[2]!.reference).toBe(contactRef);
    });

    it("shows every field of a lead and moves it through its states", async () => {
      const detail = await get(`/api/admin/leads/proposal/${proposalId}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().lead as AdminLead).toMatchObject({
        kind: "proposal",
        phone: "+966 50 000 0000",
        productInterest: "nawat",
        projectType: "corporate_gifts",
        quantity: "١٥٠ صحنًا",
        budget: "15k-50k",
        timeline: "standard",
        company: null,
        lang: "en",
      });
      const updated = await send("PATCH", `/api/admin/leads/proposal/${proposalId}`, { status: "in_progress" });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().lead.status).toBe("in_progress");
      expect(updated.json().message).toMatch(/^Lead MNT-\d{6} is now “In progress”\.$/);
      expect(
        ((await get("/api/admin/leads?status=in_progress")).json() as AdminLeadSummary[]).map((l) => l.id),
      ).toEqual([proposalId]);
      const bad = await send("PATCH", `/api/admin/leads/proposal/${proposalId}`, { status: "spam" });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual(["status"]);
      // A proposal is not found under another kind.
      expect((await get(`/api/admin/leads/contact/${proposalId}`)).statusCode).toBe(404);
    });
  });
});
