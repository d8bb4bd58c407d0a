import { safeImageUrl } from '../../lib/safeUrl';
import type { ThemeDesign } from './themeDesign';

/**
 * A small sample in the chosen theme: a header in the primary colour, a menu item in the chosen
 * style and sizes, and a button, over the background colour (and image, covered as the widget
 * covers it).
 */
export function ThemePreview({ design }: { design: ThemeDesign }) {
  const { primaryColor, backgroundColor, textColor, itemStyle, titleFontSize, descriptionFontSize, backgroundImageUrl } = design;
  const filled = itemStyle === 'filled';
  const image = safeImageUrl(backgroundImageUrl);
  return (
    <section aria-label="Color preview" className="space-y-2">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Preview</p>
      <div className="flex gap-2">
        {[
          ['Primary', primaryColor],
          ['Background', backgroundColor],
          ['Text', textColor],
        ].map(([name, color]) => (
          <span key={name} className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <span className="h-4 w-4 rounded-full ring-1 ring-slate-300 dark:ring-slate-700" style={{ backgroundColor: color }} aria-hidden />
            {name}
          </span>
        ))}
      </div>
      <div className="relative overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800" style={{ backgroundColor, color: textColor }}>
        {image && (
          // The widget draws the image at (100 - transparency)% opacity over the background colour.
          <div
            aria-hidden
            className="absolute inset-0 bg-cover bg-center"
            style={{ backgroundImage: `url("${image.replace(/["\\\s]/g, encodeURIComponent)}")`, opacity: (100 - design.backgroundImageTransparency) / 100 }}
          />
        )}
        <div className="relative">
          <div
            className="px-4 py-3"
            style={design.transparentHeader && image ? { color: textColor } : { backgroundColor: primaryColor, color: '#ffffff' }}
          >
            <p className="font-semibold">Welcome</p>
            <p className="text-xs">How can we help you today?</p>
          </div>
          <div className="space-y-3 p-4">
            <div
              className="rounded-lg border-2 p-3"
              style={{ borderColor: primaryColor, backgroundColor: filled ? `${primaryColor}1a` : 'transparent' }}
            >
              <p className="font-medium" style={{ fontSize: titleFontSize }}>
                Get Help
              </p>
              <p className="opacity-80" style={{ fontSize: descriptionFontSize }}>
                Ask us anything
              </p>
            </div>
            <span className="inline-block rounded-md px-3 py-1.5 text-sm font-medium" style={{ backgroundColor: primaryColor, color: '#ffffff' }}>
              Start chat
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
