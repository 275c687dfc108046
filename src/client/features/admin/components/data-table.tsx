import type { ReactNode } from "react";
import { Spinner } from "./bits.tsx";

/** What a list query gives the table: TanStack Query's result for a page of items. */
type ListQuery<T> =
  | { isPending: true; isError: false; error: null; data: undefined }
  | { isPending: false; isError: true; error: Error; data?: { items: T[] } | undefined }
  | { isPending: false; isError: false; error: null; data: { items: T[] } };

/**
 * The admin lists' table (Users, Orders): a spinner while the first page loads, the error, an
 * empty note, or the scrollable table with its header row; each row's cells come from the tab.
 */
export function DataTable<T, C extends string>(props: {
  query: ListQuery<T>;
  columns: readonly C[];
  labels: Record<C, string>;
  rowKey: (row: T) => string;
  row: (row: T) => ReactNode;
  rowTestId: string;
  loading: string;
  empty: string;
  minWidth?: string;
}) {
  const { query } = props;
  if (query.isPending) return <Spinner label={props.loading} className="py-16" />;
  if (query.isError) return <p className="text-red-800">{query.error.message}</p>;
  if (query.data.items.length === 0)
    return <p className="rounded-2xl border border-sand-deep bg-white/70 p-6 text-ink-soft">{props.empty}</p>;
  return (
    <div className="overflow-x-auto rounded-2xl border border-sand-deep bg-white/70">
      <table className={`w-full text-start text-sm ${props.minWidth ?? "min-w-[48rem]"}`}>
        <thead className="bg-sand text-ink-soft">
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-start font-medium">
                {props.labels[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-deep">
          {query.data.items.map((item) => (
            <tr key={props.rowKey(item)} data-testid={props.rowTestId}>
              {props.row(item)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A round icon button with its name for screen readers and as a tooltip (the tables' actions). */
export function IconButton(props: { label: string; onClick: () => void; danger?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-full border border-sand-deep bg-white transition-colors hover:bg-sand ${
        props.danger ? "text-red-800" : "text-ink"
      }`}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {props.children}
      </svg>
    </button>
  );
}

/** The eye of "view details". */
export const ViewIcon = () => (
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>
);
