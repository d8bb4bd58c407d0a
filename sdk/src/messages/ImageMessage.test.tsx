import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithChat } from '../test/renderWithChat';
import { ImageMessage } from './ImageMessage';

describe('ImageMessage', () => {
  it('shows the image with its title as alt text and caption', () => {
    renderWithChat(<ImageMessage content="Our office" metadata={{ imageUrl: '/uploads/office.jpg', title: 'Office' }} messageKey="i" />);
    const img = screen.getByRole('img', { name: 'Office' });
    expect(img.getAttribute('src')).toBe('http://api.test/uploads/office.jpg');
    expect(screen.getByText('Office', { selector: 'figcaption' })).toBeTruthy();
    expect(screen.getByText('Our office')).toBeTruthy();
  });

  it('refuses data: and javascript: URLs', () => {
    renderWithChat(<ImageMessage content="x" metadata={{ imageUrl: 'data:image/svg+xml,<svg/>' }} messageKey="i" />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
