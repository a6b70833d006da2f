"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { listPlaceholder } from "@/components/ui/data-list";
import type { TWebhookDelivery } from "@/lib/api/schemas/webhooks";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatTime } from "./format";

const SHOWN = 10;

const STATUS_STYLE: Record<TWebhookDelivery["status"], string> = {
  pending: "bg-amber-50 text-amber-800",
  succeeded: "bg-green-50 text-success",
  failed: "bg-red-50 text-danger",
};

/**
 * A subscription's most recent deliveries with every attempt (HTTP status or error, time taken,
 * the start of the answer) and a Redeliver button; refreshed while one is pending.
 */
export function WebhookDeliveries({ subscriptionId }: { subscriptionId: string }) {
  const client = useQueryClient();
  const key = ["account", "webhooks", subscriptionId, "deliveries"];
  const deliveries = useQuery({
    queryKey: key,
    queryFn: () =>
      apiFetch<TWebhookDelivery[]>(
        `/api/v1/webhook/${encodeURIComponent(subscriptionId)}/deliveries?limit=${SHOWN}`,
      ),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === "pending") ? 2000 : false),
  });
  const [redeliverError, setRedeliverError] = useState<string | null>(null);
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) =>
      apiFetch<TWebhookDelivery>(`/api/v1/webhook/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
        method: "POST",
      }),
    onMutate: () => setRedeliverError(null),
    // A finished delivery is redelivered as a new one (same event, same webhook-id) at the top.
    onSuccess: (updated) =>
      client.setQueryData<TWebhookDelivery[]>(key, (list = []) =>
        list.some((d) => d.id === updated.id)
          ? list.map((d) => (d.id === updated.id ? updated : d))
          : [updated, ...list],
      ),
    onError: (error) => setRedeliverError(`Redelivery failed: ${errorMessage(error)}`),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });

  const placeholder = listPlaceholder(deliveries, "deliveries");
  if (placeholder || !deliveries.data) return placeholder;
  if (deliveries.data.length === 0)
    return (
      <p className="text-sm text-muted">
        No deliveries yet. They are made for generation requests sent with{" "}
        <code className="font-mono text-xs">trigger_webhook: true</code>.
      </p>
    );

  return (
    <div>
      <h3 className="text-sm font-bold text-gray-900">Recent deliveries</h3>
      {redeliverError && (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger">
          {redeliverError}
        </p>
      )}
      <ol className="mt-2 space-y-3">
        {deliveries.data.map((delivery, index, all) => (
          <li
            key={delivery.id}
            className="rounded-md border border-line bg-canvas p-3"
            data-testid="webhook-delivery"
          >
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <span className="font-mono text-xs">{delivery.event}</span>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[delivery.status]}`}
              >
                {delivery.status}
              </span>
              <span className="text-muted">
                {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"}
              </span>
              <span className="text-muted">{formatTime(delivery.created_at)}</span>
              {all.slice(index + 1).some((older) => older.message_id === delivery.message_id) && (
                <span className="text-muted">redelivery</span>
              )}
              {delivery.status === "pending" && delivery.next_attempt_at && (
                <span className="text-muted">next attempt {formatTime(delivery.next_attempt_at)}</span>
              )}
              <Button
                variant="secondary"
                size="sm"
                className="ml-auto"
                disabled={redeliver.isPending && redeliver.variables === delivery.id}
                onClick={() => redeliver.mutate(delivery.id)}
                aria-label={`Redeliver ${delivery.event} of ${formatTime(delivery.created_at)}`}
              >
                {redeliver.isPending && redeliver.variables === delivery.id ? "Queuing…" : "Redeliver"}
              </Button>
            </div>
            {delivery.attempt_log.length > 0 && (
              <ol className="mt-2 space-y-1 text-xs" aria-label="Attempts">
                {delivery.attempt_log.map((attempt, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the attempt log only grows at its end
                  <li key={index} className="rounded bg-white px-2 py-1.5">
                    <div className="flex flex-wrap gap-x-3">
                      <span className="text-muted">#{index + 1}</span>
                      <span className="text-muted">{formatTime(attempt.created_at)}</span>
                      <span
                        className={attempt.error ? "font-semibold text-danger" : "font-semibold text-success"}
                      >
                        {attempt.status !== null ? `HTTP ${attempt.status}` : "no answer"}
                      </span>
                      <span className="text-muted">{attempt.duration_ms} ms</span>
                      {attempt.error && <span className="text-danger">{attempt.error}</span>}
                    </div>
                    {attempt.response && (
                      <pre className="mt-1 max-h-24 overflow-auto font-mono break-all whitespace-pre-wrap text-gray-700">
                        {attempt.response}
                      </pre>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
