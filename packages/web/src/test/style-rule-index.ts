// Faster `getComputedStyle` in jsdom, with the same answers.
//
// jsdom computes an element's style by testing EVERY rule of every style sheet against it
// (`forEachMatchingSheetRuleOfElement` in jsdom/lib/jsdom/living/helpers/style-rules.js). antd's
// CSS-in-JS puts thousands of rules into the document, and Testing Library calls
// `getComputedStyle` for every element a `*ByRole` query looks at (is it hidden?) and for every
// node of an accessible name, so the suite spent most of its time in the selector engine.
//
// This replaces jsdom's `getDeclarationForElement` with one that first narrows the rules down the
// way browsers do: by a class or id the rule's selector REQUIRES of the element (one from the last
// compound selector, outside any :not()/:is()/:where() or [attribute] brackets). Every rule that is
// left is still tested with jsdom's own matcher, in sheet order, and the declaration is built by
// the same steps into jsdom's own per-element cache (which jsdom clears on any DOM change), so the
// computed style is the same as before; `style-rule-index.test.ts` checks that against jsdom's
// original on rendered antd components. A rule whose selector gives no such key is tested against
// every element, as before.
import { createRequire } from 'node:module';

type Rule = { selectorText?: string; style: Style; media?: ArrayLike<string>; cssRules?: ArrayLike<Rule> };
type Sheet = { cssRules: ArrayLike<Rule> };
type Style = ArrayLike<string> & {
  getPropertyValue(p: string): string;
  getPropertyPriority(p: string): string;
};
type Declaration = Style & {
  setProperty(p: string, v: string, priority?: string): void;
  removeProperty(p: string): void;
};
type ElementImpl = {
  style: Style;
  _ownerDocument: { _styleCache: WeakMap<object, Declaration> | null; styleSheets: { _list: Sheet[] } };
  getAttributeNS(ns: null, name: string): string | null;
};
type Entry = { rule: Rule; seq: number };
type SheetIndex = { length: number; any: Entry[]; byKey: Map<string, Entry[]> };

const requireHere = createRequire(import.meta.url);
// Resolve jsdom's internals and its own copies of cssstyle and rrweb-cssom from jsdom itself, so they
// are the very modules the test environment loaded.
const jsdomMain = requireHere.resolve('jsdom');
const requireJsdom = createRequire(jsdomMain);
const styleRules = requireJsdom('./jsdom/living/helpers/style-rules.js') as {
  getDeclarationForElement: (el: ElementImpl) => Declaration;
  /** jsdom's own function, kept here once: a worker may run several test files on one jsdom module. */
  originalGetDeclarationForElement?: (el: ElementImpl) => Declaration;
};
styleRules.originalGetDeclarationForElement ??= styleRules.getDeclarationForElement;
const originalGetDeclarationForElement = styleRules.originalGetDeclarationForElement;
const { matchesDontThrow } = requireJsdom('./jsdom/living/helpers/selectors.js') as {
  matchesDontThrow: (el: ElementImpl, selector: string | undefined) => boolean;
};
const idlUtils = requireJsdom('./jsdom/living/generated/utils.js') as { implForWrapper: (w: unknown) => unknown };
const defaultStyleSheet = requireJsdom('./jsdom/browser/default-stylesheet.js') as string;
const cssom = requireJsdom('rrweb-cssom') as { parse: (css: string) => Sheet };
const { CSSStyleDeclaration } = requireJsdom('cssstyle') as { CSSStyleDeclaration: new () => Declaration };

/** Where a selector's last compound ends and what it requires: a lower-cased class or id, or null. */
export function requiredKey(selector: string): string | null {
  if (selector.includes('\\')) return null;
  // Start of the last compound: after the last combinator outside brackets, parentheses and strings.
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === ' ' || c === '>' || c === '+' || c === '~' || c === '\n' || c === '\t'))
      start = i + 1;
  }
  if (depth !== 0 || quote) return null;
  const compound = selector.slice(start);
  let key: string | null = null;
  depth = 0;
  for (let i = 0; i < compound.length; i++) {
    const c = compound[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === '.' || c === '#')) {
      let j = i + 1;
      while (j < compound.length && /[\w\u0080-\uffff-]/.test(compound[j]!)) j++;
      if (j === i + 1) return null;
      // Prefer a class or id over nothing; the last one found is as required as the first.
      key = c + compound.slice(i + 1, j).toLowerCase();
      i = j - 1;
    }
  }
  return key;
}

/** A selector list's parts (top-level commas). */
function parts(selectorText: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < selectorText.length; i++) {
    const c = selectorText[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(selectorText.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(selectorText.slice(from).trim());
  return out;
}

function add(index: SheetIndex, entry: Entry) {
  const text = entry.rule.selectorText;
  const keys = typeof text === 'string' ? parts(text).map(requiredKey) : [null];
  if (keys.includes(null)) {
    index.any.push(entry);
    return;
  }
  for (const key of new Set(keys as string[])) {
    const list = index.byKey.get(key);
    if (list) list.push(entry);
    else index.byKey.set(key, [entry]);
  }
}

// The same walk as jsdom's `handleSheet`: top-level rules, and the rules of @media blocks for "screen".
function buildIndex(sheet: Sheet): SheetIndex {
  const index: SheetIndex = { length: sheet.cssRules.length, any: [], byKey: new Map() };
  let seq = 0;
  for (const rule of Array.from(sheet.cssRules)) {
    if (rule.media) {
      if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1) {
        for (const inner of Array.from(rule.cssRules as ArrayLike<Rule>)) add(index, { rule: inner, seq: seq++ });
      }
    } else add(index, { rule, seq: seq++ });
  }
  return index;
}

const indexes = new WeakMap<Sheet, SheetIndex>();
function indexOf(sheet: Sheet): SheetIndex {
  let index = indexes.get(sheet);
  // A sheet's text change gives a new sheet object; insertRule/deleteRule change its length.
  if (!index || index.length !== sheet.cssRules.length) {
    index = buildIndex(sheet);
    indexes.set(sheet, index);
  }
  return index;
}

let parsedDefault: Sheet | undefined;

function forEachMatchingRule(el: ElementImpl, handle: (rule: Rule) => void) {
  const keys: string[] = [];
  const id = el.getAttributeNS(null, 'id');
  if (id) keys.push(`#${id.toLowerCase()}`);
  const cls = el.getAttributeNS(null, 'class');
  if (cls) for (const c of cls.split(/[ \t\n\f\r]+/)) if (c) keys.push(`.${c.toLowerCase()}`);

  const visit = (sheet: Sheet) => {
    const index = indexOf(sheet);
    let candidates: Entry[] = index.any;
    let merged = false;
    for (const key of keys) {
      const list = index.byKey.get(key);
      if (!list) continue;
      candidates = candidates.concat(list);
      merged = true;
    }
    if (merged) {
      candidates.sort((a, b) => a.seq - b.seq);
      candidates = candidates.filter((e, i) => i === 0 || candidates[i - 1] !== e);
    }
    for (const { rule } of candidates) if (matchesDontThrow(el, rule.selectorText)) handle(rule);
  };
  parsedDefault ??= cssom.parse(defaultStyleSheet);
  visit(parsedDefault);
  for (const sheet of el._ownerDocument.styleSheets._list) visit(sheet);
}

// jsdom's getDeclarationForElement (jsdom 26), with the rule walk above.
function getDeclarationForElement(el: ElementImpl): Declaration {
  let cache = el._ownerDocument._styleCache;
  if (!cache) {
    cache = new WeakMap();
    el._ownerDocument._styleCache = cache;
  }
  const cached = cache.get(el);
  if (cached) return cached;

  const declaration = new CSSStyleDeclaration();
  const handleProperty = (style: Style, property: string) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };
  forEachMatchingRule(el, (rule) => {
    for (const property of Array.from(rule.style)) handleProperty(rule.style, property);
  });
  for (const property of Array.from(el.style)) handleProperty(el.style, property);
  cache.set(el, declaration);
  return declaration;
}

/**
 * Install the indexed rule walk: for inherited values (jsdom looks them up through the module's
 * export) and for `getComputedStyle` itself (jsdom's window holds its own reference, so the
 * element's declaration is put into jsdom's cache first; jsdom then reads it from there).
 */
export function installStyleRuleIndex(win: Window & typeof globalThis) {
  styleRules.getDeclarationForElement = getDeclarationForElement;
  const original = win.getComputedStyle;
  win.getComputedStyle = (elt: Element, pseudoElt?: string | null) => {
    const impl = idlUtils.implForWrapper(elt) as ElementImpl | undefined;
    if (impl && typeof impl.getAttributeNS === 'function' && impl._ownerDocument) getDeclarationForElement(impl);
    // jsdom answers the element's own style for a pseudo-element anyway, after logging a "not
    // implemented" stack: antd's scroll locker asks for '::-webkit-scrollbar' on every dialog.
    return pseudoElt ? original(elt) : original(elt, pseudoElt);
  };
}

/** For the self-check: jsdom's own computation, bypassing the index and the cache. */
export function withOriginalRuleWalk<T>(run: () => T): T {
  const installed = styleRules.getDeclarationForElement;
  styleRules.getDeclarationForElement = originalGetDeclarationForElement;
  try {
    return run();
  } finally {
    styleRules.getDeclarationForElement = installed;
  }
}

/** Drop jsdom's per-element style cache (as any DOM change does). */
export function clearStyleCache(doc: Document) {
  const impl = idlUtils.implForWrapper(doc) as { _styleCache: unknown } | undefined;
  if (impl) impl._styleCache = null;
}
