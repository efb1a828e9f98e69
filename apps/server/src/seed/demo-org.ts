import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import {
  branches,
  chatAccountLinks,
  doctorClients,
  dutyDoctors,
  hospitalBuildings,
  hospitalDoctors,
  hospitalPrivileges,
  hospitals,
  lookups,
  privilegePrices,
  products,
  users,
} from '../db/schema/index';
import { DAY } from './bangkok-time';
import { BRANCHES, HOSPITALS, PRIVILEGE_PRICE_FACTOR, USERS, type BranchSeed } from './data/organization';
import { EXAM_GROUP, PRODUCTS, type ProductSeed } from './data/products';
import type { Rng } from './prng';
import { bangkokDayOf } from '@rangsi/domain';

export interface BranchCtx extends BranchSeed {
  id: number;
}
export interface HospitalCtx {
  id: number;
  code: string;
  name: string;
  branchId: number;
  weight: number;
  sendingApplication: string;
  privileges: { id: number; name: string }[];
  doctors: { id: number; name: string }[];
  buildingIds: number[];
  /** Reader user ids, most frequent first. */
  readers: string[];
}
export interface ProductCtx extends ProductSeed {
  id: number;
}
export interface UserCtx {
  id: string;
  username: string;
  displayName: string;
  roleName: string;
  branchId: number | null;
  hospitalId: number | null;
}
export interface LookupCtx {
  id: number;
  code: string | null;
  name: string;
}

export interface OrgContext {
  branches: BranchCtx[];
  branchById: Map<number, BranchCtx>;
  hospitals: HospitalCtx[];
  products: ProductCtx[];
  productByCode: Map<string, ProductCtx>;
  /** privilegeId → productId → price (satang). */
  privilegePrices: Map<number, Map<number, number>>;
  users: Map<string, UserCtx>;
  /** Bangkok day (YYYY-MM-DD) and branch id → on-duty doctor id. */
  duty: Map<string, string>;
  lookups: Map<string, LookupCtx[]>;
}

export const dutyKey = (branchId: number, day: string) => `${branchId}|${day}`;

/** Branches, hospitals, prices, people, reading assignments and the duty roster. */
export async function seedOrganization(
  db: Database,
  rng: Rng,
  idRng: Rng,
  passwordHash: string,
  now: Date,
): Promise<OrgContext> {
  const branchRows = await db
    .insert(branches)
    .values(
      BRANCHES.map((b) => ({
        code: b.code,
        name: b.name,
        nameEn: b.nameEn,
        reportAuditRequired: b.reportAuditRequired,
        dicomAuditRequired: b.dicomAuditRequired,
        address: b.address,
        phone: b.phone,
      })),
    )
    .returning({ id: branches.id, code: branches.code });
  const branchCtx = BRANCHES.map((b) => ({ ...b, id: mustFind(branchRows, (r) => r.code === b.code).id }));
  const branchIdByCode = new Map(branchCtx.map((b) => [b.code, b.id]));

  const productRows = await db
    .insert(products)
    .values(
      PRODUCTS.map((p) => ({
        modalityCode: p.modalityCode,
        code: p.code,
        name: p.name,
        productGroup: p.productGroup,
        bodyPart: p.bodyPart,
        defaultPriceSatang: p.defaultPriceSatang,
      })),
    )
    .returning({ id: products.id, code: products.code, modalityCode: products.modalityCode });
  const productCtx = PRODUCTS.map((p) => ({
    ...p,
    id: mustFind(productRows, (r) => r.code === p.code && r.modalityCode === p.modalityCode).id,
  }));

  const hospitalRows = await db
    .insert(hospitals)
    .values(
      HOSPITALS.map((h) => ({
        code: h.code,
        name: h.name,
        nameEn: h.nameEn,
        branchId: mustGet(branchIdByCode, h.branchCode),
      })),
    )
    .returning({ id: hospitals.id, code: hospitals.code });

  const hospitalCtx: HospitalCtx[] = [];
  const priceMap = new Map<number, Map<number, number>>();
  for (const h of HOSPITALS) {
    const id = mustFind(hospitalRows, (r) => r.code === h.code).id;
    const privs = await db
      .insert(hospitalPrivileges)
      .values(h.privileges.map((name) => ({ hospitalId: id, name })))
      .returning({ id: hospitalPrivileges.id, name: hospitalPrivileges.name });
    const docs = await db
      .insert(hospitalDoctors)
      .values(h.doctors.map((name) => ({ hospitalId: id, name })))
      .returning({ id: hospitalDoctors.id, name: hospitalDoctors.name });
    const blds = await db
      .insert(hospitalBuildings)
      .values(h.buildings.map((name) => ({ hospitalId: id, name })))
      .returning({ id: hospitalBuildings.id });
    for (const p of privs) {
      const prices = privilegePriceList(rng, productCtx, PRIVILEGE_PRICE_FACTOR[p.name] ?? 1);
      priceMap.set(p.id, prices);
      if (prices.size > 0) {
        await db
          .insert(privilegePrices)
          .values([...prices].map(([productId, priceSatang]) => ({ privilegeId: p.id, productId, priceSatang })));
      }
    }
    hospitalCtx.push({
      id,
      code: h.code,
      name: h.name,
      branchId: mustGet(branchIdByCode, h.branchCode),
      weight: h.weight,
      sendingApplication: h.sendingApplication,
      privileges: privs,
      doctors: docs,
      buildingIds: blds.map((b) => b.id),
      readers: [],
    });
  }
  const hospitalIdByCode = new Map(hospitalCtx.map((h) => [h.code, h.id]));

  const createdAt = new Date(now.getTime() - 400 * DAY);
  const userCtx = new Map<string, UserCtx>();
  const userRows = USERS.map((u) => {
    const row = {
      id: idRng.uuid(),
      username: u.username,
      passwordHash,
      displayName: u.displayName,
      email: u.email,
      roleName: u.roleName,
      branchId: u.branchCode ? mustGet(branchIdByCode, u.branchCode) : null,
      hospitalId: u.hospitalCode ? mustGet(hospitalIdByCode, u.hospitalCode) : null,
      licenseNo: u.licenseNo ?? null,
      createdAt,
      updatedAt: createdAt,
    };
    userCtx.set(u.username, {
      id: row.id,
      username: u.username,
      displayName: u.displayName,
      roleName: u.roleName,
      branchId: row.branchId,
      hospitalId: row.hospitalId,
    });
    return row;
  });
  await db.insert(users).values(userRows);
  // Demo users with a chat account are linked to a made-up LINE user id (decision ln01); no push can reach it.
  const linked = USERS.filter((u) => u.lineName).map((u) => ({
    userId: mustGet(userCtx, u.username).id,
    lineUserId: `U${createHash('sha256').update(`demo-line:${u.username}`).digest('hex').slice(0, 32)}`,
    displayName: u.lineName!,
    linkedAt: createdAt,
  }));
  if (linked.length) await db.insert(chatAccountLinks).values(linked);

  const clientRows: { userId: string; hospitalId: number }[] = [];
  for (const u of USERS) {
    for (const code of u.readsFor ?? []) {
      const userId = mustGet(userCtx, u.username).id;
      clientRows.push({ userId, hospitalId: mustGet(hospitalIdByCode, code) });
      mustFind(hospitalCtx, (h) => h.code === code).readers.push(userId);
    }
  }
  await db.insert(doctorClients).values(clientRows);

  // Today's RS1 duty goes to doctor1, so the demo's main reader sees on-duty cases; the rest rotate.
  const duty = new Map<string, string>();
  const dutyRows: { branchId: number; day: string; userId: string }[] = [];
  for (const [bi, b] of branchCtx.entries()) {
    const readers = [...new Set(hospitalCtx.filter((h) => h.branchId === b.id).flatMap((h) => h.readers))];
    for (let d = 0; d <= 7; d++) {
      const day = bangkokDayOf(new Date(now.getTime() + d * DAY));
      const userId = readers[(d + bi) % readers.length];
      if (!userId) continue;
      duty.set(dutyKey(b.id, day), userId);
      dutyRows.push({ branchId: b.id, day, userId });
    }
  }
  await db.insert(dutyDoctors).values(dutyRows);

  const lookupRows = await db
    .select({ id: lookups.id, kind: lookups.kind, code: lookups.code, name: lookups.name })
    .from(lookups);
  const lookupMap = new Map<string, LookupCtx[]>();
  for (const l of lookupRows) {
    const list = lookupMap.get(l.kind) ?? [];
    list.push(l);
    lookupMap.set(l.kind, list);
  }

  return {
    branches: branchCtx,
    branchById: new Map(branchCtx.map((b) => [b.id, b])),
    hospitals: hospitalCtx,
    products: productCtx,
    productByCode: new Map(productCtx.map((p) => [p.code, p])),
    privilegePrices: priceMap,
    users: userCtx,
    duty,
    lookups: lookupMap,
  };
}

/** A privilege lists its own price for part of the catalogue (most exams, some media); the rest stay at default. */
function privilegePriceList(rng: Rng, catalogue: ProductCtx[], factor: number): Map<number, number> {
  const prices = new Map<number, number>();
  if (factor === 1) return prices;
  for (const p of catalogue) {
    const listed = p.productGroup === EXAM_GROUP ? rng.chance(0.7) : rng.chance(0.3);
    if (!listed) continue;
    const price = Math.max(1000, Math.round((p.defaultPriceSatang * factor) / 1000) * 1000);
    if (price !== p.defaultPriceSatang) prices.set(p.id, price);
  }
  return prices;
}

export function mustGet<K, V>(map: Map<K, V>, key: K): V {
  const v = map.get(key);
  if (v === undefined) throw new Error(`demo seed: missing ${String(key)}`);
  return v;
}

export function mustFind<T>(list: readonly T[], pred: (t: T) => boolean): T {
  const v = list.find(pred);
  if (v === undefined) throw new Error('demo seed: expected row not found');
  return v;
}
