import { z } from 'zod';
import { authObjectSchema, profileSchema } from './system.ts';

/** Answers of sign-in and the personal center (docs/api/auth.md). */
export const loginResponse = z.object({ 'Admin-Token': z.string(), user: profileSchema, auth: authObjectSchema });
export type LoginResponse = z.infer<typeof loginResponse>;

export const healthResponse = z.object({ status: z.string() });
