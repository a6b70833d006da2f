"use client";
import { useQuery } from "@tanstack/react-query";
import type { TTemplatesResponse } from "@/lib/api/schemas/templates";
import { apiFetch } from "@/lib/client/api-fetch";
import type { TBrandTemplateView } from "./types";

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

/** The account's brand templates in a templates answer (the entries marked `custom`). */
export function brandTemplatesOf(data: TTemplatesResponse): TBrandTemplateView[] {
  return data.templates.filter((t) => "custom" in t && t.custom === true) as unknown as TBrandTemplateView[];
}
