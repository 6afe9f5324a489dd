import { z } from 'zod';

/** The workbench address book (docs/api/address-book.md): the organisation and its active people. */
export const addressBookResponse = z.object({
  depts: z.array(z.object({ deptId: z.number().int(), pid: z.number().int(), name: z.string() })),
  users: z.array(
    z.object({
      userId: z.number().int(),
      realname: z.string(),
      img: z.string(),
      post: z.string(),
      mobile: z.string(),
      email: z.string(),
      deptId: z.number().int().nullable(),
      deptName: z.string(),
    }),
  ),
});
export type AddressBook = z.infer<typeof addressBookResponse>;
export type AddressBookPerson = AddressBook['users'][number];

const person = addressBookResponse.shape.users.element;
/** The original client's address book by initial letter (`system/user/queryListName`). */
export const originalAddressBookResponse = z.record(z.string(), z.array(person));
/** …and by department (`system/user/queryListNameByDept`). */
export const originalAddressByDeptResponse = z.array(
  z.object({ deptId: z.number().int(), name: z.string(), userList: z.array(person) }),
);
