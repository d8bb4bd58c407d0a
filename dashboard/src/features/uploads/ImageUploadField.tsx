import { Upload } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { ACCOUNT_MESSAGES } from '@parley/contracts';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';
import { Button } from '../../components/Button';
import { Input } from '../../components/Input';

const MAX_BYTES = 10 * 1024 * 1024;
/** What the server decodes; it checks the bytes again, this only saves a pointless upload. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

type ImageUploadFieldProps = {
  /** The picture shown now (or its placeholder). */
  preview: ReactNode;
  /** The address saved now; '' when there is none. */
  value: string;
  /** What the URL box starts with. */
  initialUrl: string;
  uploadLabel: string;
  urlLabel: string;
  urlPlaceholder: string;
  /** Sends the file; resolves to what the URL box shows afterwards. */
  upload: (file: File) => Promise<string>;
  /** The toast text when the upload fails. */
  uploadFailedText: (error: unknown) => string;
  onSetUrl: (url: string) => void;
  /** Clears the picture; the URL box empties once it resolves. */
  onRemove: () => unknown;
  /** Another save of the picture is under way. */
  busy?: boolean;
  /** The form's verdict on the URL. */
  error?: string;
  hint?: string;
  /** Take any `image/*` file (a background is stored as sent); the server still checks the bytes. */
  anyImageType?: boolean;
};

/**
 * A picture by upload (JPG, PNG, GIF or WebP up to 10 MB) or by URL (Set URL or Enter), with
 * Remove: the bot avatar, the profile picture and the home screen's background image. The type and size are checked here first so a wrong file
 * fails at once with the same words as the server's.
 */
export function ImageUploadField(props: ImageUploadFieldProps) {
  const { preview, value, uploadLabel, urlLabel, urlPlaceholder, error, hint } = props;
  const [urlDraft, setUrlDraft] = useState(props.initialUrl);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const busy = uploading || Boolean(props.busy);
  const draft = urlDraft.trim();
  const canSetUrl = !busy && Boolean(draft) && draft !== value;

  function setUrl() {
    if (canSetUrl) props.onSetUrl(draft);
  }

  async function choose(file: File | undefined) {
    const reject = (title: string, description: string) => {
      toast({ variant: 'destructive', title, description });
      if (input.current) input.current.value = '';
    };
    if (!file) return;
    const typeOk = props.anyImageType ? file.type.startsWith('image/') : IMAGE_TYPES.includes(file.type);
    if (!typeOk) return reject('Invalid file type', ACCOUNT_MESSAGES.imageType);
    if (file.size > MAX_BYTES) return reject('File too large', ACCOUNT_MESSAGES.imageTooLarge);
    setUploading(true);
    try {
      setUrlDraft(await props.upload(file));
    } catch (failure) {
      if (!handleUnauthorized(failure)) toast({ variant: 'destructive', title: 'Upload failed', description: props.uploadFailedText(failure) });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center gap-4">
        {preview}
        <div className="flex flex-wrap gap-2">
          <input ref={input} type="file" accept={props.anyImageType ? 'image/*' : IMAGE_TYPES.join(',')} className="sr-only" aria-label={uploadLabel} onChange={(e) => void choose(e.target.files?.[0])} />
          <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            <Upload className="h-4 w-4" aria-hidden /> {uploading ? 'Uploading...' : 'Upload'}
          </Button>
          {value && (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() =>
                Promise.resolve(props.onRemove()).then(
                  () => setUrlDraft(''),
                  () => undefined,
                )
              }
            >
              Remove
            </Button>
          )}
        </div>
      </div>
      <div className="flex gap-2">
        <Input
          aria-label={urlLabel}
          className="min-w-0"
          invalid={!!error}
          placeholder={urlPlaceholder}
          value={urlDraft}
          onChange={(e) => setUrlDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            // Enter means "use this URL", never "submit the surrounding form" with the old picture.
            e.preventDefault();
            setUrl();
          }}
        />
        <Button variant="secondary" disabled={!canSetUrl} onClick={setUrl}>
          Set URL
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>
      )}
      {/* A typed URL is not the picture until it is set: say so, or a save would silently drop it. */}
      {canSetUrl && !error && (
        <p role="status" className="text-xs text-amber-700 dark:text-amber-400">
          Press Set URL to use this image
        </p>
      )}
    </>
  );
}
