"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/field";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { PresentationCard } from "./presentation-card";
import { PRESENTATIONS_KEY, type TDeckCard, type TDeckPage } from "./types";
import { useDeckActions } from "./use-deck-actions";

const PAGE_SIZE = 12;
/** How long the search box waits after the last keystroke before it asks the server. */
const SEARCH_DELAY_MS = 300;

/** A page number from the URL: a whole number from 1, else 1. */
function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * The dashboard: the account's presentations as a searchable, paged grid of cards. The search
 * (titles and slide text) and the page are kept in the URL (?q=…&page=…), so a reload, the back
 * button and a shared link show the same list.
 */
export function Dashboard() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const [page, setPage] = useState(() => pageParam(params.get("page")));
  const [search, setSearch] = useState(() => params.get("q") ?? "");
  const [q, setQ] = useState(() => (params.get("q") ?? "").trim());
  const [notice, setNotice] = useState<{ kind: "error" | "info"; text: string } | null>(null);
  const [toDelete, setToDelete] = useState<TDeckCard | null>(null);
  const actions = useDeckActions();

  useEffect(() => {
    const timer = setTimeout(() => {
      const next = search.trim();
      setQ((current) => {
        if (current !== next) setPage(1);
        return next;
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // The list's state in the URL, replaced (not pushed) as it changes.
  useEffect(() => {
    const next = new URLSearchParams();
    if (q) next.set("q", q);
    if (page > 1) next.set("page", String(page));
    const query = next.toString();
    if (query !== window.location.search.replace(/^\?/, ""))
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [q, page, pathname, router]);

  // Back and forward through the URL's states.
  useEffect(() => {
    const urlQ = (params.get("q") ?? "").trim();
    setQ(urlQ);
    setSearch((current) => (current.trim() === urlQ ? current : urlQ));
    setPage(pageParam(params.get("page")));
  }, [params]);

  const list = useQuery({
    queryKey: [...PRESENTATIONS_KEY, { page, q }],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
      if (q) params.set("q", q);
      return apiFetch<TDeckPage>(`/api/v1/ppt/presentations?${params}`);
    },
    placeholderData: keepPreviousData,
  });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // Deleting the last card of the last page leaves an empty page: step back to one that has cards.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > pages) setPage(pages);
  }, [data, page, pages]);

  const fail = (what: string) => (error: unknown) =>
    setNotice({ kind: "error", text: `${what}: ${errorMessage(error)}` });
  const busyOf = (id: string) => {
    if (actions.duplicate.isPending && actions.duplicate.variables === id) return "duplicate" as const;
    if (actions.download.isPending && actions.download.variables?.id === id)
      return actions.download.variables.format;
    return undefined;
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Presentations</h1>
          {data && (
            <p className="text-sm text-muted" data-testid="deck-total">
              {data.total} {data.total === 1 ? "presentation" : "presentations"}
              {q ? ` matching “${q}”` : ""}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="w-64">
            <label htmlFor="deck-search" className="sr-only">
              Search presentations
            </label>
            <Input
              id="deck-search"
              type="search"
              placeholder="Search titles and slides"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <Link href="/new" className={buttonClass("primary")}>
            New presentation
          </Link>
        </div>
      </div>

      <div aria-live="polite" className="min-h-0">
        {notice && (
          <div
            role={notice.kind === "error" ? "alert" : "status"}
            className={`flex items-start justify-between gap-4 rounded-md border px-3 py-2 text-sm ${
              notice.kind === "error"
                ? "border-danger/30 bg-red-50 text-danger"
                : "border-success/30 bg-green-50 text-success"
            }`}
          >
            <span>{notice.text}</span>
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => setNotice(null)}
              aria-label="Dismiss message"
            >
              Dismiss
            </button>
          </div>
        )}
      </div>

      {list.isPending ? (
        <p className="text-sm text-muted">Loading presentations…</p>
      ) : list.isError ? (
        <div role="alert" className="space-y-2 text-sm text-danger">
          <p>The presentations could not be loaded: {errorMessage(list.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.items.length === 0 && page === 1 ? (
        <EmptyState searching={q !== ""} onClear={() => setSearch("")} />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {data?.items.map((deck) => (
              <li key={deck.presentation_id} className="flex">
                <div className="w-full">
                  <PresentationCard
                    deck={deck}
                    busy={busyOf(deck.presentation_id)}
                    onRename={(title) =>
                      actions.rename.mutate(
                        { id: deck.presentation_id, title, version: deck.version },
                        { onError: fail(`“${deck.title}” could not be renamed`) },
                      )
                    }
                    onDuplicate={() =>
                      actions.duplicate.mutate(deck.presentation_id, {
                        onSuccess: (copy) => setNotice({ kind: "info", text: `Made “${copy.title}”.` }),
                        onError: fail(`“${deck.title}” could not be duplicated`),
                      })
                    }
                    onDelete={() => setToDelete(deck)}
                    onDownload={(format) =>
                      actions.download.mutate(
                        { id: deck.presentation_id, format },
                        { onError: fail(`The ${format.toUpperCase()} could not be made`) },
                      )
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-center gap-3">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((current) => current - 1)}
              >
                Previous
              </Button>
              <span className="text-sm text-muted">
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages || list.isPlaceholderData}
                onClick={() => setPage((current) => current + 1)}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this presentation?"
        confirmLabel="Delete presentation"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          const deck = toDelete;
          setToDelete(null);
          actions.remove.mutate(deck.presentation_id, {
            // The message of the deleted deck (e.g. "Made “… (copy)”") gives way to this one.
            onSuccess: () => setNotice({ kind: "info", text: `Deleted “${deck.title}”.` }),
            onError: fail(`“${deck.title}” could not be deleted`),
          });
        }}
      >
        “{toDelete?.title}” and its download links will be removed. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}

function EmptyState({ searching, onClear }: { searching: boolean; onClear: () => void }) {
  if (searching)
    return (
      <div className="rounded-lg border border-dashed border-line bg-white p-10 text-center">
        <p className="font-semibold text-gray-900">No presentation matches this search.</p>
        <Button variant="secondary" className="mt-4" onClick={onClear}>
          Clear search
        </Button>
      </div>
    );
  return (
    <div className="rounded-lg border border-dashed border-line bg-white p-10 text-center">
      <h2 className="text-lg font-bold text-gray-900">No presentations yet</h2>
      <p className="mt-1 text-sm text-muted">
        Paste some text or upload a document, review the outline, and Deckforge writes the slides.
      </p>
      <Link href="/new" className={`${buttonClass("primary")} mt-4`}>
        New presentation
      </Link>
    </div>
  );
}
