import type { ReactNode } from 'react';

/**
 * A plain customer page behind the floating widget, with deliberately loud CSS of its own:
 * the widget lives in a shadow root, so none of it should reach the launcher or the panel.
 */
export function HostPage({ children }: { children: ReactNode }) {
  return (
    <div className="host-page" style={{ minHeight: '100vh', padding: '32px 40px', fontFamily: 'Georgia, serif', background: '#f8fafc', color: '#334155' }}>
      <style>{'.host-page button { background: hotpink !important; font-size: 30px !important; } .host-page p { letter-spacing: 2px; }'}</style>
      <h1 style={{ margin: 0, fontSize: 32 }}>Acme Shop</h1>
      <p>Trail shoes, jackets and everything for the outdoors. Free returns within 30 days.</p>
      <button type="button">A host page button</button>
      {children}
    </div>
  );
}
