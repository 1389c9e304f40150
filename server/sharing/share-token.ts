// A share link's token: 32 random bytes (256 bits), base64url. Only its SHA-256 is stored, so a leaked table
// opens no link; a token of any other shape is refused before the database is asked.
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newShareToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export const isShareToken = (value: string): boolean => TOKEN_PATTERN.test(value);

export const hashShareToken = (token: string): Buffer => createHash('sha256').update(token).digest();
