"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { describedBy } from "@/components/auth/described-by";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { apiFetch, errorMessage, ProblemError } from "@/lib/client/api-fetch";
import { AccountSection } from "./account-section";
import { SESSIONS } from "./sessions-section";

type TField = "current_password" | "new_password" | "confirm";

/**
 * Change the password (POST /api/account/password), which signs out the account's other browsers
 * (the Sessions list is reloaded). An account without one (made through OAuth or the CLI) sets its
 * first password here, so it can also sign in with email and password.
 */
export function PasswordSection({
  hasPassword,
  minPasswordLength,
}: {
  hasPassword: boolean;
  minPasswordLength: number;
}) {
  const client = useQueryClient();
  const [passwordSet, setPasswordSet] = useState(hasPassword);
  const [values, setValues] = useState<Record<TField, string>>({
    current_password: "",
    new_password: "",
    confirm: "",
  });
  const [errors, setErrors] = useState<Partial<Record<TField | "form", string>>>({});
  const [done, setDone] = useState(false);

  const change = useMutation({
    mutationFn: () =>
      apiFetch<void>("/api/account/password", {
        method: "POST",
        body: {
          ...(passwordSet ? { current_password: values.current_password } : {}),
          new_password: values.new_password,
        },
      }),
    onMutate: () => {
      setDone(false);
      setErrors({});
    },
    onSuccess: () => {
      setDone(true);
      setPasswordSet(true);
      setValues({ current_password: "", new_password: "", confirm: "" });
      void client.invalidateQueries({ queryKey: SESSIONS });
    },
    onError: (error) => {
      if (error instanceof ProblemError) {
        const found = {
          current_password: error.fieldError("current_password"),
          new_password: error.fieldError("new_password"),
        };
        if (found.current_password || found.new_password) return setErrors(found);
      }
      setErrors({ form: errorMessage(error) });
    },
  });

  function update(field: TField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setDone(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<TField, string>> = {};
    if (passwordSet && !values.current_password) found.current_password = "Enter your current password.";
    if (values.new_password.length < minPasswordLength)
      found.new_password = `Use at least ${minPasswordLength} characters (this one has ${values.new_password.length}).`;
    if (values.confirm !== values.new_password) found.confirm = "The two passwords differ.";
    setErrors(found);
    if (Object.keys(found).length === 0) change.mutate();
  }

  const newHint = `At least ${minPasswordLength} characters; not a common password or your email.`;
  return (
    <AccountSection
      id="password"
      title="Password"
      description={
        passwordSet
          ? "Change the password you sign in with. Every other browser signed in to this account is signed out."
          : "This account has no password yet (it was made with GitHub, Google or the CLI). Set one to sign in with your email too."
      }
    >
      <form
        onSubmit={submit}
        noValidate
        aria-label={passwordSet ? "Change password" : "Set a password"}
        className="max-w-md space-y-4"
      >
        {errors.form && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errors.form}
          </p>
        )}
        {passwordSet && (
          <Field id="current-password" label="Current password" error={errors.current_password}>
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              value={values.current_password}
              aria-invalid={errors.current_password ? true : undefined}
              aria-describedby={describedBy("current-password", { error: errors.current_password })}
              onChange={(e) => update("current_password", e.target.value)}
            />
          </Field>
        )}
        <Field id="new-password" label="New password" hint={newHint} error={errors.new_password}>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={values.new_password}
            aria-invalid={errors.new_password ? true : undefined}
            aria-describedby={describedBy("new-password", { hint: newHint, error: errors.new_password })}
            onChange={(e) => update("new_password", e.target.value)}
          />
        </Field>
        <Field id="confirm-password" label="Repeat the new password" error={errors.confirm}>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            value={values.confirm}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={describedBy("confirm-password", { error: errors.confirm })}
            onChange={(e) => update("confirm", e.target.value)}
          />
        </Field>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Saving…" : passwordSet ? "Change password" : "Set password"}
          </Button>
          <span role="status" className="text-sm font-semibold text-success">
            {done ? "Password saved; other browsers are signed out." : ""}
          </span>
        </div>
      </form>
    </AccountSection>
  );
}
