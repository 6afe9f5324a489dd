/** A node of the permission tree (declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };

/**
 * The visit list (/record, issue 23), `oa:record:<leaf>`: reading the list and one visit's story
 * (/entryDetails), and exporting the list. Each visit is still seen only as its customer is.
 */
export const recordPermissionNodes: PermissionNode[] = [
  {
    key: 'record',
    title: '到院记录',
    titleEn: 'Visit records',
    children: [
      { key: 'read', title: '查看', titleEn: 'View' },
      { key: 'export', title: '导出', titleEn: 'Export' },
    ],
  },
];
