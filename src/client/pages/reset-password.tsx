import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Form, FormError, SubmitButton } from "#client/components/ui/form/form.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { resetPassword } from "#client/features/accounts/api/auth.ts";
import { AuthShell } from "#client/features/accounts/components/auth-shell.tsx";
import { PasswordField } from "#client/features/accounts/components/password-field.tsx";
import { failureMessage } from "#client/features/accounts/lib/complete-sign-in.ts";
import { useFragmentToken } from "#client/features/accounts/lib/fragment-token.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { ApiError } from "#client/lib/api.ts";
import { isFieldRefusal } from "#client/lib/field-refusal.ts";
import { Link } from "#client/lib/router.tsx";
import { readCurrentUser } from "#client/lib/session.ts";
import { resetPasswordFormSchema, type ResetPasswordFormInput } from "#shared/schemas/auth.ts";

export const copy = defineLazyCopy({
  en: () => import("#client/features/accounts/accounts.en.ts"),
  ar: () => import("#client/features/accounts/accounts.ar.ts"),
});

type ResetForm = z.output<typeof resetPasswordFormSchema>;
type State = { kind: "form" } | { kind: "done" } | { kind: "failed"; message: string };

/**
 * /auth/reset-password#token=… (the link of the reset e-mail): the new password twice, then the
 * token and the password are posted. The server ends every session of the account.
 */
export default function ResetPasswordPage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const token = useFragmentToken();
  const [state, setState] = useState<State>({ kind: "form" });
  const form = useForm<ResetPasswordFormInput, unknown, ResetForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  const submit = async (values: ResetForm) => {
    if (!token) return;
    try {
      await resetPassword(token, values.password, lang);
    } catch (error) {
      if (isFieldRefusal(error)) throw error;
      if (error instanceof ApiError && error.status === 400) {
        setState({ kind: "failed", message: error.serverMessage ?? c.verify.failed });
        return;
      }
      toast({
        variant: "destructive",
        title: c.toasts.failed,
        description: failureMessage(error, c.toasts.failed, c.toasts.network),
      });
      return;
    }
    setState({ kind: "done" });
    // Every session of the account has ended: if this browser was signed in to it, it is not now.
    void readCurrentUser();
  };

  const signIn = (
    <Link to={to("/auth")} className="btn-primary justify-self-start">
      {c.reset.toSignIn}
    </Link>
  );
  const requestNew = (
    <Link to={`${to("/auth")}?forgot`} className="btn-outline justify-self-start">
      {c.reset.requestNew}
    </Link>
  );

  let content;
  if (state.kind === "done")
    content = (
      <>
        <h1 className="font-display text-3xl font-medium">{c.reset.doneTitle}</h1>
        <p role="status" className="text-ink-soft">
          {c.reset.done}
        </p>
        {signIn}
      </>
    );
  else if (state.kind === "failed" || token === null)
    content = (
      <>
        <h1 className="font-display text-3xl font-medium">{c.reset.failedTitle}</h1>
        <p role="status" className="text-ink-soft">
          {state.kind === "failed" ? state.message : c.reset.noToken}
        </p>
        {requestNew}
      </>
    );
  else
    content = (
      <>
        <h1 id="reset-title" className="font-display text-3xl font-medium">
          {c.reset.title}
        </h1>
        <p className="text-ink-soft">{c.reset.lead}</p>
        <Form form={form} onSubmit={submit} className="grid gap-5" aria-labelledby="reset-title">
          <PasswordField name="password" label={c.fields.newPassword} copy={c} autoComplete="new-password" />
          <PasswordField name="confirmPassword" label={c.fields.confirmPassword} copy={c} autoComplete="new-password" />
          <FormError />
          <SubmitButton pendingLabel={c.reset.pending} className="btn-primary w-full">
            {c.reset.submit}
          </SubmitButton>
        </Form>
      </>
    );

  return (
    <AuthShell copy={c}>
      <div className="grid gap-4" data-testid="reset-password" data-state={token === null ? "noToken" : state.kind}>
        {content}
      </div>
    </AuthShell>
  );
}
