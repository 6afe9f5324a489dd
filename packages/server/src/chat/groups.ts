import {
  ChatMsg,
  fileViewUrl,
  type GroupCreateInput,
  GroupRole,
  type GroupUpdateInput,
  type groupEvents,
  type groupInfoResponse,
  NoticeText,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../core/errors.ts';
import { queryRows } from '../core/sql.ts';
import type { Db, Tx } from '../db/client.ts';
import { inList } from '../org/sql-lists.ts';
import { storeNotice } from './friends.ts';
import { onlineAmong } from './presence.ts';
import { toChatUser, type UserRow } from './queries.ts';
import { notifyChat, requireOpenGroup } from './repository.ts';

type GroupInfo = z.input<typeof groupInfoResponse>;
type GroupEvent = (typeof groupEvents)[number];

const memberIdsOf = async (db: Tx, groupId: number) =>
  (
    await queryRows<{ user_id: number }>(db, sql`select user_id from chat_member where conversation_id = ${groupId}`)
  ).map((r) => r.user_id);

/** Tell the group's members (and `extra`, e.g. those just removed) that it changed. */
async function announce(tx: Tx, groupId: number, e: GroupEvent, extra: number[] = []) {
  const to = [...new Set([...(await memberIdsOf(tx, groupId)), ...extra])];
  await notifyChat(tx, { k: 'g', id: groupId, e, to });
}

/** Active users among `ids`; refuses the whole call when one is unknown or disabled. */
async function requireActiveUsers(db: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await queryRows(db, sql`select 1 from sys_user where status = 1 and user_id in ${inList(ids)}`);
  if (rows.length !== new Set(ids).size) throw notFound(ChatMsg.peerNotFound);
}

async function requireManager(db: Tx, groupId: number, me: number): Promise<number> {
  const role = await requireOpenGroup(db, groupId, me);
  if (role < GroupRole.admin) throw forbidden(ChatMsg.groupManageOnly);
  return role;
}

async function requireOwner(db: Tx, groupId: number, me: number): Promise<void> {
  if ((await requireOpenGroup(db, groupId, me)) !== GroupRole.owner) throw forbidden(ChatMsg.groupOwnerOnly);
}

/** The group with one page of its members (owner, admins, then by joining); members only. */
export async function groupInfo(db: Tx, me: number, groupId: number, page = 1, limit = 1000): Promise<GroupInfo> {
  const myRole = await requireOpenGroup(db, groupId, me);
  const [g] = await queryRows<{ name: string; notice: string; avatar: string; owner_id: number }>(
    db,
    sql`select name, notice, avatar, owner_id from chat_conversation where conversation_id = ${groupId}`,
  );
  const rows = await queryRows<UserRow & { role: number; total: number | string }>(
    db,
    sql`select u.user_id, u.realname, u.img, u.post, u.dept_id, coalesce(d.name, '') as dept_name, mb.role,
          count(*) over () as total
        from chat_member mb join sys_user u on u.user_id = mb.user_id
        left join sys_dept d on d.dept_id = u.dept_id
        where mb.conversation_id = ${groupId}
        order by mb.role desc, mb.create_time, mb.user_id
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  const all = await queryRows<{ user_id: number; role: number }>(
    db,
    sql`select user_id, role from chat_member where conversation_id = ${groupId}`,
  );
  const online = await onlineAmong(
    db,
    rows.map((r) => r.user_id),
  );
  return {
    groupId,
    name: g!.name,
    notice: g!.notice,
    avatar: g!.avatar,
    ownerId: g!.owner_id,
    memberCount: all.length,
    dissolved: false,
    myRole,
    adminIds: all.filter((m) => m.role === GroupRole.admin).map((m) => m.user_id),
    members: {
      list: rows.map((r) => ({ ...toChatUser(r, online), role: Number(r.role) })),
      totalRow: all.length,
      page,
      limit,
    },
  };
}

/** Create a group: the caller is its owner, `userIds` its other members. */
export async function createGroup(db: Db, me: number, input: GroupCreateInput): Promise<number> {
  const others = [...new Set(input.userIds)].filter((u) => u !== me);
  if (others.length === 0) throw badRequest(ChatMsg.groupMembersRequired);
  await requireActiveUsers(db, others);
  return db.transaction(async (tx) => {
    const [g] = await queryRows<{ id: number }>(
      tx,
      sql`insert into chat_conversation (chat_type, name, owner_id) values ('group', ${input.name}, ${me})
          returning conversation_id as id`,
    );
    const groupId = g!.id;
    await tx.execute(
      sql`insert into chat_member (conversation_id, user_id, role) values
          ${sql.join(
            [
              sql`(${groupId}, ${me}, ${GroupRole.owner})`,
              ...others.map((u) => sql`(${groupId}, ${u}, ${GroupRole.member})`),
            ],
            sql`, `,
          )}`,
    );
    await announce(tx, groupId, 'created');
    await invite(tx, me, groupId, others);
    return groupId;
  });
}

/**
 * Add members (owner and admins). They start at the group's latest message: what was said before
 * they joined is neither unread nor sent to them on connect.
 */
export async function addMembers(db: Db, me: number, groupId: number, userIds: number[]): Promise<void> {
  await requireManager(db, groupId, me);
  await requireActiveUsers(db, userIds);
  await db.transaction(async (tx) => {
    const added = await queryRows<{ user_id: number }>(
      tx,
      sql`insert into chat_member (conversation_id, user_id, last_read_id, last_delivered_id)
          select ${groupId}, v.u, last.m, last.m
          from (values ${sql.join(
            [...new Set(userIds)].map((u) => sql`(${u}::int)`),
            sql`, `,
          )}) v(u),
            (select coalesce(max(message_id), 0) as m from chat_message where conversation_id = ${groupId}) last
          on conflict (conversation_id, user_id) do nothing
          returning user_id`,
    );
    await announce(tx, groupId, 'members');
    await invite(
      tx,
      me,
      groupId,
      added.map((a) => a.user_id),
    );
  });
}

/** Group-join notifications, stored so that members who are offline see them when they come back. */
async function invite(tx: Tx, me: number, groupId: number, userIds: number[]) {
  const [row] = await queryRows<{ inviter: string; name: string }>(
    tx,
    sql`select (select realname from sys_user where user_id = ${me}) as inviter, name
        from chat_conversation where conversation_id = ${groupId}`,
  );
  const text = NoticeText.group(row!.inviter, row!.name);
  for (const userId of userIds) await storeNotice(tx, { userId, kind: 'group', fromUserId: me, groupId, text });
}

/** Remove members (owner and admins; only the owner removes an admin; nobody removes the owner). */
export async function removeMembers(db: Db, me: number, groupId: number, userIds: number[]): Promise<void> {
  const myRole = await requireManager(db, groupId, me);
  if (userIds.includes(me)) throw badRequest(ChatMsg.groupSelfRemove);
  const roles = await queryRows<{ user_id: number; role: number }>(
    db,
    sql`select user_id, role from chat_member where conversation_id = ${groupId} and user_id in ${inList(userIds)}`,
  );
  if (roles.some((r) => r.role === GroupRole.owner)) throw badRequest(ChatMsg.groupOwnerProtected);
  if (myRole !== GroupRole.owner && roles.some((r) => r.role === GroupRole.admin && r.user_id !== me))
    throw forbidden(ChatMsg.groupAdminProtected);
  const removed = roles.map((r) => r.user_id);
  if (removed.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from chat_member where conversation_id = ${groupId} and user_id in ${inList(removed)}`);
    await announce(tx, groupId, 'members');
    await notifyChat(tx, { k: 'g', id: groupId, e: 'removed', to: removed });
  });
}

/** Rename, change the notice or the avatar (owner and admins). */
export async function updateGroup(db: Db, me: number, input: GroupUpdateInput): Promise<void> {
  const { groupId } = input;
  await requireManager(db, groupId, me);
  await db.transaction(async (tx) => {
    let avatar: string | undefined;
    if (input.avatarFileId !== undefined) {
      // The caller's own staged image becomes the group's: its members may view it.
      const [file] = await queryRows<{ key: string; mime: string }>(
        tx,
        sql`update sys_file set owner_kind = 'chat', owner_id = ${groupId}
            where file_id = ${input.avatarFileId} and create_user_id = ${me} and owner_kind is null
            returning storage_key as key, mime`,
      );
      if (!file) throw notFound(ChatMsg.fileNotFound);
      if (!file.mime.startsWith('image/')) throw badRequest(ChatMsg.fileTypeMismatch);
      avatar = fileViewUrl(file.key);
    }
    await tx.execute(
      sql`update chat_conversation set
            name = coalesce(${input.name ?? null}::varchar, name),
            notice = coalesce(${input.notice ?? null}::varchar, notice),
            avatar = coalesce(${avatar ?? null}::varchar, avatar)
          where conversation_id = ${groupId}`,
    );
    await announce(tx, groupId, 'updated');
  });
}

/** Make members admins or members again (owner only). */
export async function setAdmins(db: Db, me: number, groupId: number, userIds: number[], admin: boolean) {
  await requireOwner(db, groupId, me);
  const members = await queryRows<{ user_id: number }>(
    db,
    sql`select user_id from chat_member where conversation_id = ${groupId} and user_id in ${inList(userIds)}`,
  );
  if (members.length !== new Set(userIds).size) throw badRequest(ChatMsg.groupNotMember);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update chat_member set role = ${admin ? GroupRole.admin : GroupRole.member}
          where conversation_id = ${groupId} and user_id in ${inList(userIds)} and role <> ${GroupRole.owner}`,
    );
    await announce(tx, groupId, 'updated');
  });
}

/** Dissolve the group (owner only): its history stays readable, nothing more can be sent or changed. */
export async function dissolveGroup(db: Db, me: number, groupId: number): Promise<void> {
  await requireOwner(db, groupId, me);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update chat_conversation set dissolved_at = now() where conversation_id = ${groupId}`);
    await announce(tx, groupId, 'dissolved');
  });
}
