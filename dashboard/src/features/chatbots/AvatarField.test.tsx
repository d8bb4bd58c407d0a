import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { AvatarField } from './AvatarField';

/** The field as the chatbot form holds it, with the saved value shown beside it. */
function Form({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AvatarField value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const pickFile = (file: File) => fireEvent.change(screen.getByLabelText('Upload avatar image'), { target: { files: [file] } });
const uploads = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/api/upload/avatar') && init?.method === 'POST');

describe('AvatarField', () => {
  usePageTestEnv();

  it('refuses a wrong type or a file over 10MB before uploading, in the same words as the server', async () => {
    const fetchMock = mockFetch(() => undefined);
    renderWithProviders(<Form />);
    pickFile(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    await screen.findByText('Invalid file type');
    expect(screen.getByText('Please select an image file (JPG, PNG, GIF, WebP).')).toBeTruthy();
    pickFile(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await screen.findByText('File too large');
    expect(screen.getByText('Please select an image smaller than 10MB.')).toBeTruthy();
    expect(uploads(fetchMock)).toEqual([]);
  });

  it('uploads a picture and uses its address; a failed upload says so', async () => {
    let answer = () => json({ url: '/uploads/avatar-1.webp' }, 201);
    const fetchMock = mockFetch((url, init) => (url.endsWith('/api/upload/avatar') && init?.method === 'POST' ? answer() : undefined));
    renderWithProviders(<Form />);
    pickFile(new File(['png'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('/uploads/avatar-1.webp'));
    expect((screen.getByLabelText('Avatar URL') as HTMLInputElement).value).toBe('/uploads/avatar-1.webp');
    expect(screen.getByRole('img', { name: 'Chatbot avatar' }).getAttribute('src')).toBe('/uploads/avatar-1.webp');

    answer = () => json({ message: 'Please select an image file (JPG, PNG, GIF, WebP).' }, 400);
    pickFile(new File(['png'], 'b.png', { type: 'image/png' }));
    await screen.findByText('Upload failed');
    expect(screen.getByText('Failed to upload avatar. Please try again.')).toBeTruthy();
    expect(uploads(fetchMock)).toHaveLength(2);
    expect(screen.getByTestId('value').textContent).toBe('/uploads/avatar-1.webp');

    // the failure's toast can show before the field leaves its uploading state, when Remove is still disabled
    await waitFor(() => expect((screen.getByRole('button', { name: 'Remove' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe(''));
    expect((screen.getByLabelText('Avatar URL') as HTMLInputElement).value).toBe('');
  });
});
