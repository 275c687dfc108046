import { useId, useState } from "react";
import { FilterField, FilterSelect, filterControl } from "#client/components/ui/filter-select.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { formatNumber } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import {
  leadKinds,
  leadStatuses,
  type AdminLeadSummary,
  type LeadKind,
  type LeadStatus,
} from "#shared/schemas/admin.ts";
import { useLeads } from "../api/use-admin.ts";
import type { AdminCopy } from "../copy.ts";
import { LeadStatusBadge, Pagination, Spinner, useDebounced, When } from "./bits.tsx";
import { LeadDialog } from "./lead-dialog.tsx";
import { PaymentAlerts } from "./payment-alerts.tsx";

const PAGE_SIZE = 20;

/**
 * Inbox (DESIGN D10): the payment alerts first (issue 35: money no order is paid by), then contact
 * messages, service requests and proposals, filtered and searched.
 */
export function InboxTab(props: { copy: AdminCopy }) {
  const { copy } = props;
  const { lang } = useI18n();
  const ids = { search: useId(), kind: useId(), status: useId() };
  const [input, setInput] = useState("");
  const search = useDebounced(input.trim());
  const [kind, setKind] = useState<LeadKind | "">("");
  const [status, setStatus] = useState<LeadStatus | "">("");
  const [page, setPage] = useState(1);
  const leads = useLeads(lang, {
    kind: kind || undefined,
    status: status || undefined,
    search,
    page,
    pageSize: PAGE_SIZE,
  });
  const [open, setOpen] = useState<AdminLeadSummary | null>(null);
  const c = copy.inbox;

  return (
    <div className="grid gap-8">
      <PaymentAlerts copy={copy} />
      <section aria-labelledby="admin-inbox-title" className="grid gap-5">
        <div className="grid gap-1">
          <h2 id="admin-inbox-title" className="font-display text-3xl font-medium">
            {c.title}
          </h2>
          {leads.data && (
            <p className="text-sm text-ink-soft" aria-live="polite">
              {interpolate(c.count, { count: formatNumber(leads.data.total, lang) })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <FilterField id={ids.search} label={c.search}>
            <input
              id={ids.search}
              type="search"
              value={input}
              placeholder={c.searchPlaceholder}
              onChange={(event) => {
                setInput(event.target.value);
                setPage(1);
              }}
              className={`${filterControl} w-72 max-w-full`}
            />
          </FilterField>
          <FilterSelect
            id={ids.kind}
            label={c.kind}
            allLabel={c.all}
            value={kind}
            values={leadKinds}
            names={c.kinds}
            onChange={(value) => {
              setKind(value);
              setPage(1);
            }}
          />
          <FilterSelect
            id={ids.status}
            label={c.status}
            allLabel={c.all}
            value={status}
            values={leadStatuses}
            names={c.statuses}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </div>

        {leads.isPending ? (
          <Spinner label={copy.loadingList} className="py-16" />
        ) : leads.isError ? (
          <p className="text-red-800">{leads.error.message}</p>
        ) : leads.data.items.length === 0 ? (
          <p className="rounded-2xl border border-sand-deep bg-white/70 p-6 text-ink-soft">{c.empty}</p>
        ) : (
          <ul className="divide-y divide-sand-deep rounded-2xl border border-sand-deep bg-white/70">
            {leads.data.items.map((lead) => (
              <li key={`${lead.kind}-${lead.id}`} data-testid="lead-row">
                <button
                  type="button"
                  onClick={() => setOpen(lead)}
                  aria-label={interpolate(c.open, { reference: lead.reference })}
                  className="grid w-full gap-1 px-5 py-4 text-start transition-colors hover:bg-sand"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <LeadStatusBadge status={lead.status} copy={copy} />
                    <span className="text-sm text-ink-soft">{c.kinds[lead.kind]}</span>
                    <bdi dir="ltr" className="text-sm text-ink-soft">
                      {lead.reference}
                    </bdi>
                    <span className="ms-auto text-sm text-ink-soft">
                      <When iso={lead.createdAt} lang={lang} time />
                    </span>
                  </span>
                  <span className="font-medium">
                    <bdi>{lead.name}</bdi>{" "}
                    <span className="text-sm font-normal text-ink-soft">
                      <bdi dir="ltr">{lead.email}</bdi>
                    </span>
                  </span>
                  <span className="line-clamp-1 text-sm text-ink-soft">
                    <bdi>{lead.preview}</bdi>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {leads.data && (
          <Pagination
            page={page}
            total={leads.data.total}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            copy={copy}
            lang={lang}
          />
        )}
        {open && <LeadDialog summary={open} copy={copy} onClose={() => setOpen(null)} />}
      </section>
    </div>
  );
}
