import { configure } from '@testing-library/react';
import { vi } from 'vitest';
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

// Testing Library waits 1 s for findBy*/waitFor by default. On the shared 2-core CI machine under load a
// form's validation message can take longer to appear, and such tests failed by the clock (both the
// November runs before and after the index had one or two). A wait ends as soon as its condition holds,
// so this costs a passing test nothing; files that need longer still configure their own.
configure({ asyncUtilTimeout: 5000 });

// Outside a bound page the request layer fetches antd's message and modal on first use
// (shell/request.ts). In a test that import is a second, separately transformed copy of antd's ES
// build: slow enough that a file could end (and its environment be torn down) while it loaded, which
// failed a CI run. Point both at the copy every test already has.
vi.mock('antd/es/message', async () => ({ default: (await import('antd')).message }));
vi.mock('antd/es/modal', async () => ({ default: (await import('antd')).Modal }));
