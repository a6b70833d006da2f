// The landing page: what Deckforge serves and how to call it.
const ENDPOINTS: [string, string][] = [
  ["POST /api/v3/presentation/outlines/generate", "content → n_slides markdown outlines"],
  ["POST /api/v3/presentation/generate", "reviewed outline slides → PPTX or PDF"],
  ["POST /api/v3/presentation/generate/async", "the same, as a polled task"],
  ["GET /api/v3/async-task/status/{id}", "task status, progress and result"],
  ["POST /api/v1/ppt/presentation/generate", "content → outline → PPTX or PDF"],
  ["POST /api/v1/ppt/presentation/generate/async", "the same, as a polled task"],
  ["POST /api/v1/ppt/presentation/create/from-json", "structured slides → PPTX or PDF"],
  ["GET /api/v1/ppt/presentation/{id}", "the stored deck and fresh download links"],
  ["GET /api/v1/ppt/templates", "templates, layouts with their content schemas, themes"],
  ["POST /api/v1/ppt/files/upload", "PDF, DOCX, PPTX, TXT, MD, CSV → file references for `files`"],
  ["POST /api/v1/webhook/subscribe", "signed webhooks for finished and failed generations"],
  ["GET /api/v1/credits", "credit balance, rules and ledger"],
  ["GET /api/health", "liveness and database check"],
];

export default function HomePage() {
  return (
    <main className="landing">
      <h1>Deckforge</h1>
      <p className="lead">
        Presentation generation you can host yourself: text, outlines or JSON in; editable PPTX and vector PDF
        out.
      </p>
      <p>
        <a href="/sign-up">Create an account</a> · <a href="/sign-in">Sign in</a> ·{" "}
        <a href="/dashboard">Your presentations</a>
      </p>
      <h2>Get a key</h2>
      <p>
        On your <a href="/account">account page</a>, or from the command line:
      </p>
      <pre>
        <code>npx deckforge keys create --email you@example.com --name laptop</code>
      </pre>
      <h2>Generate a deck</h2>
      <pre>
        <code>{`curl -s http://localhost:3000/api/v1/ppt/presentation/generate \\
  -H "Authorization: Bearer $DECKFORGE_KEY" -H "Content-Type: application/json" \\
  -d '{"content": "Our quarterly results...", "n_slides": 6, "export_as": "pptx"}'`}</code>
      </pre>
      <h2>Endpoints</h2>
      <p>
        The full reference: <a href="/docs">/docs</a> (OpenAPI 3.1 at{" "}
        <a href="/api/openapi.json">/api/openapi.json</a>
        ).
      </p>
      <table className="endpoints">
        <tbody>
          {ENDPOINTS.map(([route, what]) => (
            <tr key={route}>
              <td>
                <code>{route}</code>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
