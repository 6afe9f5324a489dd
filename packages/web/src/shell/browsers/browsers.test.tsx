import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import viteConfig from '../../../vite.config';
import { BrowsersDialog } from './BrowsersDialog';
import { BUILD_TARGET, supportedBrowsers } from './targets';

afterEach(cleanup);

describe('支持的浏览器', () => {
  it('is the list the build compiles for', () => {
    expect(viteConfig.build?.target).toEqual([...BUILD_TARGET]);
    expect(supportedBrowsers(['chrome111', 'safari16.4'])).toEqual([
      { key: 'chrome', version: '111' },
      { key: 'safari', version: '16.4' },
    ]);
    expect(() => supportedBrowsers(['chrome'])).toThrow();
  });

  it('lists each browser with its lowest version and says there is no client to download', () => {
    render(
      <App>
        <BrowsersDialog onClose={() => {}} />
      </App>,
    );
    const items = [...screen.getByTestId('supported-browsers').querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'Chrome 111 及以上',
      'Edge 111 及以上',
      'Firefox 114 及以上',
      'Safari（Mac） 16.4 及以上',
      'Safari（iPhone / iPad） 16.4 及以上',
    ]);
    expect(screen.getByText(/没有需要下载的桌面客户端/)).toBeTruthy();
  });
});
