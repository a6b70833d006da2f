/**
 * Which deck field a drawn box shows, and how to read and write it. Box roles come from the layout
 * engine ("title", "columns.0.body", "items.2.title", "bullets.3" on an agenda …); a continuation
 * page's box has its slide's role, so editing it edits the whole field. Client-safe.
 */

import { LAYOUT_SPECS } from "@/lib/deck/layout-content";
import type { TDeck, TLayoutId, TSlide, TSlideContent } from "@/lib/deck/schema";
import { updateSlide } from "./deck-ops";

export type TPath = readonly (string | number)[];

/**
 * How a field is edited: `line` is one line of inline text (titles, labels), `text` is paragraphs
 * (one per line), `rich` is a body's paragraphs followed by its bullet list, edited together
 * because the layout draws them as one region cut in two boxes.
 */
export type TFieldKind = "line" | "text" | "rich";

type TFieldBase = {
  /** Identifies the field on its slide (history coalescing, open editor). */
  key: string;
  /** For people: "Title", "Column 1 heading". */
  label: string;
  /** The box roles that show this field. */
  roles: string[];
};

export type TTextField = TFieldBase & {
  kind: "line" | "text";
  scope: "slide" | "deck";
  path: TPath;
  /** Cannot be left empty (a metric's value, a quote's text). */
  required?: "non-empty";
  /** Blank removes the field (or the agenda item) instead of storing "". */
  removable: boolean;
  maxLength: number;
  /** What the layout draws while the field is unset (the deck title on a cover, "Agenda"). */
  fallback?: string;
};

export type TRichField = TFieldBase & { kind: "rich"; bodyPath: TPath; bulletsPath: TPath };

export type TField = TTextField | TRichField;

/** A rich field's value: body paragraphs joined by newlines, and the bullets. */
export type TRichValue = { body: string; bullets: string[] };

const INLINE_MAX = 5000;

/** Layouts that draw a slide's body and bullets as one region. */
function drawsBodyWithBullets(layout: TLayoutId): boolean {
  const { reads } = LAYOUT_SPECS[layout];
  return layout !== "closing" && reads.includes("body") && reads.includes("bullets");
}

function line(key: string, label: string, path: TPath, extra: Partial<TTextField> = {}): TTextField {
  return {
    key,
    label,
    roles: [key],
    kind: "line",
    scope: "slide",
    path,
    removable: true,
    maxLength: INLINE_MAX,
    ...extra,
  };
}

function rich(prefix: string, label: string): TRichField {
  const base = prefix ? prefix.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [];
  return {
    key: `${prefix ? `${prefix}.` : ""}body+bullets`,
    label,
    roles: [`${prefix ? `${prefix}.` : ""}body`, `${prefix ? `${prefix}.` : ""}bullets`],
    kind: "rich",
    bodyPath: [...base, "body"],
    bulletsPath: [...base, "bullets"],
  };
}

/** The field a box with `role` shows on `slide`; null for boxes that show no editable text. */
export function fieldForRole(deck: TDeck, slide: TSlide, role: string): TField | null {
  const parts = role.split(".");
  const n = Number(parts[1]);
  const ordinal = n + 1;
  switch (parts[0]) {
    case "title":
      return line("title", "Title", ["title"], {
        fallback: slide.layout === "title" ? deck.title : slide.layout === "agenda" ? "Agenda" : undefined,
      });
    case "subtitle":
      return { ...line("subtitle", "Subtitle", ["subtitle"]), kind: "text" };
    case "author":
      return line("author", "Author", ["author"], { scope: "deck", maxLength: 200 });
    case "body":
    case "bullets":
      if (parts.length === 2 && role.startsWith("bullets.") && Number.isInteger(n)) {
        // An agenda draws each item in its own box, numbered among the non-empty items.
        const index = nthNonEmpty(slide.content.bullets ?? [], n);
        // Blank stays "" (the layout skips it) so the path keeps naming this item while it is edited.
        return index === -1 ? null : line(role, `Item ${ordinal}`, ["bullets", index], { removable: false });
      }
      if (parts.length !== 1) return null;
      if (drawsBodyWithBullets(slide.layout)) return rich("", "Text and bullets");
      return role === "body" ? { ...line("body", "Text", ["body"]), kind: "text" } : null;
    case "columns":
      if (!Number.isInteger(n)) return null;
      if (parts[2] === "heading") return line(role, `Column ${ordinal} heading`, ["columns", n, "heading"]);
      if (parts[2] === "body" || parts[2] === "bullets")
        return rich(`columns.${n}`, `Column ${ordinal} text`);
      return null;
    case "items":
      if (!Number.isInteger(n)) return null;
      if (parts[2] === "title")
        return line(role, `Card ${ordinal} title`, ["items", n, "title"], { removable: false });
      if (parts[2] === "body")
        return { ...line(role, `Card ${ordinal} text`, ["items", n, "body"]), kind: "text" };
      return null;
    case "metrics":
      if (!Number.isInteger(n)) return null;
      if (parts[2] === "value")
        return line(role, `Figure ${ordinal}`, ["metrics", n, "value"], {
          removable: false,
          required: "non-empty",
          maxLength: 40,
        });
      if (parts[2] === "label")
        return line(role, `Figure ${ordinal} label`, ["metrics", n, "label"], { removable: false });
      if (parts[2] === "detail") return line(role, `Figure ${ordinal} detail`, ["metrics", n, "detail"]);
      return null;
    case "timeline":
      if (!Number.isInteger(n)) return null;
      if (parts[2] === "date")
        return line(role, `Step ${ordinal} date`, ["timeline", n, "date"], {
          removable: false,
          required: "non-empty",
          maxLength: 60,
        });
      if (parts[2] === "title")
        return line(role, `Step ${ordinal} title`, ["timeline", n, "title"], { removable: false });
      if (parts[2] === "body") return line(role, `Step ${ordinal} text`, ["timeline", n, "body"]);
      return null;
    case "quote":
      if (parts[1] === "text")
        return {
          ...line(role, "Quote", ["quote", "text"], { removable: false, required: "non-empty" }),
          kind: "text",
        };
      if (parts[1] === "attribution") return line(role, "Attribution", ["quote", "attribution"]);
      return null;
    default:
      return null;
  }
}

function nthNonEmpty(items: readonly string[], n: number): number {
  let seen = -1;
  for (let i = 0; i < items.length; i++) {
    if (items[i].trim()) seen += 1;
    if (seen === n) return i;
  }
  return -1;
}

/** The value at `path` inside `root`, or undefined. */
export function getIn(root: unknown, path: TPath): unknown {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

/**
 * `root` with `value` at `path`, copying each container on the way (nothing is changed in place).
 * `undefined` removes an object key or an array element. Missing containers are created.
 */
export function setIn<T>(root: T, path: TPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const container: unknown = root ?? (typeof head === "number" ? [] : {});
  const child = (container as Record<string | number, unknown>)[head];
  const next = rest.length ? setIn(child, rest, value) : value;
  if (Array.isArray(container)) {
    const copy = [...container];
    if (next === undefined) copy.splice(Number(head), 1);
    else copy[Number(head)] = next;
    return copy as T;
  }
  const copy = { ...(container as Record<string, unknown>) };
  if (next === undefined) delete copy[head as string];
  else copy[head as string] = next;
  return copy as T;
}

/** A text field's current text (its fallback when unset). */
export function readText(deck: TDeck, slide: TSlide, field: TTextField): string {
  const value = field.scope === "deck" ? getIn(deck, field.path) : getIn(slide.content, field.path);
  return typeof value === "string" ? value : (field.fallback ?? "");
}

/** A rich field's body and bullets. */
export function readRich(slide: TSlide, field: TRichField): TRichValue {
  const body = getIn(slide.content, field.bodyPath);
  const bullets = getIn(slide.content, field.bulletsPath);
  return {
    body: typeof body === "string" ? body : "",
    bullets: Array.isArray(bullets) ? bullets.filter((item): item is string => typeof item === "string") : [],
  };
}

/** Why a text field cannot take `value`, or null when it can. */
export function textFieldError(field: TTextField, value: string): string | null {
  if (field.required === "non-empty" && !value.trim()) return `${field.label} cannot be empty.`;
  return null;
}

/**
 * The deck with a text field set. Blank text removes a removable field (an agenda item leaves the
 * list); text longer than the field allows is cut. Null when the field refuses the value.
 */
export function writeText(deck: TDeck, slideId: string, field: TTextField, value: string): TDeck | null {
  if (textFieldError(field, value)) return null;
  const text = value.slice(0, field.maxLength);
  const stored = !text.trim() && field.removable ? undefined : text;
  if (field.scope === "deck") return setIn(deck, field.path, stored);
  return updateSlide(deck, slideId, (slide) => ({
    ...slide,
    content: setIn<TSlideContent>(slide.content, field.path, stored),
  }));
}

/** The deck with a rich field set: blank body and empty bullets remove their fields. */
export function writeRich(deck: TDeck, slideId: string, field: TRichField, value: TRichValue): TDeck {
  const body = value.body
    .split("\n")
    .filter((paragraph) => paragraph.trim())
    .join("\n")
    .slice(0, INLINE_MAX);
  const bullets = value.bullets.filter((item) => item.trim()).map((item) => item.slice(0, INLINE_MAX));
  return updateSlide(deck, slideId, (slide) => {
    let content = setIn<TSlideContent>(slide.content, field.bodyPath, body || undefined);
    content = setIn(content, field.bulletsPath, bullets.length ? bullets.slice(0, 30) : undefined);
    return { ...slide, content };
  });
}

/** What an image box changes: the slide's picture, or an icon at a content path. */
export type TImageTarget = { type: "image" } | { type: "icon"; path: TPath; label: string };

/** The picture or icon an image box with `role` shows; null for other roles. */
export function imageTargetForRole(role: string): TImageTarget | null {
  if (role === "image") return { type: "image" };
  if (role === "icon") return { type: "icon", path: ["icon"], label: "Icon" };
  const match = /^items\.(\d+)\.icon$/.exec(role);
  if (match)
    return {
      type: "icon",
      path: ["items", Number(match[1]), "icon"],
      label: `Card ${Number(match[1]) + 1} icon`,
    };
  return null;
}
