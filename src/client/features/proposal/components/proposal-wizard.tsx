import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useFormState, type Resolver } from "react-hook-form";
import { z } from "zod";
import { SelectField, TextAreaField, TextField } from "#client/components/ui/form/field.tsx";
import { Honeypot } from "#client/components/ui/form/honeypot.tsx";
import { Form, FormError, SubmitButton } from "#client/components/ui/form/form.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { isFieldRefusal } from "#client/lib/field-refusal.ts";
import { formatNumber } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import {
  BUDGET_OPTIONS,
  PRODUCT_INTEREST_OPTIONS,
  PROJECT_TYPE_OPTIONS,
  PROPOSAL_STEPS,
  TIMELINE_OPTIONS,
  proposalRequestSchema,
  proposalStepOf,
  type ProposalField,
  type ProposalOption,
} from "#shared/schemas/proposal-request.ts";
import { sendProposal } from "../api/proposals.ts";
import type { ProposalCopy } from "../copy.ts";
import { clearDraft, readDraft, writeDraft, type Draft, type ProposalValues } from "../lib/draft.ts";
import { ProposalThanks } from "./proposal-thanks.tsx";
import { StepIndicator } from "./step-indicator.tsx";

type Step = Draft["step"];

// Steps 1 and 2 check only their own fields; step 3 checks the whole request, as the server will.
const stepResolvers = PROPOSAL_STEPS.map(({ fields }, i) => {
  if (i === PROPOSAL_STEPS.length - 1) return zodResolver(proposalRequestSchema);
  const mask = Object.fromEntries(fields.map((name) => [name, true])) as Partial<Record<ProposalField, true>>;
  return zodResolver(z.object(proposalRequestSchema.pick(mask).shape));
}) as unknown as Resolver<ProposalValues>[];

const stepOf = (name: string): Step => ((proposalStepOf(name) ?? 2) + 1) as Step;

const sessionStore = () => (typeof window === "undefined" ? undefined : window.sessionStorage);

/**
 * The three-step proposal wizard (spec §2, §4, DESIGN D10): Next checks the current step's fields
 * only, Previous keeps what was typed, Send on step 3 posts the request. The draft lives in
 * sessionStorage until it is sent. Rendered in the browser only (it reads the draft and the URL).
 */
export function ProposalWizard({ copy, search }: { copy: ProposalCopy; search: string }) {
  const { lang } = useI18n();
  const [initial] = useState(() => readDraft(sessionStore(), search));
  const [step, setStep] = useState<Step>(initial.step);
  const [reference, setReference] = useState<string | null>(null);
  const stepRef = useRef(step);
  stepRef.current = step;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const id = useId();

  const form = useForm<ProposalValues>({
    defaultValues: initial.values,
    resolver: (values, context, options) => stepResolvers[stepRef.current - 1]!(values, context, options),
  });

  // Keep the draft as it is typed, and the step it is on.
  useEffect(() => {
    const subscription = form.watch((values) =>
      writeDraft(sessionStore(), { step: stepRef.current, values: values as ProposalValues }),
    );
    return () => subscription.unsubscribe();
  }, [form]);

  useEffect(() => {
    if (reference) return;
    writeDraft(sessionStore(), { step, values: form.getValues() });
    // A step reached by Next or Previous gets the focus on its heading, not a fresh page load.
    if (moved.current) headingRef.current?.focus();
  }, [step, form, reference]);

  const go = (next: Step) => {
    // Messages belong to the step they were found on; the step shown next starts clean.
    form.clearErrors();
    moved.current = true;
    setStep(next);
  };

  const submit = async (values: ProposalValues) => {
    if (step < 3) {
      go((step + 1) as Step);
      return;
    }
    let answer: { reference: string };
    try {
      answer = await sendProposal(values, lang);
    } catch (error) {
      if (isFieldRefusal(error)) throw error;
      toast({ variant: "destructive", title: copy.toasts.errorTitle, description: copy.toasts.errorBody });
      return;
    }
    clearDraft(sessionStore());
    setReference(answer.reference);
  };

  if (reference) return <ProposalThanks copy={copy} reference={reference} />;

  const labels = [copy.steps.personal, copy.steps.project, copy.steps.requirements];
  const choose = copy.fields.choose;
  const options = (list: readonly ProposalOption<string>[]) =>
    list.map((option) => ({ value: option.value, label: option.label[lang] }));

  return (
    <div className="grid gap-8">
      <StepIndicator labels={labels} current={step} label={copy.steps.label} />
      <section
        aria-labelledby={`${id}-heading`}
        className="rounded-3xl border border-sand-deep bg-white/70 p-6 sm:p-10"
        data-testid="proposal-wizard"
        data-step={step}
      >
        <p className="eyebrow">
          {interpolate(copy.steps.counter, { current: formatNumber(step, lang), total: formatNumber(3, lang) })}
        </p>
        <h2
          id={`${id}-heading`}
          ref={headingRef}
          tabIndex={-1}
          className="mt-2 mb-8 font-display text-3xl font-medium outline-none md:text-4xl"
        >
          {labels[step - 1]}
        </h2>
        <Form form={form} onSubmit={submit} className="grid gap-5" aria-labelledby={`${id}-heading`}>
          <ShowStepOfFirstError onError={(s) => s !== step && go(s)} />
          {step === 1 ? (
            <div className="grid gap-5 md:grid-cols-2">
              <TextField
                name="name"
                label={copy.fields.name}
                placeholder={copy.fields.namePlaceholder}
                autoComplete="name"
              />
              <TextField
                name="email"
                type="email"
                label={copy.fields.email}
                placeholder={copy.fields.emailPlaceholder}
                autoComplete="email"
              />
              <TextField
                name="phone"
                type="tel"
                label={copy.fields.phone}
                placeholder={copy.fields.phonePlaceholder}
                autoComplete="tel"
              />
              <TextField
                name="company"
                label={copy.fields.company}
                placeholder={copy.fields.companyPlaceholder}
                autoComplete="organization"
              />
            </div>
          ) : null}
          {step === 2 ? (
            <div className="grid gap-5 md:grid-cols-2">
              <SelectField
                name="productInterest"
                label={copy.fields.productInterest}
                placeholder={choose}
                options={options(PRODUCT_INTEREST_OPTIONS)}
              />
              <SelectField
                name="projectType"
                label={copy.fields.projectType}
                placeholder={choose}
                options={options(PROJECT_TYPE_OPTIONS)}
              />
              <TextField name="quantity" label={copy.fields.quantity} placeholder={copy.fields.quantityPlaceholder} />
              <SelectField
                name="budget"
                label={copy.fields.budget}
                placeholder={choose}
                options={options(BUDGET_OPTIONS)}
              />
              <SelectField
                name="timeline"
                label={copy.fields.timeline}
                placeholder={choose}
                options={options(TIMELINE_OPTIONS)}
                className="md:col-span-2"
              />
            </div>
          ) : null}
          {step === 3 ? (
            <div className="grid gap-5">
              <TextAreaField
                name="customRequirements"
                label={copy.fields.customRequirements}
                placeholder={copy.fields.customRequirementsPlaceholder}
                rows={6}
              />
              <TextAreaField name="additionalNotes" label={copy.fields.additionalNotes} rows={4} />
            </div>
          ) : null}
          <Honeypot />
          <FormError />
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            {step > 1 ? (
              <button
                type="button"
                className="btn-outline"
                onClick={() => go((step - 1) as Step)}
                data-testid="proposal-previous"
              >
                {copy.actions.previous}
              </button>
            ) : (
              <span />
            )}
            {step < 3 ? (
              <button type="submit" className="btn-primary" data-testid="proposal-next">
                {copy.actions.next}
              </button>
            ) : (
              <SubmitButton pendingLabel={copy.actions.sending} className="btn-accent">
                {copy.actions.send}
              </SubmitButton>
            )}
          </div>
        </Form>
      </section>
    </div>
  );
}

/** A field of an earlier step in error (the server's answer, or a tampered draft): go show it. */
function ShowStepOfFirstError({ onError }: { onError: (step: Step) => void }) {
  const { errors } = useFormState();
  const first = Object.keys(errors).find((name) => name !== "root");
  useEffect(() => {
    if (first) onError(stepOf(first));
  }, [first, onError]);
  return null;
}
