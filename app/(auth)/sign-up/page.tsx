// /sign-up — create an account (name, email, password), signed in at once; back to callbackUrl afterwards.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { safeCallbackUrl } from "@/lib/account/safe-callback-url";
import { configuredOAuthProviders } from "@/lib/auth/auth-options";
import { getSessionUser } from "@/lib/auth/get-session-user";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";

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
      <SignUpForm
        callbackUrl={callbackUrl}
        providers={configuredOAuthProviders()}
        minPasswordLength={MIN_PASSWORD_LENGTH}
      />
    </AuthCard>
  );
}
