import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import type { CrmKind } from '../../types';
import type { LayoutFormProps } from './LayoutForm';

/** What a laid-out kind's form receives besides its kind: open, record, callbacks, a relative create's preset. */
export type LaidOutProps = Omit<LayoutFormProps, 'kind' | 'spec'>;

// One lazy view per kind: the generic layout form and the kind's form spec load together, on first use.
const views = new Map<string, LazyExoticComponent<ComponentType<LaidOutProps>>>();
function viewOf(kind: CrmKind) {
  let view = views.get(kind.prefix);
  if (!view) {
    const load = kind.form!;
    view = lazy(async () => {
      const [{ LayoutForm }, { default: spec }] = await Promise.all([import('./LayoutForm'), load()]);
      return { default: (p: LaidOutProps) => <LayoutForm kind={kind} spec={spec} {...p} /> };
    });
    views.set(kind.prefix, view);
  }
  return view;
}

/** Fetch a laid-out kind's form code ahead (the list does once idle), so 新建 opens without waiting for it. */
export function preloadLaidOutForm(kind: CrmKind) {
  if (kind.form) void Promise.all([import('./LayoutForm'), kind.form()]);
}

/** A kind with a layout declaration (`CrmKind.form`): the generic form in the kind's sections. */
export function LaidOutForm({ kind, ...props }: LaidOutProps & { kind: CrmKind }) {
  const View = viewOf(kind);
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
