// Pure parts of webhooks: the backoff schedule, the env settings, secrets, signatures and request schemas.
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { ZWebhookDeliveriesQuery, ZWebhookSubscribeRequest } from "@/lib/api/schemas/webhooks";
import { generateWebhookSecret } from "@/lib/webhooks/generate-webhook-secret";
import { retryDelayMs } from "@/lib/webhooks/retry-delay";
import { signWebhook } from "@/lib/webhooks/sign-webhook";
import { getWebhookConfig } from "@/lib/webhooks/webhook-config";
import { webhookSecretHint, webhookSecretProblem } from "@/lib/webhooks/webhook-secret-format";

describe("retry backoff", () => {
  it("doubles from the base after each failed attempt and stops at the cap", () => {
    const config = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(attempt, config))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000,
    ]);
    expect(retryDelayMs(8, config)).toBe(3_600_000);
    expect(retryDelayMs(2000, config)).toBe(3_600_000);
  });

  it("the default schedule spreads 8 attempts over about an hour", () => {
    const config = getWebhookConfig({});
    const waits = Array.from({ length: config.maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1, config));
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBe(63.5 * 60_000);
  });
});

describe("webhook settings", () => {
  it("has the documented defaults", () => {
    expect(getWebhookConfig({})).toEqual({
      maxAttempts: 8,
      retryBaseMs: 30_000,
      retryMaxMs: 3_600_000,
      timeoutMs: 10_000,
      concurrency: 4,
      retentionDays: 30,
      staleAfterMs: 70_000,
    });
  });

  it("reads every variable, and a cap below the base is raised to the base", () => {
    const config = getWebhookConfig({
      WEBHOOK_MAX_ATTEMPTS: "3",
      WEBHOOK_RETRY_BASE_MS: "200",
      WEBHOOK_RETRY_MAX_MS: "100",
      WEBHOOK_TIMEOUT_MS: "1500",
      WEBHOOK_CONCURRENCY: "2",
      WEBHOOK_RETENTION_DAYS: "7",
    });
    expect(config).toMatchObject({ maxAttempts: 3, retryBaseMs: 200, retryMaxMs: 200, timeoutMs: 1500 });
    expect(config).toMatchObject({ concurrency: 2, retentionDays: 7, staleAfterMs: 61_500 });
  });

  it.each([
    ["WEBHOOK_MAX_ATTEMPTS", "0"],
    ["WEBHOOK_RETRY_BASE_MS", "soon"],
    ["WEBHOOK_TIMEOUT_MS", "1.5"],
  ])("refuses %s=%s naming the variable", (name, value) => {
    expect(() => getWebhookConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}:`));
  });
});

describe("signing secrets", () => {
  it("generates whsec_ + 32 bytes of base64 that the standardwebhooks library accepts", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(webhookSecretProblem(secret)).toBeNull();
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(() => new Webhook(secret)).not.toThrow();
  });

  it.each([
    ["MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", /starts with 'whsec_'/],
    ["whsec_not base64!", /not valid padded base64/],
    ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaS", /not valid padded base64/],
    ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSx", null],
    [`whsec_${Buffer.alloc(16, 7).toString("base64")}`, /24–64 bytes long \(it is 16\)/],
    [`whsec_${Buffer.alloc(65, 7).toString("base64")}`, /it is 65/],
    [`whsec_${Buffer.alloc(24, 7).toString("base64")}`, null],
    [`whsec_${Buffer.alloc(64, 7).toString("base64")}`, null],
  ])("judges %s", (secret, expected) => {
    const problem = webhookSecretProblem(secret);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it("refuses a base64 key with stray padding bits (decoders disagree about those)", () => {
    expect(
      webhookSecretProblem(`whsec_${Buffer.alloc(25, 1).toString("base64").replace(/Q==$/, "R==")}`),
    ).toMatch(/not valid padded base64/);
  });

  it("shows a fragment only", () => {
    expect(webhookSecretHint("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")).toBe("whsec_MfKQ…");
  });
});

describe("Standard Webhooks signature", () => {
  it("verifies with the standardwebhooks library, and fails for another secret, body or id", () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({
      type: "presentation.generation.completed",
      data: { presentation_id: "x" },
    });
    const headers = signWebhook(secret, "msg_abc", new Date(), body);
    expect(headers["webhook-id"]).toBe("msg_abc");
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "msg_other" })).toThrow(
      WebhookVerificationError,
    );
  });

  it("signs the attempt's own timestamp, so an old signature is refused as a replay", () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook(secret, "msg_old", new Date(Date.now() - 10 * 60_000), "{}");
    expect(() => new Webhook(secret).verify("{}", headers)).toThrow(/too old/);
  });
});

describe("request schemas", () => {
  const url = "https://example.com/hook";

  it("lists the valid events for an unknown one", () => {
    const parsed = ZWebhookSubscribeRequest.safeParse({ url, event: "presentation.created" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["event"],
      message:
        "Unknown event. Valid events: 'presentation.generation.completed', 'presentation.generation.failed'.",
    });
  });

  it.each([
    ["ftp://example.com/hook", "url"],
    ["not a url", "url"],
    ["javascript:alert(1)", "url"],
  ])("refuses the URL %s", (bad, path) => {
    const parsed = ZWebhookSubscribeRequest.safeParse({ url: bad, event: "presentation.generation.failed" });
    expect(parsed.error?.issues[0].path).toEqual([path]);
  });

  it("accepts a missing or null secret, refuses an invalid one and unknown fields", () => {
    const event = "presentation.generation.completed";
    expect(ZWebhookSubscribeRequest.parse({ url, event }).secret).toBeUndefined();
    expect(ZWebhookSubscribeRequest.parse({ url, event, secret: null }).secret).toBeNull();
    const bad = ZWebhookSubscribeRequest.safeParse({ url, event, secret: "hunter2" });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["secret"],
      message: expect.stringMatching(/whsec_/),
    });
    expect(ZWebhookSubscribeRequest.safeParse({ url, event, events: [] }).success).toBe(false);
  });

  it("reads the deliveries query with a default limit of 20, 1–100", () => {
    expect(ZWebhookDeliveriesQuery.parse({})).toEqual({ limit: 20 });
    expect(ZWebhookDeliveriesQuery.parse({ limit: "5", status: "failed" })).toEqual({
      limit: 5,
      status: "failed",
    });
    expect(ZWebhookDeliveriesQuery.safeParse({ limit: "0" }).success).toBe(false);
    expect(ZWebhookDeliveriesQuery.safeParse({ limit: "101" }).success).toBe(false);
    expect(ZWebhookDeliveriesQuery.safeParse({ status: "sent" }).success).toBe(false);
  });
});
