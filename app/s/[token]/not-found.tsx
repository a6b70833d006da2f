import type { Metadata } from "next";

export const metadata: Metadata = { title: "Link not available", robots: { index: false, follow: false } };

/** /s/{token} for a link that was revoked, has expired or never existed: nothing about a deck is shown. */
export default function SharedPresentationNotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="share-unavailable">
      <p className="text-sm font-semibold text-muted">404</p>
      <h1 className="mt-2 text-2xl font-bold text-gray-900">This link was revoked or has expired</h1>
      <p className="mt-3 text-gray-700">
        The presentation shared at this address is no longer available. Ask the person who sent you the link
        for a new one.
      </p>
    </main>
  );
}
