import type { Db } from "@/lib/db";

/** What every MCP tool and resource of one request works with: the key's account and this server. */
export type TMcpContext = {
  db: Db;
  /** The account the API key belongs to: the only one whose presentations the tools see. */
  userId: string;
  /** The API key the request came with (null for a signed-in session): a cancellation must match it. */
  apiKeyId: string | null;
  /** Origin for absolute links (download and editor URLs), as the REST answers make them. */
  origin: string;
  /** The HTTP request's id, logged with an unexpected error and quoted in its message. */
  requestId: string;
};
