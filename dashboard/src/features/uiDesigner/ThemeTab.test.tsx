import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { ThemeTab } from './ThemeTab';
import { DEFAULT_THEME_DESIGN, type ThemeDesign } from './themeDesign';

/** The tab as the designer page holds it: each patch is applied, and the design is shown beside it. */
function Page({ initial = DEFAULT_THEME_DESIGN, onPatch }: { initial?: ThemeDesign; onPatch?: (patch: Partial<ThemeDesign>) => void }) {
  const [design, setDesign] = useState(initial);
  return (
    <>
      <ThemeTab
        design={design}
        onChange={(patch) => {
          onPatch?.(patch);
          setDesign((d) => ({ ...d, ...patch }));
        }}
      />
      <output data-testid="design">{JSON.stringify(design)}</output>
    </>
  );
}

const shown = (): ThemeDesign => JSON.parse(screen.getByTestId('design').textContent ?? '{}');
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const optionsOf = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => [o.value, o.textContent]);
const pickFile = (file: File) => fireEvent.change(screen.getByLabelText('Upload background image'), { target: { files: [file] } });
const uploads = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/api/upload/background') && init?.method === 'POST');

describe('ThemeTab', () => {
  usePageTestEnv();

  it('shows the heading, the note about prompts and the default colours in picker and text', () => {
    renderWithProviders(<Page />);
    expect(screen.getByRole('heading', { name: 'Theme Colors' })).toBeTruthy();
    expect(screen.getByText('These colors are included in your prompts to the AI designer.')).toBeTruthy();
    for (const [label, hex] of [
      ['Primary Color', '#2563eb'],
      ['Background Color', '#ffffff'],
      ['Text Color', '#1f2937'],
    ] as const) {
      expect(input(label).type).toBe('color');
      expect(input(label).value).toBe(hex);
      expect(input(`${label} hex`).value).toBe(hex);
    }
    expect(screen.getByRole('region', { name: 'Color preview' })).toBeTruthy();
  });

  it('keeps picker and text in step, and applies only a valid hex', () => {
    const onPatch = vi.fn();
    renderWithProviders(<Page onPatch={onPatch} />);
    fireEvent.change(input('Primary Color'), { target: { value: '#ff0000' } });
    expect(input('Primary Color hex').value).toBe('#ff0000');
    expect(shown().primaryColor).toBe('#ff0000');

    fireEvent.change(input('Background Color hex'), { target: { value: '#0F0' } });
    expect(input('Background Color').value).toBe('#00ff00');
    expect(shown().backgroundColor).toBe('#00ff00');
    expect(input('Background Color hex').value).toBe('#0F0');

    onPatch.mockClear();
    fireEvent.change(input('Text Color hex'), { target: { value: '#12345' } });
    expect(screen.getByRole('alert').textContent).toBe('Use a hex colour such as #2563eb');
    expect(input('Text Color hex').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input('Text Color hex'), { target: { value: 'navy' } });
    expect(onPatch).not.toHaveBeenCalled();
    expect(shown().textColor).toBe('#1f2937');
    expect(input('Text Color').value).toBe('#1f2937');

    fireEvent.change(input('Text Color hex'), { target: { value: '#123456' } });
    expect(onPatch).toHaveBeenCalledWith({ textColor: '#123456' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers exactly the spec sizes and styles with the defaults selected', () => {
    const onPatch = vi.fn();
    renderWithProviders(<Page onPatch={onPatch} />);
    expect(optionsOf('Menu Item Style')).toEqual([
      ['filled', 'Filled'],
      ['outlined', 'Outlined'],
    ]);
    expect(optionsOf('Title Font Size').map(([v]) => v)).toEqual(['12', '14', '16', '18', '20', '24']);
    expect(optionsOf('Title Font Size')[2]?.[1]).toBe('16px (default)');
    expect(optionsOf('Description Font Size').map(([v]) => v)).toEqual(['10', '12', '14', '16', '18']);
    expect(optionsOf('Description Font Size')[2]?.[1]).toBe('14px (default)');
    expect(input('Menu Item Style').value).toBe('filled');
    expect(input('Title Font Size').value).toBe('16');
    expect(input('Description Font Size').value).toBe('14');

    fireEvent.change(input('Title Font Size'), { target: { value: '24' } });
    fireEvent.change(input('Description Font Size'), { target: { value: '10' } });
    fireEvent.change(input('Menu Item Style'), { target: { value: 'outlined' } });
    expect(onPatch.mock.calls).toEqual([[{ titleFontSize: 24 }], [{ descriptionFontSize: 10 }], [{ itemStyle: 'outlined' }]]);
  });

  it('shows the transparent header choice only with a background image', () => {
    renderWithProviders(<Page />);
    expect(screen.queryByLabelText('Transparent Header Background')).toBeNull();
    fireEvent.change(input('Background image URL'), { target: { value: 'https://cdn.example.com/bg.jpg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set URL' }));
    expect(shown().backgroundImageUrl).toBe('https://cdn.example.com/bg.jpg');
    fireEvent.click(screen.getByLabelText('Transparent Header Background'));
    expect(shown().transparentHeader).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(shown()).toMatchObject({ backgroundImageUrl: '', transparentHeader: false });
    expect(screen.queryByLabelText('Transparent Header Background')).toBeNull();
    expect(input('Background image URL').value).toBe('');
  });

  it('does not apply a background URL the home screen would refuse', () => {
    renderWithProviders(<Page />);
    fireEvent.change(input('Background image URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set URL' }));
    expect(screen.getByRole('alert').textContent).toBe('Background image must be an http(s) URL or an uploaded image');
    expect(shown().backgroundImageUrl).toBe('');
  });

  it('has a 0-100 transparency slider showing its value and both end labels', () => {
    renderWithProviders(<Page />);
    const slider = input('Background Image Transparency');
    expect([slider.type, slider.min, slider.max, slider.step, slider.value]).toEqual(['range', '0', '100', '1', '20']);
    expect(screen.getByText('20%')).toBeTruthy();
    expect(screen.getByText('No overlay')).toBeTruthy();
    expect(screen.getByText('Full overlay')).toBeTruthy();
    fireEvent.change(slider, { target: { value: '75' } });
    expect(shown().backgroundImageTransparency).toBe(75);
    expect(screen.getByText('75%')).toBeTruthy();
  });

  it('refuses a non-image or a file over 10MB before uploading', async () => {
    const fetchMock = mockFetch(() => undefined);
    renderWithProviders(<Page />);
    pickFile(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    await screen.findByText('Invalid file type');
    expect(screen.getByText('Please select an image file (JPG, PNG, GIF, WebP).')).toBeTruthy();
    pickFile(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await screen.findByText('File too large');
    expect(screen.getByText('Please select an image smaller than 10MB.')).toBeTruthy();
    expect(uploads(fetchMock)).toEqual([]);
    expect(shown().backgroundImageUrl).toBe('');
  });

  it('uploads any image type as the background; a failed upload says why and keeps the image', async () => {
    let answer = () => json({ url: '/uploads/background-1.svg' }, 201);
    const fetchMock = mockFetch((url, init) => (url.endsWith('/api/upload/background') && init?.method === 'POST' ? answer() : undefined));
    renderWithProviders(<Page />);
    pickFile(new File(['<svg/>'], 'bg.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(shown().backgroundImageUrl).toBe('/uploads/background-1.svg'));
    const body = uploads(fetchMock)[0]?.[1]?.body;
    expect(body instanceof FormData && (body.get('background') as File).name).toBe('bg.svg');
    expect(input('Background image URL').value).toBe('/uploads/background-1.svg');
    expect(screen.getByRole('img', { name: 'Home screen background' }).getAttribute('src')).toBe('/uploads/background-1.svg');
    expect(screen.getByLabelText('Transparent Header Background')).toBeTruthy();

    expect(screen.getByText("Optional. Sits behind the home screen's content; JPG, PNG, GIF or WebP up to 10MB.")).toBeTruthy();

    // The toast leads with the same sentence every time; the server's reason may follow it.
    answer = () => json({ message: 'Upload quota exceeded' }, 413);
    pickFile(new File(['png'], 'b.png', { type: 'image/png' }));
    await screen.findByText('Upload failed');
    expect(screen.getByText('Failed to upload background image. Please try again. Upload quota exceeded.')).toBeTruthy();

    answer = () => new Response('oops', { status: 500 });
    pickFile(new File(['png'], 'c.png', { type: 'image/png' }));
    await screen.findByText('Failed to upload background image. Please try again.');
    expect(uploads(fetchMock)).toHaveLength(3);
    expect(shown().backgroundImageUrl).toBe('/uploads/background-1.svg');
  });

  it('disables its controls while the page is busy', () => {
    renderWithProviders(<ThemeTab design={DEFAULT_THEME_DESIGN} onChange={() => undefined} disabled />);
    for (const label of ['Primary Color', 'Primary Color hex', 'Menu Item Style', 'Title Font Size', 'Background Image Transparency']) {
      expect(input(label).disabled).toBe(true);
    }
    expect((screen.getByRole('button', { name: /Upload/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
