import { useState, useSyncExternalStore } from "react";
import { useI18n } from "#client/i18n/i18n.tsx";
import { formatNumber } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { ApiError } from "#client/lib/api.ts";
import { useAuth } from "#client/lib/auth-store.ts";
import { Link } from "#client/lib/router.tsx";
import { useDashboard } from "../api/use-admin.ts";
import type { AdminCopy } from "../copy.ts";
import { AnalyticsTab } from "./analytics-tab.tsx";
import { Spinner } from "./bits.tsx";
import { InboxTab } from "./inbox-tab.tsx";
import { OrdersTab } from "./orders-tab.tsx";
import { OverviewTab } from "./overview-tab.tsx";
import { Tabs } from "./tabs.tsx";
import { UsersTab } from "./users-tab.tsx";

type TabId = "overview" | "users" | "orders" | "analytics" | "inbox";
const tabIds: TabId[] = ["overview", "users", "orders", "analytics", "inbox"];

const subscribeNothing = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

/**
 * /admin (spec §2 Admin, DESIGN D7). Who is signed in is known from the session state
 * (lib/auth-store.ts) before anything is asked: signed out, a sign-in prompt; signed in without
 * the role, "not allowed"; neither requests an admin endpoint (issue 37). For an admin the server
 * still decides: while the dashboard loads a spinner shows, and its 401 (the session ended) or 403
 * (the role was taken away) show the same two pages; never the dashboard's shell with errors in it.
 */
export function AdminDashboard(props: { copy: AdminCopy }) {
  const { copy } = props;
  const { lang } = useI18n();
  const { user } = useAuth();
  // The prerendered page and the hydration render know nobody (the store's server snapshot):
  // they show the spinner, not a sign-in prompt an admin would see flash by.
  const hydrated = useSyncExternalStore(subscribeNothing, isClient, isServer);
  const isAdmin = hydrated && user?.isAdmin === true;
  const dashboard = useDashboard(lang, isAdmin);
  const [tab, setTab] = useState<TabId>("overview");

  if (!hydrated) return <Spinner label={copy.loading} className="min-h-[60vh]" />;
  if (!user) return <SignInPrompt copy={copy} />;
  if (!isAdmin) return <NotAllowed copy={copy} />;
  if (dashboard.isPending) return <Spinner label={copy.loading} className="min-h-[60vh]" />;
  if (dashboard.isError) {
    const status = dashboard.error instanceof ApiError ? dashboard.error.status : 0;
    if (status === 401) return <SignInPrompt copy={copy} />;
    if (status === 403) return <NotAllowed copy={copy} />;
    return (
      <Notice title={copy.error} body={dashboard.error.message}>
        <button type="button" className="btn-primary" onClick={() => void dashboard.refetch()}>
          {copy.retry}
        </button>
      </Notice>
    );
  }

  const data = dashboard.data;
  return (
    <div className="grid gap-8">
      <header>
        <h1 className="font-display text-4xl font-medium md:text-5xl">{copy.title}</h1>
        <p className="mt-3 text-lg text-ink-soft">{copy.intro}</p>
      </header>
      <Tabs
        label={copy.tabs.label}
        idPrefix="admin"
        tabs={tabIds.map((id) => ({
          id,
          // The Inbox says how many payment alerts wait in it (issue 35).
          label:
            id === "inbox" && data.openPaymentAlerts > 0
              ? interpolate(copy.tabs.inboxWithAlerts, { count: formatNumber(data.openPaymentAlerts, lang) })
              : copy.tabs[id],
        }))}
        selected={tab}
        onSelect={setTab}
      />
      <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`} tabIndex={0}>
        {tab === "overview" && <OverviewTab copy={copy} data={data} onOpenInbox={() => setTab("inbox")} />}
        {tab === "users" && <UsersTab copy={copy} />}
        {tab === "orders" && <OrdersTab copy={copy} />}
        {tab === "analytics" && <AnalyticsTab copy={copy} data={data} />}
        {tab === "inbox" && <InboxTab copy={copy} />}
      </div>
    </div>
  );
}

function Notice(props: { title: string; body: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col justify-center gap-5 text-center">
      <h1 className="font-display text-4xl font-medium">{props.title}</h1>
      <p className="text-lg text-ink-soft">{props.body}</p>
      <div>{props.children}</div>
    </section>
  );
}

function SignInPrompt(props: { copy: AdminCopy }) {
  const to = useLocalizedPath();
  const next = to("/admin");
  return (
    <Notice title={props.copy.signIn.title} body={props.copy.signIn.body}>
      <Link to={`${to("/auth")}?next=${encodeURIComponent(next)}`} className="btn-primary">
        {props.copy.signIn.action}
      </Link>
    </Notice>
  );
}

function NotAllowed(props: { copy: AdminCopy }) {
  const to = useLocalizedPath();
  return (
    <Notice title={props.copy.notAllowed.title} body={props.copy.notAllowed.body}>
      <Link to={to("/")} className="btn-primary">
        {props.copy.notAllowed.home}
      </Link>
    </Notice>
  );
}
