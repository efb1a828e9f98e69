import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/auth.plugin';
import type { CurrentUser } from '../../auth/current-user';
import { sendRefusal } from '../../http/error-handler';
import type { IngestContext, IngestResult } from '../archive';
import type { LocalDicomArchive } from '../archive/local-archive';
import type { DicomJson } from '../parse/dicom-json';
import { acceptsDicomJson, dicomwebBase, notAcceptable, StudyParams, tags } from './common';
import { dicomwebError } from './dicomweb.errors';
import type { DicomwebService } from './dicomweb.service';
import { parseMediaType } from './media-type';
import { MultipartError, readMultipart, type ReceivedPart } from './multipart';
import { studyUrl } from '../query/qido-response';

export interface UploadLimits {
  /** Whole request. */
  maxBytes: number;
  maxParts: number;
  /** One instance. */
  maxPartBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxBytes: 2 * 1024 ** 3,
  maxParts: 10_000,
  maxPartBytes: 1024 ** 3,
};

/** PS3.4 C-STORE failure statuses STOW-RS reports in FailureReason (PS3.18 §10.5.3). */
export const FAILURE_REASON: Record<Extract<IngestResult, { status: 'refused' }>['code'], number> = {
  'not-dicom': 0xc000, // cannot understand
  truncated: 0xc000,
  'missing-uid': 0xc000,
  'unsupported-sop-class': 0x0122, // SOP class not supported
  'too-large': 0xa700, // out of resources
  error: 0x0110, // processing failure
};

/** One ingested part: its result, and its UIDs when the archive knows them. */
export interface StoredPart {
  result: IngestResult;
  sopClassUid?: string;
  seriesInstanceUid?: string;
}

/** Hands one received part to the archive (its file is consumed either way). */
export async function ingestPart(
  archive: LocalDicomArchive,
  part: ReceivedPart & { oversize: boolean },
  ctx: IngestContext,
): Promise<StoredPart> {
  const type = part.headers['content-type'] ? parseMediaType(part.headers['content-type'])?.type : 'application/dicom';
  if (part.oversize || type !== 'application/dicom') {
    await fs.promises.rm(part.path, { force: true });
    return {
      result: {
        status: 'refused',
        code: part.oversize ? 'too-large' : 'not-dicom',
        reason: part.oversize ? 'instance too large' : 'part is not application/dicom',
      },
    };
  }
  const result = await archive.ingestFile(part.path, ctx);
  if (result.status === 'refused') return { result };
  const row = await archive.repo.findInstance(result.sopInstanceUid);
  return { result, sopClassUid: row?.sopClassUid, seriesInstanceUid: row?.seriesInstanceUid };
}

/** The STOW-RS response dataset: stored (and already present) instances referenced, failures with their reason. */
export function stowResponse(parts: StoredPart[], base: string, study?: string): DicomJson {
  const ok = parts.filter((p) => p.result.status !== 'refused');
  const failed = parts.filter((p) => p.result.status === 'refused');
  const studies = new Set(ok.map((p) => (p.result.status === 'refused' ? '' : p.result.studyInstanceUid)));
  const onlyStudy = study ?? (studies.size === 1 ? [...studies][0] : undefined);
  const json: DicomJson = {};
  if (onlyStudy) json['00081190'] = { vr: 'UR', Value: [studyUrl(base, onlyStudy)] };
  if (failed.length) {
    json['00081198'] = {
      vr: 'SQ',
      Value: failed.map((p) => ({
        '00081197': { vr: 'US', Value: [p.result.status === 'refused' ? FAILURE_REASON[p.result.code] : 0x0110] },
      })),
    };
  }
  if (ok.length) {
    json['00081199'] = {
      vr: 'SQ',
      Value: ok.map((p) => {
        const r = p.result as Exclude<IngestResult, { status: 'refused' }>;
        return {
          '00081150': p.sopClassUid ? { vr: 'UI', Value: [p.sopClassUid] } : { vr: 'UI' },
          '00081155': { vr: 'UI', Value: [r.sopInstanceUid] },
          ...(p.seriesInstanceUid
            ? {
                '00081190': {
                  vr: 'UR',
                  Value: [
                    `${studyUrl(base, r.studyInstanceUid)}/series/${p.seriesInstanceUid}/instances/${r.sopInstanceUid}`,
                  ],
                },
              }
            : {}),
        };
      }),
    };
  }
  return json;
}

/** 200 all stored, 202 some failed, 409 none stored (PS3.18 §10.5.3). */
export function stowStatus(parts: StoredPart[]): 200 | 202 | 409 {
  const failed = parts.filter((p) => p.result.status === 'refused').length;
  if (failed === 0) return 200;
  return failed === parts.length ? 409 : 202;
}

/** STOW-RS (PS3.18 §10.5): multipart/related of application/dicom parts, each streamed to a file and ingested. */
export function stowRoutes(
  service: DicomwebService,
  archive: LocalDicomArchive,
  tmpDir: string,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    fs.mkdirSync(tmpDir, { recursive: true });
    // The body is read by the handler as a stream: never buffered whole, never parsed by Fastify.
    app.addContentTypeParser('multipart/related', (_req, _payload, done) => done(null, undefined));
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Storing needs the upload right as well as the image right (docs/decisions/d16-who-sees-unmatched-studies-who.md).
    const config = {
      access: {
        permission: 'EXAM_DOCUMENT_WRITE' as const,
        anyOf: ['EXAM_DICOM_APPROVE' as const],
        scope: 'dicom' as const,
      },
    };

    const store = async (req: FastifyRequest, reply: FastifyReply, study?: string) => {
      const user = requireUser(req);
      const ct = parseMediaType(req.headers['content-type'] ?? '');
      if (!ct || ct.type !== 'multipart/related') return sendRefusal(reply, dicomwebError('STOW_MEDIA_TYPE'));
      const partType = ct.params.type?.toLowerCase();
      if (partType && partType !== 'application/dicom') return sendRefusal(reply, dicomwebError('STOW_PART_TYPE'));
      if (!ct.params.boundary) return sendRefusal(reply, dicomwebError('STOW_NO_BOUNDARY'));
      if (!acceptsDicomJson(req)) return notAcceptable(reply, 'application/dicom+json');
      const ctx = stowContext(service, user, study);
      const parts: StoredPart[] = [];
      let chain = Promise.resolve();
      try {
        await readMultipart(req.raw, ct.params.boundary, tmpDir, limits, (part) => {
          chain = chain.then(async () => {
            parts.push(await ingestPart(archive, part, ctx));
          });
        });
      } catch (err) {
        await chain;
        if (err instanceof MultipartError) return sendRefusal(reply, err);
        // The client went away mid-upload: what was complete is stored, the rest never was. Disk errors stay 5xx.
        const code = (err as { code?: string }).code;
        if (
          req.raw.destroyed ||
          code === 'ECONNRESET' ||
          code === 'ERR_STREAM_PREMATURE_CLOSE' ||
          (err as Error)?.message === 'aborted'
        ) {
          return sendRefusal(reply, dicomwebError('STOW_ABORTED'));
        }
        throw err;
      }
      await chain;
      if (!parts.length) return sendRefusal(reply, dicomwebError('STOW_EMPTY'));
      await service.recordStore(user, {
        source: 'STOW',
        stored: parts.filter((p) => p.result.status === 'stored').length,
        failed: parts.filter((p) => p.result.status === 'refused').length,
      });
      return reply
        .code(stowStatus(parts))
        .type('application/dicom+json')
        .send(JSON.stringify(stowResponse(parts, dicomwebBase(req), study)));
    };

    r.post('/dicomweb/studies', { config, schema: { tags } }, (req, reply) => store(req, reply));
    r.post('/dicomweb/studies/:study', { config, schema: { params: StudyParams, tags } }, (req, reply) =>
      store(req, reply, req.params.study),
    );
  };
}

/** STOW's ingest context: the path's study must match, and the target exam must be in the user's scope. */
function stowContext(service: DicomwebService, user: CurrentUser, study?: string): IngestContext {
  return {
    source: 'STOW',
    userId: user.userId,
    userName: user.displayName,
    admit: async (target) => {
      if (study && target.studyInstanceUid !== study) return 'StudyInstanceUID differs from the request path';
      return (await service.mayWriteTo(user, target)) ? null : 'the study belongs to an exam outside your scope';
    },
  };
}
