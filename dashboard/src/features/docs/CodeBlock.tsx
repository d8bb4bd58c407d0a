import { Check, Copy } from 'lucide-react';
import { useState } from 'react';

/** Code with a copy button; the "copied" tick clears after 2 s. `onCopy` runs after a successful copy. */
export function CodeBlock({ code, label, onCopy }: { code: string; label?: string; onCopy?: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      onCopy?.();
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="group relative" role="group" aria-label={label}>
      <pre className="overflow-x-auto rounded-xl bg-slate-900 p-4 pr-12 text-xs leading-6 text-slate-100 dark:bg-black/60">
        <code>{code}</code>
      </pre>
      <button
        type="button"
        onClick={copy}
        aria-label={copied ? 'Copied' : 'Copy code'}
        className="absolute top-2 right-2 rounded-md p-1.5 text-slate-400 hover:bg-white/10 hover:text-white"
      >
        {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
      </button>
    </div>
  );
}
