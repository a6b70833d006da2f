/**
 * Resident memory of a process and all its descendants, read from /proc (Linux). `next start`
 * serves in the process the harness spawned (it renames itself next-server), but any child it
 * starts belongs to the instance too: the tree's sum is what the machine really gives it.
 */
import fs from "node:fs";

/** Parent pid of every live process, from /proc/<pid>/stat (field 4). */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (field 2) may hold spaces and parentheses: split after its last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // the process ended while we listed it
    }
  }
  return parents;
}

/** `pid` and every descendant of it. */
export function processTree(pid: number): number[] {
  const parents = parentsByPid();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** VmRSS of one process in bytes; 0 when it has ended. */
function vmRss(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Summed VmRSS (bytes) of each root pid's process tree. */
export function treeRss(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) for (const member of processTree(pid)) total += vmRss(member);
  return total;
}

/**
 * Samples the summed RSS of the given process trees every `everyMs` until `stop()`, which returns
 * the peak and the last sample (bytes).
 */
export function sampleTreeRss(pids: readonly number[], everyMs = 200) {
  let peak = treeRss(pids);
  let last = peak;
  const timer = setInterval(() => {
    last = treeRss(pids);
    peak = Math.max(peak, last);
  }, everyMs);
  return {
    stop(): { peak: number; last: number } {
      clearInterval(timer);
      last = treeRss(pids);
      peak = Math.max(peak, last);
      return { peak, last };
    },
  };
}
