import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import type { AppRegistry } from '../../registry.ts';
import { feedWindow } from '../../workbench/feed.ts';
import { ownerScope } from './access.ts';
import type { ServerKind } from './kind.ts';

/** The kinds whose list `user` may open, with the record's name column. */
const readableKinds = (kinds: readonly ServerKind[], user: SessionUser) =>
  kinds
    .filter((sk) => hasPermission(user, `${sk.kind.permission}:index`))
    .map((sk) => ({ sk, name: sk.columns[sk.kind.nameField]?.column ?? sk.idColumn }));

const link = (sk: ServerKind) => `/crm/${sk.kind.key}/`;
/** Nothing to see: a branch that answers no row, with the feed's columns. */
const none = sql`select null::text as type, null::int as ref_id, null::text as action, null::text as title,
  null::text as content, null::int as user_id, null::timestamptz as time, null::text as link where false`;

function perKind(registry: AppRegistry, user: SessionUser, branch: (sk: ServerKind, name: string) => SQL): SQL {
  const readable = readableKinds(registry.kinds.all(), user);
  return readable.length
    ? sql.join(
        readable.map(({ sk, name }) => branch(sk, name)),
        sql` union all `,
      )
    : none;
}

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFeedSources(registry: AppRegistry): void {
  // The title is the record's name; the page puts the kind's name before it in its own language.
  // The feed's CRM records: each kind's operation log (follow-ups have their own type), for the
  // records in my data scope, as the kind's list shows them.
  registry.feed.register({
    type: 'crm',
    select: (user, win) =>
      perKind(
        registry,
        user,
        (sk, name) => sql`select 'crm'::text as type, a.record_id as ref_id, a.action::text as action,
            coalesce(r.${sql.identifier(name)}::text, '') as title,
            a.detail::text as content, a.user_id, a.create_time as time, (${link(sk)} || a.record_id)::text as link
          from crm_action_record a join ${sql.identifier(sk.table)} r on r.${sql.identifier(sk.idColumn)} = a.record_id
          where a.label = ${sk.kind.label} and a.action <> 'followUp' and ${ownerScope(sk, user)}
            ${feedWindow(sql`a.create_time`, win)}`,
      ),
  });
  // Follow-ups with what was said, on the same records.
  registry.feed.register({
    type: 'followUp',
    select: (user, win) =>
      perKind(
        registry,
        user,
        (sk, name) => sql`select 'followUp'::text as type, f.record_id as ref_id, f.category::text as action,
            coalesce(r.${sql.identifier(name)}::text, '') as title,
            f.content::text as content, f.create_user_id as user_id, f.create_time as time,
            (${link(sk)} || f.record_id)::text as link
          from crm_follow_record f join ${sql.identifier(sk.table)} r on r.${sql.identifier(sk.idColumn)} = f.record_id
          where f.label = ${sk.kind.label} and ${ownerScope(sk, user)} ${feedWindow(sql`f.create_time`, win)}`,
      ),
  });
}
