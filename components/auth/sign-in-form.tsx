"use client";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { authErrorMessage } from "./auth-errors";
import { FormAlert } from "./form-alert";
import { OAuthButtons, type TOAuthProvider } from "./oauth-buttons";

/**
 * Email + password sign-in through next-auth's credentials provider, without a page reload on a
 * wrong password; on success the browser goes to `callbackUrl` (already checked to be a local path).
 */
export function SignInForm({
  callbackUrl,
  providers,
  initialError,
}: {
  callbackUrl: string;
  providers: TOAuthProvider[];
  initialError?: string;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialError ? authErrorMessage(initialError) : null);
  const mutation = useMutation({
    mutationFn: async () => {
      const result = await signIn("credentials", { email, password, redirect: false, callbackUrl });
      if (!result || result.error) throw new Error(authErrorMessage(result?.error ?? "Default"));
    },
    onMutate: () => setError(null),
    onSuccess: () => {
      // A full load, so the server renders the next page with the new session cookie.
      window.location.assign(callbackUrl);
    },
    onError: (e) => setError(e.message),
  });
  const busy = mutation.isPending || mutation.isSuccess;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) return setError("Enter your email and password.");
    mutation.mutate();
  }

  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="space-y-4" noValidate aria-label="Sign in">
        <FormAlert message={error} />
        <Field id="email" label="Email">
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field id="password" label="Password">
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      <OAuthButtons providers={providers} callbackUrl={callbackUrl} />
    </div>
  );
}
