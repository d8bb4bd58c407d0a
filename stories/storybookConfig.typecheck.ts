/**
 * tsconfig.json includes `stories`, but TypeScript skips dot-folders there; importing the
 * Storybook config from here puts .storybook/main.ts and preview.tsx under `npm run typecheck`.
 */
import type {} from './.storybook/main';
import type {} from './.storybook/preview';
