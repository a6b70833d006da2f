"use client";
import { useQuery } from "@tanstack/react-query";
import type { TCreditsResponse } from "@/lib/api/schemas/credits";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";

/** The account's balance and the credit rules (GET /api/v1/credits, first ledger entry only). */
export function useCredits() {
  return useQuery({
    queryKey: ["credits", "summary"],
    queryFn: () => apiFetch<TCreditsResponse>("/api/v1/credits?limit=1"),
  });
}

/**
 * What generating `slides` slides will take by the per-slide rule, against the balance — shown
 * before the user generates. v3 generation charges per slide only (no pictures are generated).
 */
export function CreditEstimate({ slides }: { slides: number }) {
  const credits = useCredits();
  if (credits.isPending) return <p className="text-sm text-muted">Checking your credits…</p>;
  if (credits.isError)
    return (
      <p className="text-sm text-danger" role="alert">
        Credits could not be read: {errorMessage(credits.error)}
      </p>
    );
  const { balance, enforce, rules } = credits.data;
  const cost = slides * rules.per_slide;
  const short = enforce && cost > balance;
  return (
    <div className="text-sm" data-testid="credit-estimate">
      <p className="text-gray-900">
        Uses <strong>{cost}</strong> {cost === 1 ? "credit" : "credits"} ({slides}{" "}
        {slides === 1 ? "slide" : "slides"} × {rules.per_slide}). Your balance: <strong>{balance}</strong>.
      </p>
      {short && (
        <p className="font-semibold text-danger" role="alert">
          Not enough credits for this outline: remove{" "}
          {Math.ceil((cost - balance) / Math.max(1, rules.per_slide))} slide(s) or add credits.
        </p>
      )}
    </div>
  );
}
