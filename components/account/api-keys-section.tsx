"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { listPlaceholder, TableHead } from "@/components/ui/data-list";
import { Field, Input } from "@/components/ui/field";
import type { TApiKeyView, TCreatedApiKey } from "@/lib/api/schemas/account";
import { apiFetch, errorMessage, ProblemError } from "@/lib/client/api-fetch";
import { AccountSection } from "./account-section";
import { formatTime } from "./format";
import { NewKeyPanel } from "./new-key-panel";

const KEYS = ["account", "keys"] as const;

/** API keys: create (the secret shown once), list with prefix, created, last used, status; revoke. */
export function ApiKeysSection({ origin }: { origin: string }) {
  const client = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: () => apiFetch<TApiKeyView[]>("/api/account/keys") });
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<TApiKeyView | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (keyName: string) =>
      apiFetch<TCreatedApiKey>("/api/account/keys", { method: "POST", body: { name: keyName } }),
    onSuccess: (key) => {
      setCreated(key);
      setName("");
      const { secret: _secret, ...listed } = key;
      client.setQueryData<TApiKeyView[]>(KEYS, (list) => [
        { ...listed, last_used_at: null, revoked_at: null },
        ...(list ?? []).filter((k) => k.id !== key.id),
      ]);
    },
    onError: (error) =>
      setNameError(
        error instanceof ProblemError
          ? (error.fieldError("name") ?? errorMessage(error))
          : errorMessage(error),
      ),
  });

  const revoke = useMutation({
    mutationFn: (key: TApiKeyView) =>
      apiFetch<void>(`/api/account/keys/${encodeURIComponent(key.id)}`, { method: "DELETE" }),
    // Optimistic: the row shows "Revoked" at once; an error puts the list back as it was.
    onMutate: async (key) => {
      setRevokeError(null);
      setRevoking(null);
      await client.cancelQueries({ queryKey: KEYS });
      const before = client.getQueryData<TApiKeyView[]>(KEYS);
      const now = new Date().toISOString();
      client.setQueryData<TApiKeyView[]>(KEYS, (list) =>
        list?.map((k) => (k.id === key.id ? { ...k, revoked_at: k.revoked_at ?? now } : k)),
      );
      return { before };
    },
    onError: (error, key, context) => {
      if (context?.before) client.setQueryData(KEYS, context.before);
      setRevokeError(`Could not revoke “${key.name}”: ${errorMessage(error)}`);
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEYS }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setNameError("Name the key (where it will be used, e.g. 'laptop' or 'CI').");
    setNameError(undefined);
    create.mutate(name.trim());
  }

  const list = keys.data ?? [];
  return (
    <AccountSection
      id="api-keys"
      title="API keys"
      description="Keys authenticate calls to the Deckforge API (Authorization: Bearer …). Each key is shown once, when it is made; only its first characters are kept in clear."
    >
      <form
        onSubmit={submit}
        className="flex flex-wrap items-end gap-3"
        noValidate
        aria-label="Create an API key"
      >
        <div className="min-w-60 flex-1">
          <Field
            id="key-name"
            label="New key name"
            hint="Where it will be used, e.g. “laptop” or “CI”."
            error={nameError}
          >
            <Input
              id="key-name"
              value={name}
              maxLength={100}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? "key-name-error" : "key-name-hint"}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(undefined);
              }}
            />
          </Field>
        </div>
        <Button type="submit" disabled={create.isPending} className="mb-5">
          {create.isPending ? "Creating…" : "Create key"}
        </Button>
      </form>

      {created && <NewKeyPanel created={created} origin={origin} onDone={() => setCreated(null)} />}

      {revokeError && (
        <p role="alert" className="mt-4 text-sm font-semibold text-danger">
          {revokeError}
        </p>
      )}

      <div className="mt-6 overflow-x-auto">
        {listPlaceholder(keys, "keys", {
          count: list.length,
          empty: "No keys yet. Create one above to call the API.",
        }) ?? (
          <table className="w-full min-w-[40rem] text-left text-sm" aria-label="Your API keys">
            <TableHead
              columns={["Name", "Key", "Created", "Last used", "Status", { label: "Actions", actions: true }]}
            />
            <tbody>
              {list.map((key) => (
                <tr key={key.id} className="border-b border-line last:border-0" data-key-prefix={key.prefix}>
                  <td className="py-2.5 pr-4 font-semibold text-gray-900">{key.name}</td>
                  <td className="py-2.5 pr-4 font-mono text-xs">{key.prefix}…</td>
                  <td className="py-2.5 pr-4 whitespace-nowrap">{formatTime(key.created_at)}</td>
                  <td className="py-2.5 pr-4 whitespace-nowrap">
                    {key.last_used_at ? (
                      formatTime(key.last_used_at)
                    ) : (
                      <span className="text-muted">never</span>
                    )}
                  </td>
                  <td className="py-2.5 pr-4">
                    {key.revoked_at ? (
                      <span
                        className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-600"
                        title={`Revoked ${formatTime(key.revoked_at)}`}
                      >
                        Revoked
                      </span>
                    ) : (
                      <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-success">
                        Active
                      </span>
                    )}
                  </td>
                  <td className="py-2.5 text-right">
                    {!key.revoked_at && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-danger!"
                        onClick={() => setRevoking(key)}
                        aria-label={`Revoke ${key.name} (${key.prefix}…)`}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      >
        {revoking && (
          <p>
            “{revoking.name}” (<span className="font-mono">{revoking.prefix}…</span>) stops working at once:
            every program using it gets 401 Unauthorized. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </AccountSection>
  );
}
