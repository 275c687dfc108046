import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { createQueryClient } from "./api/query-client.ts";

// One client for the whole visit in the browser; the prerender makes one per render.
const browserClient = typeof window === "undefined" ? null : createQueryClient();

export default function QueryRoot(props: { children: ReactNode }) {
  const [client] = useState(() => browserClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{props.children}</QueryClientProvider>;
}
