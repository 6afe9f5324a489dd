import { call } from '@/shell/call';

/** The contacts ↔ opportunities relation (docs/api/contacts.md "Contacts and opportunities"). */
const json = { json: true } as const;

/** One side of the relation as seen from a record's detail: its calls by that record's id. */
export type RelationSide = {
  list: (id: number, page: number, limit: number) => ReturnType<typeof call<'/CrmContacts/queryBusiness'>>;
  relate: (id: number, otherIds: number[]) => Promise<null>;
  unrelate: (id: number, otherIds: number[]) => Promise<null>;
};

/** From a contact: its opportunities. */
export const contactsBusiness: RelationSide = {
  list: (contactsId, page, limit) => call('/CrmContacts/queryBusiness', { contactsId, page, limit }, json),
  relate: (contactsId, businessIds) => call('/CrmContacts/relateBusiness', { contactsId, businessIds }, json),
  unrelate: (contactsId, businessIds) => call('/CrmContacts/unrelateBusiness', { contactsId, businessIds }, json),
};

/** From an opportunity: its contacts. */
export const businessContacts: RelationSide = {
  list: (businessId, page, limit) => call('/CrmBusiness/queryContacts', { businessId, page, limit }, json),
  relate: (businessId, contactsIds) => call('/CrmBusiness/relateContacts', { businessId, contactsIds }, json),
  unrelate: (businessId, contactsIds) => call('/CrmBusiness/unrelateContacts', { businessId, contactsIds }, json),
};
