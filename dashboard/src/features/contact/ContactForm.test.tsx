import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';

import { ContactForm } from './ContactForm';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ContactForm', () => {
  usePageTestEnv();

  it('shows every validation message and sends nothing while invalid', async () => {
    const fetch = mockFetch();
    renderWithProviders(<ContactForm />);
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    for (const text of ['Please select how we can help you', 'Name must be at least 2 characters', 'Please enter a valid email address', 'Message must be at least 10 characters']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses an address the server would refuse, such as jo@example..com', async () => {
    const fetch = mockFetch();
    renderWithProviders(<ContactForm />);
    fill('How can we help?', 'support');
    fill('Name', 'Ada');
    fill('Email', 'jo@example..com');
    fill('Message', 'The widget does not load on my site.');
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's per-field messages under their fields", async () => {
    mockFetch((url) =>
      url === '/api/contact' ? json({ message: 'Name must be at most 100 characters', details: { fieldErrors: { name: ['Name must be at most 100 characters'] } } }, 400) : undefined,
    );
    renderWithProviders(<ContactForm />);
    fill('How can we help?', 'sales');
    fill('Name', 'Ada');
    fill('Email', 'ada@example.com');
    fill('Message', 'We would like a demo for our team.');
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Failed to send message')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Name must be at most 100 characters')).toHaveLength(2);
  });

  it('on a non-OK answer shows the failure toast with the server message', async () => {
    mockFetch((url) => (url === '/api/contact' ? json({ message: 'Mail is down' }, 503) : undefined));
    renderWithProviders(<ContactForm />);
    fill('How can we help?', 'support');
    fill('Name', 'Ada');
    fill('Email', 'ada@example.com');
    fill('Message', 'The widget does not load on my site.');
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Failed to send message')).toBeTruthy();
    expect(screen.getByText('Mail is down')).toBeTruthy();
    expect(screen.queryByText('Send Another Message')).toBeNull();
  });

  it('after sending shows the thank-you state; "Send Another Message" returns to an empty form', async () => {
    const fetch = mockFetch((url) => (url === '/api/contact' ? json({ success: true }, 201) : undefined));
    renderWithProviders(<ContactForm />);
    fill('How can we help?', 'sales');
    fill('Name', 'Ada');
    fill('Email', 'ada@example.com');
    fill('Company (optional)', 'Acme');
    fill('Message', 'We would like a demo for our team.');
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ contactType: 'sales', name: 'Ada', email: 'ada@example.com', company: 'Acme', message: 'We would like a demo for our team.' });
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});
