// The <head> tags of a prerendered page: title, description, canonical URL, Open Graph and Twitter cards, and on
// the landing page the JSON-LD structured data (the organization and the sample-report list).
import sampleCards from 'virtual:sample-reports';
import { SUPPORT_EMAIL } from '@duescan/contracts';
import { documentTitle, PAGE_META, SITE_NAME } from '../components/page-meta';
import type { PublicPath } from '../routes';

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON inside <script>: no "</script>" or "<!--" can close or confuse the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** `siteUrl` null: the build does not know its public origin, so the data carries paths instead of URLs. */
export function structuredData(siteUrl: string | null): unknown[] {
  const origin = siteUrl ?? '';
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    ...(siteUrl ? { url: siteUrl } : {}),
    email: SUPPORT_EMAIL,
    description: PAGE_META['/'].description,
  };
  const samples = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'DueScan sample reports',
    itemListElement: sampleCards.map((card, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'DigitalDocument',
        name: `${card.title} sample report (${card.package})`,
        description: card.description,
        encodingFormat: 'application/pdf',
        url: `${origin}/reports/${card.filename}`,
      },
    })),
  };
  return sampleCards.length > 0 ? [organization, samples] : [organization];
}

/**
 * `siteUrl`: the public origin (no trailing slash) for the canonical link and the social cards' absolute URLs;
 * null when the build was not told it (PUBLIC_URL), and then those tags are left out rather than guessed.
 */
export function pageHead(path: PublicPath, siteUrl: string | null): string {
  const meta = PAGE_META[path];
  const title = escapeAttr(documentTitle(meta.title));
  const description = escapeAttr(meta.description);
  const url = siteUrl ? escapeAttr(`${siteUrl}${path}`) : null;
  const image = siteUrl && sampleCards[0]?.thumbnailImage ? escapeAttr(siteUrl + sampleCards[0].thumbnailImage) : null;
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    ...(url ? [`<link rel="canonical" href="${url}" />`, `<meta property="og:url" content="${url}" />`] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    ...(image ? [`<meta property="og:image" content="${image}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(image ? [`<meta name="twitter:image" content="${image}" />`] : []),
  ];
  if (path === '/') {
    for (const data of structuredData(siteUrl)) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  }
  return tags.join('\n    ');
}
