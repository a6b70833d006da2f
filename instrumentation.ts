// Runs once when the server starts: apply migrations and start the in-process job worker.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("@/lib/db");
  const { startWorker } = await import("@/lib/jobs/worker");
  await getDb();
  startWorker();
}
