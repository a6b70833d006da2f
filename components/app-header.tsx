import Link from "next/link";
import { SignOutButton } from "./sign-out-button";

const NAV = [
  { href: "/dashboard", label: "Presentations" },
  { href: "/new", label: "New presentation" },
  { href: "/account", label: "Account" },
  { href: "/docs", label: "API reference" },
] as const;

/** The web app's top bar: navigation and the signed-in account. */
export function AppHeader({ email }: { email: string }) {
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 lg:gap-6">
        <Link href="/dashboard" className="text-lg font-bold text-gray-900">
          Deckforge
        </Link>
        <nav aria-label="Main" className="flex min-w-0 flex-1 gap-0.5 overflow-x-auto text-sm">
          {NAV.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className="rounded-md px-2 py-1.5 font-semibold whitespace-nowrap text-gray-700 hover:bg-gray-100 hover:text-gray-900"
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <span className="hidden truncate text-sm text-muted lg:inline" data-testid="account-email">
          {email}
        </span>
        <SignOutButton />
      </div>
    </header>
  );
}
