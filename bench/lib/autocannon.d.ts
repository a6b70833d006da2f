// The part of autocannon's programmatic API the load benches use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type TAutocannonOptions = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Request templates; setupRequest may rewrite each request before it is sent. */
    requests?: { setupRequest?: (request: object) => object }[];
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as a timeout (default 10). */
    timeout?: number;
  };

  export type TAutocannonResult = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    requests: { average: number; total: number };
  };

  /** Resolves with the result; emits 'response' (client, statusCode, resBytes, responseTimeMs) per answer. */
  export interface TAutocannonInstance extends EventEmitter, PromiseLike<TAutocannonResult> {}

  export default function autocannon(options: TAutocannonOptions): TAutocannonInstance;
}
