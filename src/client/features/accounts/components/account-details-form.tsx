import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "#client/components/ui/form/field.tsx";
import { Form, FormError, SubmitButton } from "#client/components/ui/form/form.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { setAuth } from "#client/lib/auth-store.ts";
import { accountUpdateSchema, type AccountUpdateInput, type AccountUpdateRequest } from "#shared/schemas/auth.ts";
import { updateAccount } from "../api/account.ts";
import type { AccountsCopy } from "../copy.ts";
import type { AccountView } from "../lib/account-view.ts";

/** Name, phone and country (PATCH /api/account); the header's name follows the saved one. */
export function AccountDetailsForm(props: {
  copy: AccountsCopy;
  account: AccountView;
  onSaved: (account: AccountView) => void;
}) {
  const { copy, account } = props;
  const { lang } = useI18n();
  const form = useForm<AccountUpdateInput, unknown, AccountUpdateRequest>({
    resolver: zodResolver(accountUpdateSchema),
    defaultValues: {
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone ?? "",
      country: account.country,
    },
  });

  const submit = async (values: AccountUpdateRequest) => {
    const answer = await updateAccount(values, lang);
    const { firstName, lastName, email, isAdmin } = answer.user;
    setAuth({ firstName, lastName, email, isAdmin });
    props.onSaved(answer.account);
    form.reset({
      firstName: answer.account.firstName,
      lastName: answer.account.lastName,
      phone: answer.account.phone ?? "",
      country: answer.account.country,
    });
    toast({ title: copy.account.details.saved });
  };

  return (
    <Form form={form} onSubmit={submit} className="grid gap-5" aria-labelledby="account-details-title">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="firstName" label={copy.fields.firstName} autoComplete="given-name" />
        <TextField name="lastName" label={copy.fields.lastName} autoComplete="family-name" />
        <TextField
          name="phone"
          type="tel"
          label={copy.fields.phone}
          placeholder={copy.fields.phonePlaceholder}
          autoComplete="tel"
        />
        <TextField name="country" label={copy.fields.country} autoComplete="country-name" />
      </div>
      <FormError />
      <SubmitButton pendingLabel={copy.account.details.pending} className="btn-primary justify-self-start">
        {copy.account.details.save}
      </SubmitButton>
    </Form>
  );
}
