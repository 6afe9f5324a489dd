/** A node of the permission tree (declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };

/**
 * The booking board's rights (issue 23), `oa:booking:<leaf>`: reading the board, booking and
 * moving, cancelling, and the store settings. Arrival is also the triage desk's
 * (`oa:workflow:triage`).
 */
export const bookingPermissionNodes: PermissionNode[] = [
  {
    key: 'booking',
    title: '预约',
    titleEn: 'Appointments',
    children: [
      { key: 'read', title: '查看预约看板', titleEn: 'View the board' },
      { key: 'save', title: '预约、改约和确认', titleEn: 'Book, move and confirm' },
      { key: 'cancel', title: '取消预约', titleEn: 'Cancel' },
      { key: 'arrive', title: '登记到店', titleEn: 'Register arrival' },
      { key: 'settings', title: '门店营业时间设置', titleEn: 'Store hours' },
    ],
  },
];
