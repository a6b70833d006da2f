// Runs once when the server starts: apply migrations, then start the in-process job worker (which
// at once takes back tasks a previous run of this server left behind) and the webhook worker, and
// take over SIGTERM/SIGINT for a graceful shutdown (lib/lifecycle/graceful-shutdown.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("@/lib/db");
  const { startWorker } = await import("@/lib/jobs/worker");
  const { startWebhookWorker } = await import("@/lib/webhooks/webhook-worker");
  const { registerShutdownHandlers } = await import("@/lib/lifecycle/graceful-shutdown");
  // A bad storage setting (STORAGE=s3 without S3_BUCKET …) stops the server here, naming the variable.
  (await import("@/lib/storage/storage-settings")).getStorageSettings();
  await getDb();
  registerShutdownHandlers();
  startWorker();
  startWebhookWorker();
}
