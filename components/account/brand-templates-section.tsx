"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BrandTemplateUpload } from "@/components/templates/brand-template-upload";
import { TEMPLATES, useTemplates } from "@/components/templates/brand-templates-query";
import { FontReport } from "@/components/templates/font-report";
import { TemplatePreview } from "@/components/templates/template-preview";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { TBrandTemplateView } from "@/lib/api/schemas/brand-templates";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { AccountSection } from "./account-section";
import { formatTime } from "./format";

const ASPECTS: Record<TBrandTemplateView["aspect"], string> = {
  "16:9": "Widescreen 16:9",
  "4:3": "Standard 4:3",
  other: "Custom size",
};

/**
 * The account's brand templates: upload a company .pptx/.potx, see every layout drawn in it, what
 * its fonts are drawn with, and delete one (decks already made with it keep their look).
 */
export function BrandTemplatesSection() {
  const client = useQueryClient();
  const templates = useTemplates();
  const [previewed, setPreviewed] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TBrandTemplateView | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (template: TBrandTemplateView) =>
      apiFetch<void>(`/api/v1/ppt/templates/${encodeURIComponent(template.template)}`, { method: "DELETE" }),
    onSuccess: (_, template) => {
      setDeleting(null);
      setMessage(`Deleted “${template.name}”.`);
      client.invalidateQueries({ queryKey: TEMPLATES });
    },
  });
  const list = templates.data?.custom_templates ?? [];

  return (
    <AccountSection
      id="brand-templates"
      title="Brand templates"
      description="Upload your company's PowerPoint template once; pick it when you make a deck, or name it as template in the API."
    >
      <BrandTemplateUpload
        onUploaded={(template) => {
          setMessage(null);
          setPreviewed(template.template);
        }}
      />
      <span role="status" className="mt-3 block text-sm font-semibold text-success">
        {message ?? ""}
      </span>
      <div className="mt-4 space-y-4">
        {templates.isPending && <p className="text-sm text-muted">Loading templates…</p>}
        {templates.isError && (
          <p role="alert" className="text-sm text-danger">
            Templates could not be loaded: {errorMessage(templates.error)}
          </p>
        )}
        {templates.isSuccess && list.length === 0 && (
          <p className="text-sm text-muted">No brand templates yet.</p>
        )}
        {list.map((template) => (
          <article
            key={template.template}
            aria-label={template.name}
            data-template-id={template.template}
            className="rounded-md border border-line p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="space-y-1">
                <h3 className="font-semibold text-gray-900">{template.name}</h3>
                <p className="text-sm text-muted">
                  <code className="text-xs">{template.template}</code> · {ASPECTS[template.aspect]} ·{" "}
                  {template.layouts.length} layouts · uploaded {formatTime(template.created_at)}
                </p>
                <FontReport fonts={template.fonts} />
                {template.warnings.map((warning) => (
                  <p key={warning} className="text-sm text-muted">
                    {warning}
                  </p>
                ))}
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-expanded={previewed === template.template}
                  onClick={() => setPreviewed(previewed === template.template ? null : template.template)}
                >
                  {previewed === template.template ? "Hide layouts" : "Show layouts"}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setDeleting(template)}>
                  Delete
                </Button>
              </div>
            </div>
            {previewed === template.template && (
              <div className="mt-4">
                <TemplatePreview templateId={template.template} name={template.name} />
              </div>
            )}
          </article>
        ))}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ""}”?`}
        confirmLabel="Delete template"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      >
        <p className="text-sm text-gray-700">
          New decks can no longer use it. Decks already made with it keep their look and still export.
        </p>
        {remove.isError && (
          <p role="alert" className="mt-2 text-sm font-semibold text-danger">
            {errorMessage(remove.error)}
          </p>
        )}
      </ConfirmDialog>
    </AccountSection>
  );
}
