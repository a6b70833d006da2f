import Link from "next/link";
import type { ReactNode } from "react";

/** The frame of the sign-in and sign-up pages: brand, title, the form, and the link to the other page. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-canvas px-4 py-12">
      <Link href="/" className="mb-6 text-2xl font-bold text-gray-900">
        Deckforge
      </Link>
      <div className="w-full max-w-md rounded-lg border border-line bg-white p-8 shadow-sm">
        <h1 className="mb-6 text-xl font-bold text-gray-900">{title}</h1>
        {children}
      </div>
      <p className="mt-6 text-sm text-gray-700">{footer}</p>
    </main>
  );
}
