"use client";
import { autoUpdate, computePosition, flip, offset, shift } from "@floating-ui/dom";
import Highlight from "@tiptap/extension-highlight";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type CSSProperties, type FormEvent, useEffect, useRef, useState } from "react";
import { TEXT_SIZE_STEPS, type TTextFormat } from "@/lib/deck/schema";
import type { TField, TRichValue } from "@/lib/editor/content-path";
import {
  docToLine,
  docToRich,
  docToText,
  encodeHref,
  isSafeHref,
  lineToDoc,
  richToDoc,
  type TDocNode,
  textToDoc,
} from "@/lib/editor/inline-doc";
import { ThemeColor } from "@/lib/editor/theme-color-mark";
import { TEXT_COLOR_ROLES, type TTextBox, type TTextColorRole } from "@/lib/layouts/boxes";
import { bulletIndent } from "@/lib/layouts/bullet-style";
import { getFontFamily } from "@/lib/layouts/font-families";
import type { TPalette } from "@/lib/layouts/themes";

export type TFieldValue = string | TRichValue;

/** Where the editor sits, in CSS pixels inside the page's frame. */
export type TRect = { left: number; top: number; width: number; height: number };

type TProps = {
  field: TField;
  value: TFieldValue;
  /** The box whose look the editor copies (font, size, colour, alignment). */
  box: TTextBox;
  rect: TRect;
  scale: number;
  /** The deck theme's palette: theme colour marks and the highlighter are painted with it. */
  palette: TPalette;
  /** Why the last change was refused ("Figure 1 cannot be empty"), shown in the toolbar. */
  error: string | null;
  onChange: (value: TFieldValue) => void;
  /** The box's formatting (alignment, size step), and how to change it; absent where a box cannot be formatted. */
  format?: { value: TTextFormat; onChange: (format: TTextFormat) => void };
  /** `restoreFocus`: closed from the keyboard, so focus goes back to the box's button. */
  onClose: (restoreFocus: boolean) => void;
};

function toDoc(field: TField, value: TFieldValue): TDocNode {
  if (field.kind === "rich") return richToDoc(value as TRichValue);
  return field.kind === "line" ? lineToDoc(value as string) : textToDoc(value as string);
}

function fromDoc(field: TField, doc: TDocNode): TFieldValue {
  if (field.kind === "rich") return docToRich(doc);
  return field.kind === "line" ? docToLine(doc) : docToText(doc);
}

/** What the user typed as a link target, as a link the deck accepts (or null). */
function normaliseHref(input: string): string | null {
  let href = input.trim();
  if (!href) return null;
  if (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(href)) href = `mailto:${href}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(href)) href = `https://${href}`;
  href = encodeHref(href);
  return isSafeHref(href) ? href : null;
}

/** The theme colour menu's entries: the box's own colour, then the roles of TEXT_COLOR_ROLES. */
const COLOR_NAMES: Record<TTextColorRole, string> = {
  accent: "Accent",
  accent2: "Second accent",
  muted: "Muted",
};

const TOOL =
  "inline-flex h-8 min-w-8 items-center justify-center rounded px-2 text-sm font-semibold text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent aria-pressed:bg-accent/15 aria-pressed:text-accent-strong";

/**
 * Tiptap over a text box, in the box's font, size and colour at the canvas scale: what the user
 * types goes straight into the deck (and the layout refits around it). Tiptap's own history is off
 * so the editor's one undo stack serves everything. Escape, Enter on a one-line field, or a click
 * elsewhere closes it.
 */
export function InlineTextEditor({
  field,
  value,
  box,
  rect,
  scale,
  palette,
  error,
  onChange,
  format,
  onClose,
}: TProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const textArea = useRef<HTMLDivElement>(null);
  const [colorOpen, setColorOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const emitted = useRef(JSON.stringify(value));
  const [linkOpen, setLinkOpen] = useState(false);
  const openLink = useRef(() => setLinkOpen(true));

  const editor = useEditor({
    immediatelyRender: false,
    autofocus: "end",
    extensions: [
      StarterKit.configure({
        undoRedo: false,
        heading: false,
        blockquote: false,
        codeBlock: false,
        horizontalRule: false,
        orderedList: false,
        strike: false,
        // Ctrl/⌘+U toggles it (Tiptap's Underline extension).
        underline: {},
        hardBreak: false,
        dropcursor: false,
        gapcursor: false,
        trailingNode: false,
        bulletList: field.kind === "rich" ? {} : false,
        listItem: field.kind === "rich" ? {} : false,
        listKeymap: field.kind === "rich" ? {} : false,
        link: {
          openOnClick: false,
          autolink: false,
          linkOnPaste: false,
          isAllowedUri: (url) => isSafeHref(encodeHref(url)),
          HTMLAttributes: { rel: "noopener noreferrer nofollow", target: null },
        },
      }),
      // One highlighter colour, the theme's: the deck stores `.highlight`, not a colour.
      Highlight.configure({ multicolor: false }),
      ThemeColor,
    ],
    content: toDoc(field, value),
    editorProps: {
      attributes: {
        "aria-label": field.label,
        "aria-multiline": field.kind === "line" ? "false" : "true",
        role: "textbox",
        "data-deck-field": field.key,
        class: "outline-none min-h-full",
      },
      handleKeyDown: (_view, event) => {
        if (event.key === "Escape" || (event.key === "Enter" && field.kind === "line")) {
          event.preventDefault();
          onCloseRef.current(true);
          return true;
        }
        if (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          openLink.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => {
      const next = fromDoc(field, current.getJSON() as TDocNode);
      const serialised = JSON.stringify(next);
      if (serialised === emitted.current) return;
      emitted.current = serialised;
      onChangeRef.current(next);
    },
  });

  // Undo/redo (or any change from outside) replaces the text being edited.
  useEffect(() => {
    const serialised = JSON.stringify(value);
    if (!editor || editor.isDestroyed || serialised === emitted.current) return;
    emitted.current = serialised;
    editor.commands.setContent(toDoc(field, value) as never, { emitUpdate: false });
    editor.commands.focus("end");
  }, [editor, field, value]);

  // A press anywhere else ends the edit (a press on another box then opens that one).
  useEffect(() => {
    const down = (event: PointerEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) onCloseRef.current(false);
    };
    document.addEventListener("pointerdown", down, true);
    return () => document.removeEventListener("pointerdown", down, true);
  }, []);

  const marks = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      bulletList: current?.isActive("bulletList") ?? false,
      underline: current?.isActive("underline") ?? false,
      highlight: current?.isActive("highlight") ?? false,
      color: (current?.getAttributes("themeColor").role as TTextColorRole | undefined) ?? null,
      link: current?.isActive("link") ?? false,
      href: (current?.getAttributes("link").href as string | undefined) ?? "",
    }),
  });

  const family = getFontFamily(box.font);
  // Wraps as the slide's box does: its font, size, line height and bullet indent at the canvas
  // scale, with kerning and ligatures off as the layout measured (components/slide/text-box-view).
  const textStyle: CSSProperties & Record<string, string> = {
    fontFamily: family.cssFamily,
    fontSize: `${box.fontSize * scale}px`,
    lineHeight: String(box.lineHeight),
    fontWeight: box.bold ? "700" : "400",
    color: box.color,
    textAlign: box.align,
    fontKerning: "none",
    fontVariantLigatures: "none",
    "--gap": `${box.paragraphGap * scale}px`,
    "--indent": `${bulletIndent(box.fontSize) * scale}px`,
    "--theme-accent": palette.accent,
    "--theme-accent2": palette.accent2,
    "--theme-muted": palette.muted,
    "--theme-highlight": palette.highlight,
  };

  // The toolbar sits just outside the slide, above it (or below when there is no room above),
  // lined up with the box being edited: it never covers the text being typed nor the slide's other
  // text. floating-ui keeps it in view as the canvas scrolls or resizes.
  useEffect(() => {
    const area = textArea.current;
    const floating = toolbar.current;
    const slide = wrapper.current?.offsetParent;
    if (!area || !floating || !slide) return;
    const reference = {
      contextElement: area,
      getBoundingClientRect: () => {
        const box = area.getBoundingClientRect();
        const frame = slide.getBoundingClientRect();
        return DOMRect.fromRect({ x: box.x, y: frame.y, width: box.width, height: frame.height });
      },
    };
    return autoUpdate(area, floating, () => {
      void computePosition(reference, floating, {
        placement: "top-start",
        strategy: "absolute",
        middleware: [offset(6), flip({ fallbackPlacements: ["bottom-start"] }), shift({ padding: 4 })],
      }).then(({ x, y, placement }) => {
        Object.assign(floating.style, { left: `${x}px`, top: `${y}px`, visibility: "visible" });
        floating.dataset.placement = placement;
      });
    });
  }, []);

  return (
    <div
      ref={wrapper}
      className="absolute z-20"
      style={{ left: rect.left, top: rect.top, width: rect.width }}
      data-testid="inline-editor"
    >
      <div
        ref={toolbar}
        role="toolbar"
        aria-label={`Format ${field.label}`}
        className="invisible absolute top-0 left-0 z-30 flex w-max max-w-[min(44rem,90vw)] flex-wrap items-center gap-0.5 rounded-md border border-line bg-white p-0.5 shadow-md"
      >
        <button
          type="button"
          className={TOOL}
          aria-pressed={marks?.bold ?? false}
          aria-label="Bold"
          title="Bold (Ctrl+B)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => editor?.chain().focus().toggleBold().run()}
        >
          <span className="font-bold">B</span>
        </button>
        <button
          type="button"
          className={TOOL}
          aria-pressed={marks?.italic ?? false}
          aria-label="Italic"
          title="Italic (Ctrl+I)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => editor?.chain().focus().toggleItalic().run()}
        >
          <span className="font-serif italic">I</span>
        </button>
        <button
          type="button"
          className={TOOL}
          aria-pressed={marks?.underline ?? false}
          aria-label="Underline"
          title="Underline (Ctrl+U)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => editor?.chain().focus().toggleUnderline().run()}
        >
          <span className="underline">U</span>
        </button>
        <button
          type="button"
          className={TOOL}
          aria-pressed={marks?.highlight ?? false}
          aria-label="Highlight"
          title="Highlight"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => editor?.chain().focus().toggleHighlight().run()}
        >
          <span className="px-0.5" style={{ backgroundColor: palette.highlight, color: palette.text }}>
            Highlight
          </span>
        </button>
        <button
          type="button"
          className={TOOL}
          aria-label="Text colour"
          aria-expanded={colorOpen}
          aria-haspopup="true"
          title="Text colour (theme)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setLinkOpen(false);
            setColorOpen((isOpen) => !isOpen);
          }}
        >
          <span
            aria-hidden
            className="mr-1 inline-block size-3 rounded-full ring-1 ring-line"
            style={{ backgroundColor: marks?.color ? palette[marks.color] : box.color }}
          />
          Colour
        </button>
        {field.kind === "rich" && (
          <button
            type="button"
            className={TOOL}
            aria-pressed={marks?.bulletList ?? false}
            aria-label="Bullet list"
            title="Bullet list"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editor?.chain().focus().toggleBulletList().run()}
          >
            • List
          </button>
        )}
        <button
          type="button"
          className={TOOL}
          aria-pressed={marks?.link ?? false}
          aria-label="Link"
          aria-expanded={linkOpen}
          title="Link (Ctrl+K)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setColorOpen(false);
            setLinkOpen((isOpen) => !isOpen);
          }}
        >
          Link
        </button>
        {format && <BoxFormatTools format={format} />}
        <span className="px-2 text-xs text-muted">{field.label}</span>
        {error && (
          <span role="alert" className="px-2 text-xs font-semibold text-danger">
            {error}
          </span>
        )}
        {colorOpen && editor && (
          <fieldset
            aria-label="Theme colours"
            className="absolute top-full left-0 mt-1 flex gap-1 rounded-md border border-line bg-white p-1 shadow-lg"
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                event.stopPropagation();
                setColorOpen(false);
                editor.commands.focus();
              }
            }}
          >
            {[null, ...TEXT_COLOR_ROLES].map((role) => (
              <button
                key={role ?? "default"}
                type="button"
                className={TOOL}
                aria-pressed={(marks?.color ?? null) === role}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setColorOpen(false);
                  const chain = editor.chain().focus();
                  if (role) chain.setMark("themeColor", { role }).run();
                  else chain.unsetMark("themeColor").run();
                }}
              >
                <span
                  aria-hidden
                  className="mr-1 inline-block size-3 rounded-full ring-1 ring-line"
                  style={{ backgroundColor: role ? palette[role] : box.color }}
                />
                {role ? COLOR_NAMES[role] : "Text"}
              </button>
            ))}
          </fieldset>
        )}
        {linkOpen && editor && (
          <LinkForm
            initial={marks?.href ?? ""}
            hasLink={marks?.link ?? false}
            onApply={(href) => {
              setLinkOpen(false);
              const chain = editor.chain().focus().extendMarkRange("link");
              if (editor.state.selection.empty && !editor.isActive("link"))
                chain
                  .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
                  .run();
              else chain.setLink({ href }).run();
            }}
            onRemove={() => {
              setLinkOpen(false);
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
            }}
            onCancel={() => {
              setLinkOpen(false);
              editor.commands.focus();
            }}
          />
        )}
      </div>
      <div
        ref={textArea}
        data-testid="inline-editor-text"
        className="flex cursor-text flex-col rounded-[2px] outline-2 outline-offset-2 outline-accent [&_.ProseMirror]:min-h-full [&_.ProseMirror]:whitespace-pre-wrap [&_a]:underline [&_code]:font-mono [&_li]:mb-(--gap) [&_li>p]:mb-0 [&_mark]:bg-(--theme-highlight) [&_mark]:text-inherit [&_p]:mb-(--gap) [&_p:last-child]:mb-0 [&_ul]:list-disc [&_ul]:pl-(--indent)"
        style={{
          ...textStyle,
          minHeight: rect.height,
          justifyContent:
            box.valign === "middle" ? "center" : box.valign === "bottom" ? "flex-end" : "flex-start",
        }}
      >
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

function LinkForm({
  initial,
  hasLink,
  onApply,
  onRemove,
  onCancel,
}: {
  initial: string;
  hasLink: boolean;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const href = normaliseHref(url);
    if (!href) {
      setError("Use a web address (https://…) or an e-mail address.");
      return;
    }
    onApply(href);
  };
  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
      className="absolute top-full left-0 mt-1 flex w-80 flex-col gap-2 rounded-md border border-line bg-white p-2 shadow-lg"
    >
      <label className="text-xs font-semibold text-gray-800" htmlFor="inline-link-url">
        Link address
      </label>
      <input
        id="inline-link-url"
        // biome-ignore lint/a11y/noAutofocus: the form opens on request and is where the user types next
        autoFocus
        type="text"
        inputMode="url"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setError(null);
        }}
        placeholder="https://example.com"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "inline-link-error" : undefined}
        className="rounded border border-line px-2 py-1 text-sm text-gray-900 focus:outline-2 focus:outline-accent/40"
      />
      {error && (
        <p id="inline-link-error" role="alert" className="text-xs font-semibold text-danger">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-1">
        {hasLink && (
          <button type="button" className={TOOL} onClick={onRemove}>
            Remove link
          </button>
        )}
        <button type="button" className={TOOL} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={`${TOOL} bg-accent text-white hover:bg-accent-strong`}>
          Apply
        </button>
      </div>
    </form>
  );
}

const ALIGNMENTS = [
  { value: "left", label: "Align left", glyph: "⇤" },
  { value: "center", label: "Centre", glyph: "↔" },
  { value: "right", label: "Align right", glyph: "⇥" },
] as const;

/**
 * The box's own formatting: alignment (pressed shows the one set; none pressed is the layout's
 * own) and Smaller / Larger in steps (Larger only as far as the text still fits its box).
 */
function BoxFormatTools({ format }: { format: NonNullable<TProps["format"]> }) {
  const size = format.value.size ?? 0;
  const set = (patch: TTextFormat) => format.onChange({ ...format.value, ...patch });
  return (
    <>
      <span aria-hidden className="mx-1 h-5 w-px bg-line" />
      {ALIGNMENTS.map(({ value, label, glyph }) => (
        <button
          key={value}
          type="button"
          className={TOOL}
          aria-pressed={format.value.align === value}
          aria-label={label}
          title={label}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => set({ align: format.value.align === value ? undefined : value })}
        >
          {glyph}
        </button>
      ))}
      <button
        type="button"
        className={TOOL}
        aria-label="Smaller text"
        title="Smaller text"
        disabled={size <= TEXT_SIZE_STEPS[0]}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => set({ size: size - 1 || undefined })}
      >
        A−
      </button>
      <button
        type="button"
        className={TOOL}
        aria-label="Larger text"
        title="Larger text (as far as it fits its box)"
        disabled={size >= TEXT_SIZE_STEPS[TEXT_SIZE_STEPS.length - 1]}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => set({ size: size + 1 || undefined })}
      >
        A+
      </button>
    </>
  );
}
