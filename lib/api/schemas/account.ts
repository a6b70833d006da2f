import { z } from "zod";

/** Characters an API key's name may have (the account page and the CLI show it). */
export const MAX_KEY_NAME_LENGTH = 100;
/** Active (unrevoked) keys an account may hold; the account page refuses a further one with a 422. */
export const MAX_ACTIVE_API_KEYS = 50;

/** An email as the sign-up form sends it; stored lower-cased (lib/auth/users.ts normaliseEmail). */
export const ZAccountEmail = z
  .string()
  .trim()
  .max(254, { error: "An email address has at most 254 characters." })
  .pipe(z.email({ error: "Enter an email address like name@example.com." }));

/** A password field: the rules (length, common passwords …) are checked by passwordWeakness. */
const ZPasswordInput = z.string().max(1000, { error: "Use at most 1000 characters." });

/** POST /api/account/signup. */
export const ZSignUpRequest = z.strictObject({
  email: ZAccountEmail,
  password: ZPasswordInput.min(1, { error: "Choose a password." }),
  name: z.string().trim().max(100, { error: "Use at most 100 characters." }).nullish(),
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/**
 * POST /api/account/signup's answer (202), the same for a new email and a taken one: nothing says
 * whether an account existed; signing in with the password tells its owner.
 */
export const ZSignUpAnswer = z.object({
  email: z.string().describe("The email, normalised (trimmed, lower-cased)."),
  detail: z.string(),
});
export type TSignUpAnswer = z.infer<typeof ZSignUpAnswer>;

/** One API key as the account page lists it: its display fragment, never the secret or its hash. */
export const ZApiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("The first 11 characters of the secret ('df_' + 8), to tell keys apart."),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});
export type TApiKeyView = z.infer<typeof ZApiKeyView>;

/** GET /api/account/keys: every key of the account, newest first, revoked ones included. */
export const ZApiKeyList = z.array(ZApiKeyView);

/** POST /api/account/keys. */
export const ZCreateKeyRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: "Name the key (where it will be used, e.g. 'laptop' or 'CI')." })
    .max(MAX_KEY_NAME_LENGTH, { error: `Use at most ${MAX_KEY_NAME_LENGTH} characters.` }),
});
export type TCreateKeyRequest = z.infer<typeof ZCreateKeyRequest>;

/** The created key (201): the only answer that carries the secret. */
export const ZCreatedApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.iso.datetime(),
  secret: z.string().regex(/^df_[A-Za-z0-9]{40}$/),
});
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

/**
 * POST /api/account/password. `current_password` is required when the account has a password;
 * an account made through OAuth (no password yet) sets its first one without it.
 */
export const ZChangePasswordRequest = z.strictObject({
  current_password: ZPasswordInput.optional(),
  new_password: ZPasswordInput.min(1, { error: "Choose a new password." }),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** GET /api/account/presentations?ids=a,b: titles of the account's presentations among the ids. */
export const ZPresentationTitlesQuery = z.strictObject({
  ids: z
    .string()
    .max(100 * 40, { error: "Too many ids." })
    .transform((value) => [...new Set(value.split(",").map((id) => id.trim()))].filter(Boolean))
    .pipe(z.array(z.string().max(100)).min(1, { error: "Name at least one id." }).max(100)),
});

/** Presentations of the account among the asked ids (unknown, deleted or foreign ids are left out). */
export const ZPresentationTitles = z.array(z.object({ id: z.string(), title: z.string() }));
export type TPresentationTitles = z.infer<typeof ZPresentationTitles>;

/** One signed-in browser of the account, as the account page's Sessions section lists it. */
export const ZSessionView = z.object({
  id: z.string(),
  current: z.boolean().describe("True for the session making this request."),
  browser: z
    .string()
    .nullable()
    .describe("Browser and major version read from the User-Agent ('Chrome 131')."),
  os: z.string().nullable().describe("Operating system read from the User-Agent ('macOS', 'Android 14')."),
  user_agent: z.string().nullable(),
  created_at: z.iso.datetime().describe("When the browser signed in."),
  last_seen_at: z.iso.datetime().describe("Last use, to within a few minutes."),
  expires_at: z.iso.datetime().describe("When it ends unless used again."),
});
export type TSessionView = z.infer<typeof ZSessionView>;

/** GET /api/account/sessions: the account's live sessions, the current one first, then by last use. */
export const ZSessionList = z.array(ZSessionView);

/** POST /api/account/sessions/revoke-others: how many other sessions were ended. */
export const ZRevokedSessions = z.object({ revoked: z.number().int().nonnegative() });
export type TRevokedSessions = z.infer<typeof ZRevokedSessions>;
