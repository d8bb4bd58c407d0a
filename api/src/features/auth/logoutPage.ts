/**
 * What GET /api/logout answers when another site sent the browser there: a question instead
 * of a silent sign-out. Static on purpose: nothing from the request is written into it.
 */
export const LOGOUT_CONFIRM_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign out of Parley?</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #f8fafc; color: #0f172a; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: 100%; max-width: 24rem; margin: 1rem; padding: 2rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.08); }
  h1 { margin: 0 0 0.5rem; font-size: 1.25rem; }
  p { margin: 0 0 1.5rem; color: #475569; font-size: 0.9rem; }
  .actions { display: flex; gap: 0.75rem; align-items: center; }
  button { padding: 0.5rem 1rem; border: 0; border-radius: 0.5rem; background: #2563eb; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button:hover { background: #1d4ed8; }
  a { color: #2563eb; }
  @media (prefers-color-scheme: dark) {
    body { background: #020617; color: #f1f5f9; }
    main { background: #0f172a; border-color: #1e293b; }
    p { color: #94a3b8; }
    a { color: #60a5fa; }
  }
</style>
</head>
<body>
<main>
  <h1>Sign out of Parley?</h1>
  <p>Another page asked to sign you out. If that was you, confirm below.</p>
  <form method="post" action="/api/logout" class="actions">
    <button type="submit">Sign out</button>
    <a href="/dashboard">Cancel</a>
  </form>
</main>
</body>
</html>
`;
