// The presenter view in real Chromium: "Present with speaker view" opens a window with the current
// slide, its notes, the next slide, a timer and the clock while the editor's window shows the slide
// full screen; a move in either window moves both, and Escape in the presenter ends the show in
// both. Only the owner's session opens /editor/{id}/presenter.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./browser";
import {
  createDeck,
  editorAccount,
  nextSave,
  openEditor,
  savedDeck,
  shot,
  signedInContext,
  type TEditorAccount,
  uncaughtErrors,
} from "./editor-fixtures";

const baseUrl = inject("baseUrl");

let browser: Browser;
let owner: TEditorAccount;
let context: BrowserContext;
let editor: Page;
let id: string;

const OPENING_NOTES = "Welcome everyone.\nThank the organisers before the first slide.";
const SLIDES = [
  { layout: "title", content: { title: "Speaker deck", subtitle: "Presented with notes" } },
  {
    layout: "bullets",
    content: { title: "Second slide", bullets: ["One point", "Another point"] },
    notes: "Pause here and ask for questions about the second slide.",
  },
  { layout: "bullets", content: { title: "Last slide", bullets: ["Closing point"] } },
];

/** The elapsed seconds the presenter's timer shows. */
async function timerSeconds(presenter: Page): Promise<number> {
  const text = (await presenter.getByTestId("presenter-timer").textContent()) ?? "";
  return text
    .split(":")
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
}

/** Waits until the presenter window runs: its slides are drawn in the browser, not by the server. */
async function presenterReady(presenter: Page): Promise<Page> {
  await presenter.getByTestId("presenter-view").waitFor();
  await presenter.locator("[data-testid=presenter-current] [data-box]").first().waitFor();
  return presenter;
}

/** Clicks "Present with speaker view" and answers the presenter window once it runs. */
async function openSpeakerView(page: Page): Promise<Page> {
  const [presenter] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Present with speaker view", exact: true }).click(),
  ]);
  return presenterReady(presenter);
}

beforeAll(async () => {
  browser = await launchChromium();
  owner = await editorAccount(baseUrl, "presenter");
  ({ id } = await createDeck(baseUrl, { key: owner.key }, { title: "Speaker deck", slides: SLIDES }));
  context = await signedInContext(browser, baseUrl, owner.cookie);
  editor = await openEditor(context, `${baseUrl}/editor/${id}`);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("the presenter view", () => {
  it("shows the current slide, its notes (written in the editor), the next slide, a running timer and the clock", async () => {
    const saved = await nextSave(editor);
    await editor.getByLabel("Notes for this slide").fill(OPENING_NOTES);
    await saved();
    expect((await savedDeck(baseUrl, owner.key, id)).deck.slides[0].notes).toBe(OPENING_NOTES);

    const presenter = await openSpeakerView(editor);
    // The editor's window is the audience's: the first slide, full screen.
    await editor.getByTestId("present-mode").waitFor();
    expect(await editor.getByTestId("present-counter").textContent()).toBe("1 / 3");

    const [first, second] = (await savedDeck(baseUrl, owner.key, id)).deck.slides;
    await expect.poll(() => presenter.getByTestId("presenter-counter").textContent()).toBe("Slide 1 / 3");
    expect(await presenter.getByTestId("presenter-current").getAttribute("data-slide-id")).toBe(first.id);
    expect(await presenter.getByTestId("presenter-notes").textContent()).toBe(OPENING_NOTES);
    const next = presenter.locator("[data-testid=presenter-next] [data-slide-id]");
    expect(await next.getAttribute("data-slide-id")).toBe(second.id);
    expect(await next.locator("[data-box][data-role=title]").textContent()).toContain("Second slide");
    expect(await presenter.getByTestId("presenter-clock").textContent()).toMatch(/\d{1,2}:\d{2}/);
    // The current slide is drawn large, the next one smaller, both at 16:9.
    const current = await presenter.locator("[data-testid=presenter-current] > div").boundingBox();
    const upcoming = await next.locator(":scope > div").boundingBox();
    expect(current?.width).toBeGreaterThan(500);
    expect(current && Math.abs(current.height - (current.width * 9) / 16)).toBeLessThan(1.5);
    expect(upcoming && current && upcoming.width < current.width).toBe(true);

    // The timer runs, pauses, resumes and resets.
    await expect.poll(() => timerSeconds(presenter), { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await presenter.getByRole("button", { name: "Pause", exact: true }).click();
    const paused = await timerSeconds(presenter);
    await presenter.waitForTimeout(1500);
    expect(await timerSeconds(presenter)).toBe(paused);
    expect(await presenter.getByTestId("presenter-timer").getAttribute("data-running")).toBe("false");
    await presenter.getByRole("button", { name: "Resume", exact: true }).click();
    await expect.poll(() => timerSeconds(presenter), { timeout: 5000 }).toBeGreaterThan(paused);
    await presenter.getByRole("button", { name: "Reset", exact: true }).click();
    expect(await timerSeconds(presenter)).toBeLessThanOrEqual(1);
    await expect.poll(() => timerSeconds(presenter), { timeout: 5000 }).toBeGreaterThanOrEqual(1);

    // The notes text grows and shrinks.
    const notes = presenter.getByTestId("presenter-notes");
    const size = () => notes.evaluate((node) => Number.parseFloat(getComputedStyle(node).fontSize));
    const before = await size();
    await presenter.getByRole("button", { name: "Larger notes text" }).click();
    expect(await size()).toBeGreaterThan(before);
    await presenter.getByRole("button", { name: "Smaller notes text" }).click();
    expect(await size()).toBe(before);
    await shot(presenter, "presenter-view.png");
    expect(uncaughtErrors(editor)).toEqual([]);
  });

  it("moves both windows from either: keys and clicks in the presenter, keys in the audience window", async () => {
    const presenter = context.pages().find((page) => page.url().includes("/presenter"));
    if (!presenter) throw new Error("the presenter window is not open");
    const audience = editor.getByTestId("present-counter");
    const counter = presenter.getByTestId("presenter-counter");
    const notes = presenter.getByTestId("presenter-notes");

    await presenter.keyboard.press("ArrowRight");
    await expect.poll(() => audience.textContent()).toBe("2 / 3");
    expect(await counter.textContent()).toBe("Slide 2 / 3");
    expect(await notes.textContent()).toBe(SLIDES[1].notes);

    await editor.keyboard.press("ArrowRight");
    await expect.poll(() => counter.textContent()).toBe("Slide 3 / 3");
    expect(await notes.textContent()).toBe("No notes for this slide.");
    expect(await presenter.getByTestId("presenter-end-of-deck").textContent()).toBe("End of deck");
    expect(await presenter.getByRole("button", { name: "Next →" }).isDisabled()).toBe(true);

    await editor.keyboard.press("PageUp");
    await expect.poll(() => counter.textContent()).toBe("Slide 2 / 3");
    expect(await notes.textContent()).toBe(SLIDES[1].notes);

    await presenter.getByRole("button", { name: "← Previous" }).click();
    await expect.poll(() => audience.textContent()).toBe("1 / 3");
    expect(await notes.textContent()).toBe(OPENING_NOTES);
    // A click on the current slide moves on, like a click on the audience's slide.
    await presenter.getByTestId("presenter-current").click();
    await expect.poll(() => audience.textContent()).toBe("2 / 3");
    await editor.locator("[data-present-slide]").click();
    await expect.poll(() => counter.textContent()).toBe("Slide 3 / 3");
    // Quick key presses are not undone by the other window's echo.
    await presenter.keyboard.press("Home");
    for (let i = 0; i < 2; i++) await presenter.keyboard.press("Space");
    await expect.poll(() => audience.textContent()).toBe("3 / 3");
    await presenter.waitForTimeout(300);
    expect(await counter.textContent()).toBe("Slide 3 / 3");
    expect(await audience.textContent()).toBe("3 / 3");

    // Escape in the presenter ends the show in both windows.
    const closed = presenter.waitForEvent("close");
    // The window closes on the key's way down: its keyup has no page left to go to.
    await presenter.keyboard.press("Escape").catch(() => undefined);
    await editor.getByTestId("present-mode").waitFor({ state: "detached" });
    await closed;
    expect(uncaughtErrors(editor)).toEqual([]);
  });

  it("opens from present mode with S on the slide shown, and leaving present mode ends it there", async () => {
    await editor.getByTestId("slide-thumb").first().click();
    await editor.getByRole("button", { name: "Present", exact: true }).click();
    await editor.getByTestId("present-mode").waitFor();
    await editor.keyboard.press("ArrowRight");
    await expect.poll(() => editor.getByTestId("present-counter").textContent()).toBe("2 / 3");
    const [opened] = await Promise.all([context.waitForEvent("page"), editor.keyboard.press("s")]);
    const presenter = await presenterReady(opened);
    expect(await presenter.getByTestId("presenter-counter").textContent()).toBe("Slide 2 / 3");
    expect(await presenter.getByTestId("presenter-current").getAttribute("data-slide-id")).toBe(
      (await savedDeck(baseUrl, owner.key, id)).deck.slides[1].id,
    );
    expect(await presenter.getByTestId("presenter-notes").textContent()).toBe(SLIDES[1].notes);

    const closed = presenter.waitForEvent("close");
    await editor.keyboard.press("Escape");
    await editor.getByTestId("present-mode").waitFor({ state: "detached" });
    await closed;
  });

  it("opened on its own, says no audience window is linked and moves only itself", async () => {
    const presenter = await context.newPage();
    await presenter.goto(`${baseUrl}/editor/${id}/presenter?page=0`);
    await presenterReady(presenter);
    await presenter.getByTestId("presenter-unlinked").waitFor();
    await presenter.keyboard.press("ArrowRight");
    await expect.poll(() => presenter.getByTestId("presenter-counter").textContent()).toBe("Slide 2 / 3");
    expect(await editor.getByTestId("present-mode").count()).toBe(0);
    // Starting the show in the editor links it: the presenter follows the show from then on.
    await editor.getByTestId("slide-thumb").nth(2).click();
    await editor.getByRole("button", { name: "Present", exact: true }).click();
    await expect.poll(() => presenter.getByTestId("presenter-counter").textContent()).toBe("Slide 3 / 3");
    expect(await presenter.getByTestId("presenter-unlinked").count()).toBe(0);
    await presenter.keyboard.press("ArrowLeft");
    await expect.poll(() => editor.getByTestId("present-counter").textContent()).toBe("2 / 3");
    await editor.keyboard.press("Escape");
    await editor.getByTestId("present-mode").waitFor({ state: "detached" });
    await presenter.getByRole("heading", { name: "The show has ended" }).waitFor();
    await presenter.close();
  });

  it("has no presenter view for a signed-out visitor or another account", async () => {
    const path = `/editor/${id}/presenter`;
    const anonymous = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
    expect(anonymous.status).toBe(307);
    const location = new URL(anonymous.headers.get("location") ?? "", baseUrl);
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("callbackUrl")).toBe(path);
    expect(await anonymous.text()).not.toContain("Speaker deck");

    const other = await editorAccount(baseUrl, "presenter-other");
    const stranger = await signedInContext(browser, baseUrl, other.cookie);
    const page = await stranger.newPage();
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Presentation not found" }).waitFor();
    const html = await page.content();
    expect(html).not.toContain("Speaker deck");
    expect(html).not.toContain("Welcome everyone");
    await stranger.close();
  });
});
