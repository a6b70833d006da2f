// /sign-in — email + password and the configured OAuth providers; back to callbackUrl afterwards.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeCallbackUrl } from "@/lib/account/safe-callback-url";
import { configuredOAuthProviders } from "@/lib/auth/auth-options";
import { getSessionUser } from "@/lib/auth/get-session-user";

export const metadata: Metadata = { title: "Sign in" };

type TSearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: TSearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  const error = Array.isArray(params.error) ? params.error[0] : params.error;
  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          New to Deckforge?{" "}
          <Link
            href={`/sign-up?callbackUrl=${encodeURIComponent(callbackUrl)}`}
            className="font-semibold text-accent underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm callbackUrl={callbackUrl} providers={configuredOAuthProviders()} initialError={error} />
    </AuthCard>
  );
}
