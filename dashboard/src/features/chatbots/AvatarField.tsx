import { Bot } from 'lucide-react';
import { client, unwrap } from '../../lib/api';
import { safeImageUrl } from '../../lib/safeUrl';
import { ImageThumb } from '../uploads/ImageThumb';
import { ImageUploadField } from '../uploads/ImageUploadField';

/** Avatar by upload (image, ≤ 10 MB) or by URL; Remove clears it. `error` is the form's verdict on the URL. */
export function AvatarField({ value, onChange, error }: { value: string; onChange: (url: string) => void; error?: string }) {
  const preview = safeImageUrl(value);
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Avatar</p>
      <ImageUploadField
        preview={<ImageThumb src={preview} alt="Chatbot avatar" Icon={Bot} className="h-16 w-16 rounded-full" />}
        value={value}
        initialUrl={value}
        uploadLabel="Upload avatar image"
        urlLabel="Avatar URL"
        urlPlaceholder="https://example.com/avatar.png"
        upload={async (file) => {
          const { url } = await unwrap(client.upload.avatar.$post({ form: { avatar: file } }));
          onChange(url);
          return url;
        }}
        uploadFailedText={() => 'Failed to upload avatar. Please try again.'}
        onSetUrl={onChange}
        onRemove={() => onChange('')}
        error={error}
        hint="JPG, PNG, GIF or WebP up to 10MB; shown at 200×200."
      />
    </div>
  );
}
