import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockMatchMedia } from '../../test/renderWithProviders';
import { ThemeProvider, useTheme } from './ThemeProvider';

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p data-testid="state">
        {theme}/{resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme('dark')}>dark</button>
      <button type="button" onClick={() => setTheme('light')}>light</button>
      <button type="button" onClick={() => setTheme('system')}>system</button>
    </div>
  );
}

const html = () => document.documentElement;

describe('ThemeProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    html().className = '';
    html().removeAttribute('data-theme');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('defaults to system and follows the OS dark preference live', () => {
    const media = mockMatchMedia(false);
    render(<ThemeProvider><Probe /></ThemeProvider>);
    expect(screen.getByTestId('state').textContent).toBe('system/light');
    expect(html().classList.contains('light')).toBe(true);
    expect(html().getAttribute('data-theme')).toBe('light');

    act(() => media.setDark(true));
    expect(screen.getByTestId('state').textContent).toBe('system/dark');
    expect(html().classList.contains('dark')).toBe(true);
    expect(html().classList.contains('light')).toBe(false);
    expect(html().getAttribute('data-theme')).toBe('dark');
  });

  it('persists an explicit choice under "theme" and ignores the OS while it is set', () => {
    const media = mockMatchMedia(false);
    render(<ThemeProvider><Probe /></ThemeProvider>);
    fireEvent.click(screen.getByText('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(html().classList.contains('dark')).toBe(true);

    act(() => media.setDark(false));
    expect(html().getAttribute('data-theme')).toBe('dark');

    fireEvent.click(screen.getByText('light'));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(html().className).toBe('light');
  });

  it('starts from the stored preference', () => {
    mockMatchMedia(false);
    localStorage.setItem('theme', 'dark');
    render(<ThemeProvider><Probe /></ThemeProvider>);
    expect(screen.getByTestId('state').textContent).toBe('dark/dark');
    expect(html().getAttribute('data-theme')).toBe('dark');
  });

  it('treats an unknown stored value as system', () => {
    mockMatchMedia(true);
    localStorage.setItem('theme', 'purple');
    render(<ThemeProvider><Probe /></ThemeProvider>);
    expect(screen.getByTestId('state').textContent).toBe('system/dark');
  });
});
