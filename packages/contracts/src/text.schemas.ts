import { z } from 'zod';
import { cleanText, jsonBytes, jsonDepth } from './text';

/** A string schema that applies `cleanText` first, so later `.trim().min(1)` checks see the real text. */
export const cleanString = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(cleanText);

/** `schema`, refusing values nested deeper than `maxDepth` or larger than `maxBytes` as JSON. */
export function boundedJson<T extends z.ZodType>(schema: T, { label, maxDepth, maxBytes }: { label: string; maxDepth: number; maxBytes: number }): T {
  return schema.superRefine((value, ctx) => {
    // Depth first: it bounds the recursion of JSON.stringify in the size check.
    if (jsonDepth(value, maxDepth) > maxDepth) {
      ctx.addIssue({ code: 'custom', message: `${label} is nested too deeply (at most ${maxDepth} levels)` });
    } else if (jsonBytes(value) > maxBytes) {
      const limit = maxBytes % 1024 ? `${maxBytes} bytes` : `${maxBytes / 1024} KB`;
      ctx.addIssue({ code: 'custom', message: `${label} is too large (at most ${limit})` });
    }
  });
}

/** A zod issue as one line, "dotted.path: message" (the message alone for the root or when it already names the path). */
export function issueLine(issue: { path: readonly PropertyKey[]; message: string }): string {
  const where = issue.path.map(String).join('.');
  return where && !issue.message.startsWith(where) ? `${where}: ${issue.message}` : issue.message;
}
