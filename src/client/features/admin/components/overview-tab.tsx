import { useI18n } from "#client/i18n/i18n.tsx";
import { formatNumber, formatPrice } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { AdminDashboard } from "#shared/schemas/admin.ts";
import type { AdminCopy } from "../copy.ts";
import { Panel, VerifiedBadge, When } from "./bits.tsx";

/**
 * Overview (spec §2 Admin): the payment alerts waiting in the Inbox, when there are any (issue 35),
 * the stat cards, recent activity and the newest users.
 */
export function OverviewTab(props: { copy: AdminCopy; data: AdminDashboard; onOpenInbox: () => void }) {
  const { copy, data } = props;
  const { lang } = useI18n();
  const number = (value: number) => formatNumber(value, lang);
  const rate = formatNumber(data.conversionRate, lang, { style: "percent", maximumFractionDigits: 1 });
  const stats = [
    { id: "users", label: copy.stats.totalUsers, value: number(data.totalUsers) },
    { id: "orders", label: copy.stats.totalOrders, value: number(data.totalOrders) },
    { id: "revenue", label: copy.stats.revenue, value: formatPrice(data.revenue, lang), note: copy.stats.revenueNote },
    {
      id: "abandoned",
      label: copy.stats.abandonedCarts,
      value: number(data.abandonedCarts),
      note: copy.stats.abandonedNote,
    },
    {
      id: "conversion",
      label: copy.stats.conversionRate,
      value: rate,
      note: interpolate(copy.stats.conversionNote, {
        paid: number(data.paidOrders),
        started: number(data.totalOrders),
      }),
    },
  ];

  return (
    <div className="grid gap-8">
      {data.openPaymentAlerts > 0 ? (
        <section
          aria-labelledby="admin-alerts-banner"
          className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-amber-700/30 bg-amber-50 p-5"
          data-testid="payment-alerts-banner"
        >
          <div className="grid gap-1">
            <h2 id="admin-alerts-banner" className="font-display text-xl font-medium">
              {interpolate(copy.alertsBanner.title, { count: number(data.openPaymentAlerts) })}
            </h2>
            <p className="text-sm text-ink-soft">{copy.alertsBanner.body}</p>
          </div>
          <button type="button" className="btn-primary" onClick={props.onOpenInbox}>
            {copy.alertsBanner.action}
          </button>
        </section>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {stats.map((stat) => (
          <div
            key={stat.id}
            className="rounded-2xl border border-sand-deep bg-white/70 p-5"
            data-testid={`stat-${stat.id}`}
          >
            <dt className="text-sm text-ink-soft">{stat.label}</dt>
            <dd className="mt-2 font-display text-3xl font-medium">
              <bdi>{stat.value}</bdi>
            </dd>
            {stat.note && <dd className="mt-2 text-xs text-ink-soft">{stat.note}</dd>}
          </div>
        ))}
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={copy.activity.title} id="admin-activity">
          {data.recentActivity.length === 0 ? (
            <p className="text-ink-soft">{copy.activity.empty}</p>
          ) : (
            <ul className="divide-y divide-sand-deep">
              {data.recentActivity.map((event) => (
                <li
                  key={`${event.action}-${event.timestamp}-${event.user}`}
                  className="flex flex-wrap items-baseline justify-between gap-2 py-3"
                >
                  <span>
                    <span className="font-medium">{copy.activity[event.action]}</span>
                    <span className="text-ink-soft"> · </span>
                    <bdi>{event.user}</bdi>
                    {event.reference && (
                      <>
                        <span className="text-ink-soft"> · </span>
                        <bdi dir="ltr" className="text-sm text-ink-soft">
                          {event.reference}
                        </bdi>
                      </>
                    )}
                  </span>
                  <span className="text-sm text-ink-soft">
                    <When iso={event.timestamp} lang={lang} time />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title={copy.newUsers.title} id="admin-new-users">
          {data.recentUsers.length === 0 ? (
            <p className="text-ink-soft">{copy.newUsers.empty}</p>
          ) : (
            <ul className="divide-y divide-sand-deep">
              {data.recentUsers.map((user) => (
                <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span className="grid">
                    <bdi className="font-medium">
                      {user.firstName} {user.lastName}
                    </bdi>
                    <span className="text-sm text-ink-soft">
                      <bdi dir="ltr">{user.email}</bdi>
                    </span>
                  </span>
                  <span className="flex items-center gap-3">
                    <VerifiedBadge verified={user.emailVerified} copy={copy} />
                    <span className="text-sm text-ink-soft">
                      <When iso={user.createdAt} lang={lang} />
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
