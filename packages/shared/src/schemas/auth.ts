import { z } from 'zod';
import { Msg } from '../api/messages.ts';
import { intWithDefault, requiredText } from './fields.ts';

/** Client types of `POST /login`; the web client sends 3. Logging in again on a type ends the older session. */
export const loginSchema = z.object({
  username: requiredText({ label: '用户名', max: 50 }, Msg.usernameRequired),
  password: z
    .string({ error: Msg.passwordRequired })
    .min(1, { error: Msg.passwordRequired })
    .max(100, { error: Msg.loginFailed }),
  type: intWithDefault('登录端类型有误', 3, { min: 1, max: 9 }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** 6–20 characters with both a letter and a digit. The demo password `123456a` satisfies it. */
export const passwordSchema = z
  .string({ error: Msg.passwordRule })
  .min(6, { error: Msg.passwordRule })
  .max(20, { error: Msg.passwordRule })
  .regex(/[A-Za-z]/, { error: Msg.passwordRule })
  .regex(/\d/, { error: Msg.passwordRule });

export const updatePasswordSchema = z.object({
  oldPwd: z.string({ error: Msg.passwordRequired }).min(1, { error: Msg.passwordRequired }),
  newPwd: passwordSchema,
});
