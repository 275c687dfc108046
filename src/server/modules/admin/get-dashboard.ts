import { desc, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { rowsOf } from "#server/db/rows-of.ts";
import { CHECKOUT_EXPIRY_HOURS, users } from "#server/db/schema.ts";
import type { Lang } from "#shared/lang.ts";
import {
  ADMIN_FIRST_ITEMS,
  USER_GROWTH_DAYS,
  type ActivityAction,
  type AdminDashboard,
} from "#shared/schemas/admin.ts";
import { adminUserColumns, toAdminUser } from "#server/modules/accounts/admin-user.ts";
import { productCategory } from "./product-categories.ts";

const RIYADH_OFFSET_MS = 3 * 3600_000;
const DAY_MS = 86_400_000;

/**
 * GET /api/admin/dashboard (spec §3 Admin dashboard). Five statements, each an aggregate or a
 * short indexed read, run together (PostgreSQL answers them on separate pooled connections):
 * the counts, the top products, the newest users, sign-ups per day, and the latest events.
 */
export async function getDashboard(db: Db, lang: Lang, now: Date = new Date()): Promise<AdminDashboard> {
  const growthStart = riyadhDayStart(now, USER_GROWTH_DAYS - 1);
  const abandonedBefore = new Date(now.getTime() - CHECKOUT_EXPIRY_HOURS * 3600_000);

  const [totals, top, recent, growth, activity] = await Promise.all([
    // One pass over orders for all four order figures.
    db.execute(sql`
      select
        (select count(*) from users)::int as "totalUsers",
        (select count(*) from payment_alerts where resolved_at is null)::int as "openPaymentAlerts",
        count(*)::int as "totalOrders",
        (count(*) filter (where paid_at is not null))::int as "paidOrders",
        -- Revenue is what was paid and kept: paid, shipped or delivered orders (and one waiting on a
        -- refund), less what was refunded of them; a refunded or cancelled order counts nothing.
        coalesce(sum(total_amount_halalas - refunded_halalas)
          filter (where status in ('paid', 'shipped', 'delivered', 'refund_pending')), 0)::bigint as "revenue",
        (count(*) filter (
          where status = 'expired'
            or (paid_at is null and created_at < ${abandonedBefore.toISOString()}::timestamptz)
        ))::int as "abandonedCarts"
      from orders
    `),
    db.execute(sql`
      select p.id, p.name, p.name_ar as "nameAr", p.price_halalas as "price",
             coalesce(sold.units, 0)::int as "unitsSold"
      from products p
      left join (
        select product_id, sum(quantity) as units from orders
        where status in ('paid', 'shipped', 'delivered', 'refund_pending') group by product_id
      ) sold on sold.product_id = p.id
      where p.active
      order by "unitsSold" desc, p.sort_order, p.id
      limit ${ADMIN_FIRST_ITEMS}
    `),
    db.select(adminUserColumns).from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(ADMIN_FIRST_ITEMS),
    // Riyadh days as whole days since the epoch at UTC+3 (Saudi Arabia keeps no daylight saving):
    // integer arithmetic, much cheaper per row than formatting each time stamp in a time zone.
    db.execute(sql`
      select ((floor(extract(epoch from created_at))::bigint + ${RIYADH_OFFSET_MS / 1000}) / 86400)::int as day,
             count(*)::int as count
      from users where created_at >= ${growthStart.toISOString()}::timestamptz
      group by 1
    `),
    db.execute(sql`
      select * from (
        (select 'signup' as action, first_name || ' ' || last_name as "user", created_at as at, null as reference
          from users order by created_at desc limit ${ADMIN_FIRST_ITEMS})
        union all
        (select kind as action, name, created_at, reference
          from inquiries order by created_at desc limit ${ADMIN_FIRST_ITEMS})
        union all
        (select 'proposal', name, created_at, reference
          from proposals order by created_at desc limit ${ADMIN_FIRST_ITEMS})
        union all
        (select 'order', customer_name, created_at, reference
          from orders order by created_at desc limit ${ADMIN_FIRST_ITEMS})
        union all
        (select 'order_paid', customer_name, paid_at, reference
          from orders where status in ('paid', 'shipped', 'delivered', 'refund_pending') and paid_at is not null
          order by paid_at desc limit ${ADMIN_FIRST_ITEMS})
      ) events
      order by at desc
      limit ${ADMIN_FIRST_ITEMS}
    `),
  ]);

  const counts = rowsOf<{
    totalUsers: number;
    openPaymentAlerts: number;
    totalOrders: number;
    paidOrders: number;
    revenue: string | number;
    abandonedCarts: number;
  }>(totals)[0]!;
  const perDay = new Map(
    rowsOf<{ day: number; count: number }>(growth).map((row) => [
      new Date(row.day * DAY_MS).toISOString().slice(0, 10),
      row.count,
    ]),
  );

  return {
    totalUsers: counts.totalUsers,
    totalOrders: counts.totalOrders,
    revenue: Number(counts.revenue),
    currency: "SAR",
    abandonedCarts: counts.abandonedCarts,
    paidOrders: counts.paidOrders,
    conversionRate: counts.totalOrders === 0 ? 0 : counts.paidOrders / counts.totalOrders,
    openPaymentAlerts: counts.openPaymentAlerts,
    topProducts: rowsOf<{ id: string; name: string; nameAr: string; price: number; unitsSold: number }>(top).map(
      (product) => ({
        id: product.id,
        name: lang === "ar" ? product.nameAr : product.name,
        category: productCategory(product.id, lang),
        price: product.price,
        unitsSold: product.unitsSold,
      }),
    ),
    recentUsers: recent.map(toAdminUser),
    userGrowth: riyadhDays(now, USER_GROWTH_DAYS).map((date) => ({ date, count: perDay.get(date) ?? 0 })),
    recentActivity: rowsOf<{ action: ActivityAction; user: string; at: Date | string; reference: string | null }>(
      activity,
    ).map((event) => ({
      action: event.action,
      user: event.user,
      timestamp: new Date(event.at).toISOString(),
      reference: event.reference,
    })),
  };
}

/** The instant a Riyadh day began, `daysBack` days before the day of `now`. */
function riyadhDayStart(now: Date, daysBack: number): Date {
  const local = now.getTime() + RIYADH_OFFSET_MS;
  const dayStart = local - (local % DAY_MS) - daysBack * DAY_MS;
  return new Date(dayStart - RIYADH_OFFSET_MS);
}

/** The last `count` Riyadh calendar days up to today, oldest first, as YYYY-MM-DD. */
function riyadhDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    new Date(riyadhDayStart(now, count - 1 - index).getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10),
  );
}
