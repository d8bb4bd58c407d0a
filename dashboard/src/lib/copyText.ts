import { toast } from '../features/toast/toastStore';

/**
 * Puts `text` on the clipboard. The clipboard may be refused (no permission, an insecure page),
 * so a failure says how to copy by hand; the caller confirms a success in its own words.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    toast({ variant: 'destructive', title: 'Error', description: 'Could not copy to the clipboard. Select the text and copy it instead.' });
    return false;
  }
}
