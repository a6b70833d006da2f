"use client";
import { Button } from "@/components/ui/button";
import type { TCreatedApiKey } from "@/lib/api/schemas/account";
import { CopyButton } from "./copy-button";

/** The secret of a key just made — shown this once — with a copy button and a curl line using it. */
export function NewKeyPanel({
  created,
  origin,
  onDone,
}: {
  created: TCreatedApiKey;
  origin: string;
  onDone: () => void;
}) {
  const curl = `curl ${origin}/api/v1/credits \\\n  -H "Authorization: Bearer ${created.secret}"`;
  return (
    <section
      aria-label="Your new API key"
      className="mt-5 rounded-lg border-2 border-amber-300 bg-amber-50 p-4"
      data-testid="new-key-panel"
    >
      <p className="text-sm font-bold text-gray-900">Key “{created.name}” created. Copy it now.</p>
      <p className="mt-1 text-sm text-gray-800">
        It will not be shown again: Deckforge keeps only a hash of it. If you lose it, revoke it and make
        another.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <code
          className="rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm break-all text-gray-900 select-all"
          data-testid="new-key-secret"
        >
          {created.secret}
        </code>
        <CopyButton text={created.secret} />
      </div>
      <p className="mt-4 text-xs font-semibold text-gray-700">Try it:</p>
      <pre className="mt-1 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
        <code>{curl}</code>
      </pre>
      <div className="mt-3 flex justify-end">
        <Button variant="secondary" size="sm" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </section>
  );
}
