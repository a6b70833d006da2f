// Version history in real Chromium: the owner edits a slide, names the version, edits again, opens
// Version history, previews the named version's slides (drawn read-only by SlideView), restores it
// after a confirmation, and the editor shows it — with the state before the restore kept both as an
// automatic version and as an undo step. The undo stack survives a reload in the same tab, and is
// dropped when the deck was saved elsewhere meanwhile.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./browser";
import {
  boxText,
  call,
  createDeck,
  editorAccount,
  nextSave,
  openEditor,
  openInlineEditor,
  savedDeck,
  shot,
  signedInContext,
  type TEditorAccount,
  uncaughtErrors,
  waitForSave,
} from "./editor-fixtures";

const baseUrl = inject("baseUrl");
const NAMED = "Named state 1111";
const LATER = "Later state 2222";

let browser: Browser;
let context: BrowserContext;
let account: TEditorAccount;
let page: Page;
let id: string;

beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl, "versions");
  ({ id } = await createDeck(
    baseUrl,
    { key: account.key },
    {
      title: "Versions deck",
      slides: [
        { layout: "title", content: { title: "Original title", subtitle: "Version history" } },
        { layout: "bullets", content: { title: "Second slide", bullets: ["Alpha", "Beta"] } },
      ],
    },
  ));
  context = await signedInContext(browser, baseUrl, account.cookie);
  page = await openEditor(context, `${baseUrl}/editor/${id}`);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Replaces the first slide's title inline and waits until the change is saved. */
async function retitle(text: string): Promise<void> {
  const saved = await nextSave(page);
  const editor = await openInlineEditor(page, "title");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
  await page.keyboard.press("Escape");
  await editor.waitFor({ state: "detached" });
  await expect.poll(() => boxText(page, "title")).toBe(text);
  await saved();
}

const serverTitle = async () => (await savedDeck(baseUrl, account.key, id)).deck.slides[0].content.title;

async function openHistory() {
  await page.getByRole("button", { name: "Version history", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Version history" });
  await dialog.waitFor();
  return dialog;
}

const undoButton = () => page.getByTitle("Undo (Ctrl+Z)");

describe("version history", () => {
  it("names the current deck from the Version history dialog", async () => {
    await retitle(NAMED);
    const dialog = await openHistory();
    // Focus starts on the name field, a labelled control; the first save kept the original deck.
    const name = dialog.getByLabel("Version name", { exact: true });
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => dialog.locator("[data-version]").count()).toBe(1);
    expect(await dialog.locator("[data-version]").first().textContent()).toContain("Automatic");
    await name.fill("Good draft");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.locator("[data-version]").first().textContent()).toContain("Good draft");
    expect(await dialog.locator("[data-version]").first().textContent()).toContain("just now");

    // The automatic version of the deck as it was loaded, named to keep it; Escape ends a renaming only.
    const automatic = dialog.locator("[data-version]").nth(1);
    await automatic.click();
    await dialog.getByRole("button", { name: "Name this version" }).click();
    await dialog.getByLabel("New name", { exact: true }).fill("Throwaway");
    await page.keyboard.press("Escape");
    await dialog.getByLabel("New name", { exact: true }).waitFor({ state: "detached" });
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Name this version" }).click();
    const newName = dialog.getByLabel("New name", { exact: true });
    await expect.poll(() => newName.evaluate((element) => element === document.activeElement)).toBe(true);
    await newName.fill("As first loaded");
    await page.keyboard.press("Enter");
    await expect.poll(() => automatic.textContent()).toContain("As first loaded");
    const list = await call(baseUrl, `/api/v3/presentation/${id}/versions`, { key: account.key });
    expect(list.json.map((v: { kind: string; name: string }) => [v.kind, v.name])).toEqual([
      ["named", "Good draft"],
      ["named", "As first loaded"],
    ]);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("previews the named version read-only and restores it after a confirmation; Undo steps back over the restore", async () => {
    await retitle(LATER);
    expect(await serverTitle()).toBe(LATER);
    const dialog = await openHistory();
    const named = dialog.locator("[data-version]").filter({ hasText: "Good draft" });
    await named.waitFor();
    await named.click();
    expect(await named.getAttribute("aria-pressed")).toBe("true");
    const preview = dialog.getByTestId("version-preview");
    await expect.poll(() => preview.getByTestId("version-preview-slide").count()).toBe(2);
    expect(await preview.textContent()).toContain(NAMED);
    expect(await preview.textContent()).not.toContain(LATER);
    // Read-only: nothing in the preview can be edited.
    expect(await preview.locator("[data-hotspot], [contenteditable=true]").count()).toBe(0);
    // The editor still shows the current deck behind the dialog.
    expect(await boxText(page, "title")).toBe(LATER);
    await shot(page, "version-history.png");

    await dialog.getByRole("button", { name: "Restore this version" }).click();
    const confirm = page.getByRole("dialog", { name: "Restore this version?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Restore version" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => boxText(page, "title")).toBe(NAMED);
    await waitForSave(page);
    expect(await serverTitle()).toBe(NAMED);

    // What was there before the restore is in the history.
    const again = await openHistory();
    await expect
      .poll(() => again.locator("[data-version]").first().textContent())
      .toContain("Automatic, before a restore");
    await again.getByRole("button", { name: "Close" }).click();
    await again.waitFor({ state: "hidden" });

    // And the restore is one undo step.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    let saved = await nextSave(page);
    await page.keyboard.press("ControlOrMeta+Z");
    await expect.poll(() => boxText(page, "title")).toBe(LATER);
    await saved();
    expect(await serverTitle()).toBe(LATER);
    saved = await nextSave(page);
    await page.keyboard.press("ControlOrMeta+Shift+Z");
    await expect.poll(() => boxText(page, "title")).toBe(NAMED);
    await saved();
    expect(await serverTitle()).toBe(NAMED);
  });

  it("after a reload the restored text is there and the undo stack still steps back", async () => {
    await page.reload();
    await page.locator("[data-testid=canvas-page] [data-box]").first().waitFor();
    await expect.poll(() => boxText(page, "title")).toBe(NAMED);
    await expect.poll(() => undoButton().isEnabled()).toBe(true);
    const saved = await nextSave(page);
    await undoButton().click();
    await expect.poll(() => boxText(page, "title")).toBe(LATER);
    await saved();
    expect(await serverTitle()).toBe(LATER);
    // Undo further, through the reload, down to the deck as it was loaded first.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ControlOrMeta+Z");
    await expect.poll(() => boxText(page, "title")).toBe(NAMED);
    await page.keyboard.press("ControlOrMeta+Z");
    await expect.poll(() => boxText(page, "title")).toBe("Original title");
    await expect.poll(() => undoButton().isDisabled()).toBe(true);
    await waitForSave(page);
    expect(await serverTitle()).toBe("Original title");
  });

  it("drops the kept undo steps when the deck was saved elsewhere since", async () => {
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ControlOrMeta+Shift+Z");
    await expect.poll(() => boxText(page, "title")).toBe(NAMED);
    await waitForSave(page);
    const key = `deckforge:undo:${id}`;
    await expect.poll(() => page.evaluate((k) => sessionStorage.getItem(k) !== null, key)).toBe(true);

    // Another tab (here the API) saves a newer version.
    const { version, deck } = await savedDeck(baseUrl, account.key, id);
    deck.slides[0].content.title = "Saved elsewhere 3333";
    const put = await call(
      baseUrl,
      `/api/v1/ppt/presentation/${id}`,
      { key: account.key },
      { method: "PUT", body: { version, deck } },
    );
    expect(put.status, put.text).toBe(200);

    await page.reload();
    await page.locator("[data-testid=canvas-page] [data-box]").first().waitFor();
    await expect.poll(() => boxText(page, "title")).toBe("Saved elsewhere 3333");
    await expect.poll(() => page.evaluate((k) => sessionStorage.getItem(k), key)).toBe(null);
    expect(await undoButton().isDisabled()).toBe(true);
    expect(uncaughtErrors(page)).toEqual([]);
  });

  it("keeps the deck before a layout switch and before an accepted AI edit as automatic versions", async () => {
    const newest = async () =>
      (await call(baseUrl, `/api/v3/presentation/${id}/versions`, { key: account.key })).json[0];
    await page.getByTestId("slide-thumb").nth(1).click();
    let saved = await nextSave(page);
    await page.getByLabel("Layout", { exact: true }).selectOption("agenda");
    await expect.poll(() => page.getByLabel("Layout", { exact: true }).inputValue()).toBe("agenda");
    await saved();
    const switched = await newest();
    expect(switched).toMatchObject({ kind: "automatic", reason: "layout_switch" });
    const before = await call(baseUrl, `/api/v3/presentation/${id}/versions/${switched.id}`, {
      key: account.key,
    });
    expect(before.json.deck.slides[1].layout).toBe("bullets");

    const panel = page.getByRole("region", { name: "AI edit" });
    await panel.getByRole("button", { name: "Add a slide about risks", exact: true }).click();
    await panel.getByRole("button", { name: "Apply", exact: true }).click();
    // The proposal is drawn on the canvas, with its Accept button.
    const accept = page
      .getByRole("region", { name: "AI proposal" })
      .getByRole("button", { name: "Accept", exact: true });
    const alert = panel.getByRole("alert");
    await accept.or(alert).first().waitFor({ timeout: 60_000 });
    if (await alert.count()) throw new Error(`The AI edit failed: ${await alert.first().textContent()}`);
    saved = await nextSave(page);
    await accept.click();
    await saved();
    expect(await newest()).toMatchObject({
      kind: "automatic",
      reason: "ai_edit",
      revision: switched.revision + 1,
    });

    const dialog = await openHistory();
    await expect
      .poll(() => dialog.locator("[data-version]").first().textContent())
      .toContain("Automatic, before an AI edit");
    expect(await dialog.locator("[data-version]").nth(1).textContent()).toContain(
      "Automatic, before a layout switch",
    );
    await dialog.getByRole("button", { name: "Close" }).click();
    expect(uncaughtErrors(page)).toEqual([]);
  });

  it("deletes a named version after a confirmation, the deck untouched", async () => {
    const before = await savedDeck(baseUrl, account.key, id);
    const dialog = await openHistory();
    const kept = dialog.locator("[data-version]").filter({ hasText: "As first loaded" });
    await kept.click();
    await dialog.getByRole("button", { name: "Delete the version As first loaded" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this version?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Delete version" }).click();
    await kept.waitFor({ state: "detached" });
    const list = await call(baseUrl, `/api/v3/presentation/${id}/versions`, { key: account.key });
    expect(list.json.map((v: { name: string | null }) => v.name)).not.toContain("As first loaded");
    expect(list.json.map((v: { name: string | null }) => v.name)).toContain("Good draft");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    const after = await savedDeck(baseUrl, account.key, id);
    expect({ version: after.version, deck: after.deck }).toEqual({
      version: before.version,
      deck: before.deck,
    });
    expect(uncaughtErrors(page)).toEqual([]);
  });
});
