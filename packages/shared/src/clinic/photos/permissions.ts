/** A node of the permission tree (declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };

/**
 * Customer photos (issue 23): the photographer deletes their own photos on the day they took
 * them; deleting anyone's, on any day, is this key (`oa:photo:delete`).
 */
export const photoPermissionNodes: PermissionNode[] = [
  {
    key: 'photo',
    title: '顾客照片',
    titleEn: 'Customer photos',
    children: [{ key: 'delete', title: '删除任何照片', titleEn: 'Delete any photo' }],
  },
];
