import { type ComponentType, lazy, Suspense } from 'react';
import { useContactsMessages } from './contacts/messages';
import { contractEntry, receivablesEntry } from './contract/kinds';
import { kindBase } from './kind-base';
import { useCrmMessages } from './messages';
import { useSalesMessages } from './sales/messages';
import type { BulkActionsProps, CrmKind, DetailContext, ToolbarExtraContext } from './types';

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
const CustomerDetailActions = quiet<DetailContext>(lazy(() => import('./customer/CustomerDetailActions')));
const CustomerBusinessTab = quiet<DetailContext>(lazy(() => import('./sales/CustomerBusinessTab')));
function BusinessTabLabel() {
  return <>{useSalesMessages()('businessTab')}</>;
}
const StageBar = quiet<DetailContext>(lazy(() => import('./sales/StageBar')));
const ShelfActions = quiet<BulkActionsProps>(lazy(() => import('./sales/ShelfActions')));
const LeadsDetailActions = quiet<DetailContext>(lazy(() => import('./leads/LeadsDetailActions')));
const CustomerContactsTab = quiet<{ customerId: number; contactsKind: CrmKind }>(
  lazy(() => import('./contacts/CustomerContactsTab')),
);
/** A detail tab's title from the shared CRM words (issue 26: English that is English). */
function TabLabel({ k }: { k: 'tabContracts' | 'tabPlans' | 'tabReceivables' | 'tabDeals' | 'tabPhotos' }) {
  return <>{useCrmMessages()(k)}</>;
}
function ContactsTabLabel() {
  return <>{useContactsMessages()('tab')}</>;
}
// The contacts ↔ opportunities relation: a contact's 商机 tab, an opportunity's 联系人 tab.
const RelatedRecordsTab = quiet<DetailContext & { side: 'contactsBusiness' | 'businessContacts' }>(
  lazy(() => import('./relations/RelatedRecordsTab')),
);
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

// A reviewed kind's 通过/拒绝/撤回 (crm/form/ReviewActions.tsx); the contract's and receivable's own links and 作废.
const ReviewActions = quiet<DetailContext>(lazy(() => import('./form/ReviewActions')));
const ContractActions = quiet<DetailContext>(
  lazy(() => import('./contract/DetailActions').then((m) => ({ default: m.ContractActions }))),
);
const ReceivablesActions = quiet<DetailContext>(
  lazy(() => import('./contract/DetailActions').then((m) => ({ default: m.ReceivablesActions }))),
);
const ContractTabs = quiet<DetailContext & { tab: string }>(
  lazy(() =>
    import('./contract/RelatedTabs').then((m) => ({
      default: function ContractTab({ tab, ...ctx }: DetailContext & { tab: string }) {
        return <>{m.contractTabs(ctx).find((x) => x.key === tab)?.children}</>;
      },
    })),
  ),
);
const CustomerContractTabs = quiet<DetailContext & { tab: string }>(
  lazy(() =>
    import('./contract/RelatedTabs').then((m) => ({
      default: function CustomerContractTab({ tab, ...ctx }: DetailContext & { tab: string }) {
        return <>{m.customerContractTabs(ctx).find((x) => x.key === tab)?.children}</>;
      },
    })),
  ),
);

const BusinessContractsTab = quiet<DetailContext>(
  lazy(() => import('./contract/RelatedTabs').then((m) => ({ default: m.BusinessContractsTab }))),
);

// 开单 (issue 22, h-orders): the customer's deal records, orders and their timelines.
const CustomerDealsTab = quiet<DetailContext>(lazy(() => import('@/clinic/orders/customer/CustomerDealsTab')));

// The photograph room (issue 23, h-photo): a customer's photos (timeline and comparison).
const CustomerPhotosTab = quiet<DetailContext>(lazy(() => import('@/workflow/photograph/CustomerPhotos')));

// Clinic settings (issue 22): a customer's tags (markManage) on its detail.
const CustomerTags = quiet<DetailContext>(lazy(() => import('@/project/settings/customer-tags/CustomerTags')));

/** Import and export of the list's current filter (records/excel), for every kind. */
const excelActions = ({ kind, listBody, refresh }: ToolbarExtraContext) => (
  <Excel kind={kind.descriptor} prefix={kind.prefix} listBody={listBody} onImported={refresh} />
);

/** A kind's descriptor, calls and menu look (kind-base.ts), to which its entry below adds its widgets. */
function baseOf(key: string): CrmKind {
  const base = kindBase(key);
  if (!base) throw new Error(`unknown CRM kind ${key}`);
  return base;
}

/**
 * The record kinds of the CRM area, in menu order. Adding a kind is its menu entry (kind-menu.tsx),
 * its calls (kind-base.ts) and one entry here (plus its descriptor in packages/shared and its
 * server module); its own widgets go into the slots.
 */
const kindEntries: CrmKind[] = [
  {
    ...baseOf('customer'),
    // The generic form in the customer's layout (issue 27, h-layout).
    form: () => import('./customer/form'),
    toolbarExtra: excelActions,
    bulkActions: CustomerBulk,
    detailActions: CustomerDetailActions,
    // Clinic settings (issue 22): the customer's tags, shown and set between the header and the tabs.
    detailBanner: CustomerTags,
    // A customer's contacts, opportunities, contracts, plans and receivables, each where the viewer
    // may see that kind; contacts and opportunities are created from here with the customer locked.
    detailTabs: (ctx) => [
      {
        key: 'contacts',
        label: <ContactsTabLabel />,
        access: 'crm:contacts:index',
        children: <CustomerContactsTab customerId={ctx.id} contactsKind={crmKindByKey('contacts')!} />,
      },
      {
        key: 'business',
        label: <BusinessTabLabel />,
        access: 'crm:business:index',
        children: <CustomerBusinessTab {...ctx} />,
      },
      ...(
        [
          ['contracts', 'tabContracts', 'crm:contract:index'],
          ['plans', 'tabPlans', 'crm:contract:read'],
          ['receivables', 'tabReceivables', 'crm:receivables:index'],
        ] as const
      ).map(([key, label, access]) => ({
        key,
        label: <TabLabel k={label} />,
        access,
        children: <CustomerContractTabs {...ctx} tab={key} />,
      })),
      // 开单 (issue 22, h-orders): 成交项目, whoever reads the customer (the server checks the data scope).
      {
        key: 'deals',
        label: <TabLabel k="tabDeals" />,
        access: 'crm:customer:read',
        children: <CustomerDealsTab {...ctx} />,
      },
      // The photograph room (issue 23, h-photo): 照片, whoever reads the customer (the server checks the data scope).
      {
        key: 'photos',
        label: <TabLabel k="tabPhotos" />,
        access: 'crm:customer:read',
        children: <CustomerPhotosTab {...ctx} />,
      },
    ],
  },
  {
    ...baseOf('store'),
    // The generic form in the shop's sections (issue 27, h-layout).
    form: () => import('./store/form'),
    toolbarExtra: excelActions,
  },
  {
    ...baseOf('product'),
    toolbarExtra: excelActions,
    bulkActions: ShelfActions,
  },
  {
    ...baseOf('business'),
    toolbarExtra: excelActions,
    detailBanner: StageBar,
    detailTabs: (ctx) => [
      {
        key: 'contacts',
        label: <ContactsTabLabel />,
        access: 'crm:contacts:index',
        children: <RelatedRecordsTab {...ctx} side="businessContacts" />,
      },
      {
        key: 'contracts',
        label: <TabLabel k="tabContracts" />,
        access: 'crm:contract:index',
        children: <BusinessContractsTab {...ctx} />,
      },
    ],
  },
  {
    // The generic form in the contract's layout, with the review block (issue 27, h-rform).
    ...contractEntry,
    // Imported contracts are drafts; product lines are added in the form (no template column).
    toolbarExtra: excelActions,
    detailActions: ContractActions,
    detailTabs: (ctx) => [
      {
        key: 'receivables',
        label: <TabLabel k="tabReceivables" />,
        children: <ContractTabs {...ctx} tab="receivables" />,
      },
      { key: 'plans', label: <TabLabel k="tabPlans" />, children: <ContractTabs {...ctx} tab="plans" /> },
    ],
  },
  {
    ...receivablesEntry,
    toolbarExtra: excelActions,
    detailActions: ReceivablesActions,
  },
  {
    ...baseOf('leads'),
    toolbarExtra: excelActions,
    detailActions: LeadsDetailActions,
  },
  {
    ...baseOf('contacts'),
    toolbarExtra: excelActions,
    detailTabs: (ctx) => [
      {
        key: 'business',
        label: <BusinessTabLabel />,
        access: 'crm:business:index',
        children: <RelatedRecordsTab {...ctx} side="contactsBusiness" />,
      },
    ],
  },
];

/** A reviewed kind's detail header: the kind's own actions, then the generic review's. */
function WithReview({ own: Own, ...ctx }: DetailContext & { own?: ComponentType<DetailContext> }) {
  return (
    <>
      {Own && <Own {...ctx} />}
      <ReviewActions {...ctx} />
    </>
  );
}

/** Every kind declaring `review` gets the review's actions in its detail header, from its declaration alone. */
const withReview = (kind: CrmKind): CrmKind => {
  if (!kind.descriptor.review) return kind;
  const own = kind.detailActions;
  return { ...kind, detailActions: (ctx: DetailContext) => <WithReview {...ctx} own={own} /> };
};

export const crmKinds: CrmKind[] = kindEntries.map(withReview);

export const crmKindByKey = (key: string): CrmKind | undefined => crmKinds.find((k) => k.descriptor.key === key);
