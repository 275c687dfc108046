import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "#client/components/ui/form/field.tsx";
import { Form, FormError, SubmitButton } from "#client/components/ui/form/form.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { isFieldRefusal } from "#client/lib/field-refusal.ts";
import { signInSchema, type SignInInput, type SignInRequest } from "#shared/schemas/auth.ts";
import { signIn } from "../api/auth.ts";
import type { AccountsCopy } from "../copy.ts";
import { failureMessage, type AuthAnswer } from "../lib/complete-sign-in.ts";
import { PasswordField } from "./password-field.tsx";

/**
 * The Sign In tab (spec §2, §5, §8): e-mail and password checked with the API's schema; a refusal
 * is the toast "Sign in failed" with the server's message (the same for an unknown e-mail and a
 * wrong password); "Forgot password?" opens the reset request.
 */
export function SignInForm(props: {
  copy: AccountsCopy;
  onSignedIn: (answer: AuthAnswer) => Promise<void>;
  onForgot: () => void;
}) {
  const { copy } = props;
  const { lang } = useI18n();
  const form = useForm<SignInInput, unknown, SignInRequest>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });

  const submit = async (values: SignInRequest) => {
    let answer: AuthAnswer;
    try {
      answer = await signIn(values, lang);
    } catch (error) {
      if (isFieldRefusal(error)) throw error;
      toast({
        variant: "destructive",
        title: copy.toasts.signInFailed,
        description: failureMessage(error, copy.toasts.failed, copy.toasts.network),
      });
      return;
    }
    await props.onSignedIn(answer);
  };

  return (
    <Form form={form} onSubmit={submit} className="grid gap-5" aria-labelledby="auth-tab-signin">
      <TextField
        name="email"
        type="email"
        label={copy.fields.email}
        placeholder={copy.fields.emailPlaceholder}
        autoComplete="email"
      />
      <div className="grid gap-2">
        <PasswordField name="password" label={copy.fields.password} copy={copy} autoComplete="current-password" />
        <button
          type="button"
          onClick={props.onForgot}
          className="justify-self-end text-sm text-walnut underline underline-offset-4 hover:text-ink"
        >
          {copy.signIn.forgot}
        </button>
      </div>
      <FormError />
      <SubmitButton pendingLabel={copy.signIn.pending} className="btn-primary w-full">
        {copy.signIn.submit}
      </SubmitButton>
    </Form>
  );
}
