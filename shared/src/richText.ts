// News bodies are HTML typed in the console's rich-text editor and stored as typed
// (docs/data-model.md, "news"). Nothing stored is trusted: every body passes through this
// allow-list before it reaches a page, prerendered or in the browser, and the console's preview.
// sanitize-html (maintained, allow-list based, runs in Node and the browser) does the parsing and
// filtering; only the list of what a news body may contain is ours.
import sanitizeHtml from 'sanitize-html';

/** What the editor offers: paragraphs, headings, lists, links, bold/italic, a quote. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // rel is set by the link transform below (which runs before this filter).
  allowedAttributes: { a: ['href', 'rel'] },
  // No javascript:, data:, vbscript: … links; relative links (/contact) stay.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The page's title is its only h1.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // A link to another site opens there without handing it this page (window.opener).
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(/^https?:/i.test(attribs.href ?? '') ? { rel: 'noopener noreferrer' } : {}),
      },
    }),
  },
  // The text of dropped elements whose content is code or markup, not prose, goes too.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
  ],
  disallowedTagsMode: 'discard',
};

/**
 * The body as it may be shown: only the allowed tags and attributes, safe links. With `base` (an
 * absolute URL), relative links are made absolute against it: a feed reader has no page to
 * resolve them from.
 */
export function sanitizeRichText(html: string, base?: string): string {
  if (!base) return sanitizeHtml(html, OPTIONS);
  const link = OPTIONS.transformTags!.a as sanitizeHtml.Transformer;
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      a: (tagName, attribs) =>
        link(tagName, attribs.href ? { ...attribs, href: new URL(attribs.href, base).href } : attribs),
    },
  });
}

/** The body's text alone (feeds' and search engines' descriptions). */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/\s+/g, ' ')
    .trim();
}
