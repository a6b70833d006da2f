import type { ButtonHTMLAttributes } from "react";

type TVariant = "primary" | "secondary" | "ghost" | "danger";

const VARIANTS: Record<TVariant, string> = {
  primary: "bg-accent text-white hover:bg-accent-strong disabled:bg-accent/50",
  secondary: "border border-line bg-white text-gray-900 hover:bg-gray-50 disabled:text-gray-400",
  ghost: "text-gray-700 hover:bg-gray-100 disabled:text-gray-400",
  danger: "bg-danger text-white hover:bg-red-800 disabled:bg-danger/50",
};

/** Classes of a button, for links styled as buttons too. */
export function buttonClass(variant: TVariant = "primary", size: "sm" | "md" = "md"): string {
  const sizing = size === "sm" ? "h-8 px-2.5 text-sm" : "h-10 px-4 text-sm";
  return `inline-flex items-center justify-center gap-1.5 rounded-md font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed ${sizing} ${VARIANTS[variant]}`;
}

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: TVariant; size?: "sm" | "md" }) {
  return <button type={type} className={`${buttonClass(variant, size)} ${className}`} {...props} />;
}
