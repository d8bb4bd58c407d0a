import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HomeComponent, HomeScreenConfig, HomeTopic } from '@parley/contracts';
import { DEFAULT_TOPICS } from './defaultHome';
import { HomeScreen, NO_HOME_CONFIG } from './HomeScreen';

// As the widget may get it: an unknown component type and a "12px" font size among valid parts.
const config = {
  components: [
    { id: 'foot', type: 'footer', order: 0, visible: true, props: { text: 'Powered by Parley', links: [{ text: 'Privacy', url: 'https://example.com/privacy' }] } },
    { id: 'grid', type: 'topic_grid', order: 3, visible: true, props: { title: 'Topics', topics: [
      { id: 't1', title: 'Invoices', description: 'Find an invoice', category: 'billing', message: 'Where is my invoice?', icon: 'credit-card' },
      { id: 't2', title: 'Setup', description: 'Install the widget', category: 'support' },
      { id: 't3', title: 'NPS survey', actionType: 'survey', surveyId: 9 },
    ], style: { itemStyle: 'outlined', titleFontSize: 18, descriptionFontSize: '12px' } } },
    { id: 'tabs', type: 'category_tabs', order: 2, visible: true, props: { categories: ['billing', { id: 'support', label: 'Help desk' }] } },
    { id: 'head', type: 'header', order: 1, visible: true, props: { title: 'Hi from Acme', subtitle: 'Ask away', style: { transparentBackground: true } } },
    { id: 'hidden', type: 'header', order: 1, visible: false, props: { title: 'Hidden header' } },
    { id: 'weird', type: 'carousel', order: 1, visible: true, props: { title: 'Unknown thing' } },
  ],
  theme: { primaryColor: '#aa0000', backgroundImageUrl: 'https://cdn.example.com/bg.jpg', backgroundImageTransparency: 70 },
} as unknown as HomeScreenConfig;

const topics = [
  { id: 'b1', title: 'Invoices', description: 'Download a PDF', category: 'billing' },
  { id: 'b2', title: 'Refunds', description: 'Money back', category: 'billing' },
  { id: 's1', title: 'Install', description: 'Set up the widget', category: 'technical' },
  { id: 's2', title: 'Pricing plans', description: 'Compare plans', category: 'sales' },
];
const grid = (id: string, order: number, items: HomeTopic[] = topics): HomeComponent => ({ id, type: 'topic_grid', order, visible: true, props: { topics: items } });
const topicNames = () => screen.queryAllByRole('button', { name: /Invoices|Refunds|Install|Pricing plans/ }).map((b) => b.textContent);

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
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 't1', message: 'Where is my invoice?' }), 'topic');
  });

  it("reports quick actions as 'action' and topics as 'topic'", async () => {
    const onSelect = vi.fn();
    render(
      <HomeScreen
        config={{
          components: [
            { id: 'qa', type: 'quick_actions', order: 0, props: { actions: [{ id: 'go', title: 'Chat now', actionType: 'start_chat' }] } },
            grid('g', 1),
          ],
        }}
        onSelect={onSelect}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Chat now' }));
    await userEvent.click(screen.getByRole('button', { name: /Refunds/ }));
    expect(onSelect.mock.calls.map(([item, kind]) => [item.id, kind])).toEqual([
      ['go', 'action'],
      ['b2', 'topic'],
    ]);
  });

  it('opens a link topic in a new tab without telling the page, and never as a non-http link', async () => {
    const onSelect = vi.fn();
    const links = [
      { id: 'docs', title: 'Help centre', actionType: 'link' as const, url: 'https://help.example.com/start' },
      { id: 'bad', title: 'Sneaky', actionType: 'link' as const, url: 'javascript:alert(1)' },
    ];
    render(<HomeScreen config={{ components: [grid('g', 0, links)] }} onSelect={onSelect} />);
    const link = screen.getByRole('link', { name: 'Help centre' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['https://help.example.com/start', '_blank', 'noopener noreferrer']);
    expect(screen.queryByText('Sneaky')).toBeNull();
    await userEvent.click(link);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('reports link items through onSelect instead of opening them when links are drawn as buttons (previews)', async () => {
    const onSelect = vi.fn();
    const link = (id: string, title: string, url: string) => ({ id, title, actionType: 'link' as const, url });
    const home: HomeScreenConfig = {
      components: [
        { id: 'h', type: 'header', order: 0, props: { title: 'Hi', topics: [link('hl', 'Status page', 'https://status.example.com')] } },
        grid('g', 1, [link('docs', 'Help centre', 'https://help.example.com/start'), link('bad', 'Sneaky', 'javascript:alert(1)')]),
        { id: 'qa', type: 'quick_actions', order: 2, props: { actions: [link('site', 'Visit site', 'https://example.com')] } },
      ],
    };
    render(<HomeScreen config={home} onSelect={onSelect} linksAsButtons />);
    expect(screen.queryAllByRole('link')).toEqual([]);
    // An unsafe url is still never drawn: the preview shows what the widget will.
    expect(screen.queryByText('Sneaky')).toBeNull();
    for (const name of ['Status page', 'Help centre', 'Visit site']) await userEvent.click(screen.getByRole('button', { name }));
    expect(onSelect.mock.calls.map(([item, kind]) => [item.id, kind])).toEqual([
      ['hl', 'topic'],
      ['docs', 'topic'],
      ['site', 'action'],
    ]);
  });

  it('draws header topics as buttons under the subtitle', async () => {
    const onSelect = vi.fn();
    const header: HomeComponent = {
      id: 'h',
      type: 'header',
      order: 0,
      props: { title: 'Welcome', subtitle: 'Pick one', topics: [{ id: 'ht', title: 'Billing', icon: '💳', message: 'Billing question' }], style: { descriptionFontSize: 12 } },
    };
    const { container } = render(<HomeScreen config={{ components: [header] }} onSelect={onSelect} />);
    const button = within(container.querySelector('.cw-home-header') as HTMLElement).getByRole('button', { name: 'Billing' });
    expect(container.querySelector('.cw-home-header p')?.nextElementSibling?.contains(button)).toBe(true);
    expect((button.firstElementChild as HTMLElement).style.fontSize).toBe('12px');
    await userEvent.click(button);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'ht', message: 'Billing question' }), 'topic');
  });

  it('filters topics and quick actions by title, description or category as the visitor types', async () => {
    const actions: HomeComponent = { id: 'qa', type: 'quick_actions', order: 0, props: { actions: [{ id: 'a', title: 'Talk to billing', actionType: 'start_chat' }] } };
    render(<HomeScreen config={{ components: [actions, grid('g', 1)], settings: { enableSearch: true } }} onSelect={vi.fn()} />);
    const box = screen.getByRole('searchbox', { name: 'Search topics' });
    expect(box.getAttribute('placeholder')).toBe('Search topics...');
    await userEvent.type(box, 'BILL');
    expect(topicNames()).toEqual(['InvoicesDownload a PDF', 'RefundsMoney back']);
    expect(screen.getByRole('button', { name: 'Talk to billing' })).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, 'compare');
    expect(topicNames()).toEqual(['Pricing plansCompare plans']);
    expect(screen.queryByRole('button', { name: 'Talk to billing' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(topicNames()).toHaveLength(4);
  });

  it('says "No matching topics" and offers to ask the query in the chat, by click or Enter', async () => {
    const onSelect = vi.fn();
    render(<HomeScreen config={{ components: [grid('g', 0)], settings: { enableSearch: true } }} onSelect={onSelect} />);
    const box = screen.getByRole('searchbox', { name: 'Search topics' });
    await userEvent.type(box, '  warranty claims ');
    expect(screen.getByText('No matching topics')).toBeTruthy();
    expect(topicNames()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Ask: warranty claims' }));
    await userEvent.type(box, '{Enter}');
    expect(onSelect.mock.calls).toEqual([
      [expect.objectContaining({ title: 'warranty claims', message: 'warranty claims', actionType: 'message' }), 'topic'],
      [expect.objectContaining({ message: 'warranty claims' }), 'topic'],
    ]);
  });

  it('has no search box unless search is enabled', () => {
    render(<HomeScreen config={{ components: [grid('g', 0)] }} onSelect={vi.fn()} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it("derives category tabs from the topics' categories above the first grid, starting at the default category", async () => {
    const header: HomeComponent = { id: 'h', type: 'header', order: 0, props: { title: 'Support center' } };
    const design = (defaultCategory?: string): HomeScreenConfig => ({
      components: [header, grid('g', 1)],
      settings: { enableCategories: true, ...(defaultCategory && { defaultCategory }) },
    });
    const { container, rerender } = render(<HomeScreen config={design('billing')} onSelect={vi.fn()} />);
    const tabs = screen.getAllByRole('button', { name: /^(All|Billing|Technical|Sales)$/ });
    expect(tabs.map((b) => b.textContent)).toEqual(['All', 'Billing', 'Technical', 'Sales']);
    expect(container.querySelector('.cw-home-body')?.children[1]?.contains(tabs[0]!)).toBe(true);
    expect(screen.getByRole('button', { name: 'Billing' }).getAttribute('aria-pressed')).toBe('true');
    expect(topicNames()).toEqual(['InvoicesDownload a PDF', 'RefundsMoney back']);
    await userEvent.click(screen.getByRole('button', { name: 'Sales' }));
    expect(topicNames()).toEqual(['Pricing plansCompare plans']);
    rerender(<HomeScreen config={design('technical')} onSelect={vi.fn()} />);
    expect(topicNames()).toEqual(['InstallSet up the widget']);
    rerender(<HomeScreen config={{ ...design(), settings: { enableCategories: false } }} onSelect={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'All' })).toBeNull();
    expect(topicNames()).toHaveLength(4);
  });

  it('takes its colours from the widget around it when asked to', () => {
    const { container } = render(<HomeScreen config={config} onSelect={vi.fn()} inheritColors />);
    expect((container.querySelector('.cw-home') as HTMLElement).style.getPropertyValue('--cw-primary')).toBe('');
    expect((container.querySelector('.cw-home-bg') as HTMLElement).style.opacity).toBe('0.3');
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
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'live-agent', message: 'I would like to talk to a live agent.' }), 'action');
    await userEvent.click(screen.getByRole('button', { name: /Start Free Chat/ }));
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ actionType: 'start_chat' }), 'action');
  });

  it('says so when a configuration is required but missing', () => {
    render(<HomeScreen config={null} fallback="notice" onSelect={vi.fn()} />);
    expect(screen.getByText(NO_HOME_CONFIG)).toBeTruthy();
  });
});
