import { useId, useState, type ReactNode } from "react";
import { Modal } from "#client/components/ui/modal.tsx";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { ApiError } from "#client/lib/api.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import { leadStatuses, type AdminLead, type AdminLeadSummary, type LeadStatus } from "#shared/schemas/admin.ts";
import {
  BUDGET_OPTIONS,
  PRODUCT_INTEREST_OPTIONS,
  PROJECT_TYPE_OPTIONS,
  TIMELINE_OPTIONS,
  type ProposalOption,
} from "#shared/schemas/proposal-request.ts";
import { useLead, useUpdateLeadStatus } from "../api/use-admin.ts";
import type { AdminCopy } from "../copy.ts";
import { LeadStatusBadge, Spinner, When } from "./bits.tsx";

const labelOf = (options: readonly ProposalOption<string>[], value: string, lang: Lang) =>
  options.find((option) => option.value === value)?.label[lang] ?? value;

/** A lead with every field, its status to change, and a reply by e-mail. */
export function LeadDialog(props: { summary: AdminLeadSummary; copy: AdminCopy; onClose: () => void }) {
  const { copy, summary } = props;
  const { lang } = useI18n();
  const id = useId();
  const lead = useLead(lang, summary.kind, summary.id);
  const update = useUpdateLeadStatus(lang);
  const [status, setStatus] = useState<LeadStatus | null>(null);
  const l = copy.lead;
  const data = lead.data;
  const chosen = status ?? data?.status ?? summary.status;

  const save = () =>
    update.mutate(
      { kind: summary.kind, id: summary.id, status: chosen },
      {
        onSuccess: (body) => {
          setStatus(null);
          toast({ title: copy.toasts.updated, description: body.message });
        },
        onError: (error) =>
          toast({
            title: copy.toasts.failed,
            description: error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message,
            variant: "destructive",
          }),
      },
    );

  const mailto = (target: AdminLead) =>
    `mailto:${encodeURIComponent(target.email)}?subject=${encodeURIComponent(
      interpolate(l.replySubject, { reference: target.reference }),
    )}`;

  return (
    <Modal onClose={props.onClose} labelledBy={`${id}-title`} testId="lead-details">
      <div className="max-h-[calc(100vh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-sand p-6 shadow-xl">
        <h2 id={`${id}-title`} className="font-display text-2xl font-medium">
          {copy.inbox.kinds[summary.kind]} <bdi dir="ltr">{summary.reference}</bdi>
        </h2>
        {lead.isPending && <Spinner label={copy.loadingList} className="py-10" />}
        {lead.isError && <p className="mt-4 text-red-800">{lead.error.message}</p>}
        {data && (
          <>
            <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
              <Row label={l.status}>
                <LeadStatusBadge status={data.status} copy={copy} />
              </Row>
              <Row label={l.received}>
                <When iso={data.createdAt} lang={lang} time />
              </Row>
              <Row label={l.name}>
                <bdi>{data.name}</bdi>
              </Row>
              <Row label={l.email}>
                <bdi dir="ltr">{data.email}</bdi>
              </Row>
              {data.kind === "proposal" ? (
                <>
                  <Row label={l.phone}>
                    <bdi dir="ltr">{data.phone}</bdi>
                  </Row>
                  <Row label={l.company}>{data.company ? <bdi>{data.company}</bdi> : l.none}</Row>
                  <Row label={l.productInterest}>{labelOf(PRODUCT_INTEREST_OPTIONS, data.productInterest, lang)}</Row>
                  <Row label={l.projectType}>{labelOf(PROJECT_TYPE_OPTIONS, data.projectType, lang)}</Row>
                  <Row label={l.quantity}>
                    <bdi>{data.quantity}</bdi>
                  </Row>
                  <Row label={l.budget}>{labelOf(BUDGET_OPTIONS, data.budget, lang)}</Row>
                  <Row label={l.timeline}>{labelOf(TIMELINE_OPTIONS, data.timeline, lang)}</Row>
                  <Row label={l.customRequirements}>
                    <Text>{data.customRequirements}</Text>
                  </Row>
                  <Row label={l.additionalNotes}>
                    {data.additionalNotes ? <Text>{data.additionalNotes}</Text> : l.none}
                  </Row>
                </>
              ) : (
                <>
                  {data.kind === "service_request" && (
                    <>
                      <Row label={l.firmName}>{data.firmName ? <bdi>{data.firmName}</bdi> : l.none}</Row>
                      <Row label={l.contactNumber}>
                        {data.contactNumber ? <bdi dir="ltr">{data.contactNumber}</bdi> : l.none}
                      </Row>
                    </>
                  )}
                  <Row label={l.message}>
                    <Text>{data.message}</Text>
                  </Row>
                </>
              )}
              <Row label={l.language}>{copy.details.languages[data.lang]}</Row>
            </dl>
            <div className="mt-6 flex flex-wrap items-end gap-3 border-t border-sand-deep pt-5">
              <div className="grid gap-1">
                <label htmlFor={`${id}-status`} className="text-sm font-medium">
                  {l.status}
                </label>
                <select
                  id={`${id}-status`}
                  value={chosen}
                  onChange={(event) => setStatus(event.target.value as LeadStatus)}
                  className="min-h-11 rounded-full border border-sand-deep bg-white px-4"
                >
                  {leadStatuses.map((value) => (
                    <option key={value} value={value}>
                      {copy.inbox.statuses[value]}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="button"
                className="btn-primary"
                disabled={update.isPending || chosen === data.status}
                onClick={save}
              >
                {l.saveStatus}
              </button>
              <a href={mailto(data)} className="btn-accent">
                {l.reply}
              </a>
            </div>
          </>
        )}
        <div className="mt-6 flex justify-end">
          <button type="button" className="btn-outline" onClick={props.onClose}>
            {l.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}

function Row(props: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-ink-soft">{props.label}</dt>
      <dd>{props.children}</dd>
    </>
  );
}

/** A visitor's text as written: its own direction, line breaks kept. */
function Text(props: { children: string }) {
  return (
    <p dir="auto" className="whitespace-pre-wrap">
      {props.children}
    </p>
  );
}
