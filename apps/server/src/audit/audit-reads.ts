import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { RouteAccess } from '../auth/route-access';
import { auditContext } from './audit-context';
import { AuditRepository } from './audit.repository';
import { actorOf, headerText, type AuditService } from './audit.service';

/** Route scopes whose routes read or change patient data: each successful call leaves an audit row. */
export const PATIENT_DATA_SCOPES: ReadonlySet<RouteAccess['scope']> = new Set([
  'patient',
  'exam',
  'request',
  'report',
  'dicom',
]);

/**
 * Routes of scope 'none' that still hand out patient data (photos, documents, film-link pages): audited all the same.
 * A route added here or given a patient-data scope is audited without a call of its own.
 */
const PATIENT_DATA_URLS = [
  /^\/api\/patient\/image\//,
  /^\/api\/document\//,
  /^\/api\/link\//,
  /^\/ReportViewer\//,
  /^\/api\/capture\//,
];

/** Whether a route reads or changes patient data and so is audited centrally (a test walks every route with it). */
export function isPatientDataRoute(url: string, access: RouteAccess | undefined): boolean {
  if (!access) return false;
  return PATIENT_DATA_SCOPES.has(access.scope) || PATIENT_DATA_URLS.some((re) => re.test(url));
}

export interface ReadKind {
  action: string;
  entityType: 'patient' | 'exam' | 'request' | 'study' | 'document' | 'report' | 'dicom';
  /** The route parameter naming the entity, when the route has one. */
  idParam?: string;
  /** Image reads are deduped: one row per actor, exam or study, and kind within the dedupe window. */
  dedupe?: boolean;
}

/** What a call of a route is, in the audit log's words (the screen shows each action as Thai and English text). */
export function readKindOf(method: string, url: string): ReadKind {
  const read = method === 'GET' || method === 'HEAD';
  if (url.startsWith('/dicomweb/')) {
    if (!read) return { action: 'dicom.store', entityType: 'dicom' };
    if (!url.includes(':study')) return { action: 'dicom.search', entityType: 'dicom' };
    return { action: 'images.view', entityType: 'study', idParam: 'study', dedupe: true };
  }
  if (url.startsWith('/dicom/export/'))
    return { action: 'exam.export', entityType: 'exam', idParam: 'examId', dedupe: url.endsWith('/check') };
  if (url.startsWith('/weasis/')) return { action: 'exam.weasisManifest', entityType: 'exam', idParam: 'examId' };
  if (/^\/api\/exam\/:id\/(series|priors)/.test(url))
    return { action: 'images.view', entityType: 'exam', idParam: 'id', dedupe: true };
  if (url.includes('/document') || url.includes('/media/'))
    return {
      action: read ? 'document.read' : 'document.change',
      entityType: 'document',
      idParam: url.startsWith('/api/exam/') ? 'id' : undefined,
    };
  if (url.startsWith('/api/patient/')) {
    const idParam = url.includes(':patientId') ? 'patientId' : url.includes(':id') ? 'id' : undefined;
    return {
      action: url.endsWith('/search') ? 'patient.search' : read ? 'patient.read' : 'patient.change',
      entityType: 'patient',
      idParam,
    };
  }
  if (url.startsWith('/api/exam/')) {
    const idParam = url.includes(':examId') ? 'examId' : url.includes(':id') ? 'id' : undefined;
    if (url.includes('/report')) return { action: read ? 'report.read' : 'report.change', entityType: 'exam', idParam };
    return {
      action: url.endsWith('/search') ? 'exam.search' : read ? 'exam.read' : 'exam.change',
      entityType: 'exam',
      idParam,
    };
  }
  if (url.startsWith('/api/request/patient/')) return { action: 'request.read', entityType: 'patient', idParam: 'id' };
  if (url.startsWith('/api/request/')) {
    return {
      action: url.endsWith('/search') ? 'request.search' : read ? 'request.read' : 'request.change',
      entityType: 'request',
      idParam: url.includes(':id') ? 'id' : undefined,
    };
  }
  if (url.startsWith('/api/link/')) return { action: 'link.open', entityType: 'report' };
  if (url.startsWith('/ReportViewer/') || url.startsWith('/api/report'))
    return { action: 'report.read', entityType: 'report' };
  return { action: read ? 'record.read' : 'record.change', entityType: 'dicom' };
}

/**
 * One central audit of patient data (docs/decisions/sec10-central-read-audit.md): every successful call of a
 * patient-data route leaves a row with who (person, token, film link), what, the patient when known, and from where
 * (address, user agent), written before the response is sent. A route whose service already wrote its own, richer
 * row (a search with its result count, a change with its detail) is not recorded twice.
 */
export function registerReadAudit(app: FastifyInstance, audit: AuditService, db: Database): void {
  const repo = new AuditRepository(db);
  // Synchronous on purpose: enterWith then covers the rest of this request's hooks and its handler.
  app.addHook('onRequest', (request, _reply, done) => {
    auditContext.enterWith({
      ip: request.ip,
      userAgent: headerText(request.headers['user-agent']),
      recorded: false,
      caller: () => request.user,
    });
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url) return payload;
    const ctx = auditContext.getStore();
    const patientData =
      reply.statusCode >= 200 && reply.statusCode < 300 && isPatientDataRoute(url, request.routeOptions.config?.access);
    if (!patientData || ctx?.recorded) {
      if (request.user?.credential && !ctx?.recorded) await recordCredentialCall(audit, request, url, reply.statusCode);
      return payload;
    }
    const actor = actorOf(request.user ?? null);
    // Anonymous public routes (the film link's own pages) audit themselves as the link.
    if (!actor) return payload;
    const kind = readKindOf(request.method, url);
    const entityId = kind.idParam ? paramOf(request, kind.idParam) : null;
    const entry = { action: kind.action, entityType: kind.entityType, entityId };
    if (kind.dedupe && !audit.isFresh(actor, entry)) return payload;
    const patientId = await patientOf(repo, kind, entityId).catch(() => null);
    await audit.record(request, { ...entry, patientId, detail: { route: `${request.method} ${url}` } }, actor);
    return payload;
  });
}

/**
 * Every call of an outside system's credential leaves a row (decision io52), the ones of patient-data routes above;
 * the rest here, one per credential, route and status within the dedupe window, so a polling system cannot flood.
 */
async function recordCredentialCall(audit: AuditService, request: FastifyRequest, url: string, status: number) {
  const actor = actorOf(request.user);
  const route = `${request.method} ${url}`;
  if (!audit.isFresh(actor, { action: 'api.call', entityType: 'route', entityId: `${route} ${status}` })) return;
  await audit.record(
    request,
    { action: 'api.call', entityType: 'route', entityId: route, detail: { route, status } },
    actor!,
  );
}

function paramOf(request: FastifyRequest, name: string): string | null {
  const v = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The patient a row is about, from the entity the route names (null when it names none or it is not found). */
async function patientOf(repo: AuditRepository, kind: ReadKind, id: string | null): Promise<string | null> {
  if (!id) return null;
  if (kind.entityType === 'study') return repo.patientOfStudy(id);
  if (!UUID.test(id)) return null;
  if (kind.entityType === 'patient') return id;
  if (kind.entityType === 'exam' || (kind.entityType === 'document' && kind.idParam)) return repo.patientOfExam(id);
  if (kind.entityType === 'request') return repo.patientOfRequest(id);
  return null;
}
