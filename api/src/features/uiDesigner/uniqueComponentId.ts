import type { HomeScreenConfig } from '@parley/contracts';

/** `base`, or `base-2`, `base-3`… when a component of the design already has that id. */
export function uniqueComponentId(config: HomeScreenConfig, base: string): string {
  const taken = new Set(config.components.map((c) => c.id));
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}
