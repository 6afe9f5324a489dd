import { GiftOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppRoute } from '@/shell/route-types';

/** 配置 › 抽奖活动 (issue 25, h-lottery), loaded on first visit. */
export const lotteryRoutes: AppRoute[] = [
  {
    path: 'lotteryActivityConfiguration',
    title: { zh: '抽奖活动', en: 'Lottery activities' },
    icon: <GiftOutlined />,
    access: 'project.lotteryActivityConfiguration.read',
    component: lazyPage(() => import('./LotteryPage')),
  },
];
