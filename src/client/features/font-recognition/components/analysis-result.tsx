import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { DescribedAnalysis } from "../lib/describe-analysis.ts";
import { CopyIcon, DownloadIcon } from "./icons.tsx";

/** The results panel: every field of the analysis in the visitor's language (spec §3). */
export function AnalysisResult(props: {
  copy: FontRecognitionCopy;
  described: DescribedAnalysis;
  onDownload: () => void;
  onCopy: () => void;
}) {
  const { copy, described: d, onDownload, onCopy } = props;
  const r = copy.result;
  return (
    <div className="grid gap-6" data-testid="analysis-result">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          {d.notInLibrary ? (
            <p className="mb-3 rounded-xl bg-sand p-3 font-medium text-walnut" data-testid="result-not-in-library">
              {d.notInLibrary}
            </p>
          ) : null}
          <p className="eyebrow">{d.notInLibrary ? r.closestFamily : r.family}</p>
          <p className="font-display text-4xl font-medium" data-testid="result-family">
            <bdi>{d.family}</bdi>
          </p>
          {d.otherName ? (
            <p className="mt-1 text-ink-soft" data-testid="result-other-name">
              <span className="sr-only">{r.otherName}: </span>
              <bdi>{d.otherName}</bdi>
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <button type="button" className="btn-primary" onClick={onDownload}>
            <DownloadIcon />
            {copy.actions.downloadReport}
          </button>
          <button
            type="button"
            className="btn-outline min-w-11 px-3"
            onClick={onCopy}
            aria-label={copy.actions.copySummary}
            title={copy.actions.copySummary}
          >
            <CopyIcon />
          </button>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field label={r.confidence} value={d.confidence} testId="result-confidence" />
        {d.weight ? <Field label={r.weight} value={d.weight} testId="result-weight" /> : null}
        {d.style ? <Field label={r.style} value={d.style} testId="result-style" /> : null}
        {d.size ? <Field label={r.size} value={d.size} testId="result-size" /> : null}
      </dl>

      {d.characteristics.length > 0 ? (
        <section aria-labelledby="font-characteristics">
          <h3 id="font-characteristics" className="mb-2 font-medium">
            {r.characteristics}
          </h3>
          <ul className="grid list-disc gap-1 ps-5 text-ink-soft" data-testid="result-characteristics">
            {d.characteristics.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {d.similar.length > 0 ? (
        <section aria-labelledby="font-similar">
          <h3 id="font-similar" className="mb-2 font-medium">
            {r.similar}
          </h3>
          <ul className="grid gap-2" data-testid="result-similar">
            {d.similar.map((s) => (
              <li key={s.name} className="grid grid-cols-[minmax(7rem,10rem)_1fr_auto] items-center gap-3 text-sm">
                <bdi>{s.name}</bdi>
                <span className="block h-2 overflow-hidden rounded-full bg-sand-deep" aria-hidden="true">
                  <span
                    className="block h-full rounded-full bg-accent"
                    style={{ inlineSize: `${Math.round(s.value * 100)}%` }}
                  />
                </span>
                <span className="text-ink-soft tabular-nums">{interpolate(r.similarity, { value: s.similarity })}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {d.cultural ? (
        <section aria-labelledby="font-cultural" className="rounded-xl bg-sand p-5" data-testid="result-cultural">
          <h3 id="font-cultural" className="mb-3 font-medium">
            {r.cultural}
          </h3>
          <h4 className="text-sm font-medium text-walnut">{r.origin}</h4>
          <p className="mb-3 text-ink-soft">{d.cultural.origin}</p>
          <h4 className="text-sm font-medium text-walnut">{r.usage}</h4>
          <p className="text-ink-soft">{d.cultural.usage}</p>
        </section>
      ) : null}
    </div>
  );
}

function Field(props: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-sand-deep bg-white p-3">
      <dt className="text-xs text-ink-soft">{props.label}</dt>
      <dd className="text-lg font-medium" data-testid={props.testId}>
        <bdi>{props.value}</bdi>
      </dd>
    </div>
  );
}
