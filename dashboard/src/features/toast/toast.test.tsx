import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { resetToasts, toast, TOAST_DURATION } from './toastStore';

describe('toasts', () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    act(() => resetToasts());
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'First', description: 'one' }));
    expect(screen.getByText('First')).toBeTruthy();
    act(() => void toast({ title: 'Second', description: 'two' }));
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.queryByText('First')).toBeNull();
  });

  it('renders the destructive variant with its title and description', () => {
    render(<Toaster />);
    act(() => void toast({ variant: 'destructive', title: 'Unauthorized', description: 'You are logged out. Logging in again...' }));
    const title = screen.getByText('Unauthorized');
    const root = title.closest('[data-variant]');
    expect(root?.getAttribute('data-variant')).toBe('destructive');
    expect(root?.className).toContain('bg-red-600');
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
  });

  it('closes by itself after 5000 ms, not before', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Saved' }));
    act(() => void vi.advanceTimersByTime(TOAST_DURATION - 100));
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('closes with its close button', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Closable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Closable')).toBeNull();
  });

  it('a swipe right of 50 px or more dismisses it; a shorter one does not', () => {
    const proto = Element.prototype as unknown as Record<string, unknown>;
    proto.setPointerCapture ??= () => {};
    proto.hasPointerCapture ??= () => false;
    proto.releasePointerCapture ??= () => {};
    render(<Toaster />);
    act(() => void toast({ title: 'Swipe me' }));
    const swipe = (distance: number) => {
      const el = screen.getByText('Swipe me').closest('[data-variant]')!;
      fireEvent.pointerDown(el, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
      fireEvent.pointerMove(el, { clientX: 105, clientY: 10, pointerId: 1 });
      fireEvent.pointerMove(el, { clientX: 100 + distance, clientY: 10, pointerId: 1 });
      fireEvent.pointerUp(el, { clientX: 100 + distance, clientY: 10, pointerId: 1 });
    };
    swipe(30);
    expect(screen.getByText('Swipe me')).toBeTruthy();
    swipe(60);
    expect(screen.queryByText('Swipe me')).toBeNull();
  });

  it('F8 moves focus to the notifications viewport', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Focus me' }));
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = screen.getByRole('region');
    expect(region.getAttribute('aria-label')).toContain('F8');
    expect(region.contains(document.activeElement)).toBe(true);
  });
});
