import { AlertTriangle } from 'lucide-react';
import { isEmbeddedMode } from '../../lib/embedded';
import { usePageMeta } from '../../lib/usePageMeta';
import { PublicChatWidget } from './PublicChatWidget';

/**
 * /widget and /chat-widget: a small demo website with the public widget on it. Embedded
 * (`?embedded=true`), the dashboard has no bot to show: iframes embed the API's own widget page
 * at /widget/{userId}/{guid}, which carries the bot's configuration; this page only says so.
 */
export function WidgetPage() {
  usePageMeta({ title: 'Chat widget - Parley' });
  if (isEmbeddedMode()) return <WidgetConfigError />;
  return <WidgetDemo />;
}

function WidgetConfigError() {
  return (
    <div className="flex h-screen items-center justify-center p-6 text-center">
      <div>
        <AlertTriangle className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
        <h1 className="mt-3 text-lg font-semibold">Chat widget configuration error</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">No valid chatbot configuration found</p>
      </div>
    </div>
  );
}

function WidgetDemo() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6" data-testid="widget-container">
      <div className="overflow-hidden rounded-2xl border border-slate-200 shadow-sm dark:border-slate-800">
        <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
          <span className="h-3 w-3 rounded-full bg-red-400" />
          <span className="h-3 w-3 rounded-full bg-amber-400" />
          <span className="h-3 w-3 rounded-full bg-emerald-400" />
          <span className="ml-3 rounded-md bg-white px-3 py-1 text-xs text-slate-500 dark:bg-slate-800 dark:text-slate-400">https://your-website.example</span>
        </div>
        <div className="space-y-6 p-8 sm:p-12">
          <h1 className="text-3xl font-bold tracking-tight">Chat widget demo</h1>
          <p className="max-w-2xl text-slate-600 dark:text-slate-400">
            This page stands in for your own website. The Parley widget floats in the bottom-right corner: open it to chat with the demo
            assistant, browse the home screen topics, or start a new conversation.
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            {['Products', 'Shipping', 'Returns'].map((title) => (
              <div key={title} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
                <div className="h-24 rounded-lg bg-gradient-to-br from-slate-100 to-slate-200 dark:from-slate-800 dark:to-slate-900" />
                <p className="mt-3 font-medium">{title}</p>
                <p className="text-sm text-slate-500 dark:text-slate-400">Ask the assistant about {title.toLowerCase()}.</p>
              </div>
            ))}
          </div>
        </div>
      </div>
      <PublicChatWidget />
    </div>
  );
}
