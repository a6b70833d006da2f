"use client";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { listPlaceholder, TableHead } from "@/components/ui/data-list";
import { describeReason } from "@/lib/account/describe-reason";
import type { TPresentationTitles } from "@/lib/api/schemas/account";
import type { TCreditRulesResponse, TCreditsResponse } from "@/lib/api/schemas/credits";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { AccountSection } from "./account-section";
import { formatDelta, formatTime } from "./format";

const PAGE_SIZE = 20;

/** A ledger page with the titles of the presentations its entries name (absent: deleted). */
type TUsagePage = TCreditsResponse & { titles: Record<string, string> };

const RULE_LABELS: Record<string, string> = {
  per_slide: "Per slide",
  per_ai_image: "Per AI-generated image",
  per_ai_edit: "Per AI prompt edit",
  per_document_page: "Per uploaded document page",
};

/** A page of GET /api/v1/credits, then the titles of its presentations in one call. */
async function fetchUsagePage(cursor: string | null): Promise<TUsagePage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  const page = await apiFetch<TCreditsResponse>(`/api/v1/credits?${query}`);
  const ids = [
    ...new Set(page.entries.flatMap((entry) => (entry.presentation_id ? [entry.presentation_id] : []))),
  ];
  const titles: Record<string, string> = {};
  if (ids.length > 0) {
    const found = await apiFetch<TPresentationTitles>(
      `/api/account/presentations?ids=${encodeURIComponent(ids.join(","))}`,
    );
    for (const { id, title } of found) titles[id] = title;
  }
  return { ...page, titles };
}

/** Credits: the balance, what work costs, and the ledger (which presentation, how many, when). */
export function CreditsSection() {
  const rules = useQuery({
    queryKey: ["account", "credit-rules"],
    queryFn: () => apiFetch<TCreditRulesResponse>("/api/v1/credits/rules"),
  });
  const usage = useInfiniteQuery({
    queryKey: ["account", "credits"],
    queryFn: ({ pageParam }) => fetchUsagePage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  const first = usage.data?.pages[0];
  const entries =
    usage.data?.pages.flatMap((page) => page.entries.map((entry) => ({ entry, titles: page.titles }))) ?? [];

  return (
    <AccountSection
      id="credits"
      title="Credits"
      description="Generations and AI edits use credits; a failed generation gives them back."
    >
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <div className="rounded-lg bg-canvas p-4">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Balance</p>
          <p className="mt-1 text-3xl font-bold text-gray-900" data-testid="credit-balance">
            {first ? first.balance.toLocaleString() : "…"}
          </p>
          <p className="text-sm text-muted">credits</p>
          {first && !first.enforce && (
            <p className="mt-2 text-xs text-muted">
              This server does not stop work when the balance runs out.
            </p>
          )}
        </div>
        <div className="overflow-x-auto">
          {rules.isError ? (
            <p role="alert" className="text-sm font-semibold text-danger">
              Could not load the credit rules: {errorMessage(rules.error)}
            </p>
          ) : (
            <table className="w-full min-w-[32rem] text-left text-sm" aria-label="What work costs">
              <TableHead columns={["Rule", { label: "Credits", align: "right" }, "What counts"]} />
              <tbody>
                {(rules.data?.rules ?? []).map((rule) => (
                  <tr key={rule.rule} className="border-b border-line align-top last:border-0">
                    <td className="py-2 pr-4 font-semibold whitespace-nowrap text-gray-900">
                      {RULE_LABELS[rule.rule] ?? rule.rule}
                    </td>
                    <td className="py-2 pr-4 text-right font-mono">{rule.credits}</td>
                    <td className="py-2 text-gray-700">{rule.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {rules.data && (
            <p className="mt-2 text-xs text-muted">
              New accounts start with {rules.data.grant.toLocaleString()} credits. Outlines, uploads and
              downloads are free.
            </p>
          )}
        </div>
      </div>

      <h3 className="mt-8 text-base font-bold text-gray-900">Usage</h3>
      <div className="mt-2 overflow-x-auto">
        {listPlaceholder(usage, "usage", { count: entries.length, empty: "No credit movements yet." }) ?? (
          <table className="w-full min-w-[36rem] text-left text-sm" aria-label="Credit usage, newest first">
            <TableHead columns={["When", "What", "Presentation", { label: "Credits", align: "right" }]} />
            <tbody>
              {entries.map(({ entry, titles }) => {
                const title = entry.presentation_id ? titles[entry.presentation_id] : undefined;
                return (
                  <tr key={entry.id} className="border-b border-line last:border-0" data-testid="usage-row">
                    <td className="py-2 pr-4 whitespace-nowrap">{formatTime(entry.created_at)}</td>
                    <td className="py-2 pr-4">{describeReason(entry.reason)}</td>
                    <td className="py-2 pr-4">
                      {entry.presentation_id && title !== undefined ? (
                        <Link
                          href={`/editor/${entry.presentation_id}`}
                          className="font-semibold text-accent underline"
                        >
                          {title || "Untitled"}
                        </Link>
                      ) : entry.presentation_id ? (
                        <span className="text-muted">Deleted presentation</span>
                      ) : (
                        <span className="text-muted">—</span>
                      )}
                    </td>
                    <td
                      className={`py-2 text-right font-mono ${entry.delta > 0 ? "text-success" : entry.delta < 0 ? "text-gray-900" : "text-muted"}`}
                    >
                      {formatDelta(entry.delta)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      {usage.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger">
          Could not load more: {errorMessage(usage.error)}
        </p>
      )}
      {usage.hasNextPage && (
        <div className="mt-3">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => usage.fetchNextPage()}
            disabled={usage.isFetchingNextPage}
          >
            {usage.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      )}
    </AccountSection>
  );
}
