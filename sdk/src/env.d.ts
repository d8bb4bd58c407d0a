/** Stylesheets imported as text (Vite's `?inline`; rollup.config.mjs does the same for the bundles). */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
