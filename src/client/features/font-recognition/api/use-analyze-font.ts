import { useMutation } from "@tanstack/react-query";
import { apiJson } from "#client/lib/api.ts";
import type { Lang } from "#shared/lang.ts";
import type { AnalyzeFontRequest } from "#shared/schemas/analyze-font-request.ts";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";

/** POST /api/analyze-font; the server answers errors in the page's language. */
export function useAnalyzeFont(lang: Lang) {
  return useMutation({
    mutationFn: (request: AnalyzeFontRequest) =>
      apiJson<FontAnalysis>("POST", "/api/analyze-font", request, { "Accept-Language": lang }),
  });
}
