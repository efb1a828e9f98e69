import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { DomainError } from '../../http/domain-error';
import { BadRenderParameter, CannotRender, cannotRender } from './dicomweb.errors';
import { origin } from './common';
import type { StoredInstance } from '../query/dicomweb.repository';
import { covers, parseAccept } from './media-type';
import { multipartStream, newBoundary } from './multipart';
import type { InstanceRenderer } from './render-instance';
import type { RenderedType, RenderParams } from './rendered';

/**
 * Instances one study or series `rendered` request renders at most: each is read whole and decoded, so a 3,000-slice
 * study would keep the server busy for minutes; the rest is named in a Warning header (docs/decisions/di6-wado-uri-images-study-series.md).
 */
export const MAX_RENDERED_PARTS = 1000;

/**
 * The image type of a study or series `rendered` answer (multipart/related; type=image/jpeg or image/png): from the
 * `accept` query parameter, else the Accept header; a bare image/jpeg or image/png, image/* and *\/* are taken too.
 */
export function negotiateRenderedParts(
  acceptHeader: string | undefined,
  acceptParam: string | undefined,
): RenderedType | null {
  for (const r of parseAccept(acceptParam ?? acceptHeader)) {
    const type =
      r.type === 'multipart/related'
        ? (r.params.type?.toLowerCase() ?? 'image/jpeg')
        : r.type === 'multipart/*'
          ? 'image/jpeg'
          : r.type;
    if (type === 'image/jpeg' || type === 'image/png') return type;
    if (covers(type, 'image/jpeg')) return 'image/jpeg';
  }
  return null;
}

/**
 * Streams the first frame of each instance as one part, in the order given (series, then instance). The first image
 * that renders is made before anything is sent, so nothing renderable is still a 406/415 (thrown); later instances
 * that cannot be rendered are left out.
 */
export async function sendRenderedParts(
  req: FastifyRequest,
  reply: FastifyReply,
  rows: StoredInstance[],
  renderer: InstanceRenderer,
  params: RenderParams,
  type: RenderedType,
): Promise<FastifyReply> {
  const considered = rows.slice(0, MAX_RENDERED_PARTS);
  const renderOne = async (row: StoredInstance) => renderer.render(await renderer.load(row), 0, params, type, false);
  let first = -1;
  let firstImage: Buffer | null = null;
  let last: CannotRender | null = null;
  for (let i = 0; i < considered.length && firstImage === null; i++) {
    try {
      firstImage = await renderOne(considered[i]!);
      first = i;
    } catch (err) {
      if (!(err instanceof CannotRender)) throw err;
      last = err;
    }
  }
  if (firstImage === null) throw last ?? cannotRender('RENDER_NOTHING');

  const base = origin(req);
  const part = (row: StoredInstance, image: Buffer) => ({
    contentType: type,
    location: `${base}/dicomweb/studies/${row.studyInstanceUid}/series/${row.seriesInstanceUid}/instances/${row.sopInstanceUid}/rendered`,
    body: Readable.from([image]),
  });
  async function* parts() {
    yield part(considered[first]!, firstImage!);
    for (const row of considered.slice(first + 1)) {
      try {
        yield part(row, await renderOne(row));
      } catch (err) {
        // A region outside this one image, or its file gone since the query: the others are still worth sending.
        const skippable =
          err instanceof CannotRender ||
          err instanceof BadRenderParameter ||
          (err instanceof DomainError && err.kind === 'not-found');
        if (!skippable) throw err;
      }
    }
  }

  if (rows.length > considered.length) {
    reply.header(
      'warning',
      `299 rangsi "only the first ${considered.length} of ${rows.length} instances are rendered; ask for each series or instance"`,
    );
  }
  const boundary = newBoundary();
  reply.type(`multipart/related; type="${type}"; boundary=${boundary}`);
  return reply.send(
    multipartStream(boundary, parts(), (err) =>
      req.log.error({ err: { name: (err as Error)?.name } }, 'rendered stream failed'),
    ),
  );
}
