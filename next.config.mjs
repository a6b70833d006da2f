/** @type {import('next').NextConfig} */
/** Headers of every response; pages get their Content-Security-Policy from proxy.ts (a nonce each). */
const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

const nextConfig = {
  poweredByHeader: false,
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      // API answers are data and files, never documents to run or frame (lib/security).
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }],
      },
      // Share links' pages (/s/<token>): the token is the only key to the deck, so no Referer takes
      // it to another site, and no search engine indexes it. Later entries win for the same header.
      {
        source: "/s/:path*",
        headers: [
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Robots-Tag", value: "noindex, nofollow, noarchive" },
        ],
      },
    ];
  },
  // A separate build directory (NEXT_DIST_DIR) lets parallel work build and serve side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native, font-file and wasm-loading packages run from node_modules rather than the bundle.
  serverExternalPackages: [
    "pdfkit",
    "fontkit",
    "pptxgenjs",
    "@libsql/client",
    "libsql",
    "@prisma/adapter-libsql",
    "jszip",
    // Document readers for uploads: PDF.js (unpdf) resolves its own bundle and data files at run time.
    "unpdf",
    "mammoth",
    // The job queue engine on PostgreSQL: plain CommonJS over pg, loaded as is.
    "pg-boss",
    // Document reading runs on piscina's worker threads (its own worker script, loaded by path);
    // esbuild bundles that script when no production build of it exists.
    "piscina",
    "esbuild",
    "busboy",
  ],
};

export default nextConfig;
