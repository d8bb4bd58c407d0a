import { uploadedFileDescription } from '@parley/contracts';
import { Upload } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Field, TextAreaField, TextField } from '../../components/Field';
import { toast } from '../toast/toastStore';
import { FILE_ACCEPT, validateFile } from './sourceValidation';
import type { useSourceActions } from './useSources';

const FILE_INPUT_CLASS =
  'block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium ' +
  'file:text-slate-900 hover:file:bg-slate-200 dark:text-slate-400 dark:file:bg-slate-800 dark:file:text-slate-100';

/**
 * File tab: one text file under 5MB or PDF/Word (.docx) file under 10MB, optional title (the file name otherwise) and description
 * ("Uploaded file: {file name}" otherwise).
 */
export function FileSourceForm({ mutation }: { mutation: ReturnType<typeof useSourceActions>['upload'] }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');

  // A wrong type or size is refused as soon as it is picked, so the owner can pick again.
  function pick(picked: File | undefined) {
    const problem = picked ? validateFile(picked) : null;
    if (picked && problem) {
      toast({ variant: 'destructive', title: 'Error', description: problem });
      setFileError(problem);
      setFile(null);
      if (input.current) input.current.value = '';
      return;
    }
    setFileError(undefined);
    setFile(picked ?? null);
  }

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = validateFile(file);
    if (problem || !file) {
      toast({ variant: 'destructive', title: 'Error', description: problem ?? undefined });
      return;
    }
    mutation.mutate(
      { file, title: title.trim() || file.name, description: description.trim() || uploadedFileDescription(file.name) },
      {
        onSuccess: () => {
          setFile(null);
          setTitle('');
          setDescription('');
          if (input.current) input.current.value = '';
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <Field label="Text, PDF or Word file" error={fileError} hint="Accepted: .txt, .csv, .md, .json, .xml (under 5MB); .pdf, .docx (under 10MB)">
        {({ id, describedBy }) => (
          <input
            ref={input}
            id={id}
            type="file"
            accept={FILE_ACCEPT}
            aria-describedby={describedBy}
            className={FILE_INPUT_CLASS}
            onChange={(e) => pick(e.target.files?.[0])}
          />
        )}
      </Field>
      <TextField label="Title (optional)" placeholder={file ? `Defaults to "${file.name}"` : 'Defaults to the file name'} value={title} onChange={(e) => setTitle(e.target.value)} />
      <TextAreaField
        label="Description (optional)"
        rows={2}
        placeholder={file ? `Defaults to "${uploadedFileDescription(file.name)}"` : `Defaults to "${uploadedFileDescription('{file name}')}"`}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <Button type="submit" disabled={mutation.isPending} className="w-full">
        <Upload className="h-4 w-4" aria-hidden /> {mutation.isPending ? 'Uploading...' : 'Upload File'}
      </Button>
    </form>
  );
}
