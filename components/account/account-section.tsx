import type { ReactNode } from "react";

/** One card of the account page, reachable by its anchor (#api-keys …) and labelled by its heading. */
export function AccountSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-6 rounded-lg border border-line bg-white p-6 shadow-xs"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-gray-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
