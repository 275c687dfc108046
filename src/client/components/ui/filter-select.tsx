import type { ReactNode } from "react";

/** The admin lists' filter controls share one look (the default of FilterSelect's `className`). */
export const filterControl = "min-h-11 rounded-full border border-sand-deep bg-white px-4";

/** One filter: its label above its control, which carries `id`. */
export function FilterField(props: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/**
 * A labelled filter (the admin's Inbox and Orders, the font library): "all" (`allValue`, the
 * empty value unless given) or one of `values`, each shown by `names`.
 */
export function FilterSelect<V extends string, A extends string = "">(props: {
  id: string;
  label: string;
  allLabel: string;
  allValue?: A;
  value: V | A;
  values: readonly V[];
  names: Record<V, string>;
  onChange: (value: V | A) => void;
  className?: string;
}) {
  return (
    <FilterField id={props.id} label={props.label}>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as V | A)}
        className={props.className ?? filterControl}
      >
        <option value={props.allValue ?? ""}>{props.allLabel}</option>
        {props.values.map((value) => (
          <option key={value} value={value}>
            {props.names[value]}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
