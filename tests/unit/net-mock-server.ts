/** A local HTTP server for tests of outside calls: records every request and every connection. */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type TRecordedRequest = {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type TMockServer = {
  /** "http://127.0.0.1:<port>" */
  origin: string;
  port: number;
  requests: TRecordedRequest[];
  /** TCP connections accepted, so a test can assert that a refused fetch never connected. */
  connections: () => number;
  close: () => Promise<void>;
};

export type THandler = (
  request: IncomingMessage & { body: string },
  response: ServerResponse,
) => void | Promise<void>;

/** Starts a server on 127.0.0.1, port 0, answering with `handler` (which may leave a request hanging). */
export async function startMockServer(handler: THandler): Promise<TMockServer> {
  const requests: TRecordedRequest[] = [];
  let connections = 0;
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    requests.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
    try {
      await handler(Object.assign(request, { body }), response);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    }
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends `body` with a content type. */
export function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
  response.end(body);
}

/** Sends a JSON body. */
export function sendJson(response: ServerResponse, value: unknown, status = 200): void {
  send(response, status, "application/json", JSON.stringify(value));
}
