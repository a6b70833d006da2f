// New presentation: material and options → an editable outline → the deck, opened in the editor.
import type { Metadata } from "next";
import { NewPresentation } from "@/components/create/new-presentation";
import { requireSessionUser } from "@/lib/auth/get-session-user";

export const metadata: Metadata = { title: "New presentation · Deckforge" };

export default async function NewPresentationPage() {
  await requireSessionUser("/new");
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <NewPresentation />
    </main>
  );
}
