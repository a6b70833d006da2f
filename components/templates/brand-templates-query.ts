"use client";
import { useQuery } from "@tanstack/react-query";
import type { TTemplatesResponse } from "@/lib/api/schemas/templates";
import { apiFetch } from "@/lib/client/api-fetch";

/** The query key of GET /api/v1/ppt/templates: built-in templates, the account's brand templates, themes. */
export const TEMPLATES = ["templates"] as const;

/** Templates and themes for the pickers, fetched once per visit and refreshed after an upload or delete. */
export function useTemplates() {
  return useQuery({
    queryKey: TEMPLATES,
    queryFn: () => apiFetch<TTemplatesResponse>("/api/v1/ppt/templates"),
    staleTime: 5 * 60_000,
  });
}
