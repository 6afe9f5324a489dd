import type { CallKind } from '@crm/shared';
import { contactsServerKind } from '../contacts/kind.ts';
import { customerServerKind } from '../customer/kind.ts';
import { leadsServerKind } from '../leads/kind.ts';
import type { ServerKind } from '../records/kind.ts';

/** The kinds a call starts from, with the column of their name (the log shows it to readers of the record). */
export const callServerKinds: Record<CallKind, { sk: ServerKind; nameColumn: string }> = {
  customer: { sk: customerServerKind, nameColumn: 'customer_name' },
  leads: { sk: leadsServerKind, nameColumn: 'name' },
  contacts: { sk: contactsServerKind, nameColumn: 'name' },
};

export function callKindOfLabel(label: number | null): CallKind | null {
  for (const [k, v] of Object.entries(callServerKinds)) if (v.sk.kind.label === label) return k as CallKind;
  return null;
}
