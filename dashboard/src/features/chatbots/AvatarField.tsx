import { Bot, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { Input } from '../../components/Input';
import { client, unwrap } from '../../lib/api';
import { safeImageUrl } from '../../lib/safeUrl';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

const MAX_BYTES = 10 * 1024 * 1024;

/** Avatar by upload (image, ≤ 10 MB) or by URL; Remove clears it. `error` is the form's verdict on the URL. */
export function AvatarField({ value, onChange, error }: { value: string; onChange: (url: string) => void; error?: string }) {
  const [urlDraft, setUrlDraft] = useState(value);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const preview = safeImageUrl(value);

  async function upload(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ variant: 'destructive', title: 'Invalid file type', description: 'Please select an image file (JPG, PNG, GIF, WebP).' });
      return;
    }
    if (file.size > MAX_BYTES) {
      toast({ variant: 'destructive', title: 'File too large', description: 'Please select an image smaller than 10MB.' });
      return;
    }
    setUploading(true);
    try {
      const { url } = await unwrap(client.upload.avatar.$post({ form: { avatar: file } }));
      onChange(url);
      setUrlDraft(url);
    } catch (error) {
      if (!handleUnauthorized(error)) toast({ variant: 'destructive', title: 'Upload failed', description: 'Failed to upload avatar. Please try again.' });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Avatar</p>
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <img src={preview} alt="Chatbot avatar" className="h-16 w-16 rounded-full object-cover ring-1 ring-slate-200 dark:ring-slate-700" />
        ) : (
          <span className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-slate-100 text-slate-400 dark:bg-slate-800">
            <Bot className="h-7 w-7" aria-hidden />
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <input ref={input} type="file" accept="image/*" className="sr-only" aria-label="Upload avatar image" onChange={(e) => upload(e.target.files?.[0])} />
          <Button variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
            <Upload className="h-4 w-4" aria-hidden /> {uploading ? 'Uploading...' : 'Upload'}
          </Button>
          {value && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                onChange('');
                setUrlDraft('');
              }}
            >
              Remove
            </Button>
          )}
        </div>
      </div>
      <div className="flex gap-2">
        <Input aria-label="Avatar URL" invalid={!!error} placeholder="https://example.com/avatar.png" value={urlDraft} onChange={(e) => setUrlDraft(e.target.value)} />
        <Button variant="secondary" size="md" disabled={!urlDraft.trim() || urlDraft.trim() === value} onClick={() => onChange(urlDraft.trim())}>
          Set URL
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p className="text-xs text-slate-500 dark:text-slate-400">JPG, PNG, GIF or WebP up to 10MB; shown at 200×200.</p>
      )}
    </div>
  );
}
