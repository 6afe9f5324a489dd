import { ContactsOutlined, ShopOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { contactsKind, customerKind, leadsKind, storeKind } from '@crm/shared';
import { type ComponentType, lazy, Suspense } from 'react';
import { useContactsMessages } from './contacts/messages';
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
const LeadsDetailActions = quiet<DetailContext>(lazy(() => import('./leads/LeadsDetailActions')));
const CustomerContactsTab = quiet<{ customerId: number; contactsKind: CrmKind }>(
  lazy(() => import('./contacts/CustomerContactsTab')),
);
function ContactsTabLabel() {
  return <>{useContactsMessages()('tab')}</>;
}
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
    // The customer's contacts (crm-records §7 queryContacts), created from here with the customer locked.
    detailTabs: ({ id, can }) =>
      can('crm.contacts.index')
        ? [
            {
              key: 'contacts',
              label: <ContactsTabLabel />,
              children: <CustomerContactsTab customerId={id} contactsKind={crmKindByKey('contacts')!} />,
            },
          ]
        : [],
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
    descriptor: leadsKind,
    prefix: 'CrmLeads',
    path: 'leads',
    icon: <UserAddOutlined />,
    toolbarExtra: excelActions,
    detailActions: LeadsDetailActions,
    // A converted lead is kept as it was (the server refuses edits too).
    editable: (record) => !record.isTransform,
  },
  {
    descriptor: contactsKind,
    prefix: 'CrmContacts',
    path: 'contacts',
    icon: <ContactsOutlined />,
    fixedCodes: { policymaker: yesNo },
    toolbarExtra: excelActions,
  },
];

export const crmKindByKey = (key: string): CrmKind | undefined => crmKinds.find((k) => k.descriptor.key === key);
