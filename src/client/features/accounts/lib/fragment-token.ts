import { useEffect, useState } from "react";

/**
 * The token of an e-mailed link, `…#token=…`: in the fragment, so it never reaches a server log or
 * a Referer. Read once after hydration (the prerendered page cannot know it), then taken out of
 * the address bar, so it is not left in the history or shared by copying the address.
 * `undefined` until read; `null` when the address has none.
 */
export function useFragmentToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const value = new URLSearchParams(window.location.hash.slice(1)).get("token");
    if (window.location.hash) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    }
    setToken(value ? value : null);
  }, []);
  return token;
}
