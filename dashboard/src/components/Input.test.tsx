import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Input, inputVariants, Select, Textarea } from './Input';

const classes = (el: Element) => el.className.split(' ');

describe('Input, Textarea, Select', () => {
  afterEach(cleanup);

  it('share one look; invalid turns the border red and sets aria-invalid', () => {
    render(
      <>
        <Input aria-label="Name" />
        <Textarea aria-label="Message" invalid />
        <Select aria-label="Topic" aria-invalid>
          <option>Sales</option>
        </Select>
      </>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.className).toBe(inputVariants());
    expect(name.hasAttribute('aria-invalid')).toBe(false);

    for (const el of [screen.getByRole('textbox', { name: 'Message' }), screen.getByRole('combobox', { name: 'Topic' })]) {
      expect(el.getAttribute('aria-invalid')).toBe('true');
      expect(classes(el)).toContain('border-red-500');
      expect(classes(el)).not.toContain('border-slate-300');
    }
  });

  it('a className overrides the built-in padding; the ref reaches the element', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Input ref={ref} aria-label="Code" className="px-1 font-mono" />);
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(ref.current).toBe(input);
    expect(classes(input)).toEqual(expect.arrayContaining(['px-1', 'py-2', 'font-mono']));
    expect(classes(input)).not.toContain('px-3');
  });
});
