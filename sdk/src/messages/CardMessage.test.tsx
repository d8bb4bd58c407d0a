import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithChat } from '../test/renderWithChat';
import { CardMessage } from './CardMessage';

describe('CardMessage', () => {
  const metadata = {
    imageUrl: 'https://cdn.example.com/pro.png',
    title: 'Pro plan',
    description: 'Everything in **Basic**, plus more',
    buttons: [
      { id: 'buy', text: 'Buy now', payload: 'pro' },
      { id: 'more', text: 'Learn more' },
    ],
  };

  it('shows image, title, description and buttons', () => {
    renderWithChat(<CardMessage content="" metadata={metadata} messageKey="c" />);
    expect(screen.getByRole('img', { name: 'Pro plan' }).getAttribute('src')).toBe('https://cdn.example.com/pro.png');
    expect(screen.getByText('Pro plan')).toBeTruthy();
    expect(screen.getByText('Basic').tagName).toBe('STRONG');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Buy now', 'Learn more']);
  });

  it('a button acts as a menu choice', async () => {
    const { actions } = renderWithChat(<CardMessage content="" metadata={metadata} messageKey="c" />);
    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(actions.selectOption).toHaveBeenCalledWith('c', { id: 'buy', text: 'Buy now', icon: undefined, payload: 'pro' });
  });

  it('does not load non-http images', () => {
    renderWithChat(<CardMessage content="" metadata={{ ...metadata, imageUrl: 'javascript:alert(1)' }} messageKey="c" />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
