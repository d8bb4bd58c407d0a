import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { homeThemeSchema } from '@parley/contracts/schemas';
import { ApiError, client, unwrap } from '../../lib/api';
import { safeImageUrl } from '../../lib/safeUrl';
import { ImageThumb } from '../uploads/ImageThumb';
import { ImageUploadField } from '../uploads/ImageUploadField';

const imageUrlSchema = homeThemeSchema.shape.backgroundImageUrl;

type BackgroundImageFieldProps = {
  /** The image now; '' when there is none. */
  value: string;
  onChange: (url: string) => void;
  disabled?: boolean;
};

/**
 * The home screen's optional background image, drawn behind the content: upload one (JPG, PNG,
 * GIF or WebP up to 10 MB; any image/* file is sent, the server refuses the other types), type
 * its URL, or remove it. A typed URL the home screen would
 * refuse is not applied; the field says why instead.
 */
export function BackgroundImageField({ value, onChange, disabled }: BackgroundImageFieldProps) {
  const [urlError, setUrlError] = useState<string>();
  const preview = safeImageUrl(value);

  function apply(url: string) {
    const checked = imageUrlSchema.safeParse(url);
    if (!checked.success) return setUrlError(checked.error.issues[0]?.message ?? 'Enter an http(s) image URL');
    setUrlError(undefined);
    onChange(url);
  }

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Background Image</p>
      <ImageUploadField
        // A new image from anywhere (upload, Remove, the AI designer, Reset) restarts the URL box with it.
        key={value}
        anyImageType
        preview={<ImageThumb src={preview} alt="Home screen background" Icon={ImageIcon} className="h-16 w-28 rounded-lg" />}
        value={value}
        initialUrl={value}
        uploadLabel="Upload background image"
        urlLabel="Background image URL"
        urlPlaceholder="https://example.com/background.jpg"
        upload={async (file) => {
          const { url } = await unwrap(client.upload.background.$post({ form: { background: file } }));
          setUrlError(undefined);
          onChange(url);
          return url;
        }}
        uploadFailedText={uploadFailedText}
        onSetUrl={apply}
        onRemove={() => {
          setUrlError(undefined);
          onChange('');
        }}
        busy={disabled}
        error={urlError}
        hint="Optional. Sits behind the home screen's content; JPG, PNG, GIF or WebP up to 10MB."
      />
    </div>
  );
}

const UPLOAD_FAILED = 'Failed to upload background image. Please try again.';

/** The failed upload's toast text: always the same sentence first, then the server's reason when it gave one. */
function uploadFailedText(error: unknown): string {
  const reason = error instanceof ApiError ? error.body?.message?.trim() : undefined;
  if (!reason) return UPLOAD_FAILED;
  return `${UPLOAD_FAILED} ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`;
}
