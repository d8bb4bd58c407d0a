// Builds sdk/ into sdk/dist (React aliased to core preact and sdk/src/preact in the browser bundles):
//   chunks/widget-[hash].js  the full widget (ESM), fetched by <chat-widget> after its launcher shows
//   index.js + protocol.js   ESM for React apps (react, react-dom external) + .d.ts; the React
//                            component's renderer is a code-split chunk using the app's React
//   element.js               ESM registering <chat-widget>; imports chunks/widget-[hash].js lazily
//   embed.js                 the script-tag loader (IIFE): <chat-widget> + window.ChatWidget
// Browser files are also written gzip- and brotli-compressed, which the server sends as is.
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const DIST = 'sdk/dist';
const TSCONFIG = 'sdk/tsconfig.build.json';
// No clean step: a loader cached by a browser (5 minutes) may still ask for the previous build's
// hashed widget file, so old ones stay.
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

// Core preact plus the little of compat the widget needs (sdk/src/preact), not all of compat.
const preactAliases = alias({
  entries: [
    { find: /^react-dom(\/client)?$/, replacement: path.resolve('sdk/src/preact/reactDom.js') },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react$/, replacement: path.resolve('sdk/src/preact/react.js') },
  ],
});

/** The full widget's hashed file name, known once its build (the first) has written it. */
const renderer = { file: '' };

function captureRendererFile() {
  return {
    name: 'capture-renderer-file',
    generateBundle(_options, bundle) {
      renderer.file = Object.values(bundle).find((f) => f.type === 'chunk' && f.isEntry).fileName;
    },
  };
}

const RENDERER_ID = 'parley:renderer';

/** In element.js, the lazy import of the renderer points at the hashed file the first build wrote. */
function externalRenderer() {
  return {
    name: 'external-renderer',
    resolveId(source) {
      if (!source.endsWith('/renderer/mountWidget')) return null;
      if (!renderer.file) this.error('the renderer must be built before element.js');
      return { id: RENDERER_ID, external: true };
    },
  };
}

/** Writes `file.gz` and `file.br` next to each script, for servers to send precompressed. */
function precompress() {
  return {
    name: 'precompress',
    writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file);
      for (const name of Object.keys(bundle).filter((n) => n.endsWith('.js'))) {
        const body = readFileSync(path.join(dir, name));
        writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
        writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const ts = (options = {}) => typescript({ tsconfig: TSCONFIG, noEmitOnError: true, ...options });

/** Browser bundles: everything inlined but the renderer, which element.js and embed.js fetch lazily. */
function browserBuild(input, output, extra = []) {
  return {
    input,
    // The entry may export what its lazy chunks share with it, rather than leaving those in a third file.
    preserveEntrySignatures: 'allow-extension',
    output: { sourcemap: true, ...output },
    treeshake: { preset: 'recommended' },
    plugins: [
      ...extra,
      forbidZod(),
      cssText(),
      preactAliases,
      replace({
        preventAssignment: true,
        values: { 'process.env.NODE_ENV': JSON.stringify('production'), __VERSION__: pkg.version, __RENDERER_FILE__: () => renderer.file },
      }),
      resolve({ browser: true, extensions }),
      commonjs(),
      ts({ declaration: false, declarationMap: false, outDir: DIST }),
      terser({ ecma: 2020, module: output.format === 'es', compress: { passes: 3, pure_getters: true, unsafe_arrows: true }, format: { comments: false } }),
      precompress(),
    ],
  };
}

export default [
  browserBuild(
    'sdk/src/renderer/mountWidget.tsx',
    { dir: DIST, format: 'es', entryFileNames: 'chunks/widget-[hash].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    [captureRendererFile()],
  ),
  {
    input: { index: 'sdk/src/index.ts', protocol: 'sdk/src/protocol.ts' },
    output: { dir: DIST, format: 'es', sourcemap: true, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    external: (id) => /^(react|react-dom)(\/|$)/.test(id),
    plugins: [forbidZod(), cssText(), resolve({ extensions }), ts({ declaration: true, declarationDir: `${DIST}/types`, outDir: DIST })],
  },
  browserBuild('sdk/src/element.ts', { file: `${DIST}/element.js`, format: 'es', paths: (id) => (id === RENDERER_ID ? `./${renderer.file}` : id) }, [
    externalRenderer(),
  ]),
  browserBuild('sdk/src/embed.ts', { file: `${DIST}/embed.js`, format: 'iife' }),
];
