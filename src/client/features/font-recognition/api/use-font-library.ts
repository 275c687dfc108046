import { useQuery } from "@tanstack/react-query";
import type { FontLibraryResponse } from "#shared/schemas/font-library.ts";

/** GET /api/fonts through the default query function; fetched only once the library is opened. */
export function useFontLibrary(enabled: boolean) {
  return useQuery<FontLibraryResponse>({ queryKey: ["/api/fonts"], enabled });
}
