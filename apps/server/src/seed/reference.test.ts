import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_DEFINITIONS } from '@rangsi/domain';
import { openDatabase, type DatabaseHandle } from '../db/client';
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
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from './data/first-names';
import { LOOKUPS } from './data/lookups';
import { SURNAMES } from './data/surnames';
import { seedReference } from './reference';

const TABLES = {
  modalities,
  menuItems,
  lookups,
  namePrefixes,
  additionalFields,
  modalityAdditionalFields,
  siteConfig,
  reportTemplates,
};

describe('seedReference', () => {
  let h: DatabaseHandle;
  const count = async (t: (typeof TABLES)[keyof typeof TABLES]) =>
    (await h.db.select({ n: sql<number>`count(*)::int` }).from(t))[0]?.n ?? 0;
  const counts = async () =>
    Object.fromEntries(await Promise.all(Object.entries(TABLES).map(async ([k, t]) => [k, await count(t)])));

  beforeAll(async () => {
    h = await openDatabase({});
    await seedReference(h.db);
  });
  afterAll(async () => {
    await h.close();
  });

  it('is idempotent: a second and third run add nothing', async () => {
    const first = await counts();
    await seedReference(h.db);
    await Promise.all([seedReference(h.db), seedReference(h.db)]);
    expect(await counts()).toEqual(first);
    expect(first.modalities).toBe(6);
  });

  it('keeps what an administrator changed', async () => {
    await h.db
      .update(siteConfig)
      .set({ value: { siteName: 'Rangsi Siam', lineLoginDialogUrl: 'https://line.example/login' } })
      .where(sql`${siteConfig.key} = 'site'`);
    await seedReference(h.db);
    const [site] = await h.db
      .select()
      .from(siteConfig)
      .where(sql`${siteConfig.key} = 'site'`);
    expect(site?.value).toEqual({ siteName: 'Rangsi Siam', lineLoginDialogUrl: 'https://line.example/login' });
  });

  it('writes the menu from MENU_DEFINITIONS, branch_report with its two sub-items', async () => {
    const rows = await h.db.select().from(menuItems);
    const top = rows.filter((r) => r.parentId === null).sort((a, b) => a.sortOrder - b.sortOrder);
    expect(top.map((r) => r.code)).toEqual(MENU_DEFINITIONS.map((m) => m.code));
    const br = top.find((r) => r.code === 'branch_report');
    expect(br?.newWindow).toBe(true);
    expect(
      rows
        .filter((r) => r.parentId === br?.id)
        .map((r) => r.code)
        .sort(),
    ).toEqual(['branch_report/daily', 'branch_report/monthly']);
  });

  it('has every lookup kind, with the ~16 send-doctor work groups ending in "other"', async () => {
    const rows = await h.db.select().from(lookups);
    for (const kind of Object.keys(LOOKUPS))
      expect(
        rows.some((r) => r.kind === kind),
        kind,
      ).toBe(true);
    const groups = rows.filter((r) => r.kind === 'doctorSendWorkingGroup').sort((a, b) => a.sortOrder - b.sortOrder);
    expect(groups).toHaveLength(16);
    expect(groups.at(-1)?.name).toBe('อื่นๆ');
    expect(rows.filter((r) => r.kind === 'bloodType').map((r) => r.name)).toContain('O Rh+');
    expect(
      rows
        .filter((r) => r.kind === 'costPaymentMethod')
        .map((r) => r.name)
        .sort(),
    ).toEqual(['เงินสด', 'เช็ค', 'โอนเงิน'].sort());
  });

  it('pairs Thai and English prefixes with gender', async () => {
    const rows = await h.db.select().from(namePrefixes);
    const find = (th: string) => rows.find((r) => r.th === th);
    expect(find('นาย')).toMatchObject({ en: 'Mr.', gender: 'Male' });
    expect(find('นางสาว')).toMatchObject({ en: 'Miss', gender: 'Female' });
    expect(find('ด.ช.')).toMatchObject({ en: 'Master', gender: 'Male' });
    expect(find('พญ.')).toMatchObject({ en: 'M.D.', gender: 'Female' });
    expect(find('ดร.')).toMatchObject({ en: 'Dr.', gender: null });
    expect(find('ม.ร.ว.')).toMatchObject({ en: 'Mom Rajawongse' });
    expect(find('พ.ต.อ.')).toMatchObject({ en: 'Pol.Col.', groupEn: 'Police' });
    expect(new Set(rows.map((r) => r.groupEn)).size).toBeGreaterThanOrEqual(6);
  });

  it('additional fields: the kept set, every dependency operator, dependencies on real fields, mappings on real fields', async () => {
    const rows = await h.db.select().from(additionalFields);
    const ids = new Set(rows.map((r) => r.id));
    for (const id of [
      'weight',
      'height',
      'bun',
      'creatinine',
      'egfr',
      'blood_test_date_bun',
      'blood_test_date_creatinine',
      'blood_test_date_egfr',
      'nhso_auth_code',
      'send_doctor_work_group',
    ])
      expect(ids.has(id), id).toBe(true);
    const deps = rows.flatMap((r) => r.dependencies ?? []);
    expect(new Set(deps.map((d) => d.trigOperator))).toEqual(new Set(['=', '>', '<', '>=', '<=', 'contains']));
    for (const d of deps) expect(ids.has(d.dependencyFieldId), d.dependencyFieldId).toBe(true);
    const mapped = await h.db.select().from(modalityAdditionalFields);
    expect(mapped.length).toBe(Object.values(MODALITY_FIELDS).flat().length);
    expect(rows.length).toBe(ADDITIONAL_FIELDS.length);
  });

  it('gives every installation the starter report templates, Thai and English, for the common exams', async () => {
    const rows = await h.db
      .select({
        code: reportTemplates.code,
        modality: reportTemplates.modalityCode,
        language: reportTemplates.language,
      })
      .from(reportTemplates);
    const modalitiesWithTemplates = new Set(rows.map((r) => r.modality));
    for (const m of ['CT', 'CR', 'US', 'MR', 'MG']) expect(modalitiesWithTemplates.has(m), m).toBe(true);
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(['th', 'en']));
    expect(rows.every((r) => r.code)).toBe(true);
  });

  it('site config has the keys the UI data calls read', async () => {
    const rows = Object.fromEntries((await h.db.select().from(siteConfig)).map((r) => [r.key, r.value]));
    expect(rows.patientUi).toEqual({ gatewayUrl: null, idCardReaderUrl: null });
    expect(rows.uploader).toEqual({ allowScanner: false, scannerStationUrl: null });
    expect(rows.site).toHaveProperty('lineLoginDialogUrl');
  });
});

describe('name pools', () => {
  it('are big enough and have no duplicates', () => {
    expect(MALE_FIRST_NAMES.length).toBeGreaterThanOrEqual(80);
    expect(FEMALE_FIRST_NAMES.length).toBeGreaterThanOrEqual(80);
    expect(SURNAMES.length).toBeGreaterThanOrEqual(120);
    for (const pool of [MALE_FIRST_NAMES, FEMALE_FIRST_NAMES, SURNAMES]) {
      expect(new Set(pool.map(([th]) => th)).size).toBe(pool.length);
      for (const [th, en] of pool) {
        expect(th).toMatch(/^[\u0E00-\u0E7F ]+$/);
        expect(en).toMatch(/^[A-Z][A-Za-z -]+$/);
      }
    }
  });
});
