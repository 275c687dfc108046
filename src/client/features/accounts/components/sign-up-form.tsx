import { zodResolver } from "@hookform/resolvers/zod";
import { Fragment } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "#client/components/ui/form/field.tsx";
import { Form, FormError, SubmitButton } from "#client/components/ui/form/form.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { isFieldRefusal } from "#client/lib/field-refusal.ts";
import { signUpFormSchema, toSignUpRequest, type SignUpFormInput } from "#shared/schemas/auth.ts";
import { signUp } from "../api/auth.ts";
import type { AccountsCopy } from "../copy.ts";
import { failureMessage, type AuthAnswer } from "../lib/complete-sign-in.ts";
import { PasswordField } from "./password-field.tsx";

type SignUpForm = z.output<typeof signUpFormSchema>;

const empty: SignUpFormInput = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  country: "",
  password: "",
  confirmPassword: "",
};

/**
 * The Sign Up tab (spec §2, §3, §5, §8): the sign-up fields and the password twice, checked with
 * the form twin of the API's schema (a mismatch shows on the confirmation field); the
 * confirmation is never sent. Above the button, the terms and privacy notice.
 */
export function SignUpForm(props: { copy: AccountsCopy; onSignedUp: (answer: AuthAnswer) => Promise<void> }) {
  const { copy } = props;
  const { lang } = useI18n();
  const to = useLocalizedPath();
  const form = useForm<SignUpFormInput, unknown, SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: empty,
  });

  const submit = async (values: SignUpForm) => {
    let answer: AuthAnswer;
    try {
      answer = await signUp(toSignUpRequest(values), lang);
    } catch (error) {
      if (isFieldRefusal(error)) throw error;
      toast({
        variant: "destructive",
        title: copy.toasts.signUpFailed,
        description: failureMessage(error, copy.toasts.failed, copy.toasts.network),
      });
      return;
    }
    await props.onSignedUp(answer);
  };

  const link = (path: string, label: string) => (
    <a href={to(path)} target="_blank" rel="noopener" className="font-medium text-walnut underline underline-offset-4">
      {label}
      <span className="sr-only"> {copy.signUp.newTab}</span>
    </a>
  );
  const notice = copy.signUp.notice
    .split(/(\{terms\}|\{privacy\})/)
    .map((part, i) => (
      <Fragment key={i}>
        {part === "{terms}"
          ? link("/terms", copy.signUp.terms)
          : part === "{privacy}"
            ? link("/privacy", copy.signUp.privacy)
            : part}
      </Fragment>
    ));

  return (
    <Form form={form} onSubmit={submit} className="grid gap-5" aria-labelledby="auth-tab-signup">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="firstName" label={copy.fields.firstName} autoComplete="given-name" />
        <TextField name="lastName" label={copy.fields.lastName} autoComplete="family-name" />
      </div>
      <TextField
        name="email"
        type="email"
        label={copy.fields.email}
        placeholder={copy.fields.emailPlaceholder}
        autoComplete="email"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="phone"
          type="tel"
          label={copy.fields.phone}
          placeholder={copy.fields.phonePlaceholder}
          autoComplete="tel"
        />
        <TextField
          name="country"
          label={copy.fields.country}
          placeholder={copy.fields.countryPlaceholder}
          autoComplete="country-name"
        />
      </div>
      <PasswordField name="password" label={copy.fields.password} copy={copy} autoComplete="new-password" />
      <PasswordField
        name="confirmPassword"
        label={copy.fields.confirmPassword}
        copy={copy}
        autoComplete="new-password"
      />
      <p className="text-sm text-ink-soft" data-testid="terms-notice">
        {notice}
      </p>
      <FormError />
      <SubmitButton pendingLabel={copy.signUp.pending} className="btn-primary w-full">
        {copy.signUp.submit}
      </SubmitButton>
    </Form>
  );
}
