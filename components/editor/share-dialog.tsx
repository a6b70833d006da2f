"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { CopyButton } from "@/components/account/copy-button";
import { formatTime } from "@/components/account/format";
import { PanelDialog } from "@/components/editor/panels/panel-dialog";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { listPlaceholder, TableHead } from "@/components/ui/data-list";
import { Field, inputClass, Select } from "@/components/ui/field";
import type { TShareLink } from "@/lib/api/schemas/share-links";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";

/** The expiry choices the dialog offers, in days; null: never. */
const EXPIRY_CHOICES = [
  { value: "never", label: "Never", days: null },
  { value: "1", label: "In 1 day", days: 1 },
  { value: "7", label: "In 7 days", days: 7 },
  { value: "30", label: "In 30 days", days: 30 },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The editor's Share dialog: makes read-only links to the saved deck (optionally expiring), shows
 * each link with its dates and a Copy button, and revokes one after a confirmation. `beforeCreate`
 * saves pending edits first, so the link shows what the owner sees.
 */
export function ShareDialog({
  open,
  presentationId,
  beforeCreate,
  onClose,
}: {
  open: boolean;
  presentationId: string;
  beforeCreate: () => Promise<void>;
  onClose: () => void;
}) {
  const endpoint = `/api/v3/presentation/${encodeURIComponent(presentationId)}/share-links`;
  const queryKey = ["share-links", presentationId];
  const client = useQueryClient();
  const links = useQuery({
    queryKey,
    queryFn: () => apiFetch<TShareLink[]>(endpoint),
    enabled: open,
  });
  const [expiry, setExpiry] = useState<string>("never");
  const [created, setCreated] = useState<TShareLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<TShareLink | null>(null);
  // Bumped when a revoke succeeds: the row and its button are gone, so focus goes back to the
  // form, after the confirmation has closed (its effect runs first) and handed focus back.
  const [refocus, setRefocus] = useState(0);
  const createButton = useRef<HTMLButtonElement>(null);
  const newLinkInput = useRef<HTMLInputElement>(null);
  const ids = useId();

  useEffect(() => {
    if (!open) {
      setCreated(null);
      setError(null);
    }
  }, [open]);

  useEffect(() => {
    if (created) newLinkInput.current?.select();
  }, [created]);

  useEffect(() => {
    if (refocus) createButton.current?.focus();
  }, [refocus]);

  const create = useMutation({
    mutationFn: async () => {
      const days = EXPIRY_CHOICES.find((choice) => choice.value === expiry)?.days ?? null;
      await beforeCreate();
      return apiFetch<TShareLink>(endpoint, {
        method: "POST",
        body: { expires_at: days === null ? null : new Date(Date.now() + days * DAY_MS).toISOString() },
      });
    },
    onMutate: () => setError(null),
    onSuccess: (link) => {
      setCreated(link);
      client.setQueryData<TShareLink[]>(queryKey, (list) => [link, ...(list ?? [])]);
    },
    onError: (cause) => setError(`Could not create the link: ${errorMessage(cause)}`),
  });

  const revoke = useMutation({
    mutationFn: (link: TShareLink) =>
      apiFetch<void>(`${endpoint}/${encodeURIComponent(link.id)}`, { method: "DELETE" }),
    onMutate: () => setError(null),
    onSuccess: (_, link) => {
      setRevoking(null);
      if (created?.id === link.id) setCreated(null);
      client.setQueryData<TShareLink[]>(queryKey, (list) => list?.filter((item) => item.id !== link.id));
      setRefocus((n) => n + 1);
    },
    onError: (cause, link) => {
      setRevoking(null);
      setError(`Could not revoke the link created ${formatTime(link.created_at)}: ${errorMessage(cause)}`);
    },
    onSettled: () => client.invalidateQueries({ queryKey }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }

  const list = links.data ?? [];
  return (
    <PanelDialog open={open} title="Share presentation" onClose={onClose}>
      <div data-testid="share-dialog" className="space-y-5">
        <p className="text-sm text-gray-700">
          Anyone with a link sees the saved slides in their browser, without an account, and cannot edit them.
          Edits you save later show up on the same link. Revoke a link to stop it at once.
        </p>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="w-56">
            <Field id={`${ids}-expiry`} label="Link expires">
              <Select
                id={`${ids}-expiry`}
                data-autofocus
                value={expiry}
                onChange={(event) => setExpiry(event.target.value)}
              >
                {EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <button ref={createButton} type="submit" className={buttonClass()} disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create link"}
          </button>
        </form>

        {error && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        )}

        {created && (
          <div className="rounded-md border border-green-200 bg-green-50 p-3" data-testid="share-new-link">
            <Field id={`${ids}-new`} label="Your new link">
              <div className="flex items-center gap-2">
                <input
                  ref={newLinkInput}
                  id={`${ids}-new`}
                  readOnly
                  value={created.url}
                  className={`${inputClass} font-mono text-xs`}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton text={created.url} label="Copy link" />
              </div>
            </Field>
          </div>
        )}

        <section aria-labelledby={`${ids}-links`}>
          <h3 id={`${ids}-links`} className="mb-2 text-sm font-bold text-gray-900">
            Links to this presentation
          </h3>
          {listPlaceholder(links, "links", {
            count: list.length,
            empty: "No links yet: this presentation is visible only to you.",
          }) ?? (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-left text-sm" aria-labelledby={`${ids}-links`}>
                <TableHead
                  columns={["Link", "Created", "Expires", { label: "Actions", actions: true }]}
                  gap="pr-3"
                />
                <tbody>
                  {list.map((link) => (
                    <tr
                      key={link.id}
                      className="border-b border-line last:border-0"
                      data-share-link={link.id}
                    >
                      <td className="max-w-[16rem] py-2 pr-3">
                        <span className="block truncate font-mono text-xs" title={link.url}>
                          {link.url}
                        </span>
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatTime(link.created_at)}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">
                        {link.status === "expired" ? (
                          <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-600">
                            Expired
                          </span>
                        ) : link.expires_at ? (
                          formatTime(link.expires_at)
                        ) : (
                          <span className="text-muted">Never</span>
                        )}
                      </td>
                      <td className="py-2 text-right whitespace-nowrap">
                        {link.status === "active" && (
                          <CopyButton
                            text={link.url}
                            label="Copy"
                            ariaLabel={`Copy the link ending …${link.url.slice(-6)}`}
                          />
                        )}
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-danger!"
                          onClick={() => setRevoking(link)}
                          aria-label={`Revoke the link ending …${link.url.slice(-6)}, created ${formatTime(link.created_at)}`}
                        >
                          Revoke
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this link?"
        confirmLabel="Revoke link"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      >
        {revoking && (
          <p>
            Anyone opening the link created {formatTime(revoking.created_at)} will see that it was revoked,
            from now on. A new link will have another address. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </PanelDialog>
  );
}
