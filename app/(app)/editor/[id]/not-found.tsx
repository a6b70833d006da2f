import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

/** /editor/{id} for an id the signed-in account does not own (or that does not exist): nothing about it is shown. */
export default function EditorNotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-muted">404</p>
      <h1 className="mt-2 text-2xl font-bold text-gray-900">Presentation not found</h1>
      <p className="mt-3 text-gray-700">
        There is no presentation at this address in your account. It may have been deleted, or it belongs to
        someone else.
      </p>
      <Link href="/dashboard" className={`${buttonClass("primary")} mt-6`}>
        Your presentations
      </Link>
    </main>
  );
}
