import { installStyleRuleIndex } from './test/style-rule-index';

// jsdom lacks these browser APIs that antd uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// antd's thousands of CSS-in-JS rules make jsdom's getComputedStyle (called by every *ByRole query)
// the suite's main cost: index the rules by the class or id they require. See src/test/style-rule-index.ts.
installStyleRuleIndex(window);
