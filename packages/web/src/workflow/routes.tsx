import {
  CameraOutlined,
  CommentOutlined,
  HeartOutlined,
  HomeOutlined,
  MedicineBoxOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { type WorkflowStation, workflowStations } from '@crm/shared';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { lazyPage } from '@/shell/lazy';
import type { AreaViews, PageView } from '@/shell/route-types';
import type { workflowArea } from './area';

/** A station's menu entry: its name as the permission tree gives it (shared `workflowStations`). */
const station = (key: WorkflowStation, icon: ReactNode, component: LazyExoticComponent<ComponentType>): PageView => ({
  title: { zh: workflowStations[key][0], en: workflowStations[key][1] },
  icon,
  component,
});

/** The stations' menu and pages (./area.tsx lists the built ones), loaded when 流程 opens. */
export const workflowViews: AreaViews<typeof workflowArea> = {
  pages: {
    // The photograph room (issue 23, h-photo).
    photograph: station(
      'photograph',
      <CameraOutlined />,
      lazyPage(() => import('./photograph/PhotographPage')),
    ),
    // Appointments and visits (issue 23).
    triage: station(
      'triage',
      <MedicineBoxOutlined />,
      lazyPage(() => import('./triage/TriagePage')),
    ),
    // The consultation room (h-witness).
    witness: station(
      'witness',
      <CommentOutlined />,
      lazyPage(() => import('./witness/WitnessPage')),
    ),
    // Cashier (issue 22).
    cashierDesk: station(
      'cashierDesk',
      <WalletOutlined />,
      lazyPage(() => import('./cashier/CashierDeskPage')),
    ),
    // Nurses' station (issue 23, h-nurse).
    nursesStation: station(
      'nursesStation',
      <HeartOutlined />,
      lazyPage(() => import('./nurse/NursePage')),
    ),
    // Inpatients (issue 23, h-ward).
    isHospitalized: station(
      'isHospitalized',
      <HomeOutlined />,
      lazyPage(() => import('./ward/WardPage')),
    ),
  },
};
