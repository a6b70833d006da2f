"use client";
// Swagger UI mounted from the copy of swagger-ui-dist that /docs/assets serves (no CDN).
import Script from "next/script";
import { useCallback, useRef, useState } from "react";

type TSwaggerUiBundle = ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

/** Renders the OpenAPI document at `url` with Swagger UI. */
export function SwaggerUi({ url }: { url: string }) {
  const node = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const mount = useCallback(() => {
    const bundle = (window as unknown as { SwaggerUIBundle?: TSwaggerUiBundle }).SwaggerUIBundle;
    if (!bundle || !node.current) return;
    bundle({
      url,
      domNode: node.current,
      deepLinking: true,
      presets: [bundle.presets.apis],
      layout: "BaseLayout",
      persistAuthorization: true,
      displayRequestDuration: true,
      defaultModelsExpandDepth: 0,
      // The public validator would be a request to swagger.io; the document is checked by our tests.
      validatorUrl: null,
    });
  }, [url]);
  return (
    <>
      <Script
        src="/docs/assets/swagger-ui-bundle.js"
        strategy="afterInteractive"
        onReady={mount}
        onError={() => setFailed(true)}
      />
      {failed ? (
        <p role="alert">
          Swagger UI could not be loaded. The reference is at <a href={url}>{url}</a>.
        </p>
      ) : null}
      <div ref={node} />
    </>
  );
}
