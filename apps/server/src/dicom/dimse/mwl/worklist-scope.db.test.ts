import { and, eq, gte, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { branches, exams } from '../../../db/schema/index';
import { openTestDatabase } from '../../../test/test-app';
import { findscuWorklist } from '../test/findscu';
import { startListener, type Harness } from '../test/harness';
import { parseQueryAeTitles } from '../qr/query-ae-titles';
import { ModalityWorklist } from './worklist';
import { createExamState } from '../../../modules/exams/exam-state';

const SPS = 'ScheduledProcedureStepSequence[0]';

/** The Bangkok calendar day (YYYYMMDD) of an instant. */
const bangkokDay = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');

describe('Modality Worklist scoped per modality AE (DICOM_WORKLIST_AE_SCOPES, IN15)', () => {
  let database: DatabaseHandle;
  let h: Harness;
  /** The same worklist with DICOM_WORKLIST_UNLISTED=refuse. */
  let strict: Harness;
  /** Accession numbers of the exams scheduled from today on (empty for one still waiting for its number), all and of one branch. */
  let all: string[];
  let ofBranch: string[];
  let branchCode: string;
  const today = bangkokDay(new Date());
  const accessionsSeenBy = async (ae: string, on = () => h) => {
    const r = await findscuWorklist(
      on().listener.port,
      ['AccessionNumber', `${SPS}.ScheduledProcedureStepStartDate=${today}-`],
      ae,
    );
    expect(r.ok, r.output).toBe(true);
    return r.answers.map((a) => a.top.get('0008,0050') ?? '').sort();
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    // Bangkok midnight today as an instant: the worklist's date range starts there.
    const midnight = new Date(
      Date.UTC(Number(today.slice(0, 4)), Number(today.slice(4, 6)) - 1, Number(today.slice(6, 8))) - 7 * 3_600_000,
    );
    const rows = await database.db
      .select({ accession: exams.accessionNumber, branch: branches.code })
      .from(exams)
      .innerJoin(branches, eq(branches.id, exams.branchId))
      .where(and(eq(exams.status, 'Scheduled'), isNull(exams.deletedAt), gte(exams.examDate, midnight)));
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.branch, (counts.get(r.branch) ?? 0) + 1);
    branchCode = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    all = rows.map((r) => r.accession ?? '').sort();
    ofBranch = rows
      .filter((r) => r.branch === branchCode)
      .map((r) => r.accession ?? '')
      .sort();
    expect(ofBranch.length).toBeGreaterThan(0);
    expect(ofBranch.length).toBeLessThan(all.length);
    expect(all.length).toBeLessThanOrEqual(500);
    const parsed = parseQueryAeTitles(`CT_BRANCH=branch:${branchCode},CT_NOWHERE=hospital:NO-SUCH`);
    if (!parsed.ok) throw new Error(parsed.error);
    h = await startListener({
      worklist: new ModalityWorklist(database.db, createExamState(database.db), 500, parsed.scopes),
    });
    const listed = parseQueryAeTitles(`CT_BRANCH=branch:${branchCode},CT_MAIN`);
    if (!listed.ok) throw new Error(listed.error);
    strict = await startListener({
      worklist: new ModalityWorklist(database.db, createExamState(database.db), 500, listed.scopes, 'refuse'),
    });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await strict.close();
    await database.close();
  });

  it('a listed modality sees only its branch’s scheduled exams; an unlisted one sees them all', async () => {
    expect(await accessionsSeenBy('CT_BRANCH')).toEqual(ofBranch);
    expect(await accessionsSeenBy('CT_OTHER')).toEqual(all);
  });

  it('a scope whose code matches nothing gives an empty worklist, not every exam', async () => {
    expect(await accessionsSeenBy('CT_NOWHERE')).toEqual([]);
  });

  it('with DICOM_WORKLIST_UNLISTED=refuse, an unlisted modality gets no worklist; listed ones get theirs', async () => {
    const unlisted = await findscuWorklist(
      strict.listener.port,
      ['AccessionNumber', `${SPS}.ScheduledProcedureStepStartDate=${today}-`],
      'CT_OTHER',
    );
    expect(unlisted.ok).toBe(false);
    expect(unlisted.answers).toEqual([]);
    expect(unlisted.output).toMatch(/No Acceptable Presentation Contexts/i);
    expect(await accessionsSeenBy('CT_BRANCH', () => strict)).toEqual(ofBranch);
    // Listed without a scope: every scheduled exam.
    expect(await accessionsSeenBy('CT_MAIN', () => strict)).toEqual(all);
  });
});
