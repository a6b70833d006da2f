"use client";
import { type FormEvent, useState } from "react";
import { BrandTemplateUpload } from "@/components/templates/brand-template-upload";
import { useTemplates } from "@/components/templates/brand-templates-query";
import { TemplatePreview } from "@/components/templates/template-preview";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { LIMITS } from "@/lib/api/schemas/common";
import { errorMessage } from "@/lib/client/api-fetch";
import type { TUploadedFileRef } from "@/lib/files/upload-schema";
import { TONES, type TTone, type TVerbosity, VERBOSITIES } from "@/lib/generate/types";
import { FileUploads } from "./file-uploads";
import { TONE_LABELS, type TSourceSettings, VERBOSITY_LABELS } from "./types";

const LANGUAGES = ["English", "French", "German", "Spanish", "Italian", "Portuguese", "Dutch", "Japanese"];

/**
 * Step one: the source (pasted text and/or uploaded documents) and every choice of the deck. The
 * outline is generated on submit; `fieldError` shows the server's per-field messages.
 */
export function SourceStep({
  settings,
  onSettings,
  files,
  onFiles,
  onSubmit,
  pending,
  error,
  fieldError,
  hasOutline,
  onContinue,
}: {
  settings: TSourceSettings;
  onSettings: (settings: TSourceSettings) => void;
  files: TUploadedFileRef[];
  onFiles: (files: TUploadedFileRef[]) => void;
  onSubmit: () => void;
  pending: boolean;
  error: string | null;
  fieldError: (path: string) => string | undefined;
  /** An outline exists already: offer to go back to it instead of replacing it. */
  hasOutline: boolean;
  onContinue: () => void;
}) {
  const templates = useTemplates();
  const brandTemplates = templates.data?.custom_templates ?? [];
  const brand = brandTemplates.find((t) => t.template === settings.template);
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const set = <K extends keyof TSourceSettings>(key: K, value: TSourceSettings[K]) =>
    onSettings({ ...settings, [key]: value });
  const theme = templates.data?.themes.find((t) => t.id === settings.theme);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const nothing = settings.content.trim() === "" && files.length === 0;

  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]" noValidate>
      <section
        aria-labelledby="source-heading"
        className="space-y-4 rounded-lg border border-line bg-white p-5"
      >
        <h2 id="source-heading" className="text-lg font-bold text-gray-900">
          1. Your material
        </h2>
        <Field
          id="content"
          label="Paste text"
          hint="Notes, an article, a report — markdown headings and lists help."
          error={fieldError("content")}
        >
          <Textarea
            id="content"
            rows={14}
            value={settings.content}
            maxLength={LIMITS.maxContentChars}
            onChange={(event) => set("content", event.target.value)}
            aria-invalid={fieldError("content") ? true : undefined}
            aria-describedby={fieldError("content") ? "content-error" : "content-hint"}
            placeholder={"# Solar clinics\n\nRural clinics lose power nine hours a week…"}
          />
        </Field>
        <FileUploads files={files} onChange={onFiles} disabled={pending} />
        {fieldError("files") && (
          <p role="alert" className="text-xs font-semibold text-danger">
            {fieldError("files")}
          </p>
        )}
        <Field
          id="instructions"
          label="Instructions (optional)"
          hint="For example: “focus on costs”, “for a board audience”."
          error={fieldError("instructions")}
        >
          <Textarea
            id="instructions"
            rows={3}
            value={settings.instructions}
            maxLength={LIMITS.maxInstructionsChars}
            onChange={(event) => set("instructions", event.target.value)}
          />
        </Field>
      </section>

      <section
        aria-labelledby="options-heading"
        className="space-y-4 rounded-lg border border-line bg-white p-5"
      >
        <h2 id="options-heading" className="text-lg font-bold text-gray-900">
          Options
        </h2>
        <Field
          id="n_slides"
          label="Number of slides"
          hint="The whole deck, cover included: 10 makes a cover and 9 content slides, and costs 10 slides' credits."
          error={fieldError("n_slides")}
        >
          <Input
            id="n_slides"
            type="number"
            min={LIMITS.minSlides}
            max={LIMITS.maxSlides}
            value={Number.isNaN(settings.nSlides) ? "" : settings.nSlides}
            onChange={(event) => set("nSlides", event.target.valueAsNumber)}
          />
        </Field>
        <Field id="tone" label="Tone">
          <Select
            id="tone"
            value={settings.tone}
            onChange={(event) => set("tone", event.target.value as TTone)}
          >
            {TONES.map((tone) => (
              <option key={tone} value={tone}>
                {TONE_LABELS[tone]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="verbosity" label="Text per slide">
          <Select
            id="verbosity"
            value={settings.verbosity}
            onChange={(event) => set("verbosity", event.target.value as TVerbosity)}
          >
            {VERBOSITIES.map((verbosity) => (
              <option key={verbosity} value={verbosity}>
                {VERBOSITY_LABELS[verbosity]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="language" label="Language" error={fieldError("language")}>
          <Input
            id="language"
            list="language-options"
            value={settings.language}
            maxLength={64}
            onChange={(event) => set("language", event.target.value)}
          />
          <datalist id="language-options">
            {LANGUAGES.map((language) => (
              <option key={language} value={language} />
            ))}
          </datalist>
        </Field>
        {templates.isError ? (
          <p role="alert" className="text-sm text-danger">
            Templates could not be loaded: {errorMessage(templates.error)}
          </p>
        ) : (
          <>
            <Field
              id="template"
              label="Template"
              hint={
                brand
                  ? `Your brand template: its colours and fonts replace the theme.`
                  : templates.data?.templates.find((t) => t.id === settings.template)?.description
              }
            >
              <Select
                id="template"
                value={settings.template}
                disabled={!templates.data}
                onChange={(event) => set("template", event.target.value)}
              >
                <optgroup label="Built-in templates">
                  {(templates.data?.templates ?? [{ id: settings.template, name: settings.template }]).map(
                    (t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                      </option>
                    ),
                  )}
                </optgroup>
                {brandTemplates.length > 0 && (
                  <optgroup label="Your brand templates">
                    {brandTemplates.map((t) => (
                      <option key={t.template} value={t.template}>
                        {t.name}
                      </option>
                    ))}
                  </optgroup>
                )}
              </Select>
            </Field>
            <div className="flex flex-wrap gap-3 text-sm">
              <button
                type="button"
                className="font-semibold text-accent hover:underline"
                aria-expanded={uploading}
                onClick={() => setUploading(!uploading)}
              >
                {uploading ? "Close the upload" : "Upload your company's template…"}
              </button>
              <button
                type="button"
                className="font-semibold text-accent hover:underline"
                aria-expanded={previewing}
                onClick={() => setPreviewing(!previewing)}
              >
                {previewing ? "Hide the layouts" : "Show every layout in this template"}
              </button>
            </div>
            {uploading && (
              <div className="rounded-md border border-line p-4">
                <BrandTemplateUpload
                  onUploaded={(template) => {
                    set("template", template.template);
                    setUploading(false);
                  }}
                />
              </div>
            )}
            {previewing && (
              <TemplatePreview
                templateId={settings.template}
                name={
                  brand?.name ?? templates.data?.templates.find((t) => t.id === settings.template)?.name ?? ""
                }
              />
            )}
            {!brand && (
              <Field id="theme" label="Theme">
                <Select
                  id="theme"
                  value={settings.theme}
                  disabled={!templates.data}
                  onChange={(event) => set("theme", event.target.value)}
                >
                  {(
                    templates.data?.themes ?? [{ id: settings.theme, name: settings.theme, mode: "light" }]
                  ).map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name} ({t.mode})
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            {theme && !brand && (
              <div className="flex gap-1" aria-hidden>
                {Object.entries(theme.colors).map(([name, color]) => (
                  <span
                    key={name}
                    title={name}
                    className="h-5 w-5 rounded-sm border border-line"
                    style={{ background: color }}
                  />
                ))}
              </div>
            )}
          </>
        )}
        <div className="space-y-2 border-t border-line pt-4">
          {error && (
            <p role="alert" className="text-sm font-semibold text-danger">
              {error}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={pending || nothing}>
            {pending ? "Writing the outline…" : hasOutline ? "Generate a new outline" : "Generate outline"}
          </Button>
          {nothing && <p className="text-xs text-muted">Paste some text or upload a document first.</p>}
          {hasOutline && (
            <Button variant="secondary" className="w-full" onClick={onContinue} disabled={pending}>
              Back to the current outline
            </Button>
          )}
        </div>
      </section>
    </form>
  );
}
