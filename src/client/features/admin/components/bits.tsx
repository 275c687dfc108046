import { useEffect, useState, type ReactNode } from "react";
import { formatDate, formatNumber } from "#shared/i18n/format.ts";
import type { Lang } from "#shared/lang.ts";
import type { LeadStatus } from "#shared/schemas/admin.ts";
import type { AdminCopy } from "../copy.ts";

/** A spinner with its words for screen readers (and sighted readers, under it). */
export function Spinner(props: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 ${props.className ?? ""}`}>
      <span
        aria-hidden="true"
        className="h-9 w-9 animate-spin rounded-full border-2 border-sand-deep border-t-accent-ink"
      />
      <span className="text-sm text-ink-soft">{props.label}</span>
    </div>
  );
}

type Tone = "green" | "amber" | "red" | "neutral";
const tones: Record<Tone, string> = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-700/20",
  amber: "bg-amber-50 text-amber-900 ring-amber-700/20",
  red: "bg-red-50 text-red-800 ring-red-700/20",
  neutral: "bg-sand text-ink-soft ring-ink/10",
};

export function Badge(props: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[props.tone]}`}
    >
      {props.children}
    </span>
  );
}

export function VerifiedBadge(props: { verified: boolean; copy: AdminCopy }) {
  return props.verified ? (
    <Badge tone="green">{props.copy.badges.verified}</Badge>
  ) : (
    <Badge tone="amber">{props.copy.badges.unverified}</Badge>
  );
}

const leadStatusTone: Record<LeadStatus, Tone> = { new: "amber", in_progress: "neutral", closed: "green" };

/** A lead's status as the inbox list and the lead's dialog both show it. */
/** A sandbox order (issue 35): no money moved, whatever its status says. */
export function TestOrderBadge(props: { copy: AdminCopy }) {
  return (
    <span title={props.copy.badges.testHint} data-testid="test-order-badge">
      <Badge tone="amber">{props.copy.badges.test}</Badge>
    </span>
  );
}

export function LeadStatusBadge(props: { status: LeadStatus; copy: AdminCopy }) {
  return <Badge tone={leadStatusTone[props.status]}>{props.copy.inbox.statuses[props.status]}</Badge>;
}

/** A date as the rest of the site writes it (Arabic-Indic digits in Arabic). */
export function When(props: { iso: string; lang: Lang; time?: boolean }) {
  const date = new Date(props.iso);
  const options: Intl.DateTimeFormatOptions = props.time
    ? { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Riyadh" }
    : { dateStyle: "medium", timeZone: "Asia/Riyadh" };
  return <time dateTime={props.iso}>{formatDate(date, props.lang, options)}</time>;
}

/** The value of `value`, once it has stopped changing for `ms` (a search box's typing). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function Pagination(props: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  copy: AdminCopy;
  lang: Lang;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  const { copy, lang } = props;
  if (pages <= 1) return null;
  const status = copy.pagination.status
    .replace("{page}", formatNumber(props.page, lang))
    .replace("{pages}", formatNumber(pages, lang));
  return (
    <nav aria-label={copy.pagination.label} className="mt-4 flex items-center justify-between gap-4">
      <button
        type="button"
        className="btn-outline min-h-9 px-4"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        {copy.pagination.previous}
      </button>
      <span className="text-sm text-ink-soft" aria-live="polite">
        {status}
      </span>
      <button
        type="button"
        className="btn-outline min-h-9 px-4"
        disabled={props.page >= pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        {copy.pagination.next}
      </button>
    </nav>
  );
}

export function Panel(props: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
  aside?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={props.id}
      className={`rounded-2xl border border-sand-deep bg-white/70 p-5 sm:p-6 ${props.className ?? ""}`}
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={props.id} className="font-display text-2xl font-medium">
          {props.title}
        </h2>
        {props.aside}
      </div>
      {props.children}
    </section>
  );
}
