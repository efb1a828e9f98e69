import type { Logger } from 'pino';
import { errorComment, hexStatus, MWL_FIND_SOP_CLASS, Status, TS } from '../uids';
import {
  dimse,
  type DimseAssociation,
  type DimseCFindRequest,
  type DimseCFindResponse,
  type DimseDataset,
} from './lib';
import type { AnswerCharacterSet } from './ae-character-sets';
import type { WorklistSource } from './mwl/worklist';
import { redecodeUndeclaredQuery } from './query-character-set';
import type { ArchiveQuerySource } from './qr/archive-find';
import { rootOf } from './qr/models';

const PcResult = dimse.constants.PresentationContextResult;

/** What a C-FIND is answered from: the association it came on and the sources the listener has. */
export interface FindContext {
  association: DimseAssociation;
  callingAe: string;
  /** The calling AE's answer character set (DICOM_AE_ANSWER_CHARACTER_SETS), decided once per association. */
  characterSet: AnswerCharacterSet;
  /** The set its undeclared queries are read as (DICOM_AE_ASSUMED_CHARACTER_SETS). */
  assumedCharacterSet: string | undefined;
  log: Logger;
  /** The Modality Worklist (null: not offered). */
  worklist: WorklistSource | null;
  /** The archive's Study Root and Patient Root C-FIND (null: not offered). */
  query: ArchiveQuerySource | null;
}

/**
 * The responses to a C-FIND (Modality Worklist, Study Root, Patient Root): the pendings and the final one, or one
 * refusal. Never rejects: a failing source answers Out of Resources, so the workstation may retry.
 */
export async function answerFind(request: DimseCFindRequest, ctx: FindContext): Promise<DimseCFindResponse[]> {
  try {
    return await find(request, ctx);
  } catch (err) {
    ctx.log.error({ err, callingAe: ctx.callingAe }, 'C-FIND failed');
    return [findResponse(request, Status.OutOfResources, 'query unavailable, retry later')];
  }
}

async function find(request: DimseCFindRequest, ctx: FindContext): Promise<DimseCFindResponse[]> {
  const started = Date.now();
  const { worklist, query, callingAe, characterSet } = ctx;
  const sopClass = request.getAffectedSopClassUid();
  const context = ctx.association.getAcceptedPresentationContextFromRequest(request);
  // The request's context must be one we accepted for its SOP class (negotiation decided who may query).
  const accepted = context?.getResult() === PcResult.Accept && context.getAbstractSyntaxUid() === sopClass;
  const model = rootOf(sopClass);
  const kind =
    accepted && sopClass === MWL_FIND_SOP_CLASS && worklist
      ? 'worklist'
      : accepted && model?.service === 'find' && query
        ? 'archive'
        : null;
  if (!kind) return [findResponse(request, Status.SopClassNotSupported, 'query model not offered on this association')];
  const ts = context?.getAcceptedTransferSyntaxUid() ?? TS.implicitLE;
  const identifier = redecodeUndeclaredQuery(request.getDataset()?.getElements() ?? {}, ctx.assumedCharacterSet);
  const answer =
    kind === 'worklist'
      ? await worklist!.find(identifier, { explicitVr: ts !== TS.implicitLE, callingAe, characterSet })
      : await query!.find(identifier, {
          explicitVr: ts !== TS.implicitLE,
          callingAe,
          characterSet,
          root: model!.root,
          // The called AE title is ours (admission refused any other): where the matches can be retrieved from.
          retrieveAeTitle: ctx.association.getCalledAeTitle().trim(),
        });
  if (!answer.ok) {
    ctx.log.warn({ callingAe, kind, status: hexStatus(answer.status), reason: answer.comment }, 'C-FIND refused');
    return [findResponse(request, answer.status, answer.comment)];
  }
  const responses = answer.datasets.map((bytes) =>
    findResponse(request, Status.Pending, undefined, encodedDataset(bytes, ts)),
  );
  responses.push(
    answer.truncated
      ? findResponse(request, Status.OutOfResources, `more than ${answer.matches} matches; narrow the query`)
      : findResponse(request, Status.Success),
  );
  ctx.log.info(
    {
      callingAe,
      kind,
      matches: answer.matches,
      truncated: answer.truncated,
      characterSet,
      ...(answer.fallbacks ? { utf8Fallbacks: answer.fallbacks } : {}),
      ms: Date.now() - started,
    },
    'C-FIND answered',
  );
  return responses;
}

function findResponse(
  request: DimseCFindRequest,
  status: number,
  text?: string,
  dataset?: DimseDataset,
): DimseCFindResponse {
  const r = dimse.responses.CFindResponse.fromRequest(request);
  // fromRequest always answers for Study Root; answer for the SOP class asked.
  r.setAffectedSopClassUid(request.getAffectedSopClassUid());
  r.setStatus(status);
  if (text) r.setErrorComment(errorComment(text));
  if (dataset) r.setDataset(dataset);
  return r;
}

/** A dcmjs-dimse Dataset whose bytes are already encoded (by the worklist encoder) in the context's transfer syntax. */
function encodedDataset(bytes: Buffer, transferSyntaxUid: string): DimseDataset {
  const ds = new dimse.Dataset({}, transferSyntaxUid);
  ds.getDenaturalizedDataset = () => bytes;
  return ds;
}
