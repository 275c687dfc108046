import { useState } from "react";
import { toast } from "#client/components/ui/toast-store.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { useNavigate } from "#client/lib/router.tsx";
import { signOut, signOutLocally } from "#client/lib/session.ts";
import { signOutEverywhere } from "../api/account.ts";
import type { AccountsCopy } from "../copy.ts";
import { failureMessage } from "../lib/complete-sign-in.ts";

/** Sign out here, or everywhere (every session of the account, this one included). */
export function AccountSessions({ copy }: { copy: AccountsCopy }) {
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [pending, setPending] = useState<"here" | "everywhere" | null>(null);

  const run = async (which: "here" | "everywhere") => {
    if (which === "everywhere" && !window.confirm(copy.account.sessions.confirm)) return;
    setPending(which);
    try {
      if (which === "here") await signOut();
      else {
        await signOutEverywhere();
        signOutLocally();
        toast({ title: copy.account.sessions.done });
      }
    } catch (error) {
      setPending(null);
      toast({
        variant: "destructive",
        title: copy.toasts.failed,
        description: failureMessage(error, copy.toasts.failed, copy.toasts.network),
      });
      return;
    }
    navigate(to("/"), { replace: true });
  };

  return (
    <div className="flex flex-wrap gap-3">
      <button
        type="button"
        className="btn-primary"
        disabled={pending !== null}
        aria-busy={pending === "here" || undefined}
        onClick={() => void run("here")}
      >
        {copy.account.sessions.signOut}
      </button>
      <button
        type="button"
        className="btn-outline"
        disabled={pending !== null}
        aria-busy={pending === "everywhere" || undefined}
        onClick={() => void run("everywhere")}
        data-testid="signout-everywhere"
      >
        {pending === "everywhere" ? copy.account.sessions.pending : copy.account.sessions.everywhere}
      </button>
    </div>
  );
}
