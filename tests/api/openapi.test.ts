// The API reference over HTTP: the OpenAPI document is public JSON naming this server, the docs
// page and its Swagger UI assets are served by the app itself, and nothing else of node_modules is.
import { describe, expect, it } from "vitest";
import { api, baseUrl } from "./helpers";

describe("GET /api/openapi.json", () => {
  it("answers the OpenAPI 3.1 document without a key, with this server and every generation path", async () => {
    const res = await api("/api/openapi.json", { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.json.openapi).toMatch(/^3\.1\.\d+$/);
    expect(res.json.info.title).toBe("Deckforge API");
    expect(res.json.servers).toEqual([{ url: process.env.PUBLIC_URL?.replace(/\/+$/, "") ?? baseUrl() }]);
    for (const path of [
      "/api/v1/ppt/presentation/generate",
      "/api/v1/ppt/presentation/generate/async",
      "/api/v3/presentation/outlines/generate",
      "/api/v3/presentation/generate",
      "/api/v3/presentation/generate/async",
      "/api/v1/ppt/presentation/create/from-json",
      "/api/v3/async-task/status/{id}",
      "/api/v1/ppt/files/upload",
      "/api/v1/webhook/subscribe",
      "/api/v1/credits",
    ]) {
      expect(Object.keys(res.json.paths)).toContain(path);
    }
    expect(res.json.components.schemas.Problem.properties.code.enum).toContain("invalid_field");
  });

  it("documents the status and problem a real refusal answers", async () => {
    const refused = await api("/api/v1/ppt/presentation/generate", { body: { n_slides: 500 } });
    expect(refused.status).toBe(422);
    const doc = (await api("/api/openapi.json", { key: null })).json;
    const response = doc.paths["/api/v1/ppt/presentation/generate"].post.responses["422"];
    expect(response.$ref).toBe("#/components/responses/UnprocessableContent");
    const documented = doc.components.responses.UnprocessableContent.content["application/problem+json"];
    expect(documented.schema.allOf[1].properties.code.enum).toContain(refused.json.code);
    const problem = doc.components.schemas.Problem;
    for (const field of problem.required) expect(refused.json).toHaveProperty(field);
    for (const field of Object.keys(refused.json)) expect(Object.keys(problem.properties)).toContain(field);
  });
});

describe("/docs", () => {
  it("answers the reference page as HTML, loading Swagger UI from this server", async () => {
    const res = await fetch(`${baseUrl()}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("/docs/assets/swagger-ui.css");
    expect(html).toContain("/docs/assets/swagger-ui-bundle.js");
    expect(html).not.toMatch(/(unpkg|jsdelivr|cdnjs)\./);
  });

  it("serves the two Swagger UI files from node_modules and nothing else", async () => {
    const script = await fetch(`${baseUrl()}/docs/assets/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("SwaggerUIBundle");
    const css = await fetch(`${baseUrl()}/docs/assets/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
    for (const name of ["package.json", "index.js", "..%2F..%2Fpackage.json", "swagger-ui.js"]) {
      const other = await fetch(`${baseUrl()}/docs/assets/${name}`);
      expect(other.status, name).toBe(404);
    }
  });

  it("answers the error code page the problems' type links to", async () => {
    const res = await fetch(`${baseUrl()}/docs/errors`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('id="insufficient_credits"');
    expect(html).toContain('id="rate_limited"');
  });
});
