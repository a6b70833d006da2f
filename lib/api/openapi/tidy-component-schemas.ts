import "server-only";

/**
 * Drops what registering components by object (component-schemas.ts) leaves behind: zod-openapi
 * renders every registered schema in request context too, so one an answer-only component refers
 * to (`PresentationResult` from `Task`) gets an unused request copy, and its answer copy the
 * `Output` suffix. An unused component is removed, and an `XOutput` whose `X` was removed takes the
 * plain name. Changes `document` and answers the tidied one.
 */
export function tidyComponentSchemas<T extends { components?: { schemas?: Record<string, unknown> } }>(
  document: T,
): T {
  let doc = document;
  for (;;) {
    const schemas = doc.components?.schemas ?? {};
    const text = JSON.stringify(doc);
    const unused = Object.keys(schemas).find((name) => {
      const uses = text.split(`"#/components/schemas/${name}"`).length - 1;
      const own = JSON.stringify(schemas[name]).split(`"#/components/schemas/${name}"`).length - 1;
      return uses === own;
    });
    if (!unused) return doc;
    delete schemas[unused];
    const output = `${unused}Output`;
    if (output in schemas) {
      const renamed = JSON.stringify(doc).replaceAll(
        `"#/components/schemas/${output}"`,
        `"#/components/schemas/${unused}"`,
      );
      doc = JSON.parse(renamed) as T;
      const tidied = doc.components?.schemas ?? {};
      tidied[unused] = tidied[output];
      delete tidied[output];
    }
  }
}
