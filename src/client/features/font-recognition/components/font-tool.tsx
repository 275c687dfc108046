import { useEffect, useId, useMemo, useRef, useState } from "react";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { ApiError } from "#client/lib/api.ts";
import type { FontRecognitionCopy } from "#client/pages/font-recognition.en.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { FontAnalysisBox } from "#shared/schemas/analyze-font-request.ts";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import { useAnalyzeFont } from "../api/use-analyze-font.ts";
import { useFontLibrary } from "../api/use-font-library.ts";
import { buildReport } from "../lib/build-report.ts";
import { describeAnalysis, formatPercent, summaryText } from "../lib/describe-analysis.ts";
import { checkImageFile, readImageFile, thumbnailOf, type LoadedImage } from "../lib/read-image-file.ts";
import { AnalysisResult } from "./analysis-result.tsx";
import { FeatureCards } from "./feature-cards.tsx";
import { FontLibrary } from "./font-library.tsx";
import { ImagePreview } from "./image-preview.tsx";
import { UploadZone } from "./upload-zone.tsx";
import { SparkIcon } from "./icons.tsx";

type Phase = "empty" | "ready" | "analyzing" | "done";

/**
 * The font tool (spec §4): no image -> image loaded -> analysing -> result. Clear resets the image
 * and the result; a new image clears the previous result and selection.
 */
export function FontTool(props: { copy: FontRecognitionCopy }) {
  const { copy } = props;
  const { lang, t } = useI18n();
  const [image, setImage] = useState<LoadedImage | null>(null);
  const [box, setBox] = useState<FontAnalysisBox | null>(null);
  const [result, setResult] = useState<FontAnalysis | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const libraryId = useId();
  const analyze = useAnalyzeFont(lang);
  const library = useFontLibrary(libraryOpen);
  // A newer image makes any answer still on its way obsolete.
  const generation = useRef(0);

  const phase: Phase = analyze.isPending ? "analyzing" : result ? "done" : image ? "ready" : "empty";
  const described = useMemo(() => (result ? describeAnalysis(result, lang, copy) : null), [result, lang, copy]);

  useEffect(() => {
    if (phase === "done") resultHeading.current?.focus();
  }, [phase]);

  const takeFile = async (file: File) => {
    const issue = checkImageFile(file);
    if (issue) {
      setProblem(
        issue.kind === "notImage"
          ? copy.upload.notImage
          : issue.kind === "tooLarge"
            ? interpolate(copy.upload.tooLarge, { name: issue.name, size: issue.megabytes })
            : copy.upload.unreadable,
      );
      return;
    }
    generation.current += 1;
    analyze.reset();
    setResult(null);
    setBox(null);
    setProblem(null);
    try {
      setImage(await readImageFile(file));
    } catch {
      setImage(null);
      setProblem(copy.upload.unreadable);
    }
  };

  const clear = () => {
    generation.current += 1;
    analyze.reset();
    setImage(null);
    setBox(null);
    setResult(null);
    setProblem(null);
    fileInput.current?.focus();
  };

  const run = () => {
    if (!image) return;
    const mine = generation.current;
    setResult(null);
    analyze.mutate(
      { image: image.dataUrl, ...(box ? { box } : {}) },
      {
        onSuccess: (analysis) => {
          if (mine !== generation.current) return;
          setResult(analysis);
          toast({
            title: copy.toast.successTitle,
            description: interpolate(copy.toast.successBody, {
              family: lang === "ar" ? analysis.fontFamilyAr : analysis.fontFamily,
              confidence: formatPercent(analysis.confidence, lang),
            }),
          });
        },
        onError: (error) => {
          if (mine !== generation.current) return;
          const message =
            error instanceof ApiError ? (error.serverMessage ?? error.message) : error instanceof TypeError ? t("errors.network") : error.message;
          toast({ title: copy.toast.errorTitle, description: message, variant: "destructive" });
        },
      },
    );
  };

  const download = async () => {
    if (!described || !image) return;
    const html = buildReport({
      described,
      copy,
      lang,
      thumbnail: await thumbnailOf(image).catch(() => ""),
      imageName: image.name,
      date: new Date(),
    });
    const url = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = interpolate(copy.report.fileName, { family: described.family.replace(/[\\/:*?"<>|\s]+/g, "-") });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const copySummary = async () => {
    if (!described) return;
    try {
      await navigator.clipboard.writeText(summaryText(described, copy, lang));
      toast({ title: copy.toast.copiedTitle, description: copy.toast.copiedBody });
    } catch {
      toast({ title: copy.toast.copyFailedTitle, description: copy.toast.copyFailedBody, variant: "destructive" });
    }
  };

  const statusText = { empty: copy.states.empty, ready: copy.states.ready, analyzing: copy.states.analyzing, done: copy.states.done }[phase];
  const familyCount = library.data
    ? new Intl.NumberFormat(lang === "ar" ? "ar-SA-u-nu-arab" : "en-US").format(library.data.families.length)
    : undefined;

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
            onFile={(file) => void takeFile(file)}
            onRejectedDrop={() => setProblem(copy.upload.notImage)}
            compact={image !== null}
          />
          {problem ? (
            <p role="alert" className="rounded-lg border border-red-800/30 bg-red-50 p-3 text-sm text-red-800" data-testid="upload-problem">
              {problem}
            </p>
          ) : null}
          {image ? (
            <div className="grid gap-4">
              <h3 ref={previewHeading} tabIndex={-1} className="font-medium outline-none">
                {copy.preview.heading}
              </h3>
              <p className="sr-only">
                {interpolate(copy.upload.loaded, { name: image.name, width: image.width, height: image.height })}
              </p>
              <ImagePreview copy={copy} image={image} box={box} onBox={setBox} disabled={analyze.isPending} />
            </div>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-accent disabled:cursor-not-allowed disabled:opacity-50"
              onClick={run}
              disabled={!image || analyze.isPending}
              aria-busy={analyze.isPending}
            >
              <SparkIcon />
              {analyze.isPending ? copy.actions.analyzing : copy.actions.analyze}
            </button>
            <button
              type="button"
              className="btn-outline disabled:cursor-not-allowed disabled:opacity-50"
              onClick={clear}
              disabled={!image && !result && !problem}
            >
              {copy.actions.clear}
            </button>
          </div>
          <p role="status" aria-live="polite" className="text-sm text-ink-soft" data-testid="tool-status">
            {statusText}
          </p>
        </section>

        <section aria-labelledby="font-result-heading" className="grid content-start gap-5 rounded-3xl bg-white/70 p-6 md:p-8">
          <h2 id="font-result-heading" ref={resultHeading} tabIndex={-1} className="text-2xl font-medium outline-none">
            {copy.result.heading}
          </h2>
          {described ? (
            <AnalysisResult copy={copy} described={described} onDownload={() => void download()} onCopy={() => void copySummary()} />
          ) : phase === "analyzing" ? (
            <div className="grid gap-3" aria-hidden="true">
              <div className="h-10 w-2/3 animate-pulse rounded-lg bg-sand-deep" />
              <div className="h-24 animate-pulse rounded-lg bg-sand-deep" />
              <div className="h-32 animate-pulse rounded-lg bg-sand-deep" />
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
          onCapture={(file) => void takeFile(file)}
          hasImage={image !== null}
          onCustomize={() => {
            previewHeading.current?.scrollIntoView({ block: "start", behavior: "smooth" });
            previewHeading.current?.focus({ preventScroll: true });
          }}
          libraryOpen={libraryOpen}
          onToggleLibrary={() => setLibraryOpen((open) => !open)}
          libraryControls={libraryId}
          {...(familyCount ? { familyCount } : {})}
        />
      </section>

      <section id={libraryId} aria-labelledby="font-library-heading" hidden={!libraryOpen} className="grid gap-6">
        <div>
          <h2 id="font-library-heading" className="font-display text-3xl font-medium">
            {copy.library.heading}
          </h2>
          <p className="text-ink-soft">{copy.library.lead}</p>
        </div>
        {libraryOpen ? <FontLibrary copy={copy} lang={lang} /> : null}
      </section>
    </div>
  );
}
