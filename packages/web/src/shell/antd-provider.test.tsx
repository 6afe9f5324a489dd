import { act, cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AntdProvider } from './antd-provider';

/** A system setting for reduced motion that can change while the page is open. */
function reducedMotionSetting(initially: boolean) {
  const original = window.matchMedia;
  let reduce = initially;
  const listeners = new Set<() => void>();
  window.matchMedia = (query: string) =>
    ({
      ...original(query),
      media: query,
      matches: query === '(prefers-reduced-motion: reduce)' && reduce,
      addEventListener: (_: string, l: () => void) => {
        listeners.add(l);
      },
      removeEventListener: (_: string, l: () => void) => {
        listeners.delete(l);
      },
    }) as MediaQueryList;
  return {
    set(value: boolean) {
      reduce = value;
      for (const l of listeners) l();
    },
    restore: () => {
      window.matchMedia = original;
    },
  };
}

function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

describe('AntdProvider and reduced motion', () => {
  let setting: ReturnType<typeof reducedMotionSetting> | undefined;
  afterEach(() => {
    cleanup();
    setting?.restore();
    setting = undefined;
  });

  it('turns antd’s motion off while the system asks for reduced motion, and on again', () => {
    setting = reducedMotionSetting(true);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => setting!.set(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
    act(() => setting!.set(true));
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });

  it('keeps the motion where the system says nothing (jsdom)', () => {
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
