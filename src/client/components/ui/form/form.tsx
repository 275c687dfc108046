import type { ReactNode } from "react";
import { FormProvider, get, useFormState, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLoadCatalogMessages } from "#client/i18n/catalog-messages.ts";
import { applyServerErrors, SERVER_ERROR } from "./server-errors.ts";

/**
 * A form on react-hook-form (docs/decisions/0007-form-building-blocks.md): the fields below it
 * reach the form through context, the browser's own validation bubbles stay off (the schema's
 * messages, in the page's language, take their place), and a submission the server refuses with
 * `fields` shows each message under its field; any other failure shows above the button.
 */
export function Form<T extends FieldValues, TOut extends FieldValues = T>(props: {
  /** The form's values as typed (T) and as its resolver hands them on (TOut, e.g. trimmed). */
  form: UseFormReturn<T, unknown, TOut>;
  onSubmit: (values: TOut) => Promise<unknown> | unknown;
  children: ReactNode;
  className?: string;
  "aria-labelledby"?: string;
}) {
  const { form, onSubmit } = props;
  const { lang, t } = useI18n();
  useLoadCatalogMessages(lang);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const fieldNames = Object.keys(form.getValues());
      if (applyServerErrors(error, form.setError, fieldNames)) return;
      const message = error instanceof TypeError ? t("errors.network") : t("errors.generic");
      form.setError(SERVER_ERROR as never, { type: "server", message });
    }
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        // A submission before the page has hydrated must not put the values (a password) in the
        // address, history and server logs, as the default GET would.
        method="post"
        onSubmit={(event) => void submit(event)}
        className={props.className}
        aria-labelledby={props["aria-labelledby"]}
      >
        {props.children}
      </form>
    </FormProvider>
  );
}

/** The form-level message: what the server said when no single field was at fault. */
export function FormError() {
  const { errors } = useFormState();
  const message = (get(errors, SERVER_ERROR) as { message?: string } | undefined)?.message;
  return (
    <p
      role="alert"
      className={message ? "rounded-lg border border-red-800/30 bg-red-50 p-3 text-sm text-red-800" : "sr-only"}
    >
      {message ?? ""}
    </p>
  );
}

/** Submit, disabled and busy while the submission is on its way, with its own pending label. */
export function SubmitButton(props: { children: ReactNode; pendingLabel: ReactNode; className?: string }) {
  const { isSubmitting } = useFormState();
  return (
    <button
      type="submit"
      className={props.className ?? "btn-primary"}
      disabled={isSubmitting}
      aria-busy={isSubmitting || undefined}
    >
      {isSubmitting ? props.pendingLabel : props.children}
    </button>
  );
}
