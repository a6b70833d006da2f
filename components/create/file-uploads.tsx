"use client";
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { LIMITS } from "@/lib/api/schemas/common";
import { apiFetch, errorMessage, ProblemError } from "@/lib/client/api-fetch";
import { FILE_TYPE_LABELS } from "@/lib/files/file-types";
import type { TUploadedFileRef } from "@/lib/files/upload-schema";

const ACCEPT = ".pdf,.docx,.pptx,.txt,.md,.markdown,.csv";

/** The problem of a refused upload, with the per-file messages the server named. */
function uploadError(error: unknown): string {
  const fileErrors =
    error instanceof ProblemError ? (error.problem.errors ?? []).map((e) => `${e.path}: ${e.message}`) : [];
  return [errorMessage(error), ...fileErrors.filter((line) => !errorMessage(error).includes(line))].join(" ");
}

/**
 * Documents to build the outline from: chosen files are uploaded at once (POST
 * /api/v1/ppt/files/upload) and listed with what the server read from them; removing one only
 * drops it from this request.
 */
export function FileUploads({
  files,
  onChange,
  disabled,
}: {
  files: TUploadedFileRef[];
  onChange: (files: TUploadedFileRef[]) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [limitError, setLimitError] = useState(false);
  const upload = useMutation({
    mutationFn: (chosen: File[]) => {
      const form = new FormData();
      for (const file of chosen) form.append("files", file, file.name);
      return apiFetch<TUploadedFileRef[]>("/api/v1/ppt/files/upload", { method: "POST", body: form });
    },
    onSuccess: (uploaded) =>
      onChange([...files, ...uploaded.filter((u) => !files.some((f) => f.id === u.id))]),
  });
  const room = LIMITS.maxFiles - files.length;

  const choose = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (input.current) input.current.value = "";
    if (chosen.length === 0) return;
    upload.reset();
    setLimitError(chosen.length > room);
    if (chosen.length <= room) upload.mutate(chosen);
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={inputId} className="text-sm font-semibold text-gray-800">
          Documents
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          disabled={disabled || upload.isPending || room <= 0}
          onChange={(event) => choose(event.target.files)}
          aria-describedby={`${inputId}-hint`}
          className="block text-sm text-gray-700 file:mr-3 file:rounded-md file:border file:border-line file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-gray-900 hover:file:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
        />
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-muted">
        PDF, Word, PowerPoint, text, markdown or CSV; up to {LIMITS.maxFiles} files. Their text joins what you
        paste.
      </p>
      <div aria-live="polite">
        {upload.isPending && <p className="text-sm text-muted">Reading the files…</p>}
        {upload.isError && (
          <p role="alert" className="text-sm font-semibold text-danger">
            The files were not uploaded: {uploadError(upload.error)}
          </p>
        )}
        {limitError && (
          <p role="alert" className="text-sm font-semibold text-danger">
            At most {LIMITS.maxFiles} files in all: choose fewer, or remove some first.
          </p>
        )}
      </div>
      {files.length > 0 && (
        <ul
          className="divide-y divide-line rounded-md border border-line bg-white"
          aria-label="Uploaded documents"
        >
          {files.map((file) => (
            <li
              key={file.id}
              className="flex items-start justify-between gap-3 px-3 py-2"
              data-testid="uploaded-file"
            >
              <div className="min-w-0 text-sm">
                <p className="truncate font-semibold text-gray-900">{file.name}</p>
                <p className="text-xs text-muted">
                  {FILE_TYPE_LABELS[file.type]}
                  {file.pages !== undefined && ` · ${file.pages} ${file.pages === 1 ? "page" : "pages"}`}
                  {` · ${file.characters.toLocaleString()} characters`}
                  {file.images > 0 && ` · ${file.images} ${file.images === 1 ? "picture" : "pictures"}`}
                </p>
                {file.warnings?.map((warning) => (
                  <p key={warning} className="text-xs text-amber-700">
                    {warning}
                  </p>
                ))}
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => onChange(files.filter((f) => f.id !== file.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
