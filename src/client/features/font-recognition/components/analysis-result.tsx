import { useId } from "react";
import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { DescribedAnalysis, DescribedFont } from "../lib/describe-analysis.ts";
import { CopyIcon, DownloadIcon } from "./icons.tsx";

/** The results panel: every field of the analysis in the visitor's language (spec §3). */
export function AnalysisResult(props: {
  copy: FontRecognitionCopy;
  described: DescribedAnalysis;
  onDownload: () => void;
  onCopy: () => void;
}) {
  const { copy, described: d, onDownload, onCopy } = props;
  return (
    <div className="grid gap-6" data-testid="analysis-result">
      {d.line ? (
        <p className="w-fit rounded-full bg-sand px-3 py-1 text-sm font-medium text-walnut" data-testid="result-line">
          {d.line.heading}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <FamilyName copy={copy} described={d} testId="result" size="text-4xl" />
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
      <FontDetails copy={copy} described={d} testId="result" level={3} />
      {d.otherScript ? <OtherScript copy={copy} described={d.otherScript} /> : null}
    </div>
  );
}

/** The font of the image's text in the other script (a sign's English under its Arabic name). */
function OtherScript(props: { copy: FontRecognitionCopy; described: NonNullable<DescribedAnalysis["otherScript"]> }) {
  const { copy, described: d } = props;
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-6 border-t-2 border-sand-deep pt-6"
      data-testid="other-script-result"
    >
      <h3 id={headingId} className="text-xl font-medium">
        {d.heading}
      </h3>
      <FamilyName copy={copy} described={d} testId="other-script" size="text-3xl" />
      <FontDetails copy={copy} described={d} testId="other-script" level={4} />
    </section>
  );
}

/** The family's name (or the closest one we know, with the "not in our library" notice). */
function FamilyName(props: {
  copy: FontRecognitionCopy;
  described: DescribedFont;
  testId: string;
  size: "text-4xl" | "text-3xl";
}) {
  const { copy, described: d, testId } = props;
  const r = copy.result;
  return (
    <div>
      {d.libraryNotice ? (
        <p className="mb-3 rounded-xl bg-sand p-3 font-medium text-walnut" data-testid={`${testId}-not-in-library`}>
          {d.libraryNotice}
        </p>
      ) : null}
      <p className="eyebrow">{d.libraryNotice ? r.closestFamily : r.family}</p>
      <p className={`font-display ${props.size} font-medium`} data-testid={`${testId}-family`}>
        <bdi>{d.family}</bdi>
      </p>
      {d.otherName ? (
        <p className="mt-1 text-ink-soft" data-testid={`${testId}-other-name`}>
          <span className="sr-only">{d.otherNameLabel}: </span>
          <bdi>{d.otherName}</bdi>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The measures and sections of one script's analysis. `level` is the rank of its section headings:
 * 3 under the result's heading, 4 inside the other script's section.
 */
function FontDetails(props: { copy: FontRecognitionCopy; described: DescribedFont; testId: string; level: 3 | 4 }) {
  const { copy, described: d, testId } = props;
  const r = copy.result;
  const id = useId();
  const Heading = props.level === 3 ? "h3" : "h4";
  const Subheading = props.level === 3 ? "h4" : "h5";
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field label={r.confidence} value={d.confidence} testId={`${testId}-confidence`} />
        {d.weight ? <Field label={r.weight} value={d.weight} testId={`${testId}-weight`} /> : null}
        {d.style ? <Field label={r.style} value={d.style} testId={`${testId}-style`} /> : null}
        {d.size ? <Field label={r.size} value={d.size} testId={`${testId}-size`} /> : null}
      </dl>

      {d.characteristics.length > 0 ? (
        <section aria-labelledby={`${id}-characteristics`}>
          <Heading id={`${id}-characteristics`} className="mb-2 font-medium">
            {r.characteristics}
          </Heading>
          <ul className="grid list-disc gap-1 ps-5 text-ink-soft" data-testid={`${testId}-characteristics`}>
            {d.characteristics.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {d.similar.length > 0 ? (
        <section aria-labelledby={`${id}-similar`}>
          <Heading id={`${id}-similar`} className="mb-2 font-medium">
            {r.similar}
          </Heading>
          <ul className="grid gap-2" data-testid={`${testId}-similar`}>
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
        <section
          aria-labelledby={`${id}-cultural`}
          className="rounded-xl bg-sand p-5"
          data-testid={`${testId}-cultural`}
        >
          <Heading id={`${id}-cultural`} className="mb-3 font-medium">
            {r.cultural}
          </Heading>
          <Subheading className="text-sm font-medium text-walnut">{r.origin}</Subheading>
          <p className="mb-3 text-ink-soft">{d.cultural.origin}</p>
          <Subheading className="text-sm font-medium text-walnut">{r.usage}</Subheading>
          <p className="text-ink-soft">{d.cultural.usage}</p>
        </section>
      ) : null}
    </>
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
