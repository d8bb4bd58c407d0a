import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../features/toast/toastStore';
import { copyText } from './copyText';

vi.mock('../features/toast/toastStore', () => ({ toast: vi.fn() }));

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('copyText', () => {
  afterEach(() => vi.mocked(toast).mockClear());

  it('puts the text on the clipboard and says nothing itself', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    expect(await copyText('hello')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('hello');
    expect(toast).not.toHaveBeenCalled();
  });

  it('tells how to copy by hand when the clipboard is refused', async () => {
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    expect(await copyText('hello')).toBe(false);
    expect(toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Error',
      description: 'Could not copy to the clipboard. Select the text and copy it instead.',
    });
  });
});
