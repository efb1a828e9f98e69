import { inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { branches, hospitals } from '../../../db/schema/index';
import type { AeScope } from './query-ae-titles';

/** The branch and hospital codes the scopes name that do not exist, as `branch:CODE` / `hospital:CODE`. */
export async function unknownScopeCodes(db: Database, scopes: ReadonlyMap<string, AeScope>): Promise<string[]> {
  const wanted = { branch: new Set<string>(), hospital: new Set<string>() };
  for (const s of scopes.values()) if (s.kind !== 'all') for (const c of s.codes) wanted[s.kind].add(c);
  const known = {
    branch: new Set(
      wanted.branch.size
        ? (
            await db
              .select({ code: branches.code })
              .from(branches)
              .where(inArray(branches.code, [...wanted.branch]))
          ).map((r) => r.code)
        : [],
    ),
    hospital: new Set(
      wanted.hospital.size
        ? (
            await db
              .select({ code: hospitals.code })
              .from(hospitals)
              .where(inArray(hospitals.code, [...wanted.hospital]))
          ).map((r) => r.code)
        : [],
    ),
  };
  return (['branch', 'hospital'] as const).flatMap((k) =>
    [...wanted[k]].filter((c) => !known[k].has(c)).map((c) => `${k}:${c}`),
  );
}
