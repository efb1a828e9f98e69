import { Readable } from 'node:stream';
import type { DataSet, Element } from 'dicom-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/auth.plugin';
import { sendRefusal } from '../../http/error-handler';
import type { LocalDicomArchive } from '../archive/local-archive';
import {
  acceptsDicomJson,
  InstanceParams,
  notAcceptable,
  origin,
  READ_ACCESS,
  SeriesParams,
  StudyParams,
  tags,
  Uid,
} from './common';
import { dicomwebError } from './dicomweb.errors';
import type { DicomwebService, Location } from './dicomweb.service';
import type { StoredInstance } from '../query/dicomweb.repository';
import { buildPart10Header } from '../parse/part10';
import { coerceStored, openOutgoing } from '../identity/coerce-stored';
import { rewriteStored, rewriteTo } from '../transcode/rewrite-dataset';
import { parsedInstances } from '../thumbnails/parsed-instances';
import { TS } from '../uids';
import { deliverFrame, negotiateFrames, parseFrameList, readFrame } from './frames';
import { parseAccept } from './media-type';
import { deliveryFor, negotiateRetrieve, type Delivery } from './transfer-syntax';
import { multipartStream, newBoundary } from './multipart';
import { answerWadoUriImage, WADO_URI_IMAGE_QUERY } from './wado-uri-rendered';

const WadoUriQuery = z.looseObject({
  requestType: z.literal('WADO', 'requestType must be WADO'),
  studyUID: Uid,
  seriesUID: Uid,
  objectUID: Uid,
  contentType: z.string().max(200).optional(),
  transferSyntax: Uid.optional(),
  token: z.string().max(200).optional(),
  ...WADO_URI_IMAGE_QUERY,
});

/** WADO-RS (PS3.18 §10.4) retrieve and metadata, and WADO-URI (PS3.18 §9) for Weasis and the CD helper. */
export function wadoRoutes(service: DicomwebService, archive: LocalDicomArchive) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: READ_ACCESS };

    const send = async (req: FastifyRequest, reply: FastifyReply, at: Location, single: boolean) => {
      const asked = negotiateRetrieve(req.headers.accept, single);
      if (!asked) return notAcceptable(reply, 'multipart/related; type="application/dicom"');
      const rows = await service.retrieve(requireUser(req), at);
      // Every instance must go in a syntax the client takes before the answer starts (PS3.18 §8.7.3.5.1).
      const deliveries = rows.map((row) => deliveryFor(row.transferSyntaxUid, asked.syntaxes));
      const stuck = rows.find((_, i) => !deliveries[i]);
      if (stuck) return notAcceptable(reply, `transfer-syntax=* or ${offeredSyntaxes(stuck.transferSyntaxUid)}`);
      if (asked.mode === 'single') return sendDelivered(reply, rows[0]!, deliveries[0]!);
      const boundary = newBoundary();
      reply.type(`multipart/related; type="application/dicom"; boundary=${boundary}`);
      return reply.send(
        multipartStream(boundary, openEach(rows, deliveries as Delivery[], origin(req), req), (err) =>
          req.log.error({ err: { name: (err as Error)?.name } }, 'wado stream failed'),
        ),
      );
    };

    // Each part names its instance (Content-Location, PS3.18 §8.7.3.5): the viewer streams a whole series in one request
    // and hands every part to the image it belongs to without parsing it first.
    async function* openEach(rows: StoredInstance[], deliveries: Delivery[], base: string, req: FastifyRequest) {
      for (const [i, row] of rows.entries()) {
        const delivery = deliveries[i]!;
        const body =
          delivery.kind === 'stored'
            ? await coerceStored(await archive.openStored(row), row.identity)
            : await rewritten(row, delivery);
        if (!body) {
          // The answer has started: an image that cannot be rewritten after all (a broken codestream) is left out.
          if (delivery.kind === 'rewrite')
            req.log.warn({ ts: row.transferSyntaxUid, to: delivery.ts }, 'wado rewrite failed');
          continue;
        }
        const location = `${base}/dicomweb/studies/${row.studyInstanceUid}/series/${row.seriesInstanceUid}/instances/${row.sopInstanceUid}`;
        yield { contentType: `application/dicom; transfer-syntax=${delivery.ts}`, location, body: toStream(body) };
      }
    }

    /** The instance as a Part-10 file in the delivery's syntax; null when it cannot be rewritten. */
    const rewritten = async (row: StoredInstance, delivery: Extract<Delivery, { kind: 'rewrite' }>) => {
      const file = await coerceStored(await archive.openStored(row), row.identity);
      if (!file) return null;
      const dataset = await rewriteStored(file, delivery.how);
      if (!dataset) return null;
      return Buffer.concat([
        buildPart10Header({
          sopClassUid: row.sopClassUid,
          sopInstanceUid: row.sopInstanceUid,
          transferSyntaxUid: delivery.ts,
        }),
        dataset,
      ]);
    };

    const sendDelivered = async (reply: FastifyReply, row: StoredInstance, delivery: Delivery) => {
      if (delivery.kind === 'stored') return sendOne(reply, row, delivery.ts);
      const body = await rewritten(row, delivery);
      if (!body) return sendRefusal(reply, dicomwebError('CANNOT_TRANSCODE', { syntax: delivery.ts }));
      reply.type(`application/dicom; transfer-syntax=${delivery.ts}`);
      reply.header('content-disposition', `attachment; filename="${row.sopInstanceUid}.dcm"`);
      reply.header('cache-control', 'private, max-age=300');
      return reply.send(body);
    };

    /** WADO-RS names the syntax it sends (`ts`); WADO-URI's application/dicom stays bare. */
    const sendOne = async (reply: FastifyReply, row: StoredInstance, ts?: string) => {
      const file = await openOutgoing(() => archive.openStored(row), row);
      if (!file) throw dicomwebError('IMAGE_FILE_NOT_FOUND');
      const body = file.body;
      reply.type(ts ? `application/dicom; transfer-syntax=${ts}` : 'application/dicom');
      reply.header('content-length', String(file.size));
      reply.header('content-disposition', `attachment; filename="${row.sopInstanceUid}.dcm"`);
      // An instance's bytes never change under its UID; the token in the URL keeps the entry to its holder. A reopened
      // viewer (compare, MPR and back) reads the browser's copy for a while instead of the archive.
      reply.header('cache-control', 'private, max-age=300');
      return reply.send(body);
    };

    const metadata = async (req: FastifyRequest, reply: FastifyReply, at: Location) => {
      if (!acceptsDicomJson(req)) return notAcceptable(reply, 'application/dicom+json');
      const text = await service.metadata(requireUser(req), at, origin(req));
      return reply.type('application/dicom+json').send(text);
    };

    r.get('/dicomweb/studies/:study', { config, schema: { params: StudyParams, tags } }, (req, reply) =>
      send(req, reply, { study: req.params.study }, false),
    );
    r.get('/dicomweb/studies/:study/series/:series', { config, schema: { params: SeriesParams, tags } }, (req, reply) =>
      send(req, reply, { study: req.params.study, series: req.params.series }, false),
    );
    r.get(
      '/dicomweb/studies/:study/series/:series/instances/:sop',
      { config, schema: { params: InstanceParams, tags } },
      (req, reply) => send(req, reply, { ...req.params }, true),
    );

    r.get('/dicomweb/studies/:study/metadata', { config, schema: { params: StudyParams, tags } }, (req, reply) =>
      metadata(req, reply, { study: req.params.study }),
    );
    r.get(
      '/dicomweb/studies/:study/series/:series/metadata',
      { config, schema: { params: SeriesParams, tags } },
      (req, reply) => metadata(req, reply, { study: req.params.study, series: req.params.series }),
    );
    r.get(
      '/dicomweb/studies/:study/series/:series/instances/:sop/metadata',
      { config, schema: { params: InstanceParams, tags } },
      (req, reply) => metadata(req, reply, { ...req.params }),
    );

    /** The stored instance parsed whole, for frames and bulk data (the only reads of a file besides retrieval). */
    const parsedInstance = async (req: FastifyRequest, at: Required<Location>) => {
      const [row] = await service.retrieve(requireUser(req), at);
      let parsed;
      try {
        parsed = await parsedInstances.load(row!.storageKey, () => archive.openStored(row!));
      } catch {
        throw dicomwebError('IMAGE_UNREADABLE');
      }
      if (!parsed) throw dicomwebError('IMAGE_FILE_NOT_FOUND');
      return { row: row!, ...parsed };
    };
    const sendParts = (reply: FastifyReply, type: string, bodies: Uint8Array[]) => {
      const boundary = newBoundary();
      reply.type(`multipart/related; type="${type.split(';')[0]}"; boundary=${boundary}`);
      const parts = bodies.flatMap((f) => [
        Buffer.from(`--${boundary}\r\nContent-Type: ${type}\r\n\r\n`),
        Buffer.from(f),
        Buffer.from('\r\n'),
      ]);
      return reply.send(Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]));
    };

    r.get(
      '/dicomweb/studies/:study/series/:series/instances/:sop/frames/:frames',
      {
        config,
        schema: { params: InstanceParams.extend({ frames: z.string().max(7000) }), tags },
      },
      async (req, reply) => {
        const list = parseFrameList(req.params.frames);
        if (!list) return sendRefusal(reply, dicomwebError('BAD_FRAME_LIST'));
        const { row, ds, ts } = await parsedInstance(req, {
          study: req.params.study,
          series: req.params.series,
          sop: req.params.sop,
        });
        const how = negotiateFrames(parseAccept(req.headers.accept), row.transferSyntaxUid);
        if (!how) return notAcceptable(reply, `frames as stored (${row.transferSyntaxUid}) or uncompressed`);
        // A frame past the last is a 404 whatever the syntax; one that will not decode is the image's fault (415).
        if (list.some((n) => !readFrame(ds, ts, n))) throw dicomwebError('FRAME_NOT_FOUND');
        const frames = await Promise.all(list.map((n) => deliverFrame(ds, ts, n, how.convert)));
        if (frames.some((f) => f === null))
          return sendRefusal(reply, dicomwebError('CANNOT_TRANSCODE', { syntax: row.transferSyntaxUid }));
        return sendParts(reply, how.contentType, frames as Uint8Array[]);
      },
    );

    // The BulkDataURIs of the cached metadata: an attribute's value as stored (pixel data: its frames), at the top level
    // (bulkdata/7FE00010) or inside sequences, each step a sequence's tag and 0-based item (bulkdata/54000100/0/54001010).
    r.get(
      '/dicomweb/studies/:study/series/:series/instances/:sop/bulkdata/*',
      {
        config,
        schema: {
          params: InstanceParams.extend({
            '*': z.string().regex(BULK_PATH, 'tag: eight hex digits, inside sequences SEQUENCE/ITEM/TAG'),
          }),
          tags,
        },
      },
      async (req, reply) => {
        const {
          row,
          ds: instance,
          ts,
        } = await parsedInstance(req, {
          study: req.params.study,
          series: req.params.series,
          sop: req.params.sop,
        });
        const found = elementAt(instance, req.params['*']);
        if (!found) throw dicomwebError('ELEMENT_NOT_FOUND');
        // An item's own image (an icon) is read with the item's Rows, Columns and bits.
        const { ds, el } = found;
        if (el.encapsulatedPixelData) {
          const how = negotiateFrames(parseAccept(req.headers.accept), row.transferSyntaxUid);
          if (!how) return notAcceptable(reply, `pixel data as stored (${row.transferSyntaxUid}) or uncompressed`);
          const count = Math.max(1, ds.intString('x00280008') ?? 1);
          const frames = [];
          for (let n = 1; n <= count; n++) frames.push(await deliverFrame(ds, ts, n, how.convert));
          if (frames.some((f) => f === null)) throw dicomwebError('IMAGE_UNREADABLE');
          return sendParts(reply, how.contentType, frames as Uint8Array[]);
        }
        const accepted = parseAccept(req.headers.accept).some(
          (m) =>
            m.type === '*/*' ||
            (m.type === 'multipart/related' && (!m.params.type || m.params.type === 'application/octet-stream')),
        );
        if (!accepted) return notAcceptable(reply, 'multipart/related; type="application/octet-stream"');
        const end = Math.min(ds.byteArray.length, el.dataOffset + el.length);
        return sendParts(reply, `application/octet-stream; transfer-syntax=${row.transferSyntaxUid}`, [
          ds.byteArray.subarray(el.dataOffset, end),
        ]);
      },
    );

    r.get('/dicomweb/wado', { config, schema: { querystring: WadoUriQuery, tags } }, async (req, reply) => {
      // Images (the default contentType) and the refusals that hold for every type are answered there.
      if (await answerWadoUriImage(service, archive, req, reply, req.query)) return reply;
      const [row] = await service.retrieve(requireUser(req), {
        study: req.query.studyUID,
        series: req.query.seriesUID,
        sop: req.query.objectUID,
      });
      const wanted = req.query.transferSyntax;
      if (!wanted || wanted === row!.transferSyntaxUid) return sendOne(reply, row!);
      return sendRewritten(reply, row!, wanted);
    });

    /**
     * WADO-URI's transferSyntax (PS3.18 §9.1.2.1.13) other than the stored one: explicit or implicit VR little endian,
     * decompressed or in the other VR encoding, as for a C-GET; 406 for any other or when the image cannot be rewritten.
     * The viewer asks 12-bit JPEG this way, as the browser's decoder reads its values 15 high (IN14).
     */
    const sendRewritten = async (reply: FastifyReply, row: StoredInstance, wanted: string) => {
      const how = rewriteTo(row.transferSyntaxUid, wanted);
      if (!how)
        return notAcceptable(
          reply,
          `application/dicom as stored (${row.transferSyntaxUid}), or explicit or implicit VR little endian for a compressed image`,
        );
      const file = await coerceStored(await archive.openStored(row), row.identity);
      if (!file) throw dicomwebError('IMAGE_FILE_NOT_FOUND');
      const dataset = await rewriteStored(file, how);
      if (!dataset) {
        return sendRefusal(reply, dicomwebError('CANNOT_TRANSCODE', { syntax: wanted }));
      }
      const body = Buffer.concat([
        buildPart10Header({
          sopClassUid: row.sopClassUid,
          sopInstanceUid: row.sopInstanceUid,
          transferSyntaxUid: wanted,
        }),
        dataset,
      ]);
      reply.type('application/dicom');
      reply.header('content-disposition', `attachment; filename="${row.sopInstanceUid}.dcm"`);
      reply.header('cache-control', 'private, max-age=300');
      return reply.send(body);
    };
  };
}

/** What an instance stored in `ts` can be sent as, for a 406 that says what to ask. */
function offeredSyntaxes(ts: string): string {
  const others = [TS.explicitLE, TS.implicitLE].filter((t) => t !== ts && rewriteTo(ts, t));
  return [ts, ...others].map((t) => `transfer-syntax=${t}`).join(' or ');
}

function toStream(body: Readable | Buffer): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

/** A bulk data path: a tag, after at most seven sequence steps of tag and item index. */
const BULK_PATH = /^(?:[0-9A-Fa-f]{8}\/\d{1,6}\/){0,7}[0-9A-Fa-f]{8}$/;

/** The element a bulk data path names, with the data set (top level or item) that holds it; null when absent. */
function elementAt(top: DataSet, bulkPath: string): { ds: DataSet; el: Element } | null {
  const steps = bulkPath.toLowerCase().split('/');
  let ds = top;
  for (let i = 0; i + 1 < steps.length; i += 2) {
    const item = ds.elements[`x${steps[i]}`]?.items?.[Number(steps[i + 1])];
    if (!item?.dataSet) return null;
    ds = item.dataSet;
  }
  const el = ds.elements[`x${steps.at(-1)}`];
  return el ? { ds, el } : null;
}
