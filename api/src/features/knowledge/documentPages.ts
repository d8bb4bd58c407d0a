import type { DocumentFormat } from './extractDocument';
import { PAGE_BREAK } from './extractDocument';
import { textToBlocks, type Block } from './extractPage';

/**
 * The pages a PDF or Word source is indexed as, rebuilt from its stored text: "{title} — page N"
 * for each PDF page with text, "{title} — {heading}" for each top-level section of a Word file
 * (the text before its first heading, or a file without headings, is titled by the file). The
 * title carries the reference, so an answer's cited source names the page it came from.
 */
export function documentPages(format: DocumentFormat, title: string, textContent: string): { title: string; blocks: Block[] }[] {
  return textContent.split(PAGE_BREAK).flatMap((text, i) => {
    const blocks = textToBlocks(text);
    if (blocks.length === 0) return [];
    if (format === 'pdf') return [{ title: `${title} — page ${i + 1}`, blocks }];
    const [first] = blocks;
    return [{ title: first.kind === 'heading' ? `${title} — ${first.text}` : title, blocks }];
  });
}
