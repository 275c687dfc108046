import { useState } from "react";
import { useFormContext } from "react-hook-form";
import { Field } from "#client/components/ui/form/field.tsx";
import { iconBase } from "#client/components/ui/icons.tsx";
import type { AccountsCopy } from "../copy.ts";

/**
 * A password input with a show/hide toggle (spec §2 Auth). The toggle is a pressed/unpressed
 * button named for what it does, next to the input it controls; the password is never trimmed.
 */
export function PasswordField(props: {
  name: string;
  label: string;
  copy: AccountsCopy;
  autoComplete: "current-password" | "new-password";
}) {
  const { register } = useFormContext();
  const [visible, setVisible] = useState(false);
  return (
    <Field name={props.name} label={props.label}>
      {(control) => (
        <div className="relative">
          <input
            type={visible ? "text" : "password"}
            autoComplete={props.autoComplete}
            spellCheck={false}
            autoCapitalize="none"
            {...control}
            {...register(props.name)}
            dir="ltr"
            className="w-full rounded-xl border border-sand-deep bg-white py-3 ps-4 pe-12 text-start text-ink outline-none transition-colors focus:border-accent-ink focus:ring-2 focus:ring-accent/30 aria-invalid:border-red-800 disabled:opacity-60"
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={control.id}
            aria-label={visible ? props.copy.fields.hide : props.copy.fields.show}
            data-testid={`${props.name}-toggle`}
            className="absolute inset-y-0 end-0 inline-flex w-12 items-center justify-center rounded-e-xl text-ink-soft hover:text-ink"
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </Field>
  );
}

const EyeIcon = () => (
  <svg {...iconBase}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
const EyeOffIcon = () => (
  <svg {...iconBase}>
    <path d="M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7c1.6 0 3-.4 4.3-1" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </svg>
);
