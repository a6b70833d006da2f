// The signed-in web app: dashboard, new presentation, account, editor. Each page asks for the
// session itself (requireSessionUser) so a signed-out visitor comes back to that very page.
import type { ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { Providers } from "@/components/providers";
import { getSessionUser } from "@/lib/auth/get-session-user";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  return (
    <Providers>
      {user && <AppHeader email={user.email} />}
      {children}
    </Providers>
  );
}
