import { randomUUID } from 'node:crypto';
import { avatarResponse, Msg } from '@crm/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, notFound } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { users } from '../../db/schema.ts';
import { readingMultipart } from '../../files/multipart.ts';

/** Raster images only: an SVG could carry script. */
const imageTypes: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};
const mimeOfExt = Object.fromEntries(Object.entries(imageTypes).map(([mime, ext]) => [ext, mime]));

export const AVATAR_URL = '/system/user/avatar/';
const namePattern = /^[0-9a-f-]{36}\.(png|jpg|gif|webp|bmp)$/;
const keyOf = (name: string) => `avatars/${name}`;

/** The personal center's avatar: upload (any signed-in user, for themselves) and the image itself. */
export function registerAvatarRoutes(app: FastifyInstance, { db, storage }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/system/user/updateImg',
    access: 'login',
    response: avatarResponse,
    async handler({ req, user }) {
      if (!req.isMultipart()) throw badRequest(Msg.fileRequired);
      const data = await readingMultipart(async () => (await req.file())?.toBuffer());
      if (!data) throw badRequest(Msg.fileRequired);
      if (data.length === 0) throw badRequest(Msg.fileRequired);
      // The bytes decide, not the name or the declared type.
      const ext = imageTypes[(await fileTypeFromBuffer(data))?.mime ?? ''];
      if (!ext) throw badRequest(Msg.fileNotImage);
      const name = `${randomUUID()}.${ext}`;
      await storage.put(keyOf(name), data);
      const img = AVATAR_URL + name;
      const [old] = await db.select({ img: users.img }).from(users).where(eq(users.id, user.userId));
      await db.update(users).set({ img, updatedAt: new Date() }).where(eq(users.id, user.userId));
      const oldName = old?.img.startsWith(AVATAR_URL) ? old.img.slice(AVATAR_URL.length) : '';
      if (namePattern.test(oldName)) await storage.remove(keyOf(oldName)).catch(() => {});
      return { img };
    },
  });

  // Avatars show in pickers and lists, so any signed-in user may load them (a pure read: the cookie is accepted).
  defineRoute(app, {
    method: 'GET',
    url: `${AVATAR_URL}:name`,
    access: 'login',
    cookieAuth: 'read-only',
    async handler({ req, reply }) {
      const name = (req.params as { name: string }).name;
      if (!namePattern.test(name)) throw notFound(Msg.fileNotFound);
      const stream = await storage.get(keyOf(name)).catch(() => {
        throw notFound(Msg.fileNotFound);
      });
      const mime = mimeOfExt[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
      // The name is random and never reused: cache for good.
      return reply
        .type(mime)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  });
}
