import { useCallback, useEffect, useState, type ReactNode } from "react";
import { fetchAccount } from "#client/features/accounts/api/account.ts";
import { AccountDetailsForm } from "#client/features/accounts/components/account-details-form.tsx";
import { AccountEmail } from "#client/features/accounts/components/account-email.tsx";
import { AccountOrders } from "#client/features/accounts/components/account-orders.tsx";
import { AccountSessions } from "#client/features/accounts/components/account-sessions.tsx";
import { WishlistList } from "#client/features/accounts/components/wishlist-list.tsx";
import { ChangePasswordForm } from "#client/features/accounts/components/change-password-form.tsx";
import type { AccountView } from "#client/features/accounts/lib/account-view.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { ApiError } from "#client/lib/api.ts";
import { getAuth, useAuth } from "#client/lib/auth-store.ts";
import { useNavigate } from "#client/lib/router.tsx";
import { signOutLocally } from "#client/lib/session.ts";
import { formatDate } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";

export const copy = defineLazyCopy({
  en: () => import("#client/features/accounts/accounts.en.ts"),
  ar: () => import("#client/features/accounts/accounts.ar.ts"),
});

type State = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; account: AccountView };

/**
 * /account (issue 11, "My Account"): details, e-mail and its verification, orders (issue 12),
 * password, sessions and the wishlist. Signed out, it sends the visitor to sign in and back here.
 */
export default function AccountPage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const [state, setState] = useState<State>({ kind: "loading" });

  const toSignIn = useCallback(
    () => navigate(`${to("/auth")}?next=${encodeURIComponent(to("/account"))}`, { replace: true }),
    [navigate, to],
  );

  const load = useCallback(() => {
    setState({ kind: "loading" });
    fetchAccount().then(
      (account) => setState({ kind: "ready", account }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          signOutLocally();
          toSignIn();
        } else setState({ kind: "failed" });
      },
    );
  }, [toSignIn]);

  useEffect(() => {
    // The store, not the render: the first render after hydration is always signed out.
    if (!getAuth().isAuthenticated) toSignIn();
    else load();
  }, [load, toSignIn]);

  useEffect(() => {
    // Signed out meanwhile (another tab, "sign out everywhere"): this page has nothing to show.
    if (!isAuthenticated && state.kind === "ready") setState({ kind: "loading" });
  }, [isAuthenticated, state.kind]);

  return (
    <div className="container-page max-w-3xl pt-28 pb-24 md:pt-36">
      <h1 className="font-display text-5xl font-medium">{c.account.title}</h1>
      {state.kind === "loading" ? (
        <p role="status" aria-busy="true" className="mt-6 text-ink-soft">
          {c.account.loading}
        </p>
      ) : state.kind === "failed" ? (
        <div role="alert" className="mt-6 grid gap-4">
          <p>{c.account.loadFailed}</p>
          <button type="button" className="btn-outline justify-self-start" onClick={load}>
            {c.account.retry}
          </button>
        </div>
      ) : (
        <>
          <p className="mt-3 text-lg text-ink-soft" data-testid="account-greeting">
            {interpolate(c.account.greeting, { name: state.account.firstName })}
            {" · "}
            {interpolate(c.account.memberSince, { date: formatDate(new Date(state.account.createdAt), lang) })}
          </p>
          <Section id="account-details-title" title={c.account.details.title}>
            <AccountDetailsForm
              copy={c}
              account={state.account}
              onSaved={(account) => setState({ kind: "ready", account })}
            />
          </Section>
          <Section id="account-email-title" title={c.account.email.title}>
            <AccountEmail copy={c} email={state.account.email} verified={state.account.emailVerified} />
          </Section>
          <Section id="account-orders-title" title={c.account.orders.title} lead={c.account.orders.lead}>
            <AccountOrders copy={c} />
          </Section>
          <Section id="account-wishlist-title" title={c.account.wishlist.title}>
            <WishlistList copy={c.account.wishlist} />
          </Section>
          <Section id="account-password-title" title={c.account.password.title} lead={c.account.password.lead}>
            <ChangePasswordForm copy={c} />
          </Section>
          <Section id="account-sessions-title" title={c.account.sessions.title} lead={c.account.sessions.lead}>
            <AccountSessions copy={c} />
          </Section>
        </>
      )}
    </div>
  );
}

function Section(props: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="mt-10 rounded-3xl border border-sand-deep bg-white/70 p-6 sm:p-8">
      <h2 id={props.id} className="font-display text-2xl font-medium">
        {props.title}
      </h2>
      {props.lead ? <p className="mt-1 text-sm text-ink-soft">{props.lead}</p> : null}
      <div className="mt-5">{props.children}</div>
    </section>
  );
}
