// Passwords are hashed with argon2id (docs/security.md).
import { hash, verify } from '@node-rs/argon2'

const OPTIONS = { algorithm: 2 /* Argon2id; the package's enum is const and not importable here */, memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
