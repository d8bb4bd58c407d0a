// Builds sdk/ into sdk/dist:
//   index.js + protocol.js  ESM for React apps (react, react-dom external) + .d.ts
//   element.js              self-contained ESM registering <chat-widget> (React aliased to preact/compat)
//   embed.js                IIFE global `ChatWidget` for the script tag (preact/compat, minified)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const DIST = 'sdk/dist';
const TSCONFIG = 'sdk/tsconfig.build.json';
const pkg = JSON.parse(readFileSync('sdk/package.json', 'utf8'));
const extensions = ['.ts', '.tsx', '.mjs', '.js', '.json'];

/** `import css from './x.css?inline'` (Vite's convention) becomes the stylesheet's text. */
function cssText() {
  const SUFFIX = '?inline';
  return {
    name: 'css-text',
    resolveId(source, importer) {
      if (!source.endsWith(`.css${SUFFIX}`) || !importer) return null;
      return path.resolve(path.dirname(importer), source.slice(0, -SUFFIX.length)) + SUFFIX;
    },
    load(id) {
      if (!id.endsWith(`.css${SUFFIX}`)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      return { code: `export default ${JSON.stringify(minifyCss(readFileSync(file, 'utf8')))};`, moduleSideEffects: false };
    },
  };
}

/** Comments and layout whitespace only; a space before ':' is kept (it is a descendant combinator). */
function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};>])\s*/g, '$1')
    .replace(/([,:])\s+/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/**
 * The widget never carries zod: it imports only `@parley/contracts`, whose plain entry has no
 * schemas. A guard, so a stray import of `@parley/contracts/schemas` or zod fails the build.
 */
function forbidZod() {
  return {
    name: 'forbid-zod',
    resolveId(source, importer) {
      if (source === 'zod' || source.startsWith('zod/') || source === '@parley/contracts/schemas') {
        this.error(`${importer} imports ${source}: the widget uses the plain @parley/contracts entry only`);
      }
      return null;
    },
  };
}

const preactAliases = alias({
  entries: [
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react$/, replacement: 'preact/compat' },
  ],
});

const ts = (options = {}) => typescript({ tsconfig: TSCONFIG, noEmitOnError: true, ...options });

/** Browser bundles: everything inlined. */
function browserBuild(input, output) {
  return {
    input,
    output: { sourcemap: true, ...output },
    treeshake: { preset: 'recommended' },
    plugins: [
      forbidZod(),
      cssText(),
      preactAliases,
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production'), __VERSION__: pkg.version } }),
      resolve({ browser: true, extensions }),
      commonjs(),
      ts({ declaration: false, declarationMap: false, outDir: DIST }),
      terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } }),
    ],
  };
}

export default [
  {
    input: { index: 'sdk/src/index.ts', protocol: 'sdk/src/protocol.ts' },
    output: { dir: DIST, format: 'es', sourcemap: true, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    external: (id) => /^(react|react-dom)(\/|$)/.test(id),
    plugins: [forbidZod(), cssText(), resolve({ extensions }), ts({ declaration: true, declarationDir: `${DIST}/types`, outDir: DIST })],
  },
  browserBuild('sdk/src/element.ts', { file: `${DIST}/element.js`, format: 'es' }),
  browserBuild('sdk/src/embed.ts', { file: `${DIST}/embed.js`, format: 'iife', name: 'ChatWidget', exports: 'named' }),
];
