/** A node of the permission tree: a realm with children, or a leaf whose key is a permission. */
export type PermissionNode = {
  key: string;
  title: string;
  titleEn: string;
  children?: PermissionNode[];
};
