/**
 * Writes a bench's figures to bench/out/<name>.json (git-ignored) and returns the path. The machine
 * (cores, load average at the end of the run, Node version) goes with them: on a shared box the
 * same bench gives other figures under other load.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const BENCH_OUT = path.resolve(import.meta.dirname, "../out");

export function writeBenchJson(name: string, data: Record<string, unknown>): string {
  fs.mkdirSync(BENCH_OUT, { recursive: true });
  const file = path.join(BENCH_OUT, `${name}.json`);
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    node: process.version,
  };
  fs.writeFileSync(file, `${JSON.stringify({ ...data, machine }, null, 2)}\n`);
  return file;
}
