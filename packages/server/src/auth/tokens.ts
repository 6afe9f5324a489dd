import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * bcrypt cost 10: ~70 ms per check, slow enough for stored passwords, fast enough for logins. The API
 * tests (src/test/) lower it to bcrypt's minimum, 4, for the passwords they seed and create: their
 * hundreds of logins would otherwise spend minutes of CPU hashing (docs/testing.md).
 */
export const passwordHashing = { cost: 10 };
export const hashPassword = (password: string) => bcrypt.hash(password, passwordHashing.cost);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);
