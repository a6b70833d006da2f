"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import type { TBrandTemplateView } from "@/lib/api/schemas/brand-templates";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { TEMPLATES } from "./brand-templates-query";
import { FontReport } from "./font-report";

const ACCEPT = [
  ".pptx",
  ".potx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.openxmlformats-officedocument.presentationml.template",
].join(",");

/**
 * Uploads a company's .pptx or .potx as a brand template (POST /api/v1/ppt/templates): every deck
 * made with it afterwards is drawn in its colours, fonts, backgrounds and logo. Reports what the
 * server read — fonts drawn with a stand-in, warnings — and hands the new template to `onUploaded`.
 */
export function BrandTemplateUpload({ onUploaded }: { onUploaded?: (template: TBrandTemplateView) => void }) {
  const inputId = useId();
  const file = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<File | null>(null);
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: (form: FormData) =>
      apiFetch<TBrandTemplateView>("/api/v1/ppt/templates", { method: "POST", body: form }),
    onSuccess: (template) => {
      if (file.current) file.current.value = "";
      setChosen(null);
      setName("");
      client.invalidateQueries({ queryKey: TEMPLATES });
      onUploaded?.(template);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const form = new FormData();
    form.append("file", chosen, chosen.name);
    if (name.trim()) form.append("name", name.trim());
    upload.mutate(form);
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Upload a brand template">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={`${inputId}-file`} className="block text-sm font-semibold text-gray-800">
            PowerPoint file
          </label>
          <input
            ref={file}
            id={`${inputId}-file`}
            type="file"
            accept={ACCEPT}
            disabled={upload.isPending}
            onChange={(event) => {
              upload.reset();
              setChosen(event.target.files?.[0] ?? null);
            }}
            aria-describedby={`${inputId}-hint`}
            className="block text-sm text-gray-700 file:mr-3 file:rounded-md file:border file:border-line file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-gray-900 hover:file:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${inputId}-name`} className="block text-sm font-semibold text-gray-800">
            Name
          </label>
          <Input
            id={`${inputId}-name`}
            value={name}
            maxLength={100}
            placeholder={chosen ? chosen.name.replace(/\.(pptx|potx)$/i, "") : "The file's name"}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={!chosen || upload.isPending}>
          {upload.isPending ? "Reading the template…" : "Upload template"}
        </Button>
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-muted">
        Your company's .pptx or .potx: decks made with it use its colours, fonts, backgrounds and logo, and
        their PowerPoint files are written on its slide master.
      </p>
      <div aria-live="polite">
        {upload.isError && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errorMessage(upload.error)}
          </p>
        )}
        {upload.isSuccess && (
          <div role="status" className="space-y-1 text-sm">
            <p className="font-semibold text-success">“{upload.data.name}” is ready to use.</p>
            <FontReport fonts={upload.data.fonts} />
            {upload.data.warnings.map((warning) => (
              <p key={warning} className="text-muted">
                {warning}
              </p>
            ))}
          </div>
        )}
      </div>
    </form>
  );
}
