import { useEffect, useRef, useState } from "react";
import { verifyEmail } from "#client/features/accounts/api/auth.ts";
import { AuthShell } from "#client/features/accounts/components/auth-shell.tsx";
import { useFragmentToken } from "#client/features/accounts/lib/fragment-token.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { ApiError } from "#client/lib/api.ts";
import { getAuth, isAuthUser, setAuth, useAuth } from "#client/lib/auth-store.ts";
import { Link } from "#client/lib/router.tsx";

export const copy = defineLazyCopy({
  en: () => import("#client/features/accounts/accounts.en.ts"),
  ar: () => import("#client/features/accounts/accounts.ar.ts"),
});

type State = { kind: "pending" } | { kind: "done" } | { kind: "failed"; message?: string } | { kind: "noToken" };

/**
 * /auth/verify-email#token=… (the link of the verification e-mail): posts the token once and says
 * whether the address is now verified.
 */
export default function VerifyEmailPage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const { isAuthenticated } = useAuth();
  const token = useFragmentToken();
  const [state, setState] = useState<State>({ kind: "pending" });
  const sent = useRef(false);

  useEffect(() => {
    if (token === undefined || sent.current) return;
    sent.current = true;
    if (token === null) {
      setState({ kind: "noToken" });
      return;
    }
    verifyEmail(token, lang).then(
      (answer) => {
        // The page of the signed-in account shows the fresher user, when the answer has one.
        if (getAuth().isAuthenticated && isAuthUser(answer.user)) setAuth(answer.user);
        setState({ kind: "done" });
      },
      (error: unknown) =>
        setState({ kind: "failed", message: error instanceof ApiError ? error.serverMessage : c.toasts.network }),
    );
  }, [token, lang, c]);

  const title =
    state.kind === "done" ? c.verify.doneTitle : state.kind === "pending" ? c.verify.title : c.verify.failedTitle;
  const body =
    state.kind === "done"
      ? c.verify.done
      : state.kind === "pending"
        ? c.verify.pending
        : state.kind === "noToken"
          ? c.verify.noToken
          : (state.message ?? c.verify.failed);

  return (
    <AuthShell copy={c}>
      <div className="grid gap-4" data-testid="verify-email" data-state={state.kind}>
        <h1 className="font-display text-3xl font-medium">{title}</h1>
        <p role="status" className="text-ink-soft">
          {body}
        </p>
        {state.kind === "pending" ? null : (
          <Link
            to={isAuthenticated ? to("/account") : `${to("/auth")}?next=${encodeURIComponent(to("/account"))}`}
            className="btn-primary justify-self-start"
          >
            {isAuthenticated ? c.verify.toAccount : c.verify.toSignIn}
          </Link>
        )}
      </div>
    </AuthShell>
  );
}
