/**
 * Access codes for the seeds that write tenants in bulk with BatchWriteItem (the scale seed, the
 * benchmarks' large facility) instead of through the tenant store (docs/decisions.md "Access codes are
 * the program's own"). BatchWriteItem has no conditions, so the claim item cannot refuse a code another
 * tenant has: uniqueness comes from never handing a code out twice in a run instead. Each code is drawn
 * from the tenant's id, so a load that writes the same tenants again (fixed ids, in the same order)
 * writes the same codes and claims, and a program grown in steps gives its first tenants the codes they
 * already have.
 */
import { createHash } from 'node:crypto';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH } from '../shared/access-code';
import { claimAccessCode } from '../functions/tenants/access-codes';

/** Bytes at or above this are skipped, so each symbol of the alphabet is equally likely (31 x 8 = 248). */
const UNBIASED = 256 - (256 % ACCESS_CODE_ALPHABET.length);

/** A code drawn from a seed text: the symbols of its SHA-256, bytes past the last whole multiple of 31 skipped. */
function codeOf(seed: string): string {
  for (let round = 0; ; round += 1) {
    const bytes = createHash('sha256').update(`${seed}#${round}`).digest();
    let code = '';
    for (const byte of bytes) {
      if (byte >= UNBIASED) continue;
      code += ACCESS_CODE_ALPHABET[byte % ACCESS_CODE_ALPHABET.length];
      if (code.length === ACCESS_CODE_LENGTH) return code;
    }
  }
}

export class SeedAccessCodes {
  private readonly given = new Set<string>();

  /** The tenant's code: drawn from its id, drawn again (the next round) while this run already gave it. */
  codeFor(tenantId: string): string {
    for (let attempt = 0; ; attempt += 1) {
      const code = codeOf(attempt === 0 ? tenantId : `${tenantId}#${attempt}`);
      if (!this.given.has(code)) {
        this.given.add(code);
        return code;
      }
    }
  }

  /** The claim item of a tenant's code, as the tenant store writes it (ACCESS#{code} / ACCESS). */
  static claimItem(code: string, tenantId: string): Record<string, NativeAttributeValue> {
    return claimAccessCode(code, tenantId).Put.Item;
  }
}
