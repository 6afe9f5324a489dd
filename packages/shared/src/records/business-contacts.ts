import { z } from 'zod';
import { idField, idList, pageFields } from '../schemas/fields.ts';
import { BusinessMsg } from './business.ts';
import { ContactsMsg } from './contacts.ts';

/**
 * The contacts ↔ opportunities relation (crm-records §7: `CrmContacts/queryBusiness`,
 * `relateBusiness`, `unrelateBusiness`; `CrmBusiness/queryContacts`, `relateContacts`,
 * `unrelateContacts`). Either side lists, relates and unrelates the other; relating twice is a no-op.
 */
export const BusinessContactsMsg = {
  businessRequired: '请选择商机',
  contactsRequired: '请选择联系人',
} as const;

const some = (msg: string) => idList(msg).refine((ids) => ids.length > 0, { error: msg });

/** `CrmContacts/queryBusiness`: a contact's opportunities, a page. */
export const contactsBusinessSchema = z.object({ contactsId: idField(ContactsMsg.notFound), ...pageFields });
/** `CrmContacts/relateBusiness`, `unrelateBusiness`: the contact and the opportunities. */
export const relateBusinessSchema = z.object({
  contactsId: idField(ContactsMsg.notFound),
  businessIds: some(BusinessContactsMsg.businessRequired),
});
/** `CrmBusiness/queryContacts`: an opportunity's contacts, a page. */
export const businessContactsSchema = z.object({ businessId: idField(BusinessMsg.notFound), ...pageFields });
/** `CrmBusiness/relateContacts`, `unrelateContacts`: the opportunity and the contacts. */
export const relateContactsSchema = z.object({
  businessId: idField(BusinessMsg.notFound),
  contactsIds: some(BusinessContactsMsg.contactsRequired),
});
