/** A form-level error (what is not about one field), announced to screen readers. */
export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-danger/30 bg-red-50 px-3 py-2 text-sm font-semibold text-danger"
    >
      {message}
    </div>
  );
}
