"use client";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  TDuplicatePresentationResponse,
  TExportPresentationResponse,
  TRenamePresentationResponse,
} from "@/lib/api/schemas/presentations";
import { apiFetch } from "@/lib/client/api-fetch";
import { PRESENTATIONS_KEY, type TDeckPage } from "./types";

type TSnapshot = [QueryKey, TDeckPage | undefined][];

/** Applies a change to every cached page of the list, returning what was there for a rollback. */
function patchPages(
  client: ReturnType<typeof useQueryClient>,
  change: (page: TDeckPage) => TDeckPage,
): TSnapshot {
  const snapshot = client.getQueriesData<TDeckPage>({ queryKey: PRESENTATIONS_KEY });
  client.setQueriesData<TDeckPage>({ queryKey: PRESENTATIONS_KEY }, (page) => page && change(page));
  return snapshot;
}

function restore(client: ReturnType<typeof useQueryClient>, snapshot: TSnapshot | undefined) {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
}

const path = (id: string) => `/api/v1/ppt/presentation/${encodeURIComponent(id)}`;

/**
 * The dashboard's mutations. Rename and delete change the cached list at once and put it back
 * if the server refuses; every mutation refetches the list when it settles.
 */
export function useDeckActions() {
  const client = useQueryClient();
  const refetch = () => client.invalidateQueries({ queryKey: PRESENTATIONS_KEY });

  const rename = useMutation({
    mutationFn: (input: { id: string; title: string; version: number }) =>
      apiFetch<TRenamePresentationResponse>(path(input.id), {
        method: "PATCH",
        body: { title: input.title, version: input.version },
      }),
    onMutate: async ({ id, title }) => {
      await client.cancelQueries({ queryKey: PRESENTATIONS_KEY });
      return patchPages(client, (page) => ({
        ...page,
        items: page.items.map((item) => (item.presentation_id === id ? { ...item, title } : item)),
      }));
    },
    onError: (_error, _input, snapshot) => restore(client, snapshot),
    onSettled: refetch,
  });

  const remove = useMutation({
    mutationFn: (id: string) => apiFetch<void>(path(id), { method: "DELETE" }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: PRESENTATIONS_KEY });
      return patchPages(client, (page) => {
        const items = page.items.filter((item) => item.presentation_id !== id);
        return { ...page, items, total: page.total - (page.items.length - items.length) };
      });
    },
    onError: (_error, _id, snapshot) => restore(client, snapshot),
    onSettled: refetch,
  });

  const duplicate = useMutation({
    mutationFn: (id: string) =>
      apiFetch<TDuplicatePresentationResponse>(`${path(id)}/duplicate`, { method: "POST" }),
    onSettled: refetch,
  });

  const download = useMutation({
    mutationFn: (input: { id: string; format: "pptx" | "pdf" }) =>
      apiFetch<TExportPresentationResponse>(`${path(input.id)}/export`, {
        method: "POST",
        body: { export_as: input.format },
      }),
    // The signed link answers the file as an attachment: the browser downloads it and stays here.
    onSuccess: (file) => window.location.assign(file.path),
  });

  return { rename, remove, duplicate, download };
}
