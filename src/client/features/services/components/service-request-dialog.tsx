import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Form, FormError, SubmitButton } from "#client/components/ui/form/form.tsx";
import { TextField } from "#client/components/ui/form/field.tsx";
import { Honeypot } from "#client/components/ui/form/honeypot.tsx";
import { CloseIcon } from "#client/components/ui/icons.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { isFieldRefusal } from "#client/lib/field-refusal.ts";
import {
  serviceRequestFormSchema,
  type ServiceRequestForm,
  type ServiceRequestFormInput,
} from "#shared/schemas/service-request.ts";
import type { Service } from "#content/services.ts";
import { sendServiceRequest } from "../api/service-request.ts";
import type { ServicesCopy } from "../copy.ts";
import { serviceFieldValue, serviceRequestBody } from "../lib/service-request.ts";

type Props = { service: Service; copy: ServicesCopy; onClose: () => void };

/**
 * The "Request Service" dialog (spec §2, §4, §5, §7, §8): validated on submit with the shared
 * schema, sent as an inquiry with the three-line message; on success a toast, the form resets and
 * the dialog closes; on failure a destructive toast (a refusal naming fields shows under them).
 */
export default function ServiceRequestDialog({ service, copy, onClose }: Props) {
  const { lang } = useI18n();
  const id = useId();
  const form = useForm<ServiceRequestFormInput, unknown, ServiceRequestForm>({
    resolver: zodResolver(serviceRequestFormSchema),
    defaultValues: {
      name: "",
      firmName: "",
      email: "",
      contactNumber: "",
      serviceName: serviceFieldValue(service),
      website: "",
    },
  });

  const submit = async (values: ServiceRequestForm) => {
    try {
      await sendServiceRequest(serviceRequestBody(values, service, lang));
    } catch (error) {
      if (isFieldRefusal(error)) throw error;
      toast({ variant: "destructive", title: copy.toasts.errorTitle, description: copy.toasts.errorBody });
      return;
    }
    toast({ title: copy.toasts.successTitle, description: copy.toasts.successBody });
    form.reset();
    onClose();
  };

  return (
    <Modal
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-intro`}
      testId="service-request-dialog"
      className="w-[calc(100vw-1.5rem)] max-w-xl"
    >
      <div className="relative max-h-[92vh] overflow-y-auto rounded-3xl bg-sand p-7 shadow-2xl sm:p-10">
        <h2 id={`${id}-title`} className="pe-12 font-display text-3xl font-medium">
          {copy.form.title}
        </h2>
        <p id={`${id}-intro`} className="mt-2 text-ink-soft">
          {copy.form.intro}
        </p>
        <Form form={form} onSubmit={submit} className="mt-6 grid gap-4" aria-labelledby={`${id}-title`}>
          <TextField name="name" label={copy.form.name} placeholder={copy.form.namePlaceholder} autoComplete="name" />
          <TextField
            name="firmName"
            label={copy.form.firmName}
            placeholder={copy.form.firmNamePlaceholder}
            autoComplete="organization"
          />
          <TextField
            name="email"
            type="email"
            label={copy.form.email}
            placeholder={copy.form.emailPlaceholder}
            autoComplete="email"
          />
          <TextField
            name="contactNumber"
            type="tel"
            label={copy.form.contactNumber}
            placeholder={copy.form.contactNumberPlaceholder}
            autoComplete="tel"
          />
          <TextField name="serviceName" label={copy.form.serviceName} readOnly className="[&_input]:bg-sand-deep/60" />
          <Honeypot />
          <FormError />
          <SubmitButton pendingLabel={copy.form.pending} className="btn-primary mt-2 uppercase">
            {copy.form.submit}
          </SubmitButton>
        </Form>
        <button
          type="button"
          onClick={onClose}
          aria-label={copy.form.close}
          className="absolute end-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-sand-deep"
        >
          <CloseIcon />
        </button>
      </div>
    </Modal>
  );
}
