import { useI18n } from "#client/i18n/i18n.tsx";
import { formatNumber } from "#shared/i18n/format.ts";

/** The wizard's steps in order; the current one is marked for assistive technology too. */
export function StepIndicator({
  labels,
  current,
  label,
}: {
  labels: readonly string[];
  current: number;
  label: string;
}) {
  const { lang } = useI18n();
  return (
    <ol aria-label={label} className="grid grid-cols-3 gap-3" data-testid="proposal-steps">
      {labels.map((text, i) => {
        const n = i + 1;
        const state = n === current ? "current" : n < current ? "done" : "todo";
        return (
          <li key={text} aria-current={state === "current" ? "step" : undefined} className="grid gap-2">
            <span
              className={`h-1 rounded-full ${state === "todo" ? "bg-sand-deep" : state === "current" ? "bg-accent-ink" : "bg-walnut"}`}
              aria-hidden="true"
            />
            <span
              className={`flex items-center gap-2 text-sm ${state === "current" ? "font-medium text-ink" : "text-ink-soft"}`}
            >
              <span
                className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs ${state === "current" ? "bg-ink text-sand" : "bg-sand-deep text-ink"}`}
                aria-hidden="true"
              >
                {formatNumber(n, lang)}
              </span>
              <span>{text}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
