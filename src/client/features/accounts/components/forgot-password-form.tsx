import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "#client/components/ui/form/field.tsx";
import { Form, FormError, SubmitButton } from "#client/components/ui/form/form.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { isFieldRefusal } from "#client/lib/field-refusal.ts";
import { forgotPasswordSchema, type ForgotPasswordRequest } from "#shared/schemas/auth.ts";
import { requestPasswordReset } from "../api/auth.ts";
import type { AccountsCopy } from "../copy.ts";
import { failureMessage } from "../lib/complete-sign-in.ts";

/**
 * "Forgot password?": asks for the account's e-mail and always ends on the same confirmation, so
 * the page never tells whether an address has an account (the API answers alike too).
 */
export function ForgotPasswordForm(props: { copy: AccountsCopy; onBack: () => void }) {
  const { copy } = props;
  const { lang } = useI18n();
  const [sent, setSent] = useState(false);
  const form = useForm<{ email: string }, unknown, ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });

  const submit = async (values: ForgotPasswordRequest) => {
    try {
      await requestPasswordReset(values, lang);
    } catch (error) {
      if (isFieldRefusal(error)) throw error;
      toast({
        variant: "destructive",
        title: copy.toasts.failed,
        description: failureMessage(error, copy.toasts.failed, copy.toasts.network),
      });
      return;
    }
    setSent(true);
  };

  const back = (
    <button
      type="button"
      onClick={props.onBack}
      className="justify-self-start text-sm text-walnut underline underline-offset-4 hover:text-ink"
    >
      {copy.forgot.back}
    </button>
  );

  return (
    <div className="grid gap-5" data-testid="forgot-password">
      <div>
        <h2 id="forgot-title" className="font-display text-2xl font-medium">
          {sent ? copy.forgot.sentTitle : copy.forgot.title}
        </h2>
        <p role="status" className="mt-2 text-sm text-ink-soft">
          {sent ? copy.forgot.sent : copy.forgot.lead}
        </p>
      </div>
      {sent ? null : (
        <Form form={form} onSubmit={submit} className="grid gap-5" aria-labelledby="forgot-title">
          <TextField
            name="email"
            type="email"
            label={copy.fields.email}
            placeholder={copy.fields.emailPlaceholder}
            autoComplete="email"
          />
          <FormError />
          <SubmitButton pendingLabel={copy.forgot.pending} className="btn-primary w-full">
            {copy.forgot.submit}
          </SubmitButton>
        </Form>
      )}
      {back}
    </div>
  );
}
