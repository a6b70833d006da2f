// /docs/errors — what each problem `code` means: the page a problem body's `type` points at
import type { Metadata } from "next";
import { ERROR_CODES, problem, type TErrorCode } from "@/lib/api/errors";
import { ERROR_CODE_MEANINGS } from "@/lib/api/openapi/problem-responses";

export const metadata: Metadata = { title: "API error codes" };

const CODES = Object.keys(ERROR_CODES) as TErrorCode[];

export default function ErrorCodesPage() {
  return (
    <main>
      <h1>API error codes</h1>
      <p className="lead">
        Every error is an RFC 9457 problem body (<code>application/problem+json</code>):{" "}
        <code>{"{type, title, status, detail, code, errors?: [{path, message}], request_id}"}</code>. Its{" "}
        <code>type</code> links to the code's entry below; <code>detail</code> says what was wrong with this
        request. See the <a href="/docs">API reference</a>.
      </p>
      <table className="endpoints">
        <thead>
          <tr>
            <th>Code</th>
            <th>Status</th>
            <th>Title</th>
            <th>When</th>
          </tr>
        </thead>
        <tbody>
          {CODES.map((code) => (
            <tr key={code} id={code}>
              <td>
                <code>{code}</code>
              </td>
              <td>{ERROR_CODES[code]}</td>
              <td>{problem(code, "").title}</td>
              <td>{ERROR_CODE_MEANINGS[code]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
