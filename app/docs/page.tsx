// /docs — the API reference: /api/openapi.json rendered with Swagger UI served from node_modules
import type { Metadata } from "next";
import styles from "./docs.module.css";
import { SwaggerUi } from "./swagger-ui";

export const metadata: Metadata = { title: "API reference" };

export default function DocsPage() {
  return (
    <main className={styles.page}>
      <link rel="stylesheet" href="/docs/assets/swagger-ui.css" precedence="default" />
      <nav className={styles.links} aria-label="Reference">
        <a href="/api/openapi.json">OpenAPI 3.1 document (JSON)</a>
        <a href="/docs/errors">Error codes</a>
        <a href="/">Home</a>
      </nav>
      <noscript>
        <p>
          This page needs JavaScript. The reference itself is at{" "}
          <a href="/api/openapi.json">/api/openapi.json</a>.
        </p>
      </noscript>
      <SwaggerUi url="/api/openapi.json" />
    </main>
  );
}
