import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteAccess } from '../../auth/route-access';
import { sendRefusal } from '../../http/error-handler';
import { UID_PATTERN } from '../parse/read-instance';
import { dicomwebError } from './dicomweb.errors';
import { covers, parseAccept } from './media-type';

/**
 * Every DICOMweb read: the image permission, and the study visibility of dicom-scope.ts applied in the service. The
 * viewer frame, Weasis and a film link read images with their exam's token (narrowed to that exam's study).
 */
export const READ_ACCESS: RouteAccess = {
  permission: 'EXAM_DICOM',
  scope: 'dicom',
  tokens: ['viewer', 'weasis', 'link'],
};
export const tags = ['dicomweb'];

/** A UID in a path or query: digits and dots only, so no path trick ever reaches storage or SQL. */
export const Uid = z
  .string()
  .max(64, 'UID longer than 64 characters')
  .regex(UID_PATTERN, 'expected a DICOM UID (digits and dots)');
export const StudyParams = z.object({ study: Uid });
export const SeriesParams = z.object({ study: Uid, series: Uid });
export const InstanceParams = z.object({ study: Uid, series: Uid, sop: Uid });

/** The DICOMweb root as the client reached it, for RetrieveURL and BulkDataURI. */
export function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

export function dicomwebBase(req: FastifyRequest): string {
  return `${origin(req)}/dicomweb`;
}

/** 406 in the envelope when the client accepts none of what a resource can give. */
export function notAcceptable(reply: FastifyReply, what: string) {
  return sendRefusal(reply, dicomwebError('NOT_ACCEPTABLE', { what }));
}

export function acceptsDicomJson(req: FastifyRequest): boolean {
  return parseAccept(req.headers.accept).some(
    (r) => covers(r.type, 'application/dicom+json') || covers(r.type, 'application/json'),
  );
}
