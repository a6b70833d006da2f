// Two browser contexts of one account edit the same deck. The stale save is refused with 409 and the
// editor asks: nothing is overwritten silently and no edit is dropped without the user's choice.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./browser";
import {
  boxText,
  createDeck,
  editorAccount,
  nextSave,
  openEditor,
  openInlineEditor,
  savedDeck,
  saveState,
  shot,
  signedInContext,
  type TEditorAccount,
  waitForSave,
} from "./editor-fixtures";

const baseUrl = inject("baseUrl");

let browser: Browser;
let account: TEditorAccount;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl, "editor-conflict");
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function openTwice(id: string): Promise<[Page, Page]> {
  const a = await signedInContext(browser, baseUrl, account.cookie);
  const b = await signedInContext(browser, baseUrl, account.cookie);
  contexts.push(a, b);
  return [await openEditor(a, `${baseUrl}/editor/${id}`), await openEditor(b, `${baseUrl}/editor/${id}`)];
}

/** Replaces the cover's title through the inline editor and waits for the save to settle. */
async function editTitle(page: Page, title: string): Promise<void> {
  await openInlineEditor(page, "title");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(title);
  await page.keyboard.press("Escape");
}

async function newDeck(): Promise<string> {
  // Made with the session (cookie + Origin), as the web app's own pages do.
  const { id } = await createDeck(
    baseUrl,
    { cookie: account.cookie },
    {
      title: "Shared deck",
      slides: [
        { layout: "title", content: { title: "Original title" } },
        { layout: "bullets", content: { title: "Second", bullets: ["One", "Two"] } },
      ],
    },
  );
  return id;
}

describe("two editors on one deck", () => {
  it("refuses the stale save with a conflict dialog; Reload shows the other edit", async () => {
    const id = await newDeck();
    const [a, b] = await openTwice(id);

    const savedA = await nextSave(a);
    await editTitle(a, "Title from A");
    await savedA();
    expect((await savedDeck(baseUrl, account.key, id)).version).toBe(2);

    await editTitle(b, "Title from B");
    await waitForSave(b, "conflict");
    const dialog = b.getByTestId("conflict-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("version 2");
    await shot(b, "editor-conflict.png");

    // Nothing was overwritten: the server still has A's edit, and B keeps its own until it chooses.
    const server = await savedDeck(baseUrl, account.key, id);
    expect(server.deck.slides[0].content.title).toBe("Title from A");
    expect(server.version).toBe(2);
    expect(await boxText(b, "title")).toBe("Title from B");
    // Autosave stays paused while the dialog waits for B's choice: nothing more is sent.
    await b.waitForTimeout(2500);
    expect(await saveState(b)).toBe("conflict");
    expect((await savedDeck(baseUrl, account.key, id)).version).toBe(2);

    await dialog.getByRole("button", { name: "Reload", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => boxText(b, "title")).toBe("Title from A");
    expect(await saveState(b)).toBe("saved");

    // B edits on top of version 2 now, and that saves.
    const savedB = await nextSave(b);
    await editTitle(b, "B after reload");
    await savedB();
    const after = await savedDeck(baseUrl, account.key, id);
    expect(after.deck.slides[0].content.title).toBe("B after reload");
    expect(after.version).toBe(3);
  });

  it("Keep mine saves B's version over the newer one, with a higher version", async () => {
    const id = await newDeck();
    const [a, b] = await openTwice(id);

    const savedA = await nextSave(a);
    await editTitle(a, "A was first");
    await savedA();
    await editTitle(b, "B keeps this");
    await waitForSave(b, "conflict");
    expect((await savedDeck(baseUrl, account.key, id)).deck.slides[0].content.title).toBe("A was first");

    const dialog = b.getByTestId("conflict-dialog");
    const savedB = await nextSave(b);
    await dialog.getByRole("button", { name: "Keep mine", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await savedB();
    const server = await savedDeck(baseUrl, account.key, id);
    expect(server.deck.slides[0].content.title).toBe("B keeps this");
    expect(server.version).toBe(3);

    // A is now the stale one: its next save gets the dialog in turn.
    await editTitle(a, "A again");
    await waitForSave(a, "conflict");
    expect((await savedDeck(baseUrl, account.key, id)).deck.slides[0].content.title).toBe("B keeps this");
  });
});
