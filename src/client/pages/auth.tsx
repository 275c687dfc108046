import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { toast } from "#client/components/ui/toast-store.ts";
import { AuthShell } from "#client/features/accounts/components/auth-shell.tsx";
import { ForgotPasswordForm } from "#client/features/accounts/components/forgot-password-form.tsx";
import { SignInForm } from "#client/features/accounts/components/sign-in-form.tsx";
import { SignUpForm } from "#client/features/accounts/components/sign-up-form.tsx";
import { completeSignIn, type AuthAnswer } from "#client/features/accounts/lib/complete-sign-in.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { getAuth, useAuth } from "#client/lib/auth-store.ts";
import { useLocation, useNavigate } from "#client/lib/router.tsx";
import { safeNextPath } from "#client/lib/safe-next.ts";
import { checkSession } from "#client/lib/session.ts";

export const copy = defineLazyCopy({
  en: () => import("#client/features/accounts/accounts.en.ts"),
  ar: () => import("#client/features/accounts/accounts.ar.ts"),
});

type Tab = "signin" | "signup";
const tabs: readonly Tab[] = ["signin", "signup"];

/**
 * /auth (spec §2 Auth, §4, §8): Sign In and Sign Up tabs, "Forgot password?" under the sign-in
 * form, no header or footer. A signed-in visitor is sent home; success goes home or to `?next=`
 * when that is a path on this site.
 */
export default function AuthPage() {
  const c = useCopy(copy);
  const { dir } = useI18n();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const location = useLocation();
  const { isAuthenticated } = useAuth();
  const [tab, setTab] = useState<Tab>("signin");
  const [forgot, setForgot] = useState(false);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ signin: null, signup: null });
  // Set while this page signs someone in, so the "already signed in" redirect leaves it alone.
  const finishing = useRef(false);

  useEffect(() => {
    // Read the store, not the render: the first render after hydration is always signed out. A
    // remembered user is sent home once the server confirms the session (spec §4's check).
    if (!getAuth().isAuthenticated || finishing.current) return;
    void checkSession().then(() => {
      if (getAuth().isAuthenticated && !finishing.current) navigate(to("/"), { replace: true });
    });
  }, [isAuthenticated, navigate, to]);

  useEffect(() => {
    // `?forgot` (the reset page's "request a new link") opens the reset request; read after
    // hydration, since the prerendered page cannot know the query.
    if (new URLSearchParams(window.location.search).has("forgot")) setForgot(true);
  }, []);

  const finish = async (answer: AuthAnswer, kind: Tab) => {
    finishing.current = true;
    await completeSignIn(answer);
    toast(
      kind === "signin"
        ? { title: c.toasts.signedIn }
        : { title: c.toasts.signedUp, description: c.toasts.signedUpBody },
    );
    const next = safeNextPath(new URLSearchParams(location.search).get("next"));
    navigate(next ?? to("/"), { replace: true });
  };

  const select = (next: Tab) => {
    setTab(next);
    setForgot(false);
  };
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    const backward = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
    const at = tabs.indexOf(tab);
    let next: Tab | undefined;
    if (event.key === forward) next = tabs[(at + 1) % tabs.length];
    else if (event.key === backward) next = tabs[(at - 1 + tabs.length) % tabs.length];
    else if (event.key === "Home") next = tabs[0];
    else if (event.key === "End") next = tabs.at(-1);
    if (!next) return;
    event.preventDefault();
    select(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <AuthShell copy={c}>
      <h1 className="font-display text-3xl font-medium md:text-4xl">{c.auth.title}</h1>
      <p className="mt-2 text-ink-soft">{c.auth.lead}</p>
      <div
        role="tablist"
        aria-label={c.tabs.label}
        className="mt-6 grid grid-cols-2 gap-1 rounded-full bg-sand p-1"
        data-tab={tab}
      >
        {tabs.map((id) => (
          <button
            key={id}
            ref={(node) => {
              tabRefs.current[id] = node;
            }}
            type="button"
            role="tab"
            id={`auth-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`auth-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => select(id)}
            onKeyDown={onTabKeyDown}
            className={`min-h-11 rounded-full text-sm font-medium transition-colors ${
              tab === id ? "bg-ink text-sand" : "text-ink-soft hover:text-ink"
            }`}
          >
            {c.tabs[id]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`auth-panel-${tab}`}
        aria-labelledby={`auth-tab-${tab}`}
        tabIndex={0}
        className="mt-6 outline-none"
      >
        {tab === "signup" ? (
          <SignUpForm copy={c} onSignedUp={(answer) => finish(answer, "signup")} />
        ) : forgot ? (
          <ForgotPasswordForm copy={c} onBack={() => setForgot(false)} />
        ) : (
          <SignInForm copy={c} onSignedIn={(answer) => finish(answer, "signin")} onForgot={() => setForgot(true)} />
        )}
      </div>
    </AuthShell>
  );
}
