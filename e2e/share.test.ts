// Read-only share links in real Chromium: the owner makes a link in the editor's Share dialog and
// copies it; a fresh signed-out browser opens it and sees the deck's slides drawn by the editor's
// renderer, moves through them with the keyboard and the buttons and presents full screen, with no
// edit controls and no CSP violation; the owner revokes the link (confirmed), and the visitor's
// open page turns into a "revoked or has expired" notice when it comes back into view, and a reload
// answers the 404 page.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./browser";
import {
  createDeck,
  editorAccount,
  openEditor,
  signedInContext,
  type TEditorAccount,
  uncaughtErrors,
} from "./editor-fixtures";

const baseUrl = inject("baseUrl");
const TITLE = "Share flow deck";

let browser: Browser;
let account: TEditorAccount;
let owner: BrowserContext;
let visitor: BrowserContext;
let editor: Page;
let id: string;
let url: string;

beforeAll(async () => {
  browser = await launchChromium();
  account = await editorAccount(baseUrl, "share");
  ({ id } = await createDeck(
    baseUrl,
    { key: account.key },
    {
      title: TITLE,
      slides: [
        { layout: "title", content: { title: TITLE, subtitle: "Seen without an account" } },
        {
          layout: "bullets",
          content: { title: "Second slide words", bullets: ["Alpha point", "Beta point"] },
          notes: "Presenter-only note",
        },
        { layout: "bullets", content: { title: "Third slide quote", bullets: ["Gamma point"] } },
      ],
    },
  ));
  owner = await signedInContext(browser, baseUrl, account.cookie);
  await owner.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await visitor.addInitScript(() => {
    const seen: string[] = [];
    (window as { __violations?: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
});

afterAll(async () => {
  await browser?.close();
});

const counter = (page: Page) => page.getByTestId("share-counter").textContent();

describe("share link", () => {
  it("the owner creates a link with an expiry in the editor's Share dialog and copies it", async () => {
    editor = await openEditor(owner, `${baseUrl}/editor/${id}`);
    await editor.getByRole("button", { name: "Share", exact: true }).click();
    const dialog = editor.getByRole("dialog", { name: "Share presentation" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText("No links yet").count()).toBe(1);
    // Focus starts on the expiry choice, a labelled control.
    const expiry = dialog.getByLabel("Link expires");
    expect(await expiry.evaluate((element) => element === document.activeElement)).toBe(true);
    await expiry.selectOption({ label: "In 7 days" });
    await dialog.getByRole("button", { name: "Create link" }).click();

    const created = dialog.getByLabel("Your new link");
    await created.waitFor();
    url = await created.inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl}/s/[A-Za-z0-9_-]{43}$`));
    // The new link is listed, with its creation and expiry dates (7 days on, not "Never").
    const row = dialog.locator("tbody tr");
    await expect.poll(() => row.count()).toBe(1);
    const cells = await row.first().locator("td").allTextContents();
    expect(cells[0]).toBe(url);
    expect(cells[1]).toMatch(/\d/);
    expect(cells[2]).toMatch(/\d/);
    expect(cells[2]).not.toBe(cells[1]);
    const listed = await fetch(`${baseUrl}/api/v3/presentation/${id}/share-links`, {
      headers: { authorization: `Bearer ${account.key}` },
    });
    const [link] = (await listed.json()) as { url: string; expires_at: string }[];
    expect(link.url).toBe(url);
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.01);

    await dialog.getByRole("button", { name: "Copy link" }).click();
    await dialog.getByRole("button", { name: "Copied" }).waitFor();
    expect(await editor.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  it("a signed-out visitor sees the slides, moves through them and presents, with no edit controls", async () => {
    const page = await visitor.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await page.getByTestId("share-viewer").waitFor();
    await page.locator("[data-testid=share-slide] [data-box]").first().waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(TITLE);
    await expect.poll(() => page.title()).toBe(`${TITLE} · Deckforge`);
    expect(await counter(page)).toMatch(/^(Slide )?1 \/ 3$/);
    const slide = page.getByTestId("share-slide");
    expect(await slide.getAttribute("aria-label")).toBe("Slide 1 of 3");
    expect(await slide.textContent()).toContain(TITLE);
    const box = await slide.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(600);

    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter(page)).toMatch(/2 \/ 3$/);
    expect(await slide.textContent()).toContain("Second slide words");
    await page.getByRole("button", { name: /Next/ }).click();
    await expect.poll(() => counter(page)).toMatch(/3 \/ 3$/);
    expect(await slide.textContent()).toContain("Third slide quote");
    expect(await page.getByRole("button", { name: /Next/ }).isDisabled()).toBe(true);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter(page)).toMatch(/2 \/ 3$/);

    // Read-only: no editor, no editing or export controls, no speaker notes, nothing of the owner.
    expect(await page.getByTestId("editor").count()).toBe(0);
    for (const name of ["Share", "Export PPTX", "Undo", "Inspector"])
      expect(await page.getByRole("button", { name, exact: true }).count(), name).toBe(0);
    expect(await page.locator("[contenteditable=true], textarea, input").count()).toBe(0);
    const html = await page.content();
    expect(html).not.toContain("Presenter-only note");
    expect(html).not.toContain(account.user.email);
    expect(html).not.toContain(`/editor/${id}`);

    await page.getByRole("button", { name: "Present" }).click();
    await page.getByTestId("present-mode").waitFor();
    expect(await page.getByTestId("present-counter").textContent()).toBe("2 / 3");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByTestId("present-counter").textContent()).toBe("3 / 3");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("present-mode").count()).toBe(0);

    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as { __violations?: string[] }).__violations)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("the owner revokes the link after confirming, and the visitor's reload is the revoked page", async () => {
    const dialog = editor.getByRole("dialog", { name: "Share presentation" });
    await dialog.getByRole("button", { name: /^Revoke the link/ }).click();
    const confirm = editor.getByRole("dialog", { name: "Revoke this link?" });
    await confirm.waitFor();
    // Cancelling first changes nothing.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await dialog.locator("tbody tr").count()).toBe(1);
    await dialog.getByRole("button", { name: /^Revoke the link/ }).click();
    await confirm.getByRole("button", { name: "Revoke link" }).click();
    await expect.poll(() => dialog.getByText("No links yet").count()).toBe(1);
    expect(await dialog.getByLabel("Your new link").count()).toBe(0);
    // Focus did not fall out of the dialog with the removed row.
    expect(
      await editor.evaluate(
        () => document.activeElement?.textContent?.trim() ?? document.activeElement?.tagName,
      ),
    ).toBe("Create link");
    await editor.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(uncaughtErrors(editor)).toEqual([]);

    const page = visitor.pages()[0];
    // The page already open notices when it comes back into view: the slides give way to a notice.
    expect(await page.getByTestId("share-slide").count()).toBe(1);
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await page.getByTestId("share-gone").waitFor();
    expect(await page.getByTestId("share-slide").count()).toBe(0);
    expect(await page.getByRole("alert").getByRole("heading").textContent()).toBe(
      "This link was revoked or has expired",
    );
    const response = await page.reload();
    expect(response?.status()).toBe(404);
    await page.getByTestId("share-unavailable").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "This link was revoked or has expired",
    );
    expect(await page.getByTestId("share-viewer").count()).toBe(0);
    expect(await page.content()).not.toContain(TITLE);
  });
});
