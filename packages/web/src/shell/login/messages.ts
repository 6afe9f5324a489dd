import { defineMessages } from '@/i18n';

export const loginMessages = defineMessages({
  zh: {
    welcome: '欢迎登录',
    subtitle: '医美门店客户与办公协同平台',
    username: '用户名',
    password: '密码',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    submit: '登录',
    footer: '© {year} {title} · v{version}',
  },
  en: {
    welcome: 'Sign in',
    subtitle: 'Customers and office work for aesthetics clinics and partner shops',
    username: 'Username',
    password: 'Password',
    usernameRequired: 'Please enter the username',
    passwordRequired: 'Please enter the password',
    submit: 'Sign in',
    footer: '© {year} {title} · v{version}',
  },
});
