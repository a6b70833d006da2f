// Runs before pages and API routes (not static files).
//
// Pages: a fresh CSP nonce per request, put in the request's Content-Security-Policy header — where
// Next reads it to stamp its own scripts — and in the response's. Pages are rendered per request
// (app/layout.tsx), so each gets its nonce.
//
// API routes (but the uploads): two answers Next would give without a problem body — a path whose
// %-escapes are not UTF-8 (Next's router answers a bare 500, vercel/next.js#92527) and a method the
// route does not serve (Next's 405 is empty) — are answered here as problems, like every other
// API error.
import { type NextRequest, NextResponse } from "next/server";
import { problem, type TErrorCode } from "@/lib/api/errors";
import { routeMethods } from "@/lib/api/route-methods";
import { contentSecurityPolicy, newNonce } from "@/lib/security/content-security-policy";

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/api" || pathname.startsWith("/api/")) return guardApi(request, pathname);
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

function guardApi(request: NextRequest, pathname: string) {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
  } catch {
    return problemAnswer("bad_request", "The path has %-escapes that are not valid UTF-8.");
  }
  const methods = routeMethods(pathname);
  const method = request.method.toUpperCase();
  const served = (m: string) => methods?.includes(m) || (m === "HEAD" && methods?.includes("GET"));
  if (methods && method !== "OPTIONS" && !served(method)) {
    const detail = `${method} is not served at ${pathname}; use ${methods.join(", ")}.`;
    return problemAnswer("method_not_allowed", detail, { allow: methods.join(", ") });
  }
  return NextResponse.next();
}

/** A problem answered here, with a request id like every problem the route handlers answer. */
function problemAnswer(code: TErrorCode, detail: string, headers: Record<string, string> = {}) {
  const requestId = crypto.randomUUID();
  const body = { ...problem(code, detail), request_id: requestId };
  return NextResponse.json(body, {
    status: body.status,
    headers: { "content-type": "application/problem+json", "x-request-id": requestId, ...headers },
  });
}

export const config = {
  matcher: [
    // API routes: the guards above; not the multipart uploads, whose bodies the proxy would buffer
    // in memory and cut past 10 MB (they refuse other methods themselves).
    "/api/((?!v1/ppt/files/upload$|v3/files/upload$|v1/ppt/images/upload$|v1/ppt/templates$).*)",
    {
      // Pages: everything but API routes, Next's static files and the public files (favicon, robots).
      source: "/((?!api/|_next/static|_next/image|favicon\\.svg|robots\\.txt).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
