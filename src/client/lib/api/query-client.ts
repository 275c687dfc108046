import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, apiJson } from "../api.ts";

type On401 = "returnNull" | "throw";

/** The default query: GET the first element of the key and parse JSON (spec §7). */
export function getQueryFn<T>(options: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiJson<T>("GET", String(queryKey[0]));
    } catch (error) {
      if (options.on401 === "returnNull" && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/** Spec §9: data never goes stale, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
