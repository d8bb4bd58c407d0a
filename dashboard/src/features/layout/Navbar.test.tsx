import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInAs, signedOut, usePageTestEnv } from '../../test/renderWithProviders';
import { Navbar } from './Navbar';

describe('Navbar', () => {
  usePageTestEnv();

  it('links signed-in owners to Leads with the unread count, on desktop and in the mobile menu', async () => {
    mockFetch(signedInAs({ email: 'ada@example.com', firstName: 'Ada' }), (url) => (url.endsWith('/api/leads/unread-count') ? json(3) : undefined));
    renderWithProviders(<Navbar />, { path: '/dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const desktop = await within(nav).findByRole('link', { name: 'Leads, 3 unread' });
    expect(desktop.getAttribute('href')).toBe('/leads');
    expect(within(desktop).getByTestId('nav-unread-leads').textContent).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = document.getElementById('mobile-menu')!;
    const link = within(mobile).getByRole('link', { name: 'Leads, 3 unread' });
    expect(link.getAttribute('href')).toBe('/leads');
  });

  it('shows Leads without a badge at zero, and no Leads link when signed out', async () => {
    mockFetch(signedInAs({ email: 'ada@example.com', firstName: 'Ada' }), (url) => (url.endsWith('/api/leads/unread-count') ? json(0) : undefined));
    const view = renderWithProviders(<Navbar />, { path: '/dashboard' });
    const link = await screen.findByRole('link', { name: 'Leads' });
    expect(within(link).queryByTestId('nav-unread-leads')).toBeNull();
    view.unmount();

    const fetchMock = mockFetch(signedOut);
    renderWithProviders(<Navbar />, { path: '/' });
    await screen.findByRole('link', { name: 'Log In' });
    expect(screen.queryByRole('link', { name: /^Leads/ })).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).not.toContain('/api/leads/unread-count');
  });

  it('links administrators, and only them, to the admin page', async () => {
    const admin = (isAdmin: boolean) => (url: string) => (url.endsWith('/api/auth/admin-status') ? json({ isAdmin }) : undefined);
    mockFetch(admin(true), signedInAs({ email: 'ada@example.com', firstName: 'Ada' }));
    const view = renderWithProviders(<Navbar />, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const link = await within(document.getElementById('mobile-menu')!).findByRole('link', { name: 'Admin' });
    expect(link.getAttribute('href')).toBe('/admin');
    view.unmount();

    mockFetch(admin(false), signedInAs({ email: 'olga@example.com', firstName: 'Olga' }));
    renderWithProviders(<Navbar />, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    await within(document.getElementById('mobile-menu')!).findByRole('link', { name: 'Settings' });
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
