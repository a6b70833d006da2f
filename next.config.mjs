/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
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
  ],
};

export default nextConfig;
