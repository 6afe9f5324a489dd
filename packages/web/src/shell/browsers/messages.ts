import { defineMessages } from '@/i18n';

/** The user menu's supported-browsers entry (issue 25, h-crmwb). */
export const useBrowserMessages = defineMessages({
  zh: {
    menu: '支持的浏览器',
    title: '支持的浏览器',
    intro: '本系统是网页应用，在电脑或手机的浏览器中打开即可使用，请使用以下版本或更新的浏览器：',
    chrome: 'Chrome',
    edge: 'Edge',
    firefox: 'Firefox',
    safari: 'Safari（Mac）',
    ios: 'Safari（iPhone / iPad）',
    atLeast: '{version} 及以上',
    noClient: '没有需要下载的桌面客户端：手机上用浏览器打开同一地址，可添加到主屏幕。',
    ok: '知道了',
  },
  en: {
    menu: 'Supported browsers',
    title: 'Supported browsers',
    intro: 'This is a web app: open it in a browser on a computer or a phone, at these versions or newer:',
    chrome: 'Chrome',
    edge: 'Edge',
    firefox: 'Firefox',
    safari: 'Safari (Mac)',
    ios: 'Safari (iPhone / iPad)',
    atLeast: '{version} or newer',
    noClient:
      'There is no desktop client to download: on a phone, open the same address in the browser and add it to the home screen.',
    ok: 'Got it',
  },
});
