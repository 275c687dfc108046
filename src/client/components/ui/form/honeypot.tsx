import { useFormContext } from "react-hook-form";
import { HONEYPOT_FIELD } from "#shared/schemas/lead-fields.ts";

/**
 * The lead forms' trap for bots (src/shared/schemas/lead-fields.ts): a field no person sees,
 * reaches with Tab or hears, which form-filling bots fill. The server then accepts and drops.
 */
export function Honeypot() {
  const { register } = useFormContext();
  return (
    <div aria-hidden="true" className="absolute -start-[9999px] top-auto h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...register(HONEYPOT_FIELD)} />
      </label>
    </div>
  );
}
