import { HOME_DESIGN_DEFAULTS } from '@parley/contracts';
import { fontSize, styleOf } from './homeTypes';

export interface Category {
  id: string;
  label: string;
}

/** Categories as strings or `{id, name|label|title}`; "all" is always offered first. */
function categoriesOf(value: unknown): Category[] {
  const list: Category[] = [];
  for (const raw of Array.isArray(value) ? value : []) {
    const c = typeof raw === 'string' ? { id: raw } : ((raw ?? {}) as Record<string, unknown>);
    const id = String(c.id ?? c.name ?? c.label ?? '').trim();
    if (!id || list.some((x) => x.id === id)) continue;
    const label = String(c.label ?? c.name ?? c.title ?? id);
    list.push({ id, label: label === id ? capitalise(id) : label });
  }
  if (!list.some((c) => c.id === 'all')) list.unshift({ id: 'all', label: 'All' });
  return list;
}

/** Filter buttons for the topic grids below them. */
export function CategoryTabs({ props, value, onChange }: { props: Record<string, unknown>; value: string; onChange: (id: string) => void }) {
  const categories = categoriesOf(props.categories);
  const title = typeof props.title === 'string' ? props.title : '';
  return (
    <div className="cw-home-section">
      {title ? (
        <h3 className="cw-home-title" style={{ fontSize: fontSize(styleOf(props).titleFontSize, HOME_DESIGN_DEFAULTS.titleFontSize) }}>
          {title}
        </h3>
      ) : null}
      <div className="cw-categories" role="group" aria-label={title || 'Categories'}>
        {categories.map((c) => (
          <button key={c.id} type="button" className="cw-chip" aria-pressed={value === c.id} onClick={() => onChange(c.id)}>
            {c.label}
          </button>
        ))}
      </div>
    </div>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
