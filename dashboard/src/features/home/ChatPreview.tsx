import { Bot, RotateCcw, Send, X } from 'lucide-react';

type Message = { from: 'bot' | 'user'; text: string };

const SHIPPING: Message[] = [
  { from: 'bot', text: 'Hello! How can I help you today?' },
  { from: 'user', text: 'Do you ship to Canada, and how long does it take?' },
  { from: 'bot', text: 'Yes! Orders to Canada arrive in 3-5 business days, and shipping is free over $50.' },
];

const RETURNS: Message[] = [
  { from: 'user', text: 'Can I return a jacket I bought three weeks ago?' },
  { from: 'bot', text: 'Yes. Unworn items can be returned within 30 days for a full refund. Start a return from your order page and print the free label.' },
];

const PREVIEWS = {
  shipping: { messages: SHIPPING, source: 'Shipping & delivery · acme.example/shipping', replies: ['Track my order', 'Returns policy'] },
  returns: { messages: RETURNS, source: 'Returns & refunds · acme.example/returns', replies: ['Start a return', 'Talk to a person'] },
};

/** A static picture of the widget for the hero and demo sections. */
export function ChatPreview({ conversation = 'shipping' }: { conversation?: keyof typeof PREVIEWS }) {
  const { messages, source, replies } = PREVIEWS[conversation];
  return (
    <div className="relative mx-auto w-full max-w-md" aria-label="Example conversation with a Parley chatbot" role="img">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-tr from-blue-200/60 to-violet-200/40 blur-2xl dark:from-blue-900/40 dark:to-violet-900/30" />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-center justify-between bg-blue-600 px-5 py-4 text-white">
          <div className="flex items-center gap-3">
            <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/20">
              <Bot className="h-5 w-5" aria-hidden />
            </span>
            <div>
              <p className="text-sm font-semibold">Acme Support</p>
              <p className="text-xs text-blue-100">Typically replies instantly</p>
            </div>
          </div>
          <div className="flex gap-2 text-blue-100">
            <RotateCcw className="h-4 w-4" aria-hidden />
            <X className="h-4 w-4" aria-hidden />
          </div>
        </div>
        <div className="space-y-3 bg-slate-50 p-5 dark:bg-slate-950/60">
          {messages.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed demo conversation that never changes
            <div key={i} className={m.from === 'user' ? 'flex justify-end' : 'flex justify-start'}>
              <p
                className={
                  m.from === 'user'
                    ? 'max-w-[80%] rounded-2xl rounded-br-sm bg-blue-600 px-4 py-2.5 text-sm text-white'
                    : 'max-w-[80%] rounded-2xl rounded-bl-sm bg-white px-4 py-2.5 text-sm text-slate-800 shadow-sm dark:bg-slate-800 dark:text-slate-100'
                }
              >
                {m.text}
              </p>
            </div>
          ))}
          <p className="pl-1 text-xs text-slate-400">Source: {source}</p>
          <div className="flex flex-wrap gap-2 pt-1">
            {replies.map((q) => (
              <span key={q} className="rounded-full border border-blue-200 bg-white px-3 py-1 text-xs text-blue-700 dark:border-blue-900 dark:bg-slate-900 dark:text-blue-300">
                {q}
              </span>
            ))}
          </div>
        </div>
        <div className="flex items-center gap-2 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
          <span className="flex-1 text-sm text-slate-400">Type your message...</span>
          <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-blue-600 text-white">
            <Send className="h-4 w-4" aria-hidden />
          </span>
        </div>
      </div>
    </div>
  );
}
