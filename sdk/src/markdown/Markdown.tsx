import type { ReactNode } from 'react';
import { safeUrl } from '../lib/safeUrl';
import { parseMarkdown, type Block } from './parseMarkdown';

/**
 * Renders bot text as safe Markdown: React elements only (raw HTML stays literal text), and
 * only http(s) links, which open in a new tab with `rel="noopener noreferrer"`.
 */
export function Markdown({ text, baseUrl }: { text: string; baseUrl?: string }) {
  return <div className="cw-md">{renderBlocks(parseMarkdown(text), baseUrl)}</div>;
}

function renderBlocks(blocks: Block[], base?: string): ReactNode[] {
  return blocks.map((block, k) => {
    switch (block.type) {
      case 'paragraph':
        return <p key={k}>{renderInline(block.text, base)}</p>;
      case 'heading':
        // Bubble headings are styled text: real <h*> would break the host page's outline.
        return (
          <p key={k} className="cw-md-h">
            <strong>{renderInline(block.text, base)}</strong>
          </p>
        );
      case 'code':
        return (
          <pre key={k}>
            <code>{block.text}</code>
          </pre>
        );
      case 'rule':
        return <hr key={k} />;
      case 'quote':
        return <blockquote key={k}>{renderBlocks(block.blocks, base)}</blockquote>;
      case 'list': {
        const items = block.items.map((item, j) => <li key={j}>{renderItem(item, base)}</li>);
        return block.ordered ? (
          <ol key={k} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={k}>{items}</ul>
        );
      }
      case 'table':
        return <MarkdownTable key={k} head={block.head} rows={block.rows} base={base} />;
      default:
        return null;
    }
  });
}

/** A table inside a focusable scroller, so keyboard users can scroll wide tables too. */
export function MarkdownTable({ head, rows, base, caption }: { head: string[]; rows: string[][]; base?: string; caption?: string }) {
  return (
    // A wide table scrolls sideways: the focusable wrapper lets keyboard users scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <div className="cw-table-wrap" tabIndex={0} role="group" aria-label={caption || 'Table'}>
      <table>
        {caption ? <caption>{caption}</caption> : null}
        {head.length ? (
          <thead>
            <tr>
              {head.map((cell, j) => (
                <th key={j} scope="col">
                  {renderInline(cell, base)}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, j) => (
                <td key={j}>{renderInline(cell, base)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function renderItem(item: string, base?: string): ReactNode[] {
  const blocks = parseMarkdown(item);
  return blocks.length === 1 && blocks[0].type === 'paragraph' ? renderInline(blocks[0].text, base) : renderBlocks(blocks, base);
}

// Groups: 1 escape, 2-3 code, 4 strong*, 5 strong_, 6 del, 7 em*, 8 em_, 9-11 link/image,
// 12 <autolink>, 13 bare URL; a lone newline is a line break (chat text is written that way).
const INLINE =
  /\\([\\`*_{}[\]()#+\-.!~|>])|(`+)([\s\S]*?[^`])\2(?!`)|\*\*(?=\S)([\s\S]*?\S)\*\*|__(?=\S)([\s\S]*?\S)__|~~(?=\S)([\s\S]*?\S)~~|\*(?=[^\s*])([\s\S]*?[^\s*])\*|_(?=[^\s_])([\s\S]*?[^\s_])_(?!\w)|(!?)\[([^\]]*)\]\(\s*<?([^\s<>()]*(?:\([^\s<>()]*\)[^\s<>()]*)*)>?(?:\s+"[^"]*")?\s*\)|<(https?:\/\/[^\s<>]+)>|(https?:\/\/[^\s<>]*[^\s<>.,:;!?"')\]])|\n/g;

/** Inline Markdown to React nodes (exported for one-line labels such as card descriptions). */
export function renderInline(text: string, base?: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = new RegExp(INLINE.source, 'g');
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // `snake_case_words` are not emphasis: an underscore inside a word is literal.
    if (m[8] !== undefined && m.index > 0 && /\w/.test(text[m.index - 1])) {
      re.lastIndex = m.index + 1;
      continue;
    }
    if (m.index > last) out.push(text.slice(last, m.index));
    last = re.lastIndex;
    const k = out.length;
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[3] !== undefined) out.push(<code key={k}>{m[3].trim() || m[3]}</code>);
    else if (m[4] !== undefined || m[5] !== undefined) out.push(<strong key={k}>{renderInline(m[4] ?? m[5], base)}</strong>);
    else if (m[6] !== undefined) out.push(<del key={k}>{renderInline(m[6], base)}</del>);
    else if (m[7] !== undefined || m[8] !== undefined) out.push(<em key={k}>{renderInline(m[7] ?? m[8], base)}</em>);
    else if (m[11] !== undefined) out.push(link(k, m[11], m[10] ? renderInline(m[10], base) : m[11], base));
    else if (m[12] !== undefined || m[13] !== undefined) out.push(link(k, m[12] ?? m[13], m[12] ?? m[13], base));
    else out.push(<br key={k} />);
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function link(key: number, href: string, children: ReactNode, base?: string): ReactNode {
  const url = safeUrl(href, base);
  if (!url) return <span key={key}>{children}</span>;
  return (
    <a key={key} href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
