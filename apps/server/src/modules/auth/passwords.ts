import { hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2;

// OWASP / ASVS minimums for Argon2id: 19 MiB memory, 2 iterations, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when the e-mail is unknown keeps login time the same for real and
 * unknown accounts, so timing does not reveal which e-mails have accounts.
 */
export const dummyHashPromise = hashPassword('storekeep-timing-equaliser');
