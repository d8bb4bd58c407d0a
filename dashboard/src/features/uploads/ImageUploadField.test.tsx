import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageUploadField } from './ImageUploadField';

const HINT = 'Press Set URL to use this image';

/** The field as its owners hold it: a set URL becomes the value; `onSubmit` sees any form submit. (No `<output>`: it is a status too.) */
function Field({ onSetUrl, onSubmit, error, initial = '' }: { onSetUrl?: (url: string) => void; onSubmit?: () => void; error?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit?.();
      }}
    >
      <ImageUploadField
        preview={<span>preview</span>}
        value={value}
        initialUrl={value}
        uploadLabel="Upload picture"
        urlLabel="Picture URL"
        urlPlaceholder="https://example.com/p.png"
        upload={async () => ''}
        uploadFailedText={() => 'Failed'}
        onSetUrl={(url) => {
          onSetUrl?.(url);
          setValue(url);
        }}
        onRemove={() => setValue('')}
        error={error}
      />
      <span data-testid="value">{value}</span>
    </form>
  );
}

const box = () => screen.getByLabelText('Picture URL') as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

describe('ImageUploadField', () => {
  afterEach(cleanup);

  it('applies a typed URL on Enter, trimmed, without submitting the surrounding form', () => {
    const onSetUrl = vi.fn();
    const onSubmit = vi.fn();
    render(<Field onSetUrl={onSetUrl} onSubmit={onSubmit} />);
    type('  https://cdn.example.com/me.png ');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSetUrl).toHaveBeenCalledExactlyOnceWith('https://cdn.example.com/me.png');
    expect(screen.getByTestId('value').textContent).toBe('https://cdn.example.com/me.png');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does nothing on Enter when the box is empty or holds the URL already set', () => {
    const onSetUrl = vi.fn();
    render(<Field onSetUrl={onSetUrl} initial="https://cdn.example.com/a.png" />);
    fireEvent.keyDown(box(), { key: 'Enter' });
    type('   ');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSetUrl).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Set URL' })).toHaveProperty('disabled', true);
  });

  it('says a typed, different URL still needs Set URL, and stops once it is set', () => {
    render(<Field initial="https://cdn.example.com/a.png" />);
    expect(screen.queryByRole('status')).toBeNull();
    type('https://cdn.example.com/b.png');
    expect(screen.getByRole('status').textContent).toBe(HINT);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set URL' }));
    expect(screen.getByTestId('value').textContent).toBe('https://cdn.example.com/b.png');
    expect(screen.queryByRole('status')).toBeNull();
    type('https://cdn.example.com/b.png  ');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the form error instead of the hint when the URL was refused', () => {
    render(<Field error="Enter an http(s) image URL" />);
    type('ftp://example.com/x.png');
    expect(screen.getByRole('alert').textContent).toBe('Enter an http(s) image URL');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
