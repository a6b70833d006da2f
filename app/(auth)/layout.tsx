// Sign-in and sign-up: no app header; react-query for the forms.
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";

export const dynamic = "force-dynamic";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}
