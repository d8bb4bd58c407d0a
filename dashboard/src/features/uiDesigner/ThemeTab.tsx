import { DESCRIPTION_FONT_SIZES, HOME_DESIGN_DEFAULTS, HOME_ITEM_STYLES, TITLE_FONT_SIZES } from '@parley/contracts';
import { useId } from 'react';
import { CheckboxField } from '../../components/CheckboxField';
import { SelectField } from '../../components/Field';
import { BackgroundImageField } from './BackgroundImageField';
import { ColorField } from './ColorField';
import { ThemePreview } from './ThemePreview';
import type { ThemeDesign } from './themeDesign';

type ThemeTabProps = {
  design: ThemeDesign;
  /** Each change as a patch; the page applies it to the preview config. */
  onChange: (patch: Partial<ThemeDesign>) => void;
  disabled?: boolean;
};

const ITEM_STYLE_LABELS: Record<ThemeDesign['itemStyle'], string> = { filled: 'Filled', outlined: 'Outlined' };

const sizeLabel = (size: number, defaultSize: number) => `${size}px${size === defaultSize ? ' (default)' : ''}`;

/**
 * The UI designer's Theme tab: the home screen's colours, menu item style, font sizes and
 * optional background image, with a small preview in the chosen colours.
 */
export function ThemeTab({ design, onChange, disabled }: ThemeTabProps) {
  const hasImage = design.backgroundImageUrl !== '';
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold tracking-tight">Theme Colors</h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">These colors are included in your prompts to the AI designer.</p>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <ColorField label="Primary Color" value={design.primaryColor} onChange={(primaryColor) => onChange({ primaryColor })} disabled={disabled} />
        <ColorField label="Background Color" value={design.backgroundColor} onChange={(backgroundColor) => onChange({ backgroundColor })} disabled={disabled} />
        <ColorField label="Text Color" value={design.textColor} onChange={(textColor) => onChange({ textColor })} disabled={disabled} />
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Menu Item Style"
          value={design.itemStyle}
          disabled={disabled}
          onChange={(e) => onChange({ itemStyle: e.target.value as ThemeDesign['itemStyle'] })}
        >
          {HOME_ITEM_STYLES.map((style) => (
            <option key={style} value={style}>
              {ITEM_STYLE_LABELS[style]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Title Font Size"
          value={design.titleFontSize}
          disabled={disabled}
          onChange={(e) => onChange({ titleFontSize: Number(e.target.value) })}
        >
          {TITLE_FONT_SIZES.map((size) => (
            <option key={size} value={size}>
              {sizeLabel(size, HOME_DESIGN_DEFAULTS.titleFontSize)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Description Font Size"
          value={design.descriptionFontSize}
          disabled={disabled}
          onChange={(e) => onChange({ descriptionFontSize: Number(e.target.value) })}
        >
          {DESCRIPTION_FONT_SIZES.map((size) => (
            <option key={size} value={size}>
              {sizeLabel(size, HOME_DESIGN_DEFAULTS.descriptionFontSize)}
            </option>
          ))}
        </SelectField>
      </div>

      <BackgroundImageField
        value={design.backgroundImageUrl}
        // Without an image there is nothing to see through the header, so the choice goes too.
        onChange={(url) => onChange(url ? { backgroundImageUrl: url } : { backgroundImageUrl: '', transparentHeader: false })}
        disabled={disabled}
      />

      {hasImage && (
        <CheckboxField
          label="Transparent Header Background"
          checked={design.transparentHeader}
          disabled={disabled}
          onChange={(e) => onChange({ transparentHeader: e.target.checked })}
        />
      )}

      <TransparencySlider value={design.backgroundImageTransparency} onChange={(n) => onChange({ backgroundImageTransparency: n })} disabled={disabled} />

      <ThemePreview design={design} />
    </div>
  );
}

/** 0 shows the image fully; 100 covers it with the background colour. */
function TransparencySlider({ value, onChange, disabled }: { value: number; onChange: (value: number) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Background Image Transparency
        </label>
        <span className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-sm dark:bg-slate-800">{value}%</span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-blue-600"
      />
      <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400">
        <span>No overlay</span>
        <span>Full overlay</span>
      </div>
    </div>
  );
}
