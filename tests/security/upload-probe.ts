// Sends one upload to a running server while /api/health is asked every 50 ms, so a test or the
// bench can tell whether the upload held the server: the answer, its time, and every health latency.

export type TProbeResult = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
  json: any;
  headers: Headers;
  ms: number;
  /** Slowest /api/health answer while the upload ran (ms); a failed health call counts as Infinity. */
  healthMaxMs: number;
  healthCalls: number;
};

/** Samples /api/health back to back (50 ms apart) until `stop()`. */
export function sampleHealth(baseUrl: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        latencies.push(res.ok ? performance.now() - started : Number.POSITIVE_INFINITY);
      } catch {
        latencies.push(Number.POSITIVE_INFINITY);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { maxMs: Math.max(0, ...latencies), calls: latencies.length };
    },
  };
}

/** Uploads the files as `files` parts with the key while sampling health. */
export async function probeUpload(
  baseUrl: string,
  key: string,
  files: { name: string; bytes: Buffer }[],
  options: { signal?: AbortSignal } = {},
): Promise<TProbeResult> {
  const body = new FormData();
  for (const file of files) body.append("files", new Blob([new Uint8Array(file.bytes)]), file.name);
  const health = sampleHealth(baseUrl);
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}/api/v1/ppt/files/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body,
      signal: options.signal,
    });
    const text = await res.text();
    const ms = performance.now() - started;
    const { maxMs, calls } = await health.stop();
    return {
      status: res.status,
      json: JSON.parse(text),
      headers: res.headers,
      ms,
      healthMaxMs: maxMs,
      healthCalls: calls,
    };
  } catch (error) {
    await health.stop();
    throw error;
  }
}
