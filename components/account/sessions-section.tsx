"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { listPlaceholder, TableHead } from "@/components/ui/data-list";
import type { TRevokedSessions, TSessionView } from "@/lib/api/schemas/account";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { AccountSection } from "./account-section";
import { formatTime } from "./format";

/** The query of the account's sessions (the password section reloads it after a change). */
export const SESSIONS = ["account", "sessions"] as const;

/** "Chrome 131 on macOS", or what is known of it. */
export function sessionLabel(session: Pick<TSessionView, "browser" | "os">): string {
  const browser = session.browser ?? "Unknown browser";
  return session.os ? `${browser} on ${session.os}` : browser;
}

/**
 * Signed-in browsers: each with browser and OS, when it signed in and was last active, "This
 * browser" on the current one; "Sign out" ends another one at once, "Sign out everywhere else"
 * all of them but this one.
 */
export function SessionsSection() {
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS,
    queryFn: () => apiFetch<TSessionView[]>("/api/account/sessions"),
  });
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const revoke = useMutation({
    mutationFn: (session: TSessionView) =>
      apiFetch<void>(`/api/account/sessions/${encodeURIComponent(session.id)}`, { method: "DELETE" }),
    onMutate: () => {
      setMessage(null);
      setFailure(null);
    },
    onSuccess: (_, session) => {
      client.setQueryData<TSessionView[]>(SESSIONS, (list) => list?.filter((s) => s.id !== session.id));
      setMessage(`Signed out ${sessionLabel(session)}.`);
    },
    onError: (error, session) =>
      setFailure(`Could not sign out ${sessionLabel(session)}: ${errorMessage(error)}`),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS }),
  });

  const revokeOthers = useMutation({
    mutationFn: () => apiFetch<TRevokedSessions>("/api/account/sessions/revoke-others", { method: "POST" }),
    onMutate: () => {
      setMessage(null);
      setFailure(null);
    },
    onSuccess: ({ revoked }) => {
      client.setQueryData<TSessionView[]>(SESSIONS, (list) => list?.filter((s) => s.current));
      setMessage(revoked === 1 ? "Signed out 1 other browser." : `Signed out ${revoked} other browsers.`);
    },
    onError: (error) => setFailure(`Could not sign out the other browsers: ${errorMessage(error)}`),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS }),
  });

  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current).length;
  return (
    <AccountSection
      id="sessions"
      title="Sessions"
      description="Browsers signed in to this account. Signing one out ends it at once: its next page or request asks to sign in again."
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={others === 0 || revokeOthers.isPending}
          onClick={() => revokeOthers.mutate()}
        >
          {revokeOthers.isPending ? "Signing out…" : "Sign out everywhere else"}
        </Button>
        <span role="status" className="text-sm font-semibold text-success">
          {message ?? ""}
        </span>
      </div>
      {failure && (
        <p role="alert" className="mt-4 text-sm font-semibold text-danger">
          {failure}
        </p>
      )}
      <div className="mt-6 overflow-x-auto">
        {listPlaceholder(sessions, "sessions") ?? (
          <table className="w-full min-w-[40rem] text-left text-sm" aria-label="Signed-in browsers">
            <TableHead
              columns={["Browser", "Signed in", "Last active", { label: "Actions", actions: true }]}
            />
            <tbody>
              {list.map((session) => (
                <tr
                  key={session.id}
                  className="border-b border-line last:border-0"
                  data-session-id={session.id}
                >
                  <td className="py-2.5 pr-4">
                    <span className="font-semibold text-gray-900" title={session.user_agent ?? undefined}>
                      {sessionLabel(session)}
                    </span>
                    {session.current && (
                      <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-success">
                        This browser
                      </span>
                    )}
                  </td>
                  <td className="py-2.5 pr-4 whitespace-nowrap">{formatTime(session.created_at)}</td>
                  <td className="py-2.5 pr-4 whitespace-nowrap">
                    {session.current ? "Now" : formatTime(session.last_seen_at)}
                  </td>
                  <td className="py-2.5 text-right">
                    {!session.current && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-danger!"
                        disabled={revoke.isPending && revoke.variables?.id === session.id}
                        onClick={() => revoke.mutate(session)}
                        aria-label={`Sign out ${sessionLabel(session)}, signed in ${formatTime(session.created_at)}`}
                      >
                        Sign out
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </AccountSection>
  );
}
