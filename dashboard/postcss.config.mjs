/** Tailwind v4 through PostCSS; Vite picks this file up because it sits in the Vite root. */
export default {
  plugins: { '@tailwindcss/postcss': {} },
};
