import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCard, LoadingBlock } from './QueryState';

describe('QueryState', () => {
  afterEach(cleanup);

  it('LoadingBlock is a status named for what loads', () => {
    render(<LoadingBlock label="Loading leads" />);
    expect(screen.getByRole('status', { name: 'Loading leads' })).toBeTruthy();
  });

  it('ErrorCard alerts with its title and message, and offers Try again only with onRetry', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<ErrorCard title="Error Loading Leads" message="Failed to load leads. Please try again later." />);
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Error Loading Leads' })).toBeTruthy();
    expect(alert.textContent).toContain('Failed to load leads. Please try again later.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    rerender(<ErrorCard title="Error Loading Leads" message="Failed" onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
