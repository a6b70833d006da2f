/**
 * The methods each API route file serves, by path ({param} for a dynamic segment): what proxy.ts
 * answers a 405 problem from (with `Allow`), since Next's own 405 has an empty body. Held equal to
 * the route files' exports by tests/unit/openapi.test.ts. next-auth's /api/auth/* and the catch-all
 * 404 route are not listed: they take any method.
 */
export const ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  "/api/account/keys": ["GET", "POST"],
  "/api/account/keys/{id}": ["DELETE"],
  "/api/account/password": ["POST"],
  "/api/account/presentations": ["GET"],
  "/api/account/sessions": ["GET"],
  "/api/account/sessions/revoke-others": ["POST"],
  "/api/account/sessions/{sessionId}": ["DELETE"],
  "/api/account/signup": ["POST"],
  "/api/health": ["GET"],
  "/api/health/ready": ["GET"],
  "/api/mcp": ["POST"],
  "/api/openapi.json": ["GET"],
  "/api/v1/credits": ["GET"],
  "/api/v1/credits/rules": ["GET"],
  "/api/v1/ppt/assets/{name}": ["GET"],
  "/api/v1/ppt/exports/{id}/{filename}": ["GET"],
  "/api/v1/ppt/files/upload": ["POST"],
  "/api/v1/ppt/icons": ["GET"],
  "/api/v1/ppt/images/search": ["GET", "POST"],
  "/api/v1/ppt/images/upload": ["POST"],
  "/api/v1/ppt/layout": ["POST"],
  "/api/v1/ppt/presentation/create/from-json": ["POST"],
  "/api/v1/ppt/presentation/generate": ["POST"],
  "/api/v1/ppt/presentation/generate/async": ["POST"],
  "/api/v1/ppt/presentation/status/{id}": ["DELETE", "GET"],
  "/api/v1/ppt/presentation/{id}": ["DELETE", "GET", "PATCH", "PUT"],
  "/api/v1/ppt/presentation/{id}/ai-edit": ["POST"],
  "/api/v1/ppt/presentation/{id}/ai-edit/{proposalId}/reject": ["POST"],
  "/api/v1/ppt/presentation/{id}/switch-layout": ["POST"],
  "/api/v1/ppt/presentation/{id}/duplicate": ["POST"],
  "/api/v1/ppt/presentation/{id}/export": ["POST"],
  "/api/v1/ppt/presentations": ["GET"],
  "/api/v1/ppt/templates": ["GET", "POST"],
  "/api/v1/ppt/templates/{id}": ["DELETE", "GET"],
  "/api/v1/ppt/templates/{id}/preview": ["GET"],
  "/api/v1/webhook/all": ["GET"],
  "/api/v1/webhook/deliveries/{deliveryId}/redeliver": ["POST"],
  "/api/v1/webhook/subscribe": ["POST"],
  "/api/v1/webhook/unsubscribe": ["DELETE"],
  "/api/v1/webhook/{id}/deliveries": ["GET"],
  "/api/v3/async-task/status/{id}": ["DELETE", "GET"],
  "/api/v3/credits": ["GET"],
  "/api/v3/credits/rules": ["GET"],
  "/api/v3/files/upload": ["POST"],
  "/api/v3/presentation/generate": ["POST"],
  "/api/v3/presentation/generate/async": ["POST"],
  "/api/v3/presentation/outlines/generate": ["POST"],
  "/api/v3/presentation/{id}/share-links": ["GET", "POST"],
  "/api/v3/presentation/{id}/share-links/{linkId}": ["DELETE"],
  "/api/v3/presentation/{id}/versions": ["GET", "POST"],
  "/api/v3/presentation/{id}/versions/{versionId}": ["DELETE", "GET", "PATCH"],
  "/api/v3/presentation/{id}/versions/{versionId}/restore": ["POST"],
  "/api/v3/templates": ["GET"],
  "/api/v3/webhook/all": ["GET"],
  "/api/v3/webhook/deliveries/{deliveryId}/redeliver": ["POST"],
  "/api/v3/webhook/subscribe": ["POST"],
  "/api/v3/webhook/unsubscribe": ["DELETE"],
  "/api/v3/webhook/{id}/deliveries": ["GET"],
};

/**
 * The methods of the route `pathname` is served by, or null when no listed route matches. Like
 * Next's router, a static segment wins over a dynamic one at the first place they differ
 * (`/presentation/generate` is not `/presentation/{id}`).
 */
export function routeMethods(pathname: string): readonly string[] | null {
  const segments = pathname.split("/").filter(Boolean);
  let best: { rank: string; methods: readonly string[] } | null = null;
  for (const [pattern, methods] of Object.entries(ROUTE_METHODS)) {
    const parts = pattern.split("/").filter(Boolean);
    if (parts.length !== segments.length) continue;
    if (!parts.every((part, i) => part.startsWith("{") || part === segments[i])) continue;
    const rank = parts.map((part) => (part.startsWith("{") ? "0" : "1")).join("");
    if (!best || rank > best.rank) best = { rank, methods };
  }
  return best?.methods ?? null;
}
