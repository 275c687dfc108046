/**
 * Realistic demo data for the admin dashboard (`npm run seed:demo`, `npm run bench:admin`):
 * customers with Saudi and Gulf names in Arabic and English, Saudi mobile numbers, orders of the
 * catalog's products in every checkout state, and the three kinds of leads. Deterministic (a
 * seeded generator): the same counts give the same rows, so seeding twice adds nothing (every
 * row has a fixed unique key and is inserted with `on conflict do nothing`).
 */
import { sql } from "drizzle-orm";
import { catalog } from "#content/catalog.ts";
import type { Db } from "#server/db/database.ts";
import { inquiries, leadReferences, orders, proposals, users, type OrderStatus } from "#server/db/schema.ts";
import { paymentMethodIds } from "#shared/payment-methods.ts";
import { BUDGETS, PRODUCT_INTERESTS, PROJECT_TYPES, TIMELINES } from "#shared/schemas/proposal-request.ts";

export type DemoCounts = { users: number; orders: number; leads: number };

const DAY = 86_400_000;

/** mulberry32: a small seeded generator, so demo data is the same on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

const englishFirst = [
  "Abdullah",
  "Mohammed",
  "Faisal",
  "Khalid",
  "Omar",
  "Saud",
  "Turki",
  "Nasser",
  "Fahad",
  "Yousef",
  "Sara",
  "Noura",
  "Reem",
  "Lama",
  "Hessa",
  "Maha",
  "Dana",
  "Jawaher",
  "Alanoud",
  "Ghada",
];
const englishLast = [
  "Al-Qahtani",
  "Al-Otaibi",
  "Al-Ghamdi",
  "Al-Harbi",
  "Al-Dosari",
  "Al-Shehri",
  "Al-Zahrani",
  "Al-Mutairi",
  "Al-Subaie",
  "Al-Rashid",
  "Al-Saud",
  "Al-Anazi",
  "Al-Shammari",
  "Al-Malki",
  "Al-Omari",
];
const arabicFirst = [
  "عبدالله",
  "محمد",
  "فيصل",
  "خالد",
  "عمر",
  "سعود",
  "تركي",
  "ناصر",
  "فهد",
  "يوسف",
  "سارة",
  "نورة",
  "ريم",
  "لمى",
  "حصة",
  "مها",
  "دانة",
  "جواهر",
  "العنود",
  "غادة",
];
const arabicLast = [
  "القحطاني",
  "العتيبي",
  "الغامدي",
  "الحربي",
  "الدوسري",
  "الشهري",
  "الزهراني",
  "المطيري",
  "السبيعي",
  "الراشد",
  "آل سعود",
  "العنزي",
  "الشمري",
  "المالكي",
  "العمري",
];
const countries = [
  ["Saudi Arabia", "السعودية", 70],
  ["United Arab Emirates", "الإمارات", 8],
  ["Kuwait", "الكويت", 6],
  ["Bahrain", "البحرين", 5],
  ["Qatar", "قطر", 4],
  ["Oman", "عُمان", 3],
  ["Jordan", "الأردن", 2],
  ["Egypt", "مصر", 2],
] as const;
const mailHosts = ["gmail.com", "outlook.com", "hotmail.com", "icloud.com", "yahoo.com"];
// Visitors name the catalog's products (its first and, when there is one, its second).
const [firstProduct, secondProduct = firstProduct] = catalog;
const contactMessages = [
  `I would like to order twenty ${firstProduct.shortName.en} pieces as Eid gifts for my family. Do you deliver to Jeddah?`,
  `هل يتوفر ${firstProduct.nameAr} بلون الجوز الداكن؟ وكم مدة التوصيل إلى الدمام؟`,
  `We are opening a café in Diriyah and love the ${secondProduct.shortName.en}. Can we visit the studio?`,
  `أرغب في طلب ${secondProduct.nameAr} هدية لوالدتي، هل يمكن إضافة بطاقة إهداء باسمها؟`,
  "Is the walnut finish food-safe for dates and tahini? Thank you.",
];
const services = [
  [1, "Product Design & Development", "تصميم المنتجات وتطويرها"],
  [3, "3D Printing", "الطباعة ثلاثية الأبعاد"],
  [4, "Prototyping", "النماذج الأولية"],
] as const;
const requirements = [
  "Our logo engraved on each lid, packed in green gift boxes, delivered before National Day.",
  "نقش شعار الشركة على كل غطاء، مع علب هدايا فاخرة وبطاقة شكر باسم العميل.",
  `A smaller ${firstProduct.shortName.en} for hotel rooms, in a lighter wood to match our interiors.`,
  "تصميم مبخرة خاصة لمعرضنا القادم في الرياض مستوحاة من نقوش نجد.",
];

function chooseCountry(random: ReturnType<typeof generator>, arabic: boolean): string {
  let roll = random.int(1, 100);
  for (const [en, ar, weight] of countries) {
    roll -= weight;
    if (roll <= 0) return arabic ? ar : en;
  }
  return arabic ? "السعودية" : "Saudi Arabia";
}

const saudiMobile = (random: ReturnType<typeof generator>) =>
  `+966 5${random.int(0, 9)} ${random.int(100, 999)} ${random.int(1000, 9999)}`;

/** A person: English or Arabic name, a matching e-mail, a phone most of the time. */
function person(random: ReturnType<typeof generator>, index: number, domain: string) {
  const arabic = random.next() < 0.45;
  const nameIndex = random.int(0, englishFirst.length - 1);
  const lastIndex = random.int(0, englishLast.length - 1);
  const firstName = arabic ? arabicFirst[nameIndex]! : englishFirst[nameIndex]!;
  const lastName = arabic ? arabicLast[lastIndex]! : englishLast[lastIndex]!;
  const local = `${englishFirst[nameIndex]!}.${englishLast[lastIndex]!.replace("Al-", "")}`.toLowerCase();
  return {
    arabic,
    firstName,
    lastName,
    email: `${local}.${index}@${domain || random.pick(mailHosts)}`,
    phone: random.next() < 0.7 ? saudiMobile(random) : null,
    country: chooseCountry(random, arabic),
  };
}

const chunks = <T>(rows: T[], size = 500): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));

const orderStates: [OrderStatus, number][] = [
  ["paid", 56],
  ["pending", 12],
  ["awaiting_payment", 8],
  ["failed", 8],
  ["expired", 9],
  ["cancelled", 5],
  ["refunded", 2],
];

/**
 * Inserts `counts` demo users, orders and leads created over the last 90 days (the e-mails use
 * `domain` when given, e.g. "demo.example" for the benchmark). `passwordHash` is the hash every
 * demo account gets (of a password nobody is told: they exist to be listed, not to sign in).
 */
export async function seedDemoData(
  db: Db,
  counts: DemoCounts,
  options: { passwordHash: string; now?: Date; domain?: string },
): Promise<{ users: number; orders: number; leads: number }> {
  const random = generator(20_261_123);
  const now = (options.now ?? new Date()).getTime();
  const ago = (maxDays: number) => new Date(now - Math.floor(random.next() ** 1.6 * maxDays * DAY) - 60_000);

  const userRows = Array.from({ length: counts.users }, (_, index) => {
    const who = person(random, index + 1, options.domain ?? "");
    const createdAt = ago(90);
    return {
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
      phone: who.phone,
      country: who.country,
      passwordHash: options.passwordHash,
      emailVerifiedAt: random.next() < 0.7 ? new Date(createdAt.getTime() + random.int(1, 48) * 3_600_000) : null,
      lang: who.arabic ? "ar" : "en",
      createdAt,
      updatedAt: createdAt,
    };
  });
  let insertedUsers = 0;
  const userIds: string[] = [];
  for (const chunk of chunks(userRows)) {
    const inserted = await db.insert(users).values(chunk).onConflictDoNothing().returning({ id: users.id });
    insertedUsers += inserted.length;
  }
  // Orders belong to demo customers (or to guests, a third of the time).
  const existing = await db.execute(sql`select id from users where not is_admin order by created_at limit 5000`);
  for (const row of (existing as unknown as { rows: { id: string }[] }).rows) userIds.push(row.id);

  const orderRows = Array.from({ length: counts.orders }, (_, index) => {
    const product = random.pick(catalog);
    const quantity = random.next() < 0.85 ? 1 : random.int(2, 6);
    const total = product.priceHalalas * quantity;
    let roll = random.int(1, 100);
    const status = orderStates.find(([, weight]) => (roll -= weight) <= 0)?.[0] ?? "paid";
    const createdAt = ago(60);
    const paid = status === "paid" || status === "refunded";
    const who = person(random, index + 1, "");
    return {
      reference: `DEMO-${String(index + 1).padStart(6, "0")}`,
      userId: userIds.length > 0 && random.next() < 0.66 ? random.pick(userIds) : null,
      productId: product.id,
      quantity,
      unitAmountHalalas: product.priceHalalas,
      totalAmountHalalas: total,
      // Prices include 15% VAT: the VAT part is total × 15/115.
      vatHalalas: Math.round((total * 15) / 115),
      status,
      paymentMethod: random.pick(paymentMethodIds),
      customerName: `${who.firstName} ${who.lastName}`,
      customerEmail: who.email,
      customerPhone: saudiMobile(random),
      lang: who.arabic ? "ar" : "en",
      createdAt,
      updatedAt: createdAt,
      paidAt: paid ? new Date(createdAt.getTime() + random.int(1, 20) * 60_000) : null,
    };
  });
  let insertedOrders = 0;
  for (const chunk of chunks(orderRows)) {
    insertedOrders += (await db.insert(orders).values(chunk).onConflictDoNothing().returning({ id: orders.id })).length;
  }

  let insertedLeads = 0;
  const leadStatus = () => random.pick(["new", "new", "in_progress", "closed"] as const);
  const inquiryRows: (typeof inquiries.$inferInsert)[] = [];
  const proposalRows: (typeof proposals.$inferInsert)[] = [];
  for (let index = 0; index < counts.leads; index += 1) {
    const reference = `MNT-${String(900_000 + ((index * 7919) % 100_000)).padStart(6, "0")}`;
    const who = person(random, index + 1, "");
    const name = `${who.firstName} ${who.lastName}`;
    const createdAt = ago(90);
    const kind = random.pick(["contact", "contact", "service_request", "proposal"] as const);
    const lang = who.arabic ? "ar" : "en";
    if (kind === "proposal") {
      proposalRows.push({
        reference,
        name,
        email: who.email,
        phone: saudiMobile(random),
        company:
          random.next() < 0.5
            ? random.pick(["Diriyah Events", "فعاليات نجد", "Al-Ula Hospitality", "شركة الوادي"])
            : null,
        productInterest: random.pick(PRODUCT_INTERESTS),
        projectType: random.pick(PROJECT_TYPES),
        quantity: String(random.int(2, 40) * 10),
        budget: random.pick(BUDGETS),
        timeline: random.pick(TIMELINES),
        customRequirements: random.pick(requirements),
        additionalNotes: random.next() < 0.3 ? "Delivery to Riyadh, please." : null,
        lang,
        status: leadStatus(),
        createdAt,
      });
    } else if (kind === "service_request") {
      const [serviceId, titleEn, titleAr] = random.pick(services);
      const firm = random.pick(["Diriyah Events Co.", "مؤسسة نخلة للتصميم", "Red Sea Gifts", "متجر الجود"]);
      const phone = saudiMobile(random);
      inquiryRows.push({
        reference,
        kind,
        name,
        email: who.email,
        message: `Service Request: ${titleEn} | ${titleAr}\nFirm: ${firm}\nContact: ${phone}`,
        firmName: firm,
        contactNumber: phone,
        serviceId,
        lang,
        status: leadStatus(),
        createdAt,
      });
    } else {
      inquiryRows.push({
        reference,
        kind,
        name,
        email: who.email,
        message: random.pick(contactMessages),
        lang,
        status: leadStatus(),
        createdAt,
      });
    }
  }
  // A demo lead takes only a reference nobody holds yet (a real lead may have drawn it).
  const claimed = new Set<string>();
  const references = [
    ...inquiryRows.map((row) => ({ reference: row.reference, kind: "inquiry" })),
    ...proposalRows.map((row) => ({ reference: row.reference, kind: "proposal" })),
  ];
  for (const chunk of chunks(references)) {
    const rows = await db
      .insert(leadReferences)
      .values(chunk)
      .onConflictDoNothing()
      .returning({ reference: leadReferences.reference });
    for (const row of rows) claimed.add(row.reference);
  }
  const isClaimed = (row: { reference: string }) => claimed.has(row.reference);
  for (const chunk of chunks(inquiryRows.filter(isClaimed))) {
    insertedLeads += (await db.insert(inquiries).values(chunk).onConflictDoNothing().returning({ id: inquiries.id }))
      .length;
  }
  for (const chunk of chunks(proposalRows.filter(isClaimed))) {
    insertedLeads += (await db.insert(proposals).values(chunk).onConflictDoNothing().returning({ id: proposals.id }))
      .length;
  }
  return { users: insertedUsers, orders: insertedOrders, leads: insertedLeads };
}
