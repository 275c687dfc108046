import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Form, FormError, SubmitButton } from "#client/components/ui/form/form.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { passwordChangeFormSchema, type PasswordChangeFormInput } from "#shared/schemas/auth.ts";
import { changePassword } from "../api/account.ts";
import type { AccountsCopy } from "../copy.ts";
import { PasswordField } from "./password-field.tsx";

type PasswordChangeForm = z.output<typeof passwordChangeFormSchema>;
const empty: PasswordChangeFormInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** The current password, then the new one twice (POST /api/account/password; the confirmation stays here). */
export function ChangePasswordForm({ copy }: { copy: AccountsCopy }) {
  const { lang } = useI18n();
  const form = useForm<PasswordChangeFormInput, unknown, PasswordChangeForm>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: empty,
  });

  const submit = async ({ currentPassword, newPassword }: PasswordChangeForm) => {
    await changePassword({ currentPassword, newPassword }, lang);
    form.reset(empty);
    toast({ title: copy.account.password.changed });
  };

  return (
    <Form form={form} onSubmit={submit} className="grid gap-5" aria-labelledby="account-password-title">
      <PasswordField
        name="currentPassword"
        label={copy.fields.currentPassword}
        copy={copy}
        autoComplete="current-password"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField name="newPassword" label={copy.fields.newPassword} copy={copy} autoComplete="new-password" />
        <PasswordField
          name="confirmPassword"
          label={copy.fields.confirmPassword}
          copy={copy}
          autoComplete="new-password"
        />
      </div>
      <FormError />
      <SubmitButton pendingLabel={copy.account.password.pending} className="btn-primary justify-self-start">
        {copy.account.password.save}
      </SubmitButton>
    </Form>
  );
}
