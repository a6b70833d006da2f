// Tailwind CSS v4 through its PostCSS plugin (Next.js picks this file up).
export default {
  plugins: { "@tailwindcss/postcss": {} },
};
