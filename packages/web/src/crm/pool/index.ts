/** The customer pool on the web: the pool page (lazy) and the customer list's bulk actions. */
export { type BulkActionProps, LockAction, PutIntoPoolAction } from './BulkActions';
export const loadPoolPage = () => import('./PoolPage');
