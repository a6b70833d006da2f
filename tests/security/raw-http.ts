// HTTP calls with headers fetch will not send as given (Host) and forged proxy headers, for the
// security tests of origins, links and per-address limits.
import http from "node:http";

export type TRawAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  json: any;
};

/** One request to `baseUrl` + `path` with exactly these headers (Host included when given). */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<TRawAnswer> {
  const url = new URL(options.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        headers: {
          ...options.headers,
          ...(options.body === undefined ? {} : { "content-length": Buffer.byteLength(options.body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** The `name=value` pairs of Set-Cookie headers, as one Cookie header value. */
export function cookiePairs(setCookie: string[] | undefined): string {
  return (setCookie ?? []).map((line) => line.split(";")[0]).join("; ");
}

/**
 * A password sign-in through next-auth's credentials callback, as its client sends it (CSRF token
 * and cookie first), with extra headers (a forged or a proxy's X-Forwarded-For).
 */
export async function signInWith(
  baseUrl: string,
  user: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<TRawAnswer & { session: string | null }> {
  const csrf = await rawRequest(baseUrl, { path: "/api/auth/csrf", headers });
  const answer = await rawRequest(baseUrl, {
    method: "POST",
    path: "/api/auth/callback/credentials",
    headers: {
      ...headers,
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiePairs(csrf.headers["set-cookie"]),
    },
    body: new URLSearchParams({
      csrfToken: csrf.json.csrfToken,
      email: user.email,
      password: user.password,
      callbackUrl: baseUrl,
      json: "true",
    }).toString(),
  });
  const session = (answer.headers["set-cookie"] ?? []).filter((line) =>
    /^(__Secure-)?next-auth\.session-token(\.\d+)?=[^;]/.test(line),
  );
  return { ...answer, session: session.length > 0 ? cookiePairs(session) : null };
}
