import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../../../audit/audit.service';
import type { DatabaseHandle } from '../../../db/client';
import { branches, exams, hospitals } from '../../../db/schema/index';
import type { LocalDicomArchive } from '../../archive/local-archive';
import { buildInstance, testUid } from '../../testing/build-dicom';
import { openArchiveFixture, type ArchiveFixture } from '../test/archive-fixture';
import { run } from '../test/dcmtk';
import { findscuPatientRoot, findscuStudyRoot } from '../test/findscu';
import { startListener, type Harness } from '../test/harness';
import { receivedFiles, startStoreScp, type StoreScp } from '../test/storescp';
import { ArchiveFind } from './archive-find';
import { ArchiveGet } from './archive-get';
import { parseQueryAeTitles, type AeScope } from './query-ae-titles';
import { unknownScopeCodes } from './query-scopes.repository';

const ALL = 'READING_ALL';
const BRANCH = 'BRANCH_WS';
const HOSPITAL = 'HOSP_PACS';

describe('query AE scopes: a workstation sees the studies of its branch or hospital only (IN15)', () => {
  let fixture: ArchiveFixture;
  let database: DatabaseHandle;
  let archive: LocalDicomArchive;
  let h: Harness;
  const pid = `SC-${Date.now().toString(36)}`;
  /** Studies of an exam of branch A, of an exam of another branch (B), and one matching no exam. */
  const study = { a: testUid(), b: testUid(), unmatched: testUid() };
  let codes: { branchA: string; hospitalB: string };
  /** The branch workstation's own store SCP, and a viewer that is no query AE. */
  let branchScp: StoreScp;
  let viewer: StoreScp;

  const getscu = async (callingAe: string, studyUid: string) => {
    const out = fs.mkdtempSync(path.join(fixture.dataDir, 'get-'));
    const r = await run('getscu', [
      '-S',
      '-aet',
      callingAe,
      '-aec',
      'RANGSI',
      '+B',
      '-od',
      out,
      '-k',
      'QueryRetrieveLevel=STUDY',
      '-k',
      `StudyInstanceUID=${studyUid}`,
      '127.0.0.1',
      String(h.listener.port),
    ]);
    return { output: r.stdout + r.stderr, files: fs.readdirSync(out).length };
  };
  const movescu = async (callingAe: string, destination: string, studyUid: string) => {
    const r = await run('movescu', [
      '-v',
      '-S',
      '-aet',
      callingAe,
      '-aec',
      'RANGSI',
      '-aem',
      destination,
      '-k',
      'QueryRetrieveLevel=STUDY',
      '-k',
      `StudyInstanceUID=${studyUid}`,
      '127.0.0.1',
      String(h.listener.port),
    ]);
    return r.stdout + r.stderr;
  };
  const studiesSeenBy = async (ae: string) => {
    const r = await findscuStudyRoot(h.listener.port, ae, [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${pid}*`,
      'StudyInstanceUID',
    ]);
    expect(r.ok, r.output).toBe(true);
    return r.answers.map((a) => a.top.get('0020,000d')).sort();
  };

  beforeAll(async () => {
    fixture = await openArchiveFixture('scope');
    ({ database, archive } = fixture);
    const db = database.db;
    // Two live exams with accession numbers in different branches, the second with a client hospital.
    const [a] = await db
      .select()
      .from(exams)
      .where(and(isNull(exams.deletedAt), isNotNull(exams.accessionNumber)))
      .limit(1);
    const [b] = await db
      .select()
      .from(exams)
      .where(
        and(
          isNull(exams.deletedAt),
          isNotNull(exams.accessionNumber),
          isNotNull(exams.hospitalId),
          ne(exams.branchId, a!.branchId),
        ),
      )
      .limit(1);
    const [branchA] = await db.select().from(branches).where(eq(branches.id, a!.branchId));
    const [hospitalB] = await db.select().from(hospitals).where(eq(hospitals.id, b!.hospitalId!));
    codes = { branchA: branchA!.code, hospitalB: hospitalB!.code };
    const store = async (studyUid: string, accession: string, suffix: string) => {
      const bytes = buildInstance({
        studyUid,
        accessionNumber: accession,
        patientId: `${pid}-${suffix}`,
        modality: 'CT',
      }).bytes;
      expect((await archive.ingestBytes(bytes, { source: 'TEST' })).status).toBe('stored');
    };
    // Images attach only to an exam of the same patient (issue 23 item 5): the exams get the test's patient IDs.
    await db
      .update(exams)
      .set({ hn: `${pid}-A` })
      .where(eq(exams.id, a!.id));
    await db
      .update(exams)
      .set({ hn: `${pid}-B` })
      .where(eq(exams.id, b!.id));
    await store(study.a, a!.accessionNumber!, 'A');
    await store(study.b, b!.accessionNumber!, 'B');
    await store(study.unmatched, `${pid}U`.slice(0, 16), 'U');
    await archive.flushCounts();
    const parsed = parseQueryAeTitles(
      `${ALL},${BRANCH}=branch:${codes.branchA},${HOSPITAL}=hospital:${codes.hospitalB}`,
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const audit = new AuditService(db);
    branchScp = await startStoreScp(BRANCH, path.join(fixture.dataDir, 'branch-ws'), ['+B']);
    viewer = await startStoreScp('VIEWER_X', path.join(fixture.dataDir, 'viewer-x'), ['+B']);
    h = await startListener({
      moveDestinations: [
        { aeTitle: BRANCH, host: '127.0.0.1', port: branchScp.port },
        { aeTitle: 'VIEWER_X', host: '127.0.0.1', port: viewer.port },
      ],
      query: new ArchiveFind(db, audit, 1000, parsed.scopes),
      retrieve: new ArchiveGet(db, archive, audit, parsed.scopes),
      queryAeTitles: [...parsed.scopes.keys()],
    });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await branchScp.stop();
    await viewer.stop();
    await fixture.close();
  });

  it('C-FIND: the unscoped AE sees all three studies; the branch AE its branch’s; the hospital AE its hospital’s; neither the unmatched one', async () => {
    expect(await studiesSeenBy(ALL)).toEqual([study.a, study.b, study.unmatched].sort());
    expect(await studiesSeenBy(BRANCH)).toEqual([study.a]);
    expect(await studiesSeenBy(HOSPITAL)).toEqual([study.b]);
    // Below the study level too: the other branch's series are not listed even when its study UID is named.
    const series = await findscuStudyRoot(h.listener.port, BRANCH, [
      'QueryRetrieveLevel=SERIES',
      `StudyInstanceUID=${study.b}`,
      'SeriesInstanceUID',
    ]);
    expect(series.answers).toHaveLength(0);
    // Patient Root PATIENT level: only the patients of visible studies.
    const patients = await findscuPatientRoot(h.listener.port, BRANCH, [
      'QueryRetrieveLevel=PATIENT',
      `PatientID=${pid}*`,
    ]);
    expect(patients.answers.map((p) => p.top.get('0010,0020'))).toEqual([`${pid}-A`]);
  });

  it('C-GET: a study outside the AE’s scope sends nothing; its own study is sent', async () => {
    const other = await getscu(BRANCH, study.b);
    expect(other.files).toBe(0);
    expect(other.output).not.toMatch(/Number of Completed Suboperations : [1-9]/);
    const own = await getscu(BRANCH, study.a);
    expect(own.files).toBe(1);
    expect((await getscu(HOSPITAL, study.unmatched)).files).toBe(0);
    expect((await getscu(ALL, study.unmatched)).files).toBe(1);
  });

  it('C-MOVE: a scoped AE moves its own studies to itself, nothing of another branch, and not to a node trusted with less', async () => {
    const moves = () => h.lines.filter((l) => l.msg === 'C-MOVE answered' || l.msg === 'C-MOVE not fully done');
    const received = (dir: string) => receivedFiles(path.join(fixture.dataDir, dir)).size;
    await movescu(BRANCH, BRANCH, study.a);
    expect(received('branch-ws')).toBe(1);
    await movescu(BRANCH, BRANCH, study.b);
    expect(moves().at(-1)).toMatchObject({ status: '0x0000', matched: 0 });
    expect(received('branch-ws')).toBe(1);
    await movescu(BRANCH, 'VIEWER_X', study.a);
    expect(moves().at(-1)).toMatchObject({
      status: '0xA801',
      reason: 'this AE title may not send to that move destination',
    });
    expect(received('viewer-x')).toBe(0);
    // The unscoped AE may send anywhere in the table.
    await movescu(ALL, 'VIEWER_X', study.b);
    expect(moves().at(-1)).toMatchObject({ status: '0x0000', completed: 1 });
    expect(received('viewer-x')).toBe(1);
  });

  it('names the branch and hospital codes that do not exist, so that the server refuses to start on them', async () => {
    const scopes = new Map<string, AeScope>([
      ['X', { kind: 'branch', codes: [codes.branchA, 'NO-SUCH'] }],
      ['Y', { kind: 'hospital', codes: ['NOPE'] }],
      ['Z', { kind: 'all' }],
    ]);
    expect(await unknownScopeCodes(database.db, scopes)).toEqual(['branch:NO-SUCH', 'hospital:NOPE']);
  });
});
