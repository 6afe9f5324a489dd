import {
  ApartmentOutlined,
  FormOutlined,
  GiftOutlined,
  MedicineBoxOutlined,
  PercentageOutlined,
  RetweetOutlined,
  ShoppingOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { settingsPages } from '@crm/shared';
import type { ReactNode } from 'react';
import { lazyPage } from '@/shell/lazy';
import type { AppRoute } from '@/shell/route-types';

const icons: Record<string, ReactNode> = {
  setMeal: <ShoppingOutlined />,
  discountConfig: <PercentageOutlined />,
  recharge: <GiftOutlined />,
  doctorManage: <MedicineBoxOutlined />,
  markManage: <TagsOutlined />,
  openFormConfig: <FormOutlined />,
  deptOperatorConfig: <ApartmentOutlined />,
  rotationConfig: <RetweetOutlined />,
};

const page = lazyPage(() => import('./settings/SettingsRoutePage'));

/**
 * The clinic's settings pages built on the settings machinery: one route per page (each page has
 * exactly one kind; the names come from the light page list, so the menu loads no kind's schema).
 */
export const clinicSettingsRoutes: AppRoute[] = Object.values(settingsPages).map((k) => ({
  path: k.node,
  title: { zh: k.title, en: k.titleEn },
  icon: icons[k.node],
  access: `project.${k.node}.read`,
  component: page,
}));
