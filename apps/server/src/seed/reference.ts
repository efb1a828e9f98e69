import { sql } from 'drizzle-orm';
import { MENU_DEFINITIONS } from '@rangsi/domain';
import type { Database } from '../db/client';
import {
  additionalFields,
  lookups,
  menuItems,
  modalities,
  modalityAdditionalFields,
  namePrefixes,
  reportTemplates,
  siteConfig,
} from '../db/schema/index';
import { ADDITIONAL_FIELDS, MODALITY_FIELDS } from './data/additional-fields';
import { LOOKUPS, type LookupKind } from './data/lookups';
import { NAME_PREFIXES } from './data/name-prefixes';
import { REPORT_TEMPLATES } from './data/report-templates';
import { DEFAULT_CD_HELPER_URL, DEFAULT_RADIANT_HELPER_URL } from '../modules/uidata/workstation-helpers';

export const MODALITIES = [
  { code: 'CT', name: 'Computed Tomography' },
  { code: 'MR', name: 'Magnetic Resonance' },
  { code: 'CR', name: 'Computed Radiography' },
  { code: 'DX', name: 'Digital Radiography' },
  { code: 'US', name: 'Ultrasound' },
  { code: 'MG', name: 'Mammography' },
] as const;

/** Initial site settings; an administrator's later edits are never overwritten. */
export const SITE_CONFIG_DEFAULTS: Record<string, unknown> = {
  site: { siteName: 'Rangsi', lineLoginDialogUrl: null },
  patientUi: { gatewayUrl: null, idCardReaderUrl: null },
  uploader: { allowScanner: false, scannerStationUrl: null },
  workstationHelpers: { cdHelperUrl: DEFAULT_CD_HELPER_URL, radiantHelperUrl: DEFAULT_RADIANT_HELPER_URL },
};

// Arbitrary constant: serialises concurrent boots of several instances on one PostgreSQL.
const SEED_LOCK_KEY = 0x52_41_4e_47; // "RANG"

/**
 * Reference data every installation needs, applied on every boot: inserts what is missing and leaves what is
 * there alone (administrators may rename lookups or change settings). The menu is the exception: it is defined in
 * code (MENU_DEFINITIONS), so its rows follow the code.
 */
export async function seedReference(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);

    await tx
      .insert(modalities)
      .values(MODALITIES.map((m, i) => ({ code: m.code, name: m.name, sortOrder: i + 1 })))
      .onConflictDoNothing();

    await seedMenu(tx);

    const lookupRows = (Object.entries(LOOKUPS) as [LookupKind, (typeof LOOKUPS)[LookupKind]][]).flatMap(
      ([kind, list]) => list.map((l, i) => ({ kind, code: l.code, name: l.name, nameEn: l.nameEn, sortOrder: i + 1 })),
    );
    await tx.insert(lookups).values(lookupRows).onConflictDoNothing();

    // name_prefixes has no unique key, so compare by (th, en) here.
    const existing = await tx.select({ th: namePrefixes.th, en: namePrefixes.en }).from(namePrefixes);
    const have = new Set(existing.map((p) => `${p.th}\u0000${p.en}`));
    const missing = NAME_PREFIXES.map((p, i) => ({ ...p, sortOrder: i + 1 })).filter(
      (p) => !have.has(`${p.th}\u0000${p.en}`),
    );
    if (missing.length > 0) await tx.insert(namePrefixes).values(missing);

    await tx
      .insert(additionalFields)
      .values(ADDITIONAL_FIELDS.map((f) => ({ ...f })))
      .onConflictDoNothing();
    const mapping = Object.entries(MODALITY_FIELDS).flatMap(([modalityCode, ids]) =>
      ids.map((fieldId) => ({ modalityCode, fieldId })),
    );
    await tx.insert(modalityAdditionalFields).values(mapping).onConflictDoNothing();

    // The starter report templates (CT brain, CT chest, CXR, US whole abdomen, MR brain, mammogram BI-RADS) belong to
    // every installation, not only the demo; idempotent on their code, so edits an administrator made are kept.
    await tx
      .insert(reportTemplates)
      .values(
        REPORT_TEMPLATES.map((t) => ({
          code: t.code,
          modalityCode: t.modalityCode,
          bodyPart: t.bodyPart,
          name: t.name,
          language: t.language,
          content: t.content,
        })),
      )
      .onConflictDoNothing({ target: reportTemplates.code });

    await tx
      .insert(siteConfig)
      .values(Object.entries(SITE_CONFIG_DEFAULTS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function seedMenu(tx: Tx): Promise<void> {
  const upsert = (row: typeof menuItems.$inferInsert) =>
    tx
      .insert(menuItems)
      .values(row)
      .onConflictDoUpdate({
        target: menuItems.code,
        set: {
          permission: row.permission,
          titleTh: row.titleTh,
          titleEn: row.titleEn,
          parentId: row.parentId ?? null,
          sortOrder: row.sortOrder ?? 0,
          newWindow: row.newWindow ?? false,
        },
      })
      .returning({ id: menuItems.id });

  for (const [i, m] of MENU_DEFINITIONS.entries()) {
    const [parent] = await upsert({
      code: m.code,
      permission: m.permission,
      titleTh: m.titleTh,
      titleEn: m.titleEn,
      parentId: null,
      sortOrder: (i + 1) * 10,
      newWindow: m.newWindow ?? false,
    });
    if (!parent) throw new Error(`menu item ${m.code} was not written`);
    for (const [j, sub] of (m.subMenu ?? []).entries()) {
      await upsert({
        code: sub.code,
        permission: m.permission,
        titleTh: sub.titleTh,
        titleEn: sub.titleEn,
        parentId: parent.id,
        sortOrder: (i + 1) * 10 + j + 1,
        newWindow: m.newWindow ?? false,
      });
    }
  }
}
