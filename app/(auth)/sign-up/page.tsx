// /sign-up — create an account (name, email, password), signed in at once; back to callbackUrl afterwards.
// With SIGN_UP=closed the page says so instead of showing the form.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { safeCallbackUrl } from "@/lib/account/safe-callback-url";
import { configuredOAuthProviders } from "@/lib/auth/auth-options";
import { getSessionUser } from "@/lib/auth/get-session-user";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { getSecuritySettings } from "@/lib/security/security-settings";

export const metadata: Metadata = { title: "Create an account" };

type TSearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignUpPage({ searchParams }: { searchParams: TSearchParams }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have an account?{" "}
          <Link
            href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`}
            className="font-semibold text-accent underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      {getSecuritySettings().SIGN_UP === "closed" ? (
        <p role="status" className="text-sm">
          Sign-up is closed on this server. Ask its operator for an account, then sign in.
        </p>
      ) : (
        <SignUpForm
          callbackUrl={callbackUrl}
          providers={configuredOAuthProviders()}
          minPasswordLength={MIN_PASSWORD_LENGTH}
        />
      )}
    </AuthCard>
  );
}
