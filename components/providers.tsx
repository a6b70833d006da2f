"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { z } from "zod";

// In the browser, zod must not probe for eval: the page's CSP forbids it (no 'unsafe-eval'), and the
// probe — though its error is caught — is reported as a violation. Zod then validates without JIT.
if (typeof window !== "undefined") z.config({ jitless: true });

/** Client-side data for the web app: one react-query client per browser tab. */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 10_000, refetchOnWindowFocus: false, retry: 1 },
          mutations: { retry: 0 },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
