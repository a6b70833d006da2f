import "server-only";
import crypto from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "./webhook-secret-format";

/** A new signing secret: "whsec_" + 32 random bytes in standard base64 (Standard Webhooks format). */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(32).toString("base64")}`;
}
