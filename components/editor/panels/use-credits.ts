"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TCreditsResponse } from "@/lib/api/schemas/credits";
import { apiFetch } from "@/lib/client/api-fetch";

/** The account's balance and credit rules (GET /api/v1/credits, one ledger entry: the panels need no history). */
export function useCredits(enabled = true) {
  return useQuery({
    queryKey: ["credits", "editor-panels"],
    queryFn: () => apiFetch<TCreditsResponse>("/api/v1/credits?limit=1"),
    enabled,
  });
}

/** After a charge: every cached credit view (the account page's too) is refetched. */
export function useRefreshCredits() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["credits"] });
}

/** "1 credit", "3 credits". */
export function credits(count: number): string {
  return `${count} credit${count === 1 ? "" : "s"}`;
}
