/**
 * Why a page was skipped or failed, or why a whole scan failed, as data. The crawler, the
 * fetcher and the scan produce these; `describeReason` is the only place they become words.
 */
export type PageReason =
  | { kind: 'robots' }
  | { kind: 'robotsRedirect'; url: string }
  | { kind: 'notHtml'; type: string }
  | { kind: 'tooLarge'; maxBytes: number }
  | { kind: 'http'; status: number }
  | { kind: 'timeout'; ms: number }
  | { kind: 'connectTimeout' }
  | { kind: 'certificate' }
  | { kind: 'tls' }
  | { kind: 'dns' }
  | { kind: 'refused' }
  | { kind: 'unreachable' }
  | { kind: 'closed' }
  | { kind: 'badHttp' }
  | { kind: 'badEncoding' }
  | { kind: 'connectionFailed' }
  | { kind: 'offsite'; url: string }
  | { kind: 'private' }
  | { kind: 'tooManyRedirects'; max: number }
  | { kind: 'invalidUrl' }
  | { kind: 'unsupportedUrl' }
  | { kind: 'duplicate'; of: string }
  | { kind: 'noindex' }
  | { kind: 'noText' }
  | { kind: 'linksOnly' }
  | { kind: 'pageLimit'; maxPages: number }
  | { kind: 'unexpected' }
  | { kind: 'aborted' }
  // a whole scan
  | { kind: 'robotsUnreadable'; cause: PageReason }
  | { kind: 'startBlocked' }
  | { kind: 'noPages' }
  | { kind: 'noTextContent' }
  | { kind: 'scanCrashed' };

/**
 * A reason in plain words for the owner: never a library's or a socket's text, never an
 * address a host resolved to. A failed start page is described like any page (the source's
 * error reads the same as the page row).
 */
export function describeReason(reason: PageReason): string {
  switch (reason.kind) {
    case 'robots':
      return "Blocked by the site's robots.txt";
    case 'robotsRedirect':
      return `Redirected to a page blocked by the site's robots.txt (${reason.url})`;
    case 'notHtml':
      return `Not a web page (${reason.type || 'no content type'})`;
    case 'tooLarge':
      return `Too large (over ${megabytes(reason.maxBytes)} MB)`;
    case 'http':
      return describeStatus(reason.status);
    case 'timeout':
      return `Timed out after ${seconds(reason.ms)} s`;
    case 'connectTimeout':
      return 'The connection to the site timed out';
    case 'certificate':
      return "The site's security certificate could not be verified";
    case 'tls':
      return 'The secure (HTTPS) connection to the site failed';
    case 'dns':
      return 'The site could not be found (DNS)';
    case 'refused':
      return 'Connection refused';
    case 'unreachable':
      return 'The site could not be reached';
    case 'closed':
      return 'The site closed the connection unexpectedly';
    case 'badHttp':
      return 'The site sent an answer that is not valid HTTP';
    case 'badEncoding':
      return 'The site sent a compressed answer that could not be read';
    case 'connectionFailed':
      return 'The connection to the site failed';
    case 'offsite':
      return `Redirected to another site (${reason.url})`;
    case 'private':
      return 'Not allowed: private address';
    case 'tooManyRedirects':
      return `Too many redirects (more than ${reason.max})`;
    case 'invalidUrl':
      return 'Not a valid web address';
    case 'unsupportedUrl':
      return 'Only http:// and https:// addresses without a user name or password can be read';
    case 'duplicate':
      return `Duplicate of ${reason.of}`;
    case 'noindex':
      return 'The page asks not to be indexed (noindex)';
    case 'noText':
      return 'No readable text on the page';
    case 'linksOnly':
      return 'Only links to other pages (an index or a table of contents)';
    case 'pageLimit':
      return `Over the page limit (${reason.maxPages} ${reason.maxPages === 1 ? 'page' : 'pages'})`;
    case 'unexpected':
      return 'Unexpected error while fetching this page';
    case 'aborted':
      return 'The scan was stopped';
    case 'robotsUnreadable':
      return `The site's robots.txt could not be read, so no page was fetched: ${describeReason(reason.cause)}`;
    case 'startBlocked':
      return "The start page is blocked by the site's robots.txt";
    case 'noPages':
      return 'No readable pages found';
    case 'noTextContent':
      return 'No text content';
    case 'scanCrashed':
      return 'Unexpected error while scanning';
  }
}

function describeStatus(status: number): string {
  if (status === 404 || status === 410) return `Page not found (HTTP ${status})`;
  if (status === 401 || status === 403) return `Access denied (HTTP ${status})`;
  if (status === 429) return `The site asked to slow down (HTTP ${status})`;
  if (status >= 500) return `The server answered with an error (HTTP ${status})`;
  if (status >= 400) return `The site refused the request (HTTP ${status})`;
  return `Unexpected answer from the site (HTTP ${status})`;
}

/** 5242880 → "5", 1500000 → "1.4": one decimal at most. */
function megabytes(bytes: number) {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

function seconds(ms: number) {
  return String(Math.round(ms / 100) / 10);
}
