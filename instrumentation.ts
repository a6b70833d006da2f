// Runs once when the server starts: check the settings, apply migrations, then start the in-process
// job worker (which at once takes back tasks a previous run of this server left behind) and the
// webhook worker, and take over SIGTERM/SIGINT for a graceful shutdown
// (lib/lifecycle/graceful-shutdown.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // A wrong setting stops the server at once with one line per variable (name, value, what is
  // allowed) — `npm start` checks the same before it builds; this covers a plain `next start`.
  (await import("@/lib/lifecycle/stop-on-bad-settings")).stopOnBadSettings();
  const { getDb } = await import("@/lib/db");
  const { startWorker } = await import("@/lib/jobs/worker");
  const { startWebhookWorker } = await import("@/lib/webhooks/webhook-worker");
  const { registerShutdownHandlers } = await import("@/lib/lifecycle/graceful-shutdown");
  await getDb();
  registerShutdownHandlers();
  startWorker();
  startWebhookWorker();
}
