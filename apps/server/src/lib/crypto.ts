import {
  createCipheriv,
  createDecipheriv,
  hash,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~100 ms here; 2^15 keeps login snappy on 2 cores
// while staying far above GPU-cheap hashes. Parameters are stored with each hash, so the cost of
// new hashes can change (PASSWORD_HASH_COST) and every stored one still verifies.
const SCRYPT = { r: 8, p: 1, keylen: 32 };
let costLog2 = 15;
/** scrypt needs 128·N·r bytes (128 MB at the highest cost allowed, 2^17); a limit, not an allocation. */
const MAXMEM = 256 * 2 ** 17 * SCRYPT.r;

/** The work factor of hashes made from now on, as log2 N (PASSWORD_HASH_COST, 10–17). */
export function setPasswordHashCost(log2N: number): void {
  costLog2 = log2N;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** costLog2;
  const hash = await scryptAsync(password, salt, SCRYPT.keylen, {
    N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    maxmem: MAXMEM,
  });
  return `scrypt$${N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

const decoys = new Map<number, Promise<string>>();
/**
 * A hash at the current cost, verified against when an email is unknown, so that a miss costs the
 * same time as a wrong password (made once per cost: PASSWORD_HASH_COST is read at start).
 */
export function decoyHash(): Promise<string> {
  let decoy = decoys.get(costLog2);
  if (!decoy) {
    decoy = hashPassword(randomToken(16));
    decoys.set(costLog2, decoy);
  }
  return decoy;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A url-safe random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  // The one-shot form: a third of createHash's cost, and every gateway request hashes its key.
  return hash('sha256', value, 'hex');
}

/** AES-256-GCM with a fresh 12-byte nonce per call; output is nonce.tag.ciphertext in base64url. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const [nonce, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!nonce || !tag || !body) throw new Error('Malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
