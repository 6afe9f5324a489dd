import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** bcrypt cost 10: ~70 ms per check, slow enough for stored passwords, fast enough for logins. */
export const hashPassword = (password: string) => bcrypt.hash(password, 10);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);
