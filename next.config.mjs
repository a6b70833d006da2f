/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Native, font-file and wasm-loading packages run from node_modules rather than the bundle.
  serverExternalPackages: [
    "pdfkit",
    "fontkit",
    "pptxgenjs",
    "@libsql/client",
    "libsql",
    "@prisma/adapter-libsql",
    "jszip",
  ],
};

export default nextConfig;
