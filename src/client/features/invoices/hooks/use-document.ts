import { useCallback, useEffect, useState } from "react";
import { ApiError } from "#client/lib/api.ts";
import type { Lang } from "#shared/lang.ts";

/** A document page's state: reading the link from the fragment, loading, and what came of it. */
export type DocumentState<L, D> =
  | { kind: "reading" }
  | { kind: "noLink" }
  | { kind: "loading"; link: L }
  | { kind: "notFound"; message?: string | undefined }
  | { kind: "failed"; link: L }
  | { kind: "ready"; link: L; document: D };

/**
 * The invoice's and the credit note's pages (issue 35): the link comes from the URL's fragment
 * (so the order's token never reaches a server log), then the document is fetched in the page's
 * language; a 404 is "not found" with the server's words, anything else "failed" with a retry.
 */
export function useDocument<L, D>(
  lang: Lang,
  readFragment: () => L | null,
  fetchDocument: (link: L, lang: Lang) => Promise<D>,
): { state: DocumentState<L, D>; load: (link: L) => void } {
  const [state, setState] = useState<DocumentState<L, D>>({ kind: "reading" });
  const load = useCallback(
    (link: L) => {
      setState({ kind: "loading", link });
      fetchDocument(link, lang).then(
        (document) => setState({ kind: "ready", link, document }),
        (error: unknown) =>
          setState(
            error instanceof ApiError && error.status === 404
              ? { kind: "notFound", message: error.serverMessage }
              : { kind: "failed", link },
          ),
      );
    },
    [lang, fetchDocument],
  );
  useEffect(() => {
    const link = readFragment();
    if (link) load(link);
    else setState({ kind: "noLink" });
  }, [load, readFragment]);
  return { state, load };
}
