import {
  ApartmentOutlined,
  AppstoreOutlined,
  EnvironmentOutlined,
  FormOutlined,
  GiftOutlined,
  MedicineBoxOutlined,
  PercentageOutlined,
  RetweetOutlined,
  ShoppingOutlined,
  SwapOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { settingsPages } from '@crm/shared';
import type { ReactNode } from 'react';
import { lazyPage } from '@/shell/lazy';
import type { AreaViews, PageView } from '@/shell/route-types';
import type { projectArea } from './area';

const settingsIcons: Record<string, ReactNode> = {
  setMeal: <ShoppingOutlined />,
  discountConfig: <PercentageOutlined />,
  recharge: <GiftOutlined />,
  doctorManage: <MedicineBoxOutlined />,
  markManage: <TagsOutlined />,
  openFormConfig: <FormOutlined />,
  deptOperatorConfig: <ApartmentOutlined />,
  rotationConfig: <RetweetOutlined />,
};

const settingsPage = lazyPage(() => import('./settings/SettingsRoutePage'));

/**
 * The settings pages built on the settings machinery: each page has exactly one kind; the names
 * come from the light page list, so the menu loads no kind's schema.
 */
const settingsViews = Object.values(settingsPages).map((k): [string, PageView] => [
  k.node,
  { title: { zh: k.title, en: k.titleEn }, icon: settingsIcons[k.node], component: settingsPage },
]);

/** The configuration's menu and pages (./area.tsx lists them with their permissions), each page loaded on first visit. */
export const projectViews: AreaViews<typeof projectArea> = {
  pages: {
    index: {
      title: { zh: '项目', en: 'Projects' },
      icon: <AppstoreOutlined />,
      component: lazyPage(() => import('./catalogue/CataloguePage')),
    },
    partConfig: {
      title: { zh: '部位', en: 'Body parts' },
      icon: <ApartmentOutlined />,
      component: lazyPage(() => import('./parts/PartsPage')),
    },
    convertClass: {
      title: { zh: '转换类别', en: 'Conversion classes' },
      icon: <SwapOutlined />,
      component: lazyPage(() => import('./convert-class/ConvertClassPage')),
    },
    ...Object.fromEntries(settingsViews),
    lotteryActivityConfiguration: {
      title: { zh: '抽奖活动', en: 'Lottery activities' },
      icon: <GiftOutlined />,
      component: lazyPage(() => import('./lottery/LotteryPage')),
    },
    SignInRules: {
      title: { zh: '签到规则', en: 'Sign-in rules' },
      icon: <EnvironmentOutlined />,
      component: lazyPage(() => import('./sign-in-rules/SignInRulesPage')),
    },
  },
};
