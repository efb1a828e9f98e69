import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { FileStore } from '../../storage/file-store';
import { patientScopeCondition } from '../../auth/data-scope/patient-scope';
import type { PatientPhotosRepository } from './patient-photos.repository';
import { patientError } from './patients.errors';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const CAPTURE_TTL_MS = 10 * 60_000;

/** Decodes a base64 image (with or without a data: prefix), refusing anything over the size limit. */
export function decodeBase64Image(value: string): Buffer {
  const b64 = value.replace(/^data:image\/[a-z+.-]+;base64,/i, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length === 0) throw patientError('NOT_AN_IMAGE');
  if (b64.length * 0.75 > MAX_PHOTO_BYTES) throw patientError('PHOTO_TOO_LARGE');
  return Buffer.from(b64, 'base64');
}

/** Re-encodes a photo as an upright JPEG of at most 800 px with no metadata (EXIF, GPS) kept. */
export async function normalizePhoto(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(800, 800, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw patientError('NOT_AN_IMAGE');
  }
}

/** Patient photos and the one-time phone-camera capture links (spec §7, issue 6 item 5). */
export class PatientPhotosService {
  constructor(
    private readonly repo: PatientPhotosRepository,
    private readonly store: FileStore,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async patientInScope(user: CurrentUser, id: string) {
    const p = await this.repo.patientPhoto(id, patientScopeCondition(user));
    if (!p) throw patientError('PATIENT_NOT_FOUND');
    return p;
  }

  async save(user: CurrentUser, patientId: string, base64Image: string): Promise<void> {
    await this.patientInScope(user, patientId);
    const jpeg = await normalizePhoto(decodeBase64Image(base64Image));
    const stored = await this.store.put(Readable.from([jpeg]), { prefix: 'patient-photos' });
    await this.repo.setPhoto(patientId, stored.key, this.now());
    await this.audit.record(
      null,
      { action: 'patient.photo', entityType: 'patient', entityId: patientId, patientId },
      { userId: user.userId, username: user.username },
    );
  }

  async open(user: CurrentUser, patientId: string): Promise<Readable> {
    const p = await this.patientInScope(user, patientId);
    if (!p.imageKey) throw patientError('NO_PHOTO');
    return this.store.open(p.imageKey);
  }

  async createCapture(user: CurrentUser, patientId: string, origin: string) {
    await this.patientInScope(user, patientId);
    const expiresAt = new Date(this.now().getTime() + CAPTURE_TTL_MS);
    const row = await this.repo.insertCapture({ patientId, createdBy: user.userId, expiresAt });
    return { qrId: row.id, url: `${origin}/capture/qr/${row.id}`, expiresAt: expiresAt.toISOString() };
  }

  /** The dialog's poll: null until the phone has uploaded, then the photo (base64 JPEG). Only the creator may read it. */
  async pollCapture(user: CurrentUser, qrId: string): Promise<{ base64Image: string } | null> {
    const c = await this.repo.captureOf(qrId, user.userId);
    if (!c) throw patientError('CAPTURE_NOT_FOUND');
    if (!c.imageKey) {
      if (c.expiresAt <= this.now()) throw patientError('CAPTURE_GONE');
      return null;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of await this.store.open(c.imageKey)) chunks.push(chunk as Buffer);
    return { base64Image: `data:image/jpeg;base64,${Buffer.concat(chunks).toString('base64')}` };
  }

  /** Public: is this capture link still usable? */
  async captureStatus(qrId: string) {
    const c = await this.repo.capture(qrId);
    const valid = Boolean(c && !c.completedAt && c.expiresAt > this.now());
    return { valid, expiresAt: c?.expiresAt.toISOString() ?? null };
  }

  /**
   * Public: refuses an unknown, used or expired capture id (410). Runs before the upload's body is read or decoded,
   * so nobody without a live link makes the server parse or decode an image (decision sec72).
   */
  async assertCaptureOpen(qrId: string): Promise<void> {
    if (!(await this.repo.isCaptureOpen(qrId, this.now()))) throw patientError('CAPTURE_GONE');
  }

  /** Public, single-use: the phone uploads its photo; a second upload or a late one is refused. */
  async completeCapture(qrId: string, base64Image: string): Promise<void> {
    await this.assertCaptureOpen(qrId);
    const jpeg = await normalizePhoto(decodeBase64Image(base64Image));
    const now = this.now();
    const stored = await this.store.put(Readable.from([jpeg]), { prefix: 'patient-photos' });
    if (!(await this.repo.claimCapture(qrId, stored.key, now))) throw patientError('CAPTURE_GONE');
  }
}
