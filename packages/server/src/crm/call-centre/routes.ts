import {
  assignExtenSchema,
  CallMsg,
  callIdSchema,
  callLogQuerySchema,
  callLogResponse,
  callSchema,
  callSettingsResponse,
  callSettingsSaveSchema,
  callStateSchema,
  callVerifyResponse,
  extenListResponse,
  extenSchema,
  moorCallbackSchema,
  noData,
  setMyExtenSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { sendFile } from '../../files/serve.ts';
import { callState, createCallCentre, startCall, verifyCall } from './calls.ts';
import { addExten, assignExten, listExtens, removeExten, setMyExten } from './extens.ts';
import { audioOfCall, queryCallLog, registerCallFileOwners } from './log.ts';
import { fetchRecording, parseMoorCallback } from './providers/moor.ts';
import { readCallSettings, saveCallSettings, visibleSettings } from './settings.ts';

const CALL = 'crm:call:call';
const LOG = 'crm:call:index';
const MANAGE = 'crm:call:manage';

/** The call centre (issue 25, docs/crm-call-centre.md): the original's `moor/*` calls and ours beside them. */
export function registerCallCentreRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;
  registerCallFileOwners(ctx.registry);
  const centre = createCallCentre(ctx);
  app.addHook('onClose', async () => centre.close());

  defineRoute(app, {
    method: 'POST',
    url: '/moor/call',
    access: CALL,
    schema: callSchema,
    response: callStateSchema,
    handler: ({ input, user }) => startCall(db, centre, user, input),
  });
  // The dialling page polls its call (ringing → talking → ended): the state lives in the database,
  // so whichever process answers knows it, and the socket protocol needs no new event for seconds of ringing.
  defineRoute(app, {
    method: ['GET', 'POST'],
    url: '/moor/callState',
    access: CALL,
    schema: callIdSchema,
    response: callStateSchema,
    handler: ({ input, user }) => callState(db, user, input.callId),
  });
  defineRoute(app, {
    method: ['GET', 'POST'],
    url: '/moor/callVerify',
    access: CALL,
    response: callVerifyResponse,
    handler: ({ user }) => verifyCall(db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/moor/queryCallLog',
    access: LOG,
    schema: callLogQuerySchema,
    response: callLogResponse,
    handler: ({ input, user }) => queryCallLog(db, user, input),
  });
  // A GET the <audio> element loads by address, so the cookie is accepted (a read that changes nothing).
  defineRoute(app, {
    method: 'GET',
    url: '/moor/queryAudio',
    access: 'login',
    cookieAuth: 'read-only',
    schema: callIdSchema,
    handler: async ({ input, user, reply }) =>
      sendFile(ctx, reply, await audioOfCall(db, user, input.callId), 'inline'),
  });

  defineRoute(app, {
    method: ['GET', 'POST'],
    url: '/moor/queryExtens',
    access: { any: [CALL, MANAGE] },
    response: extenListResponse,
    handler: ({ user }) => listExtens(db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/moor/setMyExten',
    access: CALL,
    schema: setMyExtenSchema,
    response: extenListResponse,
    handler: ({ input, user }) => setMyExten(db, user, input.exten),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/moor/addExten',
    access: MANAGE,
    schema: extenSchema,
    response: extenListResponse,
    handler: ({ input, user }) => addExten(db, user, input.exten),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/moor/removeExten',
    access: MANAGE,
    schema: extenSchema,
    response: extenListResponse,
    handler: ({ input, user }) => removeExten(db, user, input.exten),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/moor/assignExten',
    access: MANAGE,
    schema: assignExtenSchema,
    response: extenListResponse,
    handler: ({ input, user }) => assignExten(db, user, input.exten, input.userId),
  });

  defineRoute(app, {
    method: ['GET', 'POST'],
    url: '/moor/settings',
    access: MANAGE,
    response: callSettingsResponse,
    handler: async () => visibleSettings(await readCallSettings(db)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/moor/saveSettings',
    access: MANAGE,
    schema: callSettingsSaveSchema,
    response: callSettingsResponse,
    handler: ({ input }) => saveCallSettings(db, input),
  });

  // 七陌 pushes each call's result here (configured on their side as this address). No session:
  // the ActionID's keyed tag, made with the API secret when we dialled, is what admits it.
  defineRoute(app, {
    method: ['GET', 'POST'],
    url: '/moor/callback',
    access: 'public',
    schema: moorCallbackSchema,
    response: noData,
    handler: async ({ input }) => {
      const s = await readCallSettings(db);
      if (s.provider !== 'moor' || !s.moorSecret) throw badRequest(CallMsg.callbackRefused);
      const { result, recordingUrl } = parseMoorCallback(s.moorSecret, input);
      const recording = recordingUrl ? await fetchRecording(recordingUrl) : null;
      await centre.events.ended({ ...result, recording });
      return null;
    },
  });
}
