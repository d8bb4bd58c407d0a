import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithChat } from '../test/renderWithChat';
import { TableMessage, tableFromMetadata } from './TableMessage';

describe('TableMessage', () => {
  it('renders headers and array rows from metadata', () => {
    renderWithChat(<TableMessage content="Plans" metadata={{ title: 'Pricing', headers: ['Plan', 'Price'], rows: [['Basic', 10], ['Ultra', 50]] }} messageKey="t" />);
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Plan', 'Price']);
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['Basic', '10', 'Ultra', '50']);
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('Pricing');
  });

  it('reads object rows by column key', () => {
    expect(tableFromMetadata({ columns: [{ key: 'n', label: 'Name' }], rows: [{ n: 'A' }, { n: null }] })).toEqual({ head: ['Name'], rows: [['A'], ['']], title: undefined });
    expect(tableFromMetadata({ rows: [{ a: 1, b: 2 }] })?.head).toEqual(['a', 'b']);
  });

  it('falls back to a Markdown table in the content', () => {
    renderWithChat(<TableMessage content={'| A | B |\n|---|---|\n| 1 | 2 |'} metadata={{}} messageKey="t" />);
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '2']);
  });
});
