import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { showServerFieldErrors } from '../../lib/formRules';
import { PageSpinner } from '../../components/Spinner';
import { client, unwrap, type Chatbot } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { usePageMeta } from '../../lib/usePageMeta';
import { toast } from '../toast/toastStore';
import { ChatbotForm } from './ChatbotForm';
import { chatbotFormSchemas, chatbotPayload, chatbotToForm, emptyChatbotForm, type ChatbotFormValues } from './chatbotFormValues';
import { toastChatbotError } from './chatbotErrors';
import { ChatbotNotFound } from './ChatbotNotFound';
import { useChatbot } from './useChatbot';

/** /chatbots/new */
export function CreateChatbotPage() {
  usePageMeta({ title: 'Create New Chatbot - Parley' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (values: ChatbotFormValues) =>
      unwrap(client.chatbots.$post({ json: { ...chatbotPayload(values, 'create'), guid: crypto.randomUUID() } })),
    onSuccess: async () => {
      toast({ variant: 'success', title: 'Success', description: 'Chatbot configuration created successfully!' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.chatbots.all });
      navigate('/dashboard');
    },
    onError: (error) => toastChatbotError(error, 'Failed to create chatbot configuration. Please try again.'),
  });
  return (
    <ChatbotEditor
      mode="create"
      title="Create New Chatbot"
      intro="Set up the basics now; you can add content and design the widget afterwards."
      initial={emptyChatbotForm()}
      submitLabel="Create Chatbot"
      busy={create.isPending}
      onSubmit={(values, onError) => create.mutate(values, { onError })}
    />
  );
}

/** /chatbots/{guid}: edit, or delete with confirmation. */
export function EditChatbotPage() {
  const { guid } = useParams();
  const bot = useChatbot(guid);
  usePageMeta({ title: `${bot.data?.name ?? 'Edit Chatbot'} - Parley` });
  if (bot.isLoading) return <PageSpinner />;
  if (bot.notFound || !bot.data) return <ChatbotNotFound />;
  return <EditChatbot bot={bot.data} />;
}

function EditChatbot({ bot }: { bot: Chatbot }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const done = async (description: string) => {
    toast({ variant: 'success', title: 'Success', description });
    await queryClient.invalidateQueries({ queryKey: queryKeys.chatbots.all });
    navigate('/dashboard');
  };
  const update = useMutation({
    mutationFn: (values: ChatbotFormValues) => unwrap(client.chatbots[':guid'].$put({ param: { guid: bot.guid }, json: chatbotPayload(values, 'edit') })),
    onSuccess: () => done('Chatbot configuration updated successfully!'),
    onError: (error) => toastChatbotError(error, 'Failed to update chatbot configuration. Please try again.'),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(client.chatbots[':guid'].$delete({ param: { guid: bot.guid } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.chatbots.detail(bot.guid) });
      return done('Chatbot deleted successfully!');
    },
    onError: (error) => {
      setConfirming(false);
      toastChatbotError(error, 'Failed to delete chatbot. Please try again.');
    },
  });
  return (
    <>
      <ChatbotEditor
        mode="edit"
        title={`Edit ${bot.name}`}
        intro="Change how your chatbot behaves and where its contact forms go."
        initial={chatbotToForm(bot)}
        submitLabel="Update Chatbot"
        busy={update.isPending || remove.isPending}
        onSubmit={(values, onError) => update.mutate(values, { onError })}
        extraActions={
          <Button variant="destructive" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete Chatbot
          </Button>
        }
      />
      <ConfirmDialog
        open={confirming}
        title="Delete Chatbot"
        description={`Are you sure you want to delete "${bot.name}"? Its content sources, conversations and surveys will be removed. This cannot be undone.`}
        confirmLabel="Delete Chatbot"
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

type EditorProps = {
  mode: 'create' | 'edit';
  title: string;
  intro: string;
  initial: ChatbotFormValues;
  submitLabel: string;
  busy: boolean;
  /** Sends the values; `onError` gets a failed request (after the page's own toast). */
  onSubmit: (values: ChatbotFormValues, onError: (error: unknown) => void) => void;
  extraActions?: React.ReactNode;
};

/**
 * Validation on change: a field shows its error once changed, all of them after a submit. A
 * request the server refuses also shows its per-field messages under the fields.
 */
function ChatbotEditor({ mode, title, intro, initial, submitLabel, busy, onSubmit, extraActions }: EditorProps) {
  const form = useForm<ChatbotFormValues>({
    mode: 'onChange',
    defaultValues: initial,
    // raw: the values stay as typed; chatbotPayload shapes what is sent.
    resolver: zodResolver(chatbotFormSchemas[mode], undefined, { raw: true }),
  });
  const submit = form.handleSubmit((values) => onSubmit(values, (error) => showServerFieldErrors(form, error)));

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
        <Link to="/dashboard" className="inline-flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
        </Link>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{intro}</p>
        </div>
        <ChatbotForm mode={mode} />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <div>{extraActions}</div>
          <div className="flex gap-3">
            <ButtonLink to="/dashboard" variant="outline">
              Cancel
            </ButtonLink>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : submitLabel}
            </Button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
