/** The admin lists' filter controls share one look. */
export const filterControl = "min-h-11 rounded-full border border-sand-deep bg-white px-4";

/**
 * A labelled filter of an admin list (Inbox, Orders): "all" (the empty value) or one of `values`,
 * each shown by `names`.
 */
export function FilterSelect<V extends string>(props: {
  id: string;
  label: string;
  allLabel: string;
  value: V | "";
  values: readonly V[];
  names: Record<V, string>;
  onChange: (value: V | "") => void;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as V | "")}
        className={filterControl}
      >
        <option value="">{props.allLabel}</option>
        {props.values.map((value) => (
          <option key={value} value={value}>
            {props.names[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
