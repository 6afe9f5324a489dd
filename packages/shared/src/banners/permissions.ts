export const BANNER_MANAGE = 'oa:banner:manage';

/** A node of the permission tree (declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };
export const bannerPermissionNodes: PermissionNode[] = [
  {
    key: 'banner',
    title: 'APP首页图片',
    titleEn: 'App home images',
    children: [{ key: 'manage', title: '管理首页图片', titleEn: 'Manage home images' }],
  },
];
