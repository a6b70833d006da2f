import { describe, expect, inject, it } from "vitest";
import { api, download, pptxSlides, UUID } from "./helpers";
import { SAMPLE_CONTENT } from "./sample-content";

/** Polls a task until it leaves pending/processing, recording every status seen. */
async function pollTask(path: string) {
  const seen: string[] = [];
  for (let i = 0; i < 240; i++) {
    const res = await api(path);
    expect(res.status).toBe(200);
    if (seen.at(-1) !== res.json.status) seen.push(res.json.status);
    if (res.json.status === "completed" || res.json.status === "error") return { task: res.json, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task did not finish: ${seen.join(" → ")}`);
}

describe("async generation", () => {
  it("v3: answers 202 with a pending task that completes with the presentation result", async () => {
    const res = await api("/api/v3/presentation/generate/async", {
      body: { slides: [{ content: "## Async one\n- a" }, { content: "## Async two\n- b" }] },
    });
    expect(res.status).toBe(202);
    expect(res.json.id).toMatch(UUID);
    expect(res.json.status).toBe("pending");
    expect(res.json.progress).toBe(0);
    expect(typeof res.json.created_at).toBe("string");

    const { task, seen } = await pollTask(`/api/v3/async-task/status/${res.json.id}`);
    expect(seen[0]).toMatch(/pending|processing|completed/);
    expect(task.status).toBe("completed");
    expect(task.progress).toBe(100);
    expect(task.data.presentation_id).toMatch(UUID);
    const slides = await pptxSlides((await download(task.data.path)).bytes);
    expect(slides).toHaveLength(2);
    expect(slides[1]).toContain("Async two");
  });

  it("v1: the v1 status alias reports the same task", async () => {
    const res = await api("/api/v1/ppt/presentation/generate/async", {
      body: { content: SAMPLE_CONTENT, n_slides: 2, include_title_slide: false },
    });
    expect(res.status).toBe(202);
    const { task } = await pollTask(`/api/v1/ppt/presentation/status/${res.json.id}`);
    expect(task.status).toBe("completed");
    expect(task.data.credits_consumed).toBe(2);
    const again = await api(`/api/v3/async-task/status/${res.json.id}`);
    expect(again.json.data).toEqual(task.data);
  });

  it("refuses an unknown file reference before queueing (422 at files.0)", async () => {
    const res = await api("/api/v1/ppt/presentation/generate/async", {
      body: { content: SAMPLE_CONTENT, files: ["no-such-file"] },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ path: "files.0", message: "Unknown file reference 'no-such-file'." }]);
  });

  it("reports a failed task as error with a problem body", async () => {
    // A chart layout for text without numbers is found out while the slides are written.
    const res = await api("/api/v3/presentation/generate/async", {
      body: { slides: [{ content: "## Mood\n- good", layout: "chart" }] },
    });
    expect(res.status).toBe(202);
    const { task } = await pollTask(`/api/v3/async-task/status/${res.json.id}`);
    expect(task.status).toBe("error");
    expect(task.error).toMatchObject({ status: 422, code: "invalid_field" });
    expect(task.data).toBeUndefined();
  });

  it("hides another account's task behind a 404", async () => {
    const res = await api("/api/v3/presentation/generate/async", {
      body: { slides: [{ content: "private" }] },
    });
    const other = await api(`/api/v3/async-task/status/${res.json.id}`, { key: inject("keyB") });
    expect(other.status).toBe(404);
    expect(other.json.code).toBe("not_found");
  });
});
