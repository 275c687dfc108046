import { useMemo, useReducer, useRef, useState } from "react";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLoadCatalogMessages } from "#client/i18n/catalog-messages.ts";
import { ApiError } from "#client/lib/api.ts";
import { formatNumber, formatPercent } from "#shared/i18n/format.ts";
import { plural } from "#shared/i18n/plural.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import type { FontAnalysisBox } from "#shared/schemas/analyze-font-request.ts";
import { useAnalyzeFont } from "../api/use-analyze-font.ts";
import { useFontLibrary } from "../api/use-font-library.ts";
import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { buildReport } from "../lib/build-report.ts";
import { describeLines, describeResult, summaryText } from "../lib/describe-analysis.ts";
import { familyNames } from "../lib/family-names.ts";
import { boxOf, fontToolReducer, imageOf, initialFontTool, lineOf, resultOf } from "../lib/font-tool-state.ts";
import { checkImageFile, readImageFile, thumbnailOf, type ImageFileProblem } from "../lib/read-image-file.ts";

/**
 * The font tool's behaviour (spec §4) without its markup: the state machine of
 * lib/font-tool-state.ts, the analysis request, the toasts, the report and the library toggle.
 */
export function useFontTool(copy: FontRecognitionCopy) {
  const { lang, t } = useI18n();
  useLoadCatalogMessages(lang);
  const [state, dispatch] = useReducer(fontToolReducer, initialFontTool);
  const [libraryOpen, setLibraryOpen] = useState(false);
  // The server's answer that there is nothing to read: no text, or text too small or blurry.
  const [refusal, setRefusal] = useState<{ title: string; message: string } | null>(null);
  const analyze = useAnalyzeFont(lang);
  const library = useFontLibrary(libraryOpen);
  // A newer image (or Clear) makes a file still being read, or an answer still on its way, obsolete.
  const generation = useRef(0);

  const image = imageOf(state);
  const result = resultOf(state);
  const line = lineOf(state);
  // What the results panel shows: the picked line's own analysis when the answer has several lines.
  const described = useMemo(
    () => (result ? describeResult(result, line, lang, copy) : null),
    [result, line, lang, copy],
  );
  // The lines to pick from: only when there is more than one (one line is the whole answer).
  const lines = useMemo(
    () => (result && result.lines.length > 1 ? describeLines(result, lang, copy) : []),
    [result, lang, copy],
  );

  const takeFile = async (file: File) => {
    const issue = checkImageFile(file);
    if (issue) {
      dispatch({ type: "refused", problem: issue });
      return;
    }
    const mine = ++generation.current;
    analyze.reset();
    setRefusal(null);
    try {
      const loaded = await readImageFile(file);
      if (mine === generation.current) dispatch({ type: "loaded", image: loaded });
    } catch {
      if (mine === generation.current) dispatch({ type: "unreadable" });
    }
  };

  const clear = () => {
    generation.current += 1;
    analyze.reset();
    setRefusal(null);
    dispatch({ type: "clear" });
  };

  const run = () => {
    if (!image) return;
    const mine = generation.current;
    const box = boxOf(state);
    dispatch({ type: "analyze" });
    setRefusal(null);
    analyze.mutate(
      { image: image.dataUrl, ...(box ? { box } : {}) },
      {
        onSuccess: (analysis) => {
          if (mine !== generation.current) return;
          dispatch({ type: "succeeded", result: analysis });
          toast({
            title: analysis.inLibrary ? copy.toast.successTitle : copy.toast.notInLibraryTitle,
            description: interpolate(copy.toast.successBody, {
              family: familyNames(
                {
                  name: analysis.fontFamily,
                  nameAr: analysis.fontFamilyAr,
                  script: analysis.familyScript ?? analysis.script,
                },
                lang,
              ).name,
              confidence: formatPercent(analysis.confidence, lang),
            }),
          });
        },
        onError: (error) => {
          if (mine !== generation.current) return;
          dispatch({ type: "failed" });
          const code = error instanceof ApiError ? error.serverCode : undefined;
          if (code === "no_text_found" || code === "text_unreadable") {
            // Not an error of the tool: the image has nothing it can read. Said in the results panel.
            const title = code === "no_text_found" ? copy.result.noTextTitle : copy.result.unreadableTitle;
            const serverMessage = (error as ApiError).serverMessage;
            setRefusal({ title, message: serverMessage ?? title });
            toast({ title, ...(serverMessage ? { description: serverMessage } : {}) });
            return;
          }
          const message =
            error instanceof ApiError
              ? (error.serverMessage ?? error.message)
              : error instanceof TypeError
                ? t("errors.network")
                : error.message;
          toast({ title: copy.toast.errorTitle, description: message, variant: "destructive" });
        },
      },
    );
  };

  const downloadReport = async () => {
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

  return {
    phase: state.phase,
    image,
    box: boxOf(state),
    described,
    refusal,
    problem: state.problem ? problemText(state.problem, copy, lang) : null,
    takeFile,
    refuseDrop: () => dispatch({ type: "refused", problem: { kind: "notImage" } }),
    setBox: (box: FontAnalysisBox | null) => dispatch({ type: "box", box }),
    lines,
    selectedLine: line,
    pickLine: (picked: number) => dispatch({ type: "pickLine", line: picked }),
    run,
    clear,
    canClear: state.phase !== "empty" || state.problem !== null,
    downloadReport,
    copySummary,
    library: {
      open: libraryOpen,
      toggle: () => setLibraryOpen((open) => !open),
      /** "Browse the 213 families…", in the language's plural form; absent until the library is known. */
      body: library.data ? plural(copy.features.library.body, library.data.families.length, lang) : undefined,
    },
  };
}

function problemText(problem: ImageFileProblem, copy: FontRecognitionCopy, lang: Lang): string {
  switch (problem.kind) {
    case "notImage":
      return copy.upload.notImage;
    case "tooLarge":
      return interpolate(copy.upload.tooLarge, { name: problem.name, size: formatNumber(problem.megabytes, lang) });
    case "unreadable":
      return copy.upload.unreadable;
  }
}
