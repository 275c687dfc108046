import { useState } from "react";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { resendVerification } from "../api/auth.ts";
import type { AccountsCopy } from "../copy.ts";
import { failureMessage } from "../lib/complete-sign-in.ts";

/** The account's e-mail, whether it is verified, and "resend the link" while it is not. */
export function AccountEmail(props: { copy: AccountsCopy; email: string; verified: boolean }) {
  const { copy } = props;
  const { lang } = useI18n();
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const answer = await resendVerification(lang);
      toast({ title: answer.message ?? copy.account.email.resent });
    } catch (error) {
      toast({
        variant: "destructive",
        title: copy.toasts.failed,
        description: failureMessage(error, copy.toasts.failed, copy.toasts.network),
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="grid gap-3">
      <p className="flex flex-wrap items-center gap-3">
        <bdi dir="ltr" className="font-medium" data-testid="account-email">
          {props.email}
        </bdi>
        <span
          data-testid="email-status"
          data-verified={props.verified}
          className={`rounded-full px-3 py-0.5 text-xs font-medium ${
            props.verified ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"
          }`}
        >
          {props.verified ? copy.account.email.verified : copy.account.email.unverified}
        </span>
      </p>
      {props.verified ? null : (
        <p className="flex flex-wrap items-center gap-3 text-sm text-ink-soft">
          {copy.account.email.unverifiedBody}
          <button
            type="button"
            onClick={() => void resend()}
            disabled={sending}
            aria-busy={sending || undefined}
            className="font-medium text-walnut underline underline-offset-4 hover:text-ink disabled:opacity-60"
          >
            {sending ? copy.account.email.resending : copy.account.email.resend}
          </button>
        </p>
      )}
    </div>
  );
}
