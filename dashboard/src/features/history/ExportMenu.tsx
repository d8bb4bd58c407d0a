import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download, FileJson, FileSpreadsheet } from 'lucide-react';
import type { HistoryExportFormat } from '@parley/contracts';
import { buttonVariants } from '../../components/Button';
import { menuContentClass, menuItemClass } from '../layout/menuStyles';

const FORMATS: { format: HistoryExportFormat; label: string; Icon: typeof FileJson }[] = [
  { format: 'csv', label: 'CSV', Icon: FileSpreadsheet },
  { format: 'json', label: 'JSON', Icon: FileJson },
];

/** "Export" with a CSV and a JSON download of what `urlFor` names; `title` says what is exported. */
export function ExportMenu({ urlFor, title }: { urlFor: (format: HistoryExportFormat) => string; title: string }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonVariants({ variant: 'outline', size: 'sm' })} title={title}>
        <Download className="h-4 w-4" aria-hidden /> Export <ChevronDown className="h-3.5 w-3.5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass('w-40')}>
          {FORMATS.map(({ format, label, Icon }) => (
            <DropdownMenu.Item key={format} asChild className={menuItemClass}>
              <a href={urlFor(format)} download>
                <Icon className="h-4 w-4 text-slate-500" aria-hidden /> {label}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
