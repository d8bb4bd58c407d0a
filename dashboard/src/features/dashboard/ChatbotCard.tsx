import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  BarChart3,
  Bot,
  ClipboardList,
  Code2,
  Database,
  FlaskConical,
  History,
  Inbox,
  MessageCircleQuestion,
  MoreVertical,
  Palette,
  PieChart,
  Settings2,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/Badge';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import type { Chatbot } from '../../lib/api';
import { safeImageUrl } from '../../lib/safeUrl';
import { ModelName } from '../chatbots/ModelNotice';
import { menuContentClass, menuItemClass } from '../layout/menuStyles';
import { FIRST_STEPS } from './nextSteps';

const MENU = [
  { path: 'add-data', label: 'Add Data', Icon: Database },
  { path: 'test', label: 'Test Chatbot', Icon: FlaskConical },
  { path: 'ui-designer', label: 'UI Designer', Icon: Palette },
  { path: 'surveys', label: 'Surveys', Icon: ClipboardList },
  { path: 'analytics', label: 'Analytics', Icon: BarChart3 },
  { path: 'survey-analytics', label: 'Survey Analytics', Icon: PieChart },
  { path: 'history', label: 'Chat History', Icon: History },
  { path: 'unanswered', label: 'Unanswered', Icon: MessageCircleQuestion },
  { path: 'leads', label: 'Leads', Icon: Inbox },
  { path: 'embed', label: 'Embed', Icon: Code2 },
];

const STEP_ICONS = { 'add-data': Database, test: FlaskConical, embed: Code2 } as const;

/** The three first steps of a new bot (the next-steps card's), one click from its card. */
const STEP_LINKS = FIRST_STEPS.map(({ key, label }) => ({ path: key, label, Icon: STEP_ICONS[key] }));

/** One bot in the "Your Chatbots" grid: name, status, description, model, Configure and the tools menu. */
export function ChatbotCard({ bot }: { bot: Chatbot }) {
  const avatar = safeImageUrl(bot.avatarUrl);
  return (
    <Card className="flex flex-col p-5 transition-shadow hover:shadow-md" data-testid="chatbot-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          {avatar ? (
            <img src={avatar} alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />
          ) : (
            <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400">
              <Bot className="h-5 w-5" aria-hidden />
            </span>
          )}
          <div className="min-w-0">
            <h3 className="truncate font-semibold">{bot.name}</h3>
            <Badge tone={bot.isActive ? 'green' : 'gray'} className="mt-1">
              {bot.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </div>
        </div>
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            aria-label={`More actions for ${bot.name}`}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <MoreVertical className="h-5 w-5" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass('w-52')}>
              {MENU.map(({ path, label, Icon }) => (
                <DropdownMenu.Item key={path} asChild className={menuItemClass}>
                  <Link to={`/chatbots/${bot.guid}/${path}`}>
                    <Icon className="h-4 w-4 text-slate-500" aria-hidden /> {label}
                  </Link>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <p className="mt-4 line-clamp-2 min-h-[2.5rem] flex-1 text-sm text-slate-600 dark:text-slate-400">{bot.description || 'No description'}</p>
      <div className="mt-4 grid grid-cols-3 gap-2" role="group" aria-label={`Set up ${bot.name}`}>
        {STEP_LINKS.map(({ path, label, Icon }) => (
          <ButtonLink key={path} to={`/chatbots/${bot.guid}/${path}`} variant="secondary" size="sm" className="px-2">
            <Icon className="h-4 w-4" aria-hidden /> {label}
          </ButtonLink>
        ))}
      </div>
      <div className="mt-4 flex items-center justify-between gap-3 border-t border-slate-100 pt-4 dark:border-slate-800">
        <span className="min-w-0 text-xs text-slate-500 dark:text-slate-400">
          Model: <ModelName model={bot.model} />
        </span>
        <ButtonLink to={`/chatbots/${bot.guid}`} variant="outline" size="sm">
          <Settings2 className="h-4 w-4" aria-hidden /> Configure
        </ButtonLink>
      </div>
    </Card>
  );
}
