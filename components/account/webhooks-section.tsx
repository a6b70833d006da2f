"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { listPlaceholder } from "@/components/ui/data-list";
import type { TWebhookSubscription, TWebhookSubscriptionSummary } from "@/lib/api/schemas/webhooks";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { webhookSecretHint } from "@/lib/webhooks/webhook-secret-format";
import { AccountSection } from "./account-section";
import { CopyButton } from "./copy-button";
import { formatTime } from "./format";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhookForm } from "./webhook-form";

export const WEBHOOKS_KEY = ["account", "webhooks"] as const;

/** Webhooks: the account's subscriptions, a form to add one, and each one's recent deliveries. */
export function WebhooksSection() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: () => apiFetch<TWebhookSubscriptionSummary[]>("/api/v1/webhook/all"),
  });
  const [created, setCreated] = useState<TWebhookSubscription | null>(null);
  const [deleting, setDeleting] = useState<TWebhookSubscriptionSummary | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: (subscription: TWebhookSubscriptionSummary) =>
      apiFetch<void>("/api/v1/webhook/unsubscribe", { method: "DELETE", body: { id: subscription.id } }),
    onMutate: async (subscription) => {
      setDeleteError(null);
      setDeleting(null);
      await client.cancelQueries({ queryKey: WEBHOOKS_KEY });
      const before = client.getQueryData<TWebhookSubscriptionSummary[]>(WEBHOOKS_KEY);
      client.setQueryData<TWebhookSubscriptionSummary[]>(WEBHOOKS_KEY, (rows) =>
        rows?.filter((row) => row.id !== subscription.id),
      );
      return { before };
    },
    onError: (error, subscription, context) => {
      if (context?.before) client.setQueryData(WEBHOOKS_KEY, context.before);
      setDeleteError(`Could not delete the subscription to ${subscription.url}: ${errorMessage(error)}`);
    },
    onSettled: () => client.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });

  const rows = list.data ?? [];
  return (
    <AccountSection
      id="webhooks"
      title="Webhooks"
      description={
        <>
          Deckforge POSTs a signed event (Standard Webhooks) to your URL when a generation sent with{" "}
          <code className="font-mono text-xs">trigger_webhook: true</code> completes or fails, retrying with
          backoff.
        </>
      }
    >
      <WebhookForm
        onCreated={(subscription) => {
          setCreated(subscription);
          const { secret, ...summary } = subscription;
          client.setQueryData<TWebhookSubscriptionSummary[]>(WEBHOOKS_KEY, (current) => [
            { ...summary, secret_hint: webhookSecretHint(secret) },
            ...(current ?? []).filter((row) => row.id !== subscription.id),
          ]);
          void client.invalidateQueries({ queryKey: WEBHOOKS_KEY });
        }}
      />

      {created && (
        <section
          aria-label="Signing secret of the new subscription"
          className="mt-5 rounded-lg border-2 border-amber-300 bg-amber-50 p-4"
        >
          <p className="text-sm font-bold text-gray-900">
            Subscribed {created.url}. Copy the signing secret now.
          </p>
          <p className="mt-1 text-sm text-gray-800">
            Verify each delivery&apos;s <code className="font-mono text-xs">webhook-signature</code> with it.
            It is shown only this once; listings show its first characters.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <code
              className="rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm break-all select-all"
              data-testid="webhook-secret"
            >
              {created.secret}
            </code>
            <CopyButton text={created.secret} />
          </div>
          <div className="mt-3 flex justify-end">
            <Button variant="secondary" size="sm" onClick={() => setCreated(null)}>
              I have saved it
            </Button>
          </div>
        </section>
      )}

      {deleteError && (
        <p role="alert" className="mt-4 text-sm font-semibold text-danger">
          {deleteError}
        </p>
      )}

      <div className="mt-6">
        {listPlaceholder(list, "subscriptions", { count: rows.length, empty: "No subscriptions yet." }) ?? (
          <ul
            className="divide-y divide-line rounded-lg border border-line"
            aria-label="Your webhook subscriptions"
          >
            {rows.map((subscription) => {
              const expanded = open === subscription.id;
              return (
                <li key={subscription.id} className="p-4" data-testid="webhook-subscription">
                  <div className="flex flex-wrap items-start gap-3">
                    <div className="min-w-0 flex-1">
                      <p className="font-mono text-sm break-all text-gray-900">{subscription.url}</p>
                      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
                        <span className="rounded-full bg-blue-50 px-2 py-0.5 font-semibold text-accent">
                          {subscription.event}
                        </span>
                        <span>Created {formatTime(subscription.created_at)}</span>
                        <span>
                          Secret <span className="font-mono">{subscription.secret_hint}</span>
                        </span>
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-expanded={expanded}
                        aria-controls={`deliveries-${subscription.id}`}
                        onClick={() => setOpen(expanded ? null : subscription.id)}
                      >
                        {expanded ? "Hide deliveries" : "Deliveries"}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-danger!"
                        aria-label={`Delete the subscription to ${subscription.url}`}
                        onClick={() => setDeleting(subscription)}
                      >
                        Delete
                      </Button>
                    </div>
                  </div>
                  {expanded && (
                    <div id={`deliveries-${subscription.id}`} className="mt-4">
                      <WebhookDeliveries subscriptionId={subscription.id} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook subscription?"
        confirmLabel="Delete subscription"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {deleting && (
          <p>
            <span className="font-mono break-all">{deleting.url}</span> will no longer receive{" "}
            <span className="font-mono">{deleting.event}</span>; its pending deliveries are dropped.
          </p>
        )}
      </ConfirmDialog>
    </AccountSection>
  );
}
