import { useRef, type KeyboardEvent } from "react";
import { useI18n } from "#client/i18n/i18n.tsx";

export type TabItem<Id extends string> = { id: Id; label: string };

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move along the row (mirrored in right to
 * left), Home and End jump to the ends; only the selected tab is in the Tab order.
 */
export function Tabs<Id extends string>(props: {
  label: string;
  tabs: TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  idPrefix: string;
}) {
  const { dir } = useI18n();
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const index = props.tabs.findIndex((tab) => tab.id === props.selected);

  const move = (to: number) => {
    const tab = props.tabs[(to + props.tabs.length) % props.tabs.length]!;
    props.onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    const back = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
    if (event.key === forward) move(index + 1);
    else if (event.key === back) move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(props.tabs.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="tablist"
      aria-label={props.label}
      onKeyDown={onKeyDown}
      className="flex gap-1 overflow-x-auto rounded-full border border-sand-deep bg-white/70 p-1"
    >
      {props.tabs.map((tab) => {
        const selected = tab.id === props.selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${props.idPrefix}-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`${props.idPrefix}-panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => props.onSelect(tab.id)}
            className={`min-h-10 flex-1 rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors ${
              selected ? "bg-ink text-sand" : "text-ink-soft hover:bg-sand"
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
