import { useEffect } from 'react';

export type PageMeta = {
  title: string;
  description?: string;
  keywords?: string;
  /** Path of the canonical page, e.g. "/pricing". */
  path?: string;
};

const SITE = 'Parley';

/**
 * Title, description, keywords, canonical and social (Open Graph, Twitter) tags of a page. The
 * landing page's structured data is served in its HTML (api/src/features/web/landingStructuredData.ts).
 */
export function usePageMeta({ title, description, keywords, path }: PageMeta) {
  useEffect(() => {
    document.title = title;
    const url = path ? new URL(path, window.location.origin).toString() : undefined;
    setMeta('name', 'description', description);
    setMeta('name', 'keywords', keywords);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', SITE);
    setMeta('property', 'og:url', url);
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', title);
    setMeta('name', 'twitter:description', description);
    setCanonical(url);
  }, [title, description, keywords, path]);
}

function setMeta(attr: 'name' | 'property', key: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

function setCanonical(url: string | undefined) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!url) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = url;
}
