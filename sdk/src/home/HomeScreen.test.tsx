import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HomeScreenConfig } from '@parley/contracts';
import { DEFAULT_TOPICS } from './defaultHome';
import { HomeScreen, NO_HOME_CONFIG } from './HomeScreen';

const config: HomeScreenConfig = {
  components: [
    { id: 'foot', type: 'footer', order: 0, visible: true, props: { text: 'Powered by Parley', links: [{ text: 'Privacy', url: 'https://example.com/privacy' }] } },
    { id: 'grid', type: 'topic_grid', order: 3, visible: true, props: { title: 'Topics', topics: [
      { id: 't1', title: 'Invoices', description: 'Find an invoice', category: 'billing', message: 'Where is my invoice?', icon: 'credit-card' },
      { id: 't2', title: 'Setup', description: 'Install the widget', category: 'support' },
      { id: 't3', title: 'NPS survey', actionType: 'survey', surveyId: 9 },
    ], style: { itemStyle: 'outlined', titleFontSize: 18, descriptionFontSize: '12px' } } },
    { id: 'tabs', type: 'category_tabs', order: 2, visible: true, props: { categories: ['billing', { id: 'support', name: 'Help desk' }] } },
    { id: 'head', type: 'header', order: 1, visible: true, props: { title: 'Hi from Acme', subtitle: 'Ask away', style: { transparentBackground: true } } },
    { id: 'hidden', type: 'header', order: 1, visible: false, props: { title: 'Hidden header' } },
    { id: 'weird', type: 'carousel', order: 1, visible: true, props: { title: 'Unknown thing' } },
  ],
  theme: { primaryColor: '#aa0000', backgroundImageUrl: 'https://cdn.example.com/bg.jpg', backgroundImageTransparency: 70 },
};

describe('HomeScreen', () => {
  it('renders visible known components in order and skips hidden and unknown ones', () => {
    const { container } = render(<HomeScreen config={config} onSelect={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Hi from Acme' })).toBeTruthy();
    expect(screen.queryByText('Hidden header')).toBeNull();
    expect(screen.queryByText('Unknown thing')).toBeNull();
    const body = container.querySelector('.cw-home-body')!;
    expect([...body.children].map((c) => c.className)).toEqual(['cw-home-header is-transparent', 'cw-home-section', 'cw-home-section']);
  });

  it('pins the footer after the scrolling body', () => {
    const { container } = render(<HomeScreen config={config} onSelect={vi.fn()} />);
    const home = container.querySelector('.cw-home')!;
    expect(home.lastElementChild?.className).toBe('cw-home-footer');
    expect(home.lastElementChild?.textContent).toContain('Powered by Parley');
    expect(within(home.lastElementChild as HTMLElement).getByRole('link', { name: 'Privacy' }).getAttribute('target')).toBe('_blank');
  });

  it('shows the background image through its transparency and applies the theme', () => {
    const { container } = render(<HomeScreen config={config} onSelect={vi.fn()} />);
    const bg = container.querySelector('.cw-home-bg') as HTMLElement;
    expect(bg.style.backgroundImage).toBe('url("https://cdn.example.com/bg.jpg")');
    expect(bg.style.opacity).toBe('0.3');
    expect((container.querySelector('.cw-home') as HTMLElement).style.getPropertyValue('--cw-primary')).toBe('#aa0000');
  });

  it('applies item style and font sizes', () => {
    const { container } = render(<HomeScreen config={config} onSelect={vi.fn()} />);
    expect(container.querySelector('.cw-items')?.className).toContain('is-outlined');
    expect((screen.getByText('Invoices') as HTMLElement).style.fontSize).toBe('18px');
    expect((screen.getByText('Find an invoice') as HTMLElement).style.fontSize).toBe('12px');
    expect(screen.getByRole('button', { name: /Invoices/ }).textContent).toContain('💳');
  });

  it('sizes the header title 16 px and subtitle 14 px by default, or as configured', () => {
    const header = (style?: Record<string, unknown>): HomeScreenConfig => ({
      components: [{ id: 'h', type: 'header', order: 0, visible: true, props: { title: 'Welcome', subtitle: 'How can we help you today?', ...(style && { style }) } }],
    });
    const { unmount } = render(<HomeScreen config={header()} onSelect={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Welcome' }).style.fontSize).toBe('16px');
    expect(screen.getByText('How can we help you today?').style.fontSize).toBe('14px');
    unmount();
    render(<HomeScreen config={header({ titleFontSize: 24, descriptionFontSize: '12px' })} onSelect={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Welcome' }).style.fontSize).toBe('24px');
    expect(screen.getByText('How can we help you today?').style.fontSize).toBe('12px');
  });

  it('filters the topic grid below the category tabs', async () => {
    render(<HomeScreen config={config} onSelect={vi.fn()} />);
    expect(screen.getAllByRole('button', { name: /Invoices|Setup|NPS/ })).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Help desk' }));
    expect(screen.getByRole('button', { name: 'Help desk' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('button', { name: /Invoices|Setup|NPS/ }).map((b) => b.textContent)).toEqual(['SetupInstall the widget']);
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('button', { name: /Invoices|Setup|NPS/ })).toHaveLength(3);
  });

  it('reports the chosen topic', async () => {
    const onSelect = vi.fn();
    render(<HomeScreen config={config} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: /Invoices/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 't1', message: 'Where is my invoice?' }));
  });

  it('shows the default home without a configuration', async () => {
    const onSelect = vi.fn();
    render(<HomeScreen config={null} onSelect={onSelect} />);
    for (const text of ['Start Free Chat', 'Request Live Agent']) expect(screen.getByRole('button', { name: new RegExp(text) })).toBeTruthy();
    for (const heading of ['Popular Topics', 'Browse by Category']) expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^(All|Support|Sales|Billing)$/ }).map((b) => b.textContent)).toEqual(['All', 'Support', 'Sales', 'Billing']);
    expect(DEFAULT_TOPICS.map((t) => t.id)).toEqual(['product-info', 'order-status', 'billing-help', 'returns', 'shopping-help', 'technical-support', 'promotions', 'contact-agent']);
    const grids = document.querySelectorAll('.cw-items.is-grid');
    expect(grids[1].querySelectorAll('li')).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Billing' }));
    expect(grids[1].querySelectorAll('li')).toHaveLength(1);
    expect(grids[0].querySelectorAll('li')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: /Request Live Agent/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ action: 'live_agent' }));
  });

  it('says so when a configuration is required but missing', () => {
    render(<HomeScreen config={null} fallback="notice" onSelect={vi.fn()} />);
    expect(screen.getByText(NO_HOME_CONFIG)).toBeTruthy();
  });
});
