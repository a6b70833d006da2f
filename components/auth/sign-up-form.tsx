"use client";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { TSignUpAnswer } from "@/lib/api/schemas/account";
import { apiFetch, errorMessage, ProblemError } from "@/lib/client/api-fetch";
import { authErrorMessage } from "./auth-errors";
import { describedBy } from "./described-by";
import { FormAlert } from "./form-alert";
import { OAuthButtons, type TOAuthProvider } from "./oauth-buttons";

type TFieldName = "name" | "email" | "password" | "confirm";
type TFieldErrors = Partial<Record<TFieldName, string>>;

/** The sign-up was taken but signing in with the same email and password failed. */
class SignInAfterSignUpError extends Error {
  constructor(code: string) {
    super(
      code === "CredentialsSignin"
        ? "Signing in with this email and password failed. If the email already has an account, sign in with its password."
        : authErrorMessage(code),
    );
  }
}

/**
 * Sign-up: POST /api/account/signup (a weak password answered per field; a taken email answered
 * like a new one), then sign-in with the same credentials and on to `callbackUrl`. A sign-in that
 * fails offers the sign-in page: the email may have an account with another password.
 * The browser checks only what it can know (length, the two passwords agree); the server decides.
 */
export function SignUpForm({
  callbackUrl,
  providers,
  minPasswordLength,
}: {
  callbackUrl: string;
  providers: TOAuthProvider[];
  minPasswordLength: number;
}) {
  const [values, setValues] = useState({ name: "", email: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  // Signing in after sign-up failed: the email may already have an account (the server does not say).
  const [offerSignIn, setOfferSignIn] = useState(false);

  const mutation = useMutation({
    mutationFn: async () => {
      await apiFetch<TSignUpAnswer>("/api/account/signup", {
        method: "POST",
        body: { email: values.email, password: values.password, name: values.name || undefined },
      });
      const result = await signIn("credentials", {
        email: values.email,
        password: values.password,
        redirect: false,
        callbackUrl,
      });
      if (!result || result.error) throw new SignInAfterSignUpError(result?.error ?? "Default");
    },
    onMutate: () => {
      setAlert(null);
      setOfferSignIn(false);
    },
    onSuccess: () => window.location.assign(callbackUrl),
    onError: (error) => {
      if (error instanceof ProblemError) {
        const fields: TFieldErrors = {};
        for (const path of ["name", "email", "password"] as const) {
          const message = error.fieldError(path);
          if (message) fields[path] = message;
        }
        setErrors(fields);
        setAlert(Object.keys(fields).length > 0 ? null : errorMessage(error));
        return;
      }
      setOfferSignIn(error instanceof SignInAfterSignUpError);
      setAlert(errorMessage(error));
    },
  });
  const busy = mutation.isPending || mutation.isSuccess;

  function change(field: TFieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === "email") setOfferSignIn(false);
  }

  function localErrors(): TFieldErrors {
    const found: TFieldErrors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
      found.email = "Enter an email address like name@example.com.";
    if (values.password.length < minPasswordLength)
      found.password = `Use at least ${minPasswordLength} characters (this one has ${values.password.length}).`;
    if (values.confirm !== values.password) found.confirm = "The two passwords differ.";
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = localErrors();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate();
  }

  const passwordHint = `At least ${minPasswordLength} characters; not a common password or your email.${
    values.password ? ` ${values.password.length} so far.` : ""
  }`;
  const confirmHint =
    values.confirm && values.confirm === values.password ? "The passwords match." : undefined;

  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="space-y-4" noValidate aria-label="Create an account">
        <FormAlert message={alert} />
        <Field id="name" label="Name (optional)" error={errors.name}>
          <Input
            id="name"
            name="name"
            autoComplete="name"
            maxLength={100}
            value={values.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name", { error: errors.name })}
            onChange={(e) => change("name", e.target.value)}
          />
        </Field>
        <Field id="email" label="Email" error={errors.email}>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email", { error: errors.email })}
            onChange={(e) => change("email", e.target.value)}
          />
        </Field>
        {offerSignIn && (
          <a
            href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`}
            className="-mt-2 block text-xs font-semibold text-accent underline"
          >
            Sign in with this email instead
          </a>
        )}
        <Field id="password" label="Password" hint={passwordHint} error={errors.password}>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={values.password}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy("password", { hint: passwordHint, error: errors.password })}
            onChange={(e) => change("password", e.target.value)}
          />
        </Field>
        <Field id="confirm" label="Repeat the password" hint={confirmHint} error={errors.confirm}>
          <Input
            id="confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            value={values.confirm}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={describedBy("confirm", { hint: confirmHint, error: errors.confirm })}
            onChange={(e) => change("confirm", e.target.value)}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating your account…" : "Create account"}
        </Button>
      </form>
      <OAuthButtons providers={providers} callbackUrl={callbackUrl} />
    </div>
  );
}
