/**
 * The uploaded file an image address names: `/uploads/profile-x.webp?v=1` or
 * `https://any-host/uploads/profile-x.webp` → `profile-x.webp`; '' for anything else. The host
 * is ignored on purpose: which account a reference keeps alive is decided by who holds it, not
 * by the host the URL names.
 */
export function uploadFileName(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url.trim(), 'http://relative.invalid').pathname;
  } catch {
    return '';
  }
  if (!pathname.startsWith('/uploads/')) return '';
  const rest = pathname.slice('/uploads/'.length);
  if (!rest || rest.includes('/')) return '';
  try {
    return decodeURIComponent(rest);
  } catch {
    return '';
  }
}
