import { AppstoreOutlined, FundOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { businessKind, customerKind, productKind, storeKind } from '@crm/shared';
import { type ComponentType, lazy, Suspense } from 'react';
import { useSalesMessages } from './sales/messages';
import type { BulkActionsProps, CrmKind, DetailContext, FormPanelProps, ToolbarExtraContext } from './types';

const yesNo = { 是: true, 否: false };

/** A lazily loaded widget that waits quietly (nothing shown) instead of suspending the page. */
function quiet<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Quiet(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

// Each kind's own widgets load with their first use, never with the menu.
const CustomerPanel = quiet<FormPanelProps>(lazy(() => import('./customer/CustomerPanel')));
const StorePanel = quiet<FormPanelProps>(
  lazy(() => import('./store/StoreFormPanel').then((m) => ({ default: m.StoreFormPanel }))),
);
const CustomerDetailActions = quiet<DetailContext>(lazy(() => import('./customer/CustomerDetailActions')));
const CustomerBusinessTab = quiet<DetailContext>(lazy(() => import('./sales/CustomerBusinessTab')));
function BusinessTabLabel() {
  return <>{useSalesMessages()('businessTab')}</>;
}
const StageBar = quiet<DetailContext>(lazy(() => import('./sales/StageBar')));
const ShelfActions = quiet<BulkActionsProps>(lazy(() => import('./sales/ShelfActions')));
const Excel = quiet(lazy(() => import('./records/excel').then((m) => ({ default: m.ExcelActions }))));
const CustomerBulk = quiet<BulkActionsProps>(
  lazy(() =>
    import('./pool').then((m) => ({
      default: function CustomerBulkActions({ ids, onDone }: BulkActionsProps) {
        return (
          <>
            <m.PutIntoPoolAction ids={ids} onDone={onDone} />
            <m.LockAction ids={ids} onDone={onDone} />
          </>
        );
      },
    })),
  ),
);

/** Import and export of the list's current filter (records/excel), for every kind. */
const excelActions = ({ kind, listBody, refresh }: ToolbarExtraContext) => (
  <Excel kind={kind.descriptor} prefix={kind.prefix} listBody={listBody} onImported={refresh} />
);

/**
 * The record kinds of the CRM area, in menu order. Adding a kind is one entry here (plus its
 * descriptor in packages/shared and its server module); its own widgets go into the slots.
 */
export const crmKinds: CrmKind[] = [
  {
    descriptor: customerKind,
    prefix: 'CrmCustomer',
    path: 'customer',
    icon: <TeamOutlined />,
    // Spec 3.6: the customers' to-dos (follow-up due today, never followed up) on the CRM menu.
    badge: 'crmTodo',
    fixedCodes: { gender: { 男: 1, 女: 2 }, hasOldCustomer: yesNo, hasSign: yesNo },
    formPanel: CustomerPanel,
    toolbarExtra: excelActions,
    bulkActions: CustomerBulk,
    detailActions: CustomerDetailActions,
    detailTabs: (ctx) => [
      {
        key: 'business',
        label: <BusinessTabLabel />,
        access: 'crm:business:index',
        children: <CustomerBusinessTab {...ctx} />,
      },
    ],
  },
  {
    descriptor: storeKind,
    prefix: 'api/Store',
    path: 'store',
    icon: <ShopOutlined />,
    fixedCodes: { sex: { 男: 0, 女: 1 } },
    formPanel: StorePanel,
    toolbarExtra: excelActions,
    // Spec 6: the quick-create of a store asks for crm.product.save.
    quickAddAccess: 'crm.product.save',
  },
  {
    descriptor: productKind,
    prefix: 'CrmProduct',
    path: 'product',
    icon: <AppstoreOutlined />,
    fixedCodes: { status: { 上架: 1, 下架: 0 } },
    saveCall: 'saveAndUpdate',
    toolbarExtra: excelActions,
    bulkActions: ShelfActions,
  },
  {
    descriptor: businessKind,
    prefix: 'CrmBusiness',
    path: 'business',
    icon: <FundOutlined />,
    toolbarExtra: excelActions,
    productLines: { call: 'queryProduct', idParam: 'businessId' },
    detailBanner: StageBar,
  },
];

export const crmKindByKey = (key: string): CrmKind | undefined => crmKinds.find((k) => k.descriptor.key === key);
