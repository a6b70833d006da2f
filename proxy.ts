// Runs before every page (not API routes or static files): a fresh CSP nonce per request, put in
// the request's Content-Security-Policy header — where Next reads it to stamp its own scripts —
// and in the response's. Pages are rendered per request (app/layout.tsx), so each gets its nonce.
import { type NextRequest, NextResponse } from "next/server";
import { contentSecurityPolicy, newNonce } from "@/lib/security/content-security-policy";

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV === "development",
    https: request.nextUrl.protocol === "https:",
  });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      // Everything but API routes, Next's static files and the public files (favicon, robots).
      source: "/((?!api/|_next/static|_next/image|favicon\\.svg|robots\\.txt).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
