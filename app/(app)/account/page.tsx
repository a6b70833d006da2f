// /account — API keys, credits and usage, brand templates, webhooks and their deliveries, password, signed-in sessions.
import type { Metadata } from "next";
import { ApiKeysSection } from "@/components/account/api-keys-section";
import { BrandTemplatesSection } from "@/components/account/brand-templates-section";
import { CreditsSection } from "@/components/account/credits-section";
import { PasswordSection } from "@/components/account/password-section";
import { SessionsSection } from "@/components/account/sessions-section";
import { WebhooksSection } from "@/components/account/webhooks-section";
import { hasPassword } from "@/lib/account/has-password";
import { requestOrigin } from "@/lib/account/request-origin";
import { requireSessionUser } from "@/lib/auth/get-session-user";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Account" };

const SECTIONS = [
  { id: "api-keys", label: "API keys" },
  { id: "credits", label: "Credits" },
  { id: "brand-templates", label: "Brand templates" },
  { id: "webhooks", label: "Webhooks" },
  { id: "password", label: "Password" },
  { id: "sessions", label: "Sessions" },
] as const;

export default async function AccountPage() {
  const user = await requireSessionUser("/account");
  const [passwordSet, origin] = await Promise.all([hasPassword(await getDb(), user.id), requestOrigin()]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Account</h1>
          <p className="mt-1 text-sm text-muted">
            {user.name ? `${user.name} · ` : ""}
            {user.email}
          </p>
        </div>
        <nav aria-label="Account sections" className="flex flex-wrap gap-1 text-sm">
          {SECTIONS.map((section) => (
            <a
              key={section.id}
              href={`#${section.id}`}
              className="rounded-md px-2.5 py-1.5 font-semibold text-gray-700 hover:bg-white hover:text-gray-900"
            >
              {section.label}
            </a>
          ))}
        </nav>
      </div>
      <div className="mt-6 space-y-6">
        <ApiKeysSection origin={origin} />
        <CreditsSection />
        <BrandTemplatesSection />
        <WebhooksSection />
        <PasswordSection hasPassword={passwordSet} minPasswordLength={MIN_PASSWORD_LENGTH} />
        <SessionsSection />
      </div>
    </main>
  );
}
