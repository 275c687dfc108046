import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextAreaField, TextField } from "#client/components/ui/form/field.tsx";
import { Honeypot } from "#client/components/ui/form/honeypot.tsx";
import { Form, FormError, SubmitButton } from "#client/components/ui/form/form.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { isFieldRefusal } from "#client/lib/field-refusal.ts";
import {
  contactInquirySchema,
  type ContactInquiry,
  type ContactInquiryInput,
} from "#shared/schemas/contact-inquiry.ts";
import { sendInquiry } from "../api/inquiries.ts";
import type { ContactCopy } from "../copy.ts";

const empty: ContactInquiryInput = { name: "", email: "", message: "", website: "" };

/**
 * The contact form (spec §2, §4, §5, §8): name, e-mail and message, checked with the schema the
 * server uses; "Sending..." while on its way; a toast and a reset on success, a destructive toast
 * on failure (a refusal that names fields shows its messages under them instead).
 */
export function ContactForm({ copy, headingId }: { copy: ContactCopy; headingId: string }) {
  const { lang } = useI18n();
  const form = useForm<ContactInquiryInput, unknown, ContactInquiry>({
    resolver: zodResolver(contactInquirySchema),
    defaultValues: empty,
  });

  const submit = async (values: ContactInquiry) => {
    try {
      await sendInquiry(values, lang);
    } catch (error) {
      if (isFieldRefusal(error)) throw error;
      toast({ variant: "destructive", title: copy.toasts.errorTitle, description: copy.toasts.errorBody });
      return;
    }
    toast({ title: copy.toasts.successTitle });
    form.reset(empty);
  };

  return (
    <Form form={form} onSubmit={submit} className="grid gap-5" aria-labelledby={headingId}>
      <TextField name="name" label={copy.form.name} placeholder={copy.form.namePlaceholder} autoComplete="name" />
      <TextField
        name="email"
        type="email"
        label={copy.form.email}
        placeholder={copy.form.emailPlaceholder}
        autoComplete="email"
      />
      <TextAreaField name="message" label={copy.form.message} placeholder={copy.form.messagePlaceholder} rows={6} />
      <Honeypot />
      <FormError />
      <SubmitButton pendingLabel={copy.form.pending} className="btn-primary justify-self-start">
        {copy.form.submit}
      </SubmitButton>
    </Form>
  );
}
