"use client";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import type { TWebhookSubscription } from "@/lib/api/schemas/webhooks";
import { apiFetch, errorMessage, ProblemError } from "@/lib/client/api-fetch";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/webhook-events";

type TErrors = Partial<Record<"url" | "event" | "secret" | "form", string>>;

/** Subscribes a URL to an event (POST /api/v1/webhook/subscribe); the server checks the URL and secret. */
export function WebhookForm({ onCreated }: { onCreated: (subscription: TWebhookSubscription) => void }) {
  const [url, setUrl] = useState("");
  const [event, setEvent] = useState<string>(WEBHOOK_EVENTS[0]);
  const [secret, setSecret] = useState("");
  const [errors, setErrors] = useState<TErrors>({});

  const subscribe = useMutation({
    mutationFn: () =>
      apiFetch<TWebhookSubscription>("/api/v1/webhook/subscribe", {
        method: "POST",
        body: { url: url.trim(), event, ...(secret.trim() ? { secret: secret.trim() } : {}) },
      }),
    onMutate: () => setErrors({}),
    onSuccess: (subscription) => {
      setUrl("");
      setSecret("");
      onCreated(subscription);
    },
    onError: (error) => {
      if (!(error instanceof ProblemError)) return setErrors({ form: errorMessage(error) });
      const found: TErrors = {
        url: error.fieldError("url"),
        event: error.fieldError("event"),
        secret: error.fieldError("secret"),
      };
      // A refused address or the subscription limit comes without a field path: show it at the URL.
      if (!found.url && !found.event && !found.secret) found.form = errorMessage(error);
      setErrors(found);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^https?:\/\/\S+$/i.test(url.trim()))
      return setErrors({
        url: "Enter an absolute http or https URL, e.g. https://example.com/hooks/deckforge.",
      });
    subscribe.mutate();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add a webhook subscription" className="space-y-4">
      {errors.form && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {errors.form}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-[1fr_18rem]">
        <Field id="webhook-url" label="Endpoint URL" error={errors.url}>
          <Input
            id="webhook-url"
            type="url"
            placeholder="https://example.com/hooks/deckforge"
            value={url}
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? "webhook-url-error" : undefined}
            onChange={(e) => {
              setUrl(e.target.value);
              setErrors((current) => ({ ...current, url: undefined }));
            }}
          />
        </Field>
        <Field id="webhook-event" label="Event" error={errors.event}>
          <Select
            id="webhook-event"
            value={event}
            aria-invalid={errors.event ? true : undefined}
            onChange={(e) => setEvent(e.target.value)}
          >
            {WEBHOOK_EVENTS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field
        id="webhook-secret"
        label="Signing secret (optional)"
        hint="Leave empty to have one generated; or paste your own whsec_… secret."
        error={errors.secret}
      >
        <Input
          id="webhook-secret"
          className="font-mono"
          autoComplete="off"
          spellCheck={false}
          value={secret}
          aria-invalid={errors.secret ? true : undefined}
          aria-describedby={errors.secret ? "webhook-secret-error" : "webhook-secret-hint"}
          onChange={(e) => {
            setSecret(e.target.value);
            setErrors((current) => ({ ...current, secret: undefined }));
          }}
        />
      </Field>
      <Button type="submit" disabled={subscribe.isPending}>
        {subscribe.isPending ? "Subscribing…" : "Add subscription"}
      </Button>
    </form>
  );
}
