// Validates JSON against schemas of the OpenAPI document with Ajv (JSON Schema draft 2020-12, the
// dialect of OpenAPI 3.1), the way a third-party client or gateway reads the document: the whole
// document is added under one id, so `$ref`s into components resolve as they are written.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as plain JSON
type TJson = any;

const DOCUMENT_ID = "openapi.json";

/** A URI reference to the value at `parts` of the document (JSON pointer, then %-escaped). */
export function documentRef(...parts: (string | number)[]): string {
  const escaped = parts.map((part) =>
    encodeURIComponent(String(part).replace(/~/g, "~0").replace(/\//g, "~1")),
  );
  return `${DOCUMENT_ID}#/${escaped.join("/")}`;
}

/** The value of a local `$ref` ("#/components/responses/NotFound") in the document. */
export function resolveRef(doc: TJson, ref: string): TJson {
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((node: TJson, part) => node?.[part], doc);
}

/** Compiles validators for schemas found at places of one document (cached per place). */
export function documentValidator(doc: TJson) {
  // strict: false — OpenAPI's own keywords (`example`, `discriminator`) sit beside JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  return {
    /** Validates `value` against the schema at `parts`; the Ajv errors, none when it is valid. */
    errors(parts: (string | number)[], value: unknown): string[] {
      const ref = documentRef(...parts);
      let validate = compiled.get(ref);
      if (!validate) {
        validate = ajv.compile({ $ref: ref });
        compiled.set(ref, validate);
      }
      if (validate(value)) return [];
      return (validate.errors ?? []).map(
        (error) => `${error.instancePath || "(root)"} ${error.message} ${JSON.stringify(error.params)}`,
      );
    },
  };
}
