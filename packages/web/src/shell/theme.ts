import type { ThemeConfig } from 'antd';
import { mediaQuery, useMediaQuery } from './media-query';

/** A calm admin look (DingTalk/Feishu): white bars, light grey canvas, antd blue. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 16px',
      siderBg: '#ffffff',
      bodyBg: '#f5f6f8',
    },
    Menu: { itemBorderRadius: 6, activeBarBorderWidth: 0 },
  },
};

/** The same look without antd's motion (zoom, slide, fade): for people whose system asks for less motion. */
export const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

const reducedMotion = mediaQuery('(prefers-reduced-motion: reduce)');

/**
 * Does the system ask for reduced motion (an accessibility setting)? Followed live. The browser
 * tests ask for it too: a click on a dialog or dropdown still zooming in could land where the
 * button was a frame before.
 */
export const usePrefersReducedMotion = (): boolean => useMediaQuery(reducedMotion);
