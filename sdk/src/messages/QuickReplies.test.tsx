import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithChat } from '../test/renderWithChat';
import { QuickReplies } from './QuickReplies';

describe('QuickReplies', () => {
  it('sends a string reply, or an object reply with its action, then hides', async () => {
    const { actions } = renderWithChat(<QuickReplies replies={['Yes', { text: 'Talk to sales', action: 'route:sales' }, '']} messageKey="q" />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Yes', 'Talk to sales']);
    await userEvent.click(screen.getByRole('button', { name: 'Talk to sales' }));
    expect(actions.send).toHaveBeenCalledWith('Talk to sales', 'route:sales');
    expect(screen.queryByRole('group', { name: 'Suggested replies' })).toBeNull();
  });

  it('renders nothing without replies', () => {
    const { container } = renderWithChat(<QuickReplies replies={undefined} messageKey="q" />);
    expect(container.innerHTML).toBe('');
  });
});
