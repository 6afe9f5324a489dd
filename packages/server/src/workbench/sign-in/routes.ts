import {
  signInContracts as c,
  SIGN_RULE_READ,
  SIGN_RULE_UPDATE,
  SIGN_STATS_READ,
  signH5Schema,
  signQuerySchema,
  signRuleDeptSchema,
  signRuleSaveSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { defineOpenRoute } from '../../core/open-links/routes.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { sendSignMonthSheet } from './export.ts';
import { makeMySignLink } from './links.ts';
import { deleteSignRule, listSignRules, saveSignRule } from './rules.ts';
import { signNow, signToday } from './signs.ts';
import { signMonth } from './stats.ts';

/**
 * Staff sign-in (docs/workbench-sign-in.md): rules per department (配置), each person's own phone
 * link, the open calls of /signH5, and the month's statistics with their export.
 */
export function registerSignInRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  defineRoute(app, {
    method: 'POST',
    url: '/OaSignIn/ruleList',
    access: SIGN_RULE_READ,
    response: c['/OaSignIn/ruleList'],
    handler: () => listSignRules(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaSignIn/saveRule',
    access: SIGN_RULE_UPDATE,
    schema: signRuleSaveSchema,
    response: c['/OaSignIn/saveRule'],
    handler: ({ input, user }) => saveSignRule(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaSignIn/deleteRule',
    access: SIGN_RULE_UPDATE,
    schema: signRuleDeptSchema,
    response: c['/OaSignIn/deleteRule'],
    handler: async ({ input }) => {
      await deleteSignRule(db, input.deptId);
      return null;
    },
  });
  // Every member of staff makes their own link: the subject is the session user, never a body field.
  defineRoute(app, {
    method: 'POST',
    url: '/OaSignIn/myLink',
    access: 'login',
    response: c['/OaSignIn/myLink'],
    handler: ({ user }) => makeMySignLink(db, user),
  });
  defineOpenRoute(app, ctx, {
    url: '/OaSignIn/h5/today',
    purpose: 'signIn',
    response: c['/OaSignIn/h5/today'],
    handler: ({ link }) => signToday(db, link),
  });
  defineOpenRoute(app, ctx, {
    url: '/OaSignIn/h5/sign',
    purpose: 'signIn',
    schema: signH5Schema,
    response: c['/OaSignIn/h5/sign'],
    handler: ({ link, input, consume }) => signNow(db, link, input, consume),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaSignIn/month',
    access: SIGN_STATS_READ,
    schema: signQuerySchema,
    response: c['/OaSignIn/month'],
    handler: ({ input, user }) => signMonth(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaSignIn/excelExport',
    access: SIGN_STATS_READ,
    schema: signQuerySchema,
    handler: async ({ input, user, reply }) => sendSignMonthSheet(reply, await signMonth(db, user, input)),
  });
}
