import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { get, useFormContext, useFormState, type FieldError } from "react-hook-form";
import { useI18n } from "#client/i18n/i18n.tsx";
import type { MessageKey } from "#shared/i18n/message-key.ts";

/** What a control needs from its field: its id and its accessible description and state. */
export type ControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: true };

type FieldProps = {
  /** The value's name in the form (and in the server's `fields` answer). */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

/**
 * A form field (docs/decisions/0007-form-building-blocks.md): the label, an optional hint, the
 * control, and the error under it. The control is described by the hint and the error and is
 * marked invalid while in error. A schema's message is a MessageKey and is translated here; a
 * server's message (type "server") already speaks the page's language.
 */
export function Field({ name, label, hint, className, children }: FieldProps) {
  const { t } = useI18n();
  const { errors } = useFormState({ name });
  const error = get(errors, name) as FieldError | undefined;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const message = error?.message
    ? error.type === "server"
      ? error.message
      : t(error.message as MessageKey)
    : undefined;
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={`grid content-start gap-1.5 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(message ? { "aria-invalid": true as const } : {}),
      })}
      {message ? (
        <p id={errorId} className="text-sm font-medium text-red-800" data-testid={`${name}-error`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

const controlClass =
  "w-full rounded-xl border border-sand-deep bg-white px-4 py-3 text-ink outline-none transition-colors focus:border-accent-ink focus:ring-2 focus:ring-accent/30 aria-invalid:border-red-800 disabled:opacity-60";

/** E-mail addresses, phone numbers and URLs read left to right in Arabic too (CONVENTIONS 7). */
const leftToRightTypes = new Set(["email", "tel", "url"]);

type Common = { name: string; label: ReactNode; hint?: ReactNode; className?: string };

export function TextField({
  name,
  label,
  hint,
  className,
  type = "text",
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  const { register } = useFormContext();
  const ltr = leftToRightTypes.has(type);
  return (
    <Field name={name} label={label} hint={hint} className={className}>
      {(control) => (
        <input
          type={type}
          {...input}
          {...control}
          {...register(name)}
          // Read left to right, from the start of the value's own direction, in Arabic too.
          {...(ltr ? { dir: "ltr" } : {})}
          className={`${controlClass} text-start`}
        />
      )}
    </Field>
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  className,
  rows = 5,
  ...textarea
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  const { register } = useFormContext();
  return (
    <Field name={name} label={label} hint={hint} className={className}>
      {(control) => (
        <textarea rows={rows} {...textarea} {...control} {...register(name)} className={`${controlClass} text-start`} />
      )}
    </Field>
  );
}

export type SelectOption = { value: string; label: string };

export function SelectField({
  name,
  label,
  hint,
  className,
  options,
  placeholder,
  ...select
}: Common & { options: readonly SelectOption[]; placeholder?: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "name" | "id"
  >) {
  const { register } = useFormContext();
  return (
    <Field name={name} label={label} hint={hint} className={className}>
      {(control) => (
        <select {...select} {...control} {...register(name)} className={`${controlClass} text-start`}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
