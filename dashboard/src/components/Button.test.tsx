import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, ButtonAnchor, ButtonLink, buttonClasses, buttonVariants } from './Button';

const classes = (el: HTMLElement) => el.className.split(' ');

describe('Button', () => {
  afterEach(cleanup);

  it('defaults to a primary, medium button that does not submit forms', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(classes(button)).toEqual(expect.arrayContaining(['bg-blue-600', 'text-white', 'h-10', 'px-4']));
  });

  it("a className overrides the variant's padding and colour instead of adding to them", () => {
    render(
      <Button variant="outline" size="sm" className="px-8 bg-amber-100">
        Wide
      </Button>,
    );
    const own = classes(screen.getByRole('button', { name: 'Wide' }));
    expect(own).toEqual(expect.arrayContaining(['px-8', 'bg-amber-100', 'h-8', 'border', 'dark:bg-slate-900']));
    expect(own).not.toContain('px-3');
    expect(own).not.toContain('bg-white');
  });

  it('links and anchors share the look and the override', () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/dashboard" variant="ghost" className="px-0">
          Home
        </ButtonLink>
        <ButtonAnchor href="/api/login" variant="destructive" size="lg" className="bg-red-800">
          Log In
        </ButtonAnchor>
      </MemoryRouter>,
    );
    const link = classes(screen.getByRole('link', { name: 'Home' }));
    expect(link).toEqual(expect.arrayContaining(['px-0', 'text-slate-700', 'h-10']));
    expect(link).not.toContain('px-4');
    const anchor = classes(screen.getByRole('link', { name: 'Log In' }));
    expect(anchor).toEqual(expect.arrayContaining(['bg-red-800', 'h-12', 'px-6']));
    expect(anchor).not.toContain('bg-red-600');
  });

  it('buttonClasses matches buttonVariants for elements that are not buttons', () => {
    expect(buttonClasses('secondary', 'sm', 'mt-6')).toBe(`${buttonVariants({ variant: 'secondary', size: 'sm' })} mt-6`);
    expect(buttonClasses()).toBe(buttonVariants());
  });
});
