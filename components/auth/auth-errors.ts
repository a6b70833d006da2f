/**
 * Readable messages for the `?error=` codes next-auth (and lib/auth/auth-options.ts, "OAuthEmail")
 * send back to the sign-in page. Client-safe.
 */
const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Wrong email or password.",
  OAuthEmail:
    "The provider did not share a verified email address, so no account could be matched. Verify your email with the provider, or sign up with email and password.",
  OAuthSignin: "Signing in with the provider could not start. Try again, or use your email and password.",
  OAuthCallback: "The provider's answer could not be used. Try again, or use your email and password.",
  OAuthCreateAccount: "An account could not be made from the provider's profile.",
  OAuthAccountNotLinked: "This email already has an account; sign in with the method you used before.",
  Callback: "Signing in failed on the way back from the provider. Try again.",
  AccessDenied: "Access was denied.",
  SessionRequired: "Sign in to see that page.",
  TooManyAttempts: "Too many sign-in attempts. Wait a few minutes and try again.",
  SignUpClosed: "Sign-up is closed on this server; ask its operator for an account.",
  Configuration: "Sign-in is not configured correctly on this server (see the NEXTAUTH_* settings).",
};

/** The message for a next-auth error code; unknown codes get a general one. */
export function authErrorMessage(code: string): string {
  return MESSAGES[code] ?? "Signing in failed. Try again.";
}
