// The dashboard: the signed-in account's presentations (open, rename, duplicate, delete, download).
import type { Metadata } from "next";
import { Suspense } from "react";
import { Dashboard } from "@/components/dashboard/dashboard";
import { requireSessionUser } from "@/lib/auth/get-session-user";

export const metadata: Metadata = { title: "Presentations · Deckforge" };

export default async function DashboardPage() {
  await requireSessionUser("/dashboard");
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      {/* The dashboard reads its search and page from the URL. */}
      <Suspense>
        <Dashboard />
      </Suspense>
    </main>
  );
}
