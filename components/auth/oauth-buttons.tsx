"use client";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export type TOAuthProvider = { id: "github" | "google"; name: string };

/** One button per OAuth provider the server has configured (GitHub, Google). */
export function OAuthButtons({
  providers,
  callbackUrl,
}: {
  providers: TOAuthProvider[];
  callbackUrl: string;
}) {
  const [pending, setPending] = useState<string | null>(null);
  if (providers.length === 0) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          className="w-full"
          disabled={pending !== null}
          onClick={() => {
            setPending(provider.id);
            void signIn(provider.id, { callbackUrl });
          }}
        >
          {pending === provider.id ? `Opening ${provider.name}…` : `Continue with ${provider.name}`}
        </Button>
      ))}
    </div>
  );
}
