// Runs once when the server starts: apply migrations, then start the in-process job worker (which
// at once takes back tasks a previous run of this server left behind) and the webhook worker.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("@/lib/db");
  const { startWorker } = await import("@/lib/jobs/worker");
  const { startWebhookWorker } = await import("@/lib/webhooks/webhook-worker");
  await getDb();
  startWorker();
  startWebhookWorker();
}
