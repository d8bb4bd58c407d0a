import { ChevronDown, Download, Inbox, Mail, MailCheck, MailX, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button, ButtonAnchor, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyCard, ErrorCard, LoadingBlock } from '../../components/QueryState';
import { isEmail } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { useSystemStatus } from '../../lib/useSystemStatus';
import { HistoryPagination } from '../history/HistoryPagination';
import { formatDateTime } from '../history/historyFormat';
import { leadsCsvUrl, useLeads, useMarkLead, type Lead } from './useLeads';
import { LeadFields } from './LeadFields';

/**
 * The Leads inbox: the forms visitors sent (hand-off and limit contact forms), newest first,
 * unread ones in bold with a "New" badge. Opening a lead shows every field and marks it read.
 * `guid` narrows it to one bot; without it every bot of the owner is listed.
 */
export function LeadsInbox({ guid }: { guid?: string }) {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const leads = useLeads(guid, page);
  const mark = useMarkLead();
  const { emailConfigured } = useSystemStatus();

  if (leads.isLoading) return <LoadingBlock label="Loading leads" />;
  if (leads.isError || !leads.data) return <ErrorCard title="Error Loading Leads" message="Failed to load leads. Please try again later." />;

  const { leads: list, pagination, unreadCount } = leads.data;
  const toggle = (lead: Lead) => {
    if (openId === lead.id) return setOpenId(null);
    setOpenId(lead.id);
    if (!lead.read) mark.mutate({ id: lead.id, read: true });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="lead-count">
          {pagination.totalCount} lead{pagination.totalCount === 1 ? '' : 's'} · {unreadCount} unread
        </p>
        {pagination.totalCount > 0 && (
          <ButtonAnchor href={leadsCsvUrl(guid)} download variant="outline" size="sm">
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </ButtonAnchor>
        )}
      </div>
      {list.length === 0 ? (
        <EmptyCard icon={Inbox} iconClassName="text-slate-400" title="No leads yet">
          When a visitor asks for a person or writes to you after the message limit, their contact form appears here.
        </EmptyCard>
      ) : (
        <ul className="space-y-3" aria-label="Leads">
          {list.map((lead) => (
            <LeadItem
              key={lead.id}
              lead={lead}
              open={openId === lead.id}
              showBot={!guid}
              emailConfigured={emailConfigured}
              onToggle={() => toggle(lead)}
              onMarkUnread={() => {
                setOpenId(null);
                mark.mutate({ id: lead.id, read: false });
              }}
            />
          ))}
        </ul>
      )}
      {pagination.totalPages > 1 && <HistoryPagination pagination={pagination} onPage={setPage} />}
    </div>
  );
}

type ItemProps = { lead: Lead; open: boolean; showBot: boolean; emailConfigured: boolean; onToggle: () => void; onMarkUnread: () => void };

function LeadItem({ lead, open, showBot, emailConfigured, onToggle, onMarkUnread }: ItemProps) {
  const who = lead.name || lead.email || 'Anonymous visitor';
  const detailId = `lead-${lead.id}-detail`;
  return (
    <li data-testid="lead" data-read={lead.read ? 'true' : 'false'}>
      <Card className={cn('overflow-hidden', !lead.read && 'border-blue-300 dark:border-blue-800')}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={onToggle}
          className="flex w-full items-start gap-3 p-4 text-left hover:bg-slate-50 dark:hover:bg-slate-800/50"
        >
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className={cn('min-w-0 break-words', lead.read ? 'font-normal' : 'font-bold')} data-testid="lead-name">
                {who}
              </span>
              {!lead.read && <Badge tone="blue">New</Badge>}
              {lead.isTest && (
                <Badge tone="amber" title="Sent from a chat on your Test page: not counted as unread">
                  Test
                </Badge>
              )}
              {showBot && <Badge tone="gray">{lead.chatbotName}</Badge>}
            </div>
            <p className="mt-1 truncate text-sm text-slate-600 dark:text-slate-400">
              {lead.formTitle}
              {lead.message ? ` · ${lead.message}` : ''}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
            <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
            <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
          </div>
        </button>
        {open && (
          <div id={detailId} className="border-t border-slate-200 p-4 dark:border-slate-800" data-testid="lead-detail">
            <h3 className="font-semibold">{lead.formTitle}</h3>
            <LeadFields fields={lead.fields} className="mt-3 gap-y-2 text-sm" />
            <p className="mt-4 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" data-testid="lead-email-status">
              {lead.emailSent ? <MailCheck className="h-4 w-4 text-emerald-600" aria-hidden /> : <MailX className="h-4 w-4" aria-hidden />}
              {lead.emailSent ? 'Sent to you by email' : emailConfigured ? 'Not emailed yet' : 'Not emailed: no mail server is configured'}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              {!lead.fromParleyBot && (
                <ButtonLink to={`/chatbots/${lead.chatbotGuid}/history?session=${encodeURIComponent(lead.sessionId)}`} size="sm">
                  <MessageSquare className="h-4 w-4" aria-hidden /> View conversation
                </ButtonLink>
              )}
              {lead.email && isEmail(lead.email) && (
                <ButtonAnchor href={`mailto:${lead.email}`} variant="outline" size="sm">
                  <Mail className="h-4 w-4" aria-hidden /> Reply by email
                </ButtonAnchor>
              )}
              <Button variant="outline" size="sm" onClick={onMarkUnread}>
                Mark unread
              </Button>
            </div>
          </div>
        )}
      </Card>
    </li>
  );
}
