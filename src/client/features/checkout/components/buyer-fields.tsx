import { memo } from "react";
import { useFormContext } from "react-hook-form";
import { Field, TextField } from "#client/components/ui/form/field.tsx";
import type { CheckoutCopy } from "../copy.ts";

/**
 * The buyer's details (issue 12): name, e-mail, Saudi mobile after a fixed +966, and the delivery
 * address (building number and postal code optional). Names match the API's fields, so a 400's
 * `fields` land under the right control.
 */
export const BuyerFields = memo(function BuyerFields(props: { copy: CheckoutCopy; disabled: boolean }) {
  const c = props.copy.buyer;
  return (
    <fieldset disabled={props.disabled} className="grid gap-5 disabled:opacity-80">
      <TextField name="name" label={c.name} autoComplete="name" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="email" type="email" label={c.email} placeholder={c.emailPlaceholder} autoComplete="email" />
        <PhoneField copy={props.copy} />
      </div>
      <fieldset className="grid gap-5">
        <legend className="mb-1 font-medium">{c.address}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="address.city" label={c.city} placeholder={c.cityPlaceholder} autoComplete="address-level2" />
          <TextField name="address.district" label={c.district} autoComplete="address-level3" />
        </div>
        <TextField name="address.street" label={c.street} autoComplete="address-line1" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="address.building" label={c.building} inputMode="numeric" maxLength={4} dir="ltr" />
          <TextField
            name="address.postalCode"
            label={c.postalCode}
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
            dir="ltr"
          />
        </div>
      </fieldset>
    </fieldset>
  );
});

/** The mobile number after a fixed +966, read left to right in Arabic too (CONVENTIONS 7). */
function PhoneField(props: { copy: CheckoutCopy }) {
  const { register } = useFormContext();
  const c = props.copy.buyer;
  return (
    <Field name="phone" label={c.phone}>
      {(control) => (
        <div
          dir="ltr"
          className="flex w-full items-stretch overflow-hidden rounded-xl border border-sand-deep bg-white focus-within:border-accent-ink focus-within:ring-2 focus-within:ring-accent/30 has-aria-invalid:border-red-800"
        >
          <span className="flex items-center border-e border-sand-deep bg-sand px-3 text-ink-soft">
            {c.phonePrefix}
          </span>
          <input
            type="tel"
            autoComplete="tel-national"
            placeholder={c.phonePlaceholder}
            {...control}
            {...register("phone")}
            className="w-full min-w-0 bg-white px-4 py-3 text-ink outline-none"
          />
        </div>
      )}
    </Field>
  );
}
