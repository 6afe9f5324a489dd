import {
  EDITOR,
  type EditorConfig,
  editorConfigResponse,
  fileBatchSchema,
  fileIdSchema,
  fileInfoSchema,
  fileListResponse,
  fileRenameSchema,
  fileUploadFieldsSchema,
  Msg,
  mapConfigSchema,
  noData,
  sysConfigSchema,
  sysConfigSetSchema,
  uploadResponse,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session.ts';
import { notFound } from '../core/errors.ts';
import { type Ctx, defineRoute, parseInput } from '../core/route.ts';
import { removeFile, renameFile } from './manage.ts';
import { readForm } from './multipart.ts';
import { fileOfKey, sendFile } from './serve.ts';
import { allowedExtensions } from './sniff.ts';
import { currentLogoKey, readMapConfig, readSysConfig, registerLogoFileOwner, saveSysConfig } from './sys-config.ts';
import { storeUpload } from './upload.ts';
import { listVisibleBatch, requireFileVisible } from './visibility.ts';

/**
 * Files (spec 7.7: upload, list by batch, delete, rename; previews and downloads) and the system
 * settings. The avatar upload (/system/user/updateImg) lives with the users in system/users/avatar.ts.
 */
export function registerFileRoutes(app: FastifyInstance, ctx: Ctx): void {
  const maxMb = ctx.config.uploadMaxMb;
  registerLogoFileOwner(ctx.registry);

  defineRoute(app, {
    method: 'POST',
    url: '/file/upload',
    access: 'login',
    response: uploadResponse,
    topLevel: true,
    async handler({ req, user }) {
      const { fields, file } = await readForm(req, maxMb);
      const input = parseInput(fileUploadFieldsSchema, fields);
      const stored = await storeUpload(ctx, user, { file, batchId: input.batchId, type: input.type });
      return { ...stored, file_id: stored.fileId };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/file/queryByBatchId',
    access: 'login',
    response: fileListResponse,
    schema: fileBatchSchema,
    handler: ({ input, user }) => listVisibleBatch(ctx.db, ctx.registry.fileOwners, user, input.batchId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/file/removeById',
    access: 'login',
    response: noData,
    schema: fileIdSchema,
    handler: async ({ input, user }) => {
      await removeFile(ctx, user, input.id);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/file/renameFileById',
    access: 'login',
    response: fileInfoSchema,
    schema: fileRenameSchema,
    handler: ({ input, user }) => renameFile(ctx, user, input),
  });

  // Pure reads, also with the Admin-Token cookie, so <img src> and download links work.
  // Knowing the address is not enough: the file must be visible to the user (visibility.ts).
  defineRoute(app, {
    method: 'GET',
    url: '/file/view/:key',
    access: 'login',
    cookieAuth: 'read-only',
    handler: async ({ req, reply, user }) => sendFile(ctx, reply, await visibleFile(ctx, user, req.params), 'inline'),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/file/download/:key',
    access: 'login',
    cookieAuth: 'read-only',
    handler: async ({ req, reply, user }) =>
      sendFile(ctx, reply, await visibleFile(ctx, user, req.params), 'attachment'),
  });

  // The rich-text editor's limits and the upload types it may offer (spec 7.7).
  defineRoute(app, {
    method: 'POST',
    url: '/file/ueditorConfig',
    access: 'login',
    response: editorConfigResponse,
    handler: () => editorConfig(maxMb),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/sysConfig/query',
    // The original client's name of this call (issue 20).
    aliases: ['/sysConfig/querySysConfig'],
    access: 'public',
    response: sysConfigSchema,
    handler: () => readSysConfig(ctx.db),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/sysConfig/map',
    access: 'login',
    response: mapConfigSchema,
    handler: () => readMapConfig(ctx.db),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/sysConfig/set',
    // The original client's name of this call (issue 20).
    aliases: ['/sysConfig/setSysConfig'],
    access: 'manage:system:update',
    response: sysConfigSchema,
    async handler({ req, user }) {
      const { fields, file } = await readForm(req, maxMb);
      return saveSysConfig(ctx, user, parseInput(sysConfigSetSchema, fields), file);
    },
  });

  // The login page shows the logo before anyone signs in: only the current logo is served here.
  defineRoute(app, {
    method: 'GET',
    url: '/sysConfig/logo/:key',
    access: 'public',
    async handler({ req, reply }) {
      const key = keyParam(req.params);
      if (key !== (await currentLogoKey(ctx.db))) throw notFound(Msg.fileNotFound);
      return sendFile(ctx, reply, await fileOfKey(ctx, key), 'inline');
    },
  });
}

const keyParam = (params: unknown) => String((params as { key?: string }).key ?? '');

async function visibleFile(ctx: Ctx, user: SessionUser, params: unknown) {
  const row = await fileOfKey(ctx, keyParam(params));
  await requireFileVisible(ctx.db, ctx.registry.fileOwners, user, row);
  return row;
}

function editorConfig(uploadMaxMb: number): EditorConfig {
  const types = allowedExtensions();
  return {
    wordLimit: EDITOR.wordLimit,
    draftAutosaveMs: EDITOR.draftAutosaveMs,
    undoDepth: EDITOR.undoDepth,
    tableMaxCols: EDITOR.tableMaxCols,
    tableMaxRows: EDITOR.tableMaxRows,
    tablePickerGrid: EDITOR.tablePickerGrid,
    attachmentMaxFiles: EDITOR.attachmentMaxFiles,
    uploadMaxMb,
    imageTypes: types.image,
    videoTypes: types.video,
    fileTypes: types.file,
  };
}
