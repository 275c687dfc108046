import { useId } from "react";
import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import type { DescribedLine } from "../lib/describe-analysis.ts";
import { IsolatedText } from "./isolated-text.tsx";

/**
 * The lines of the result as a list the visitor picks from (the boxes over the image do the same):
 * each a toggle button, the shown one pressed. It follows the page's direction.
 */
export function LineList(props: {
  copy: FontRecognitionCopy;
  lines: DescribedLine[];
  selected: number;
  onPick: (line: number) => void;
}) {
  const { copy, lines, selected, onPick } = props;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid="line-list">
      <div>
        <h3 id={headingId} className="font-medium">
          {copy.lines.heading}
        </h3>
        <p className="text-sm text-ink-soft">{copy.lines.hint}</p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {lines.map((line, i) => {
          const pressed = i === selected;
          return (
            <li key={i}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onPick(i)}
                data-testid="line-item"
                className={`flex min-h-11 w-full items-center gap-3 rounded-xl border-2 px-3 py-2 text-start transition-colors ${
                  pressed ? "border-accent-ink bg-accent/10" : "border-sand-deep bg-white hover:border-accent-ink/50"
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`grid size-7 shrink-0 place-items-center rounded-full text-sm font-medium ${
                    pressed ? "bg-accent-ink text-white" : "bg-sand-deep text-ink"
                  }`}
                >
                  <bdi>{line.number}</bdi>
                </span>
                <span className="grid min-w-0">
                  <span className="text-xs text-ink-soft">
                    <IsolatedText text={copy.lines.item} params={{ number: line.number }} />
                    {" · "}
                    {line.script}
                  </span>
                  <span className="truncate font-medium">
                    <bdi>{line.family}</bdi>
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
