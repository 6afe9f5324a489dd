import type { ThemeConfig } from 'antd';

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
