const sheets = new Map<string, CSSStyleSheet>();

/**
 * Adds `css` to a shadow root. Where constructable stylesheets exist the sheet is adopted, which
 * a strict `style-src` Content-Security-Policy allows with no `'unsafe-inline'` and no nonce;
 * elsewhere (older Safari, jsdom) it falls back to a `<style>` element carrying `nonce`.
 * A sheet is built once per text and shared by every widget on the page. Each sheet goes before
 * those already there (the launcher's, adopted first, must win over the widget's base rules),
 * unless `last`: a sheet that extends the widget's (the rich messages') goes after them.
 */
export function adoptStyles(root: ShadowRoot, css: string, nonce?: string, last = false): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    const adopted = root.adoptedStyleSheets;
    if (!adopted.includes(sheet)) root.adoptedStyleSheets = last ? [...adopted, sheet] : [sheet, ...adopted];
    return;
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  if (last) root.append(style);
  else root.prepend(style);
}
