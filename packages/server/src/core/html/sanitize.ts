import { hasRichContent } from '@crm/shared';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../errors.ts';

/**
 * The one HTML sanitiser of the server: every rich text (notices, work logs, any later editor
 * field) passes through it before it is stored, so what the browser renders later can hold no
 * script. An allow-list: tags, attributes, URL schemes and CSS properties not named here are
 * dropped (script and style elements with their content; other unknown tags keep their text).
 */

/** Safe CSS values: colours, lengths, alignment; never url(), expression() or anything with brackets or quotes. */
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d+(\.\d+)?(px|em|rem|%|pt)?$/];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'mark',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'video',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'title', 'target', 'rel', 'data-file'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    col: ['span', 'width'],
    ol: ['start'],
  },
  // Links: web, mail and phone; relative addresses (the file service's /file/view/…) too.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': LENGTH,
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'line-height': LENGTH,
      'margin-left': LENGTH,
      'padding-left': LENGTH,
      width: LENGTH,
      'min-width': LENGTH,
      height: LENGTH,
    },
  },
  // Whatever is not allowed goes with its content when it can only be code.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'svg', 'math', 'iframe', 'object'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opening a new tab cannot reach back to this page.
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
  },
  parser: { lowerCaseAttributeNames: true },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/**
 * A required rich-text field as stored: sanitised, and refused with `emptyMsg` when nothing is
 * left to show (only markup that could not be kept, a bare script, was typed).
 */
export function requiredRichText(html: string, emptyMsg: string): string {
  const content = sanitizeRichText(html);
  if (!hasRichContent(content)) throw badRequest(emptyMsg);
  return content;
}

/** Plain text of stored (sanitised) HTML, for a list's preview. */
export function htmlPreview(html: string, max: number): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}
