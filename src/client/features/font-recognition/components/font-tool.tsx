import { useEffect, useId, useRef } from "react";
import { useI18n } from "#client/i18n/i18n.tsx";
import { formatNumber } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { useFontTool } from "../hooks/use-font-tool.ts";
import { AnalysisResult } from "./analysis-result.tsx";
import { FeatureCards } from "./feature-cards.tsx";
import { FontLibrary } from "./font-library.tsx";
import { ImagePreview } from "./image-preview.tsx";
import { LineList } from "./line-list.tsx";
import { UploadZone } from "./upload-zone.tsx";
import { SparkIcon } from "./icons.tsx";

/**
 * The font tool's view (spec §4); what it does lives in useFontTool. The view owns only focus:
 * the result's heading when an analysis completes, the file picker after Clear.
 */
export function FontTool(props: { copy: FontRecognitionCopy }) {
  const { copy } = props;
  const tool = useFontTool(copy);
  const { lang } = useI18n();
  const { phase, image, box, described, problem, library } = tool;
  const fileInput = useRef<HTMLInputElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const libraryId = useId();
  const analyzing = phase === "analyzing";

  useEffect(() => {
    if (phase === "done") resultHeading.current?.focus();
  }, [phase]);

  const clear = () => {
    tool.clear();
    fileInput.current?.focus();
  };

  const statusText = copy.states[phase];

  return (
    <div className="grid gap-16">
      <div className="grid gap-8 lg:grid-cols-2" data-phase={phase} data-testid="font-tool">
        <section aria-labelledby="font-upload-heading" className="grid content-start gap-5">
          <h2 id="font-upload-heading" className="text-2xl font-medium">
            {copy.upload.heading}
          </h2>
          <UploadZone
            copy={copy}
            inputRef={fileInput}
            onFile={(file) => void tool.takeFile(file)}
            onRejectedDrop={tool.refuseDrop}
            compact={image !== null}
          />
          {problem ? (
            <p
              role="alert"
              className="rounded-lg border border-red-800/30 bg-red-50 p-3 text-sm text-red-800"
              data-testid="upload-problem"
            >
              {problem}
            </p>
          ) : null}
          {image ? (
            <div className="grid gap-4">
              <h3 ref={previewHeading} tabIndex={-1} className="font-medium outline-none">
                {copy.preview.heading}
              </h3>
              <p className="sr-only">
                {interpolate(copy.upload.loaded, {
                  name: image.name,
                  width: formatNumber(image.width, lang, { useGrouping: false }),
                  height: formatNumber(image.height, lang, { useGrouping: false }),
                })}
              </p>
              <ImagePreview
                copy={copy}
                image={image}
                box={box}
                onBox={tool.setBox}
                disabled={analyzing}
                lines={tool.lines}
                selectedLine={tool.selectedLine}
                onPickLine={tool.pickLine}
              />
            </div>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-accent disabled:cursor-not-allowed disabled:opacity-50"
              onClick={tool.run}
              disabled={!image || analyzing}
              aria-busy={analyzing}
            >
              <SparkIcon />
              {analyzing ? copy.actions.analyzing : copy.actions.analyze}
            </button>
            <button
              type="button"
              className="btn-outline disabled:cursor-not-allowed disabled:opacity-50"
              onClick={clear}
              disabled={!tool.canClear}
            >
              {copy.actions.clear}
            </button>
          </div>
          <p role="status" aria-live="polite" className="text-sm text-ink-soft" data-testid="tool-status">
            {statusText}
          </p>
        </section>

        <section
          aria-labelledby="font-result-heading"
          className="grid content-start gap-5 rounded-3xl bg-white/70 p-6 md:p-8"
        >
          <h2 id="font-result-heading" ref={resultHeading} tabIndex={-1} className="text-2xl font-medium outline-none">
            {copy.result.heading}
          </h2>
          {described && tool.lines.length > 0 ? (
            <LineList copy={copy} lines={tool.lines} selected={tool.selectedLine} onPick={tool.pickLine} />
          ) : null}
          {described ? (
            <AnalysisResult
              copy={copy}
              described={described}
              onDownload={() => void tool.downloadReport()}
              onCopy={() => void tool.copySummary()}
            />
          ) : analyzing ? (
            <div className="grid gap-3" aria-hidden="true">
              <div className="h-10 w-2/3 animate-pulse rounded-lg bg-sand-deep" />
              <div className="h-24 animate-pulse rounded-lg bg-sand-deep" />
              <div className="h-32 animate-pulse rounded-lg bg-sand-deep" />
            </div>
          ) : tool.refusal ? (
            <div className="grid gap-2 rounded-xl border border-sand-deep bg-sand p-5" data-testid="analysis-refusal">
              <p className="font-medium text-ink">{tool.refusal.title}</p>
              <p className="text-ink-soft">{tool.refusal.message}</p>
            </div>
          ) : (
            <div className="grid gap-2 text-ink-soft">
              <p className="font-medium text-ink">{copy.result.emptyTitle}</p>
              <p>{copy.result.emptyBody}</p>
            </div>
          )}
        </section>
      </div>

      <section aria-labelledby="font-features-heading" className="grid gap-6">
        <h2 id="font-features-heading" className="font-display text-3xl font-medium">
          {copy.features.heading}
        </h2>
        <FeatureCards
          copy={copy}
          onCapture={(file) => void tool.takeFile(file)}
          hasImage={image !== null}
          onCustomize={() => {
            previewHeading.current?.scrollIntoView({ block: "start", behavior: "smooth" });
            previewHeading.current?.focus({ preventScroll: true });
          }}
          libraryOpen={library.open}
          onToggleLibrary={library.toggle}
          libraryControls={libraryId}
          {...(library.body ? { libraryBody: library.body } : {})}
        />
      </section>

      <section id={libraryId} aria-labelledby="font-library-heading" hidden={!library.open} className="grid gap-6">
        <div>
          <h2 id="font-library-heading" className="font-display text-3xl font-medium">
            {copy.library.heading}
          </h2>
          <p className="text-ink-soft">{copy.library.lead}</p>
        </div>
        {library.open ? <FontLibrary copy={copy} /> : null}
      </section>
    </div>
  );
}
