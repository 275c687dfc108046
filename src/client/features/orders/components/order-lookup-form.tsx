import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "#client/components/ui/form/field.tsx";
import { Form, FormError, SubmitButton } from "#client/components/ui/form/form.tsx";
import { SERVER_ERROR } from "#client/components/ui/form/server-errors.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { ApiError } from "#client/lib/api.ts";
import { isFieldRefusal } from "#client/lib/field-refusal.ts";
import { orderLookupSchema } from "#shared/schemas/checkout.ts";
import type { OrdersCopy } from "../copy.ts";
import { lookupOrder, type OrderAnswer } from "../api/orders.ts";

type Input = { reference: string; email: string };

/** "Find Your Order": the reference and the e-mail it was placed with (POST /api/orders/lookup). */
export function OrderLookupForm(props: { copy: OrdersCopy; onFound: (answer: OrderAnswer) => void }) {
  const { copy } = props;
  const { lang } = useI18n();
  const form = useForm<Input>({
    resolver: zodResolver(orderLookupSchema),
    defaultValues: { reference: "", email: "" },
  });

  const submit = async (values: Input) => {
    try {
      props.onFound(await lookupOrder({ reference: values.reference.trim(), email: values.email.trim() }, lang));
    } catch (error) {
      if (isFieldRefusal(error)) throw error;
      const status = error instanceof ApiError ? error.status : 0;
      const message = status === 404 ? copy.form.notFound : status === 429 ? copy.form.tooMany : copy.form.failed;
      form.setError(SERVER_ERROR as never, { type: "server", message });
    }
  };

  return (
    <Form form={form} onSubmit={submit} className="grid gap-5" aria-labelledby="orders-title">
      <TextField
        name="reference"
        label={copy.form.reference}
        placeholder={copy.form.referencePlaceholder}
        autoComplete="off"
        dir="ltr"
      />
      <TextField
        name="email"
        type="email"
        label={copy.form.email}
        placeholder={copy.form.emailPlaceholder}
        autoComplete="email"
      />
      <FormError />
      <SubmitButton pendingLabel={copy.form.pending} className="btn-primary justify-self-start">
        {copy.form.submit}
      </SubmitButton>
    </Form>
  );
}
