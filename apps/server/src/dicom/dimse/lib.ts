import { createRequire } from 'node:module';
import type * as DcmjsDimse from 'dcmjs-dimse';
import type { Logger } from 'pino';

/**
 * dcmjs-dimse ships one UMD bundle whose named exports Node's ESM loader cannot see; load it through require and keep
 * its published types. Everything else in dimse/ imports it from here.
 */
const require = createRequire(import.meta.url);
export const dimse = require('dcmjs-dimse') as typeof DcmjsDimse;

export type DimseAssociation = DcmjsDimse.association.Association;
export type DimsePresentationContext = DcmjsDimse.association.PresentationContext;
export type DimseCStoreRequest = DcmjsDimse.requests.CStoreRequest;
export type DimseCFindRequest = DcmjsDimse.requests.CFindRequest;
export type DimseCEchoRequest = DcmjsDimse.requests.CEchoRequest;
export type DimseCGetRequest = DcmjsDimse.requests.CGetRequest;
export type DimseCGetResponse = DcmjsDimse.responses.CGetResponse;
export type DimseCCancelRequest = DcmjsDimse.requests.CCancelRequest;
export type DimseCMoveRequest = DcmjsDimse.requests.CMoveRequest;
export type DimseCMoveResponse = DcmjsDimse.responses.CMoveResponse;
export type DimseCStoreResponse = DcmjsDimse.responses.CStoreResponse;
export type DimseCFindResponse = DcmjsDimse.responses.CFindResponse;
export type DimseCEchoResponse = DcmjsDimse.responses.CEchoResponse;
export type DimseDataset = DcmjsDimse.Dataset;
export type DimseNActionRequest = DcmjsDimse.requests.NActionRequest;
export type DimseNActionResponse = DcmjsDimse.responses.NActionResponse;
export type DimseNCreateRequest = DcmjsDimse.requests.NCreateRequest;
export type DimseNCreateResponse = DcmjsDimse.responses.NCreateResponse;
export type DimseNSetRequest = DcmjsDimse.requests.NSetRequest;
export type DimseNSetResponse = DcmjsDimse.responses.NSetResponse;
export type DimseNEventReportRequest = DcmjsDimse.requests.NEventReportRequest;

// ---- logging (dcmjs-dimse problem 7) -------------------------------------------------------------------------------
// Loading dcmjs-dimse turns on every level of the shared (root) loglevel logger and prints to the console, association
// dumps included. Replace its output at once: nothing reaches the console, and everything it says goes to our pino
// logger at debug, with the library's level as a field. It never logs data sets (logDatasets stays false), so what
// arrives here is AE titles, UIDs and protocol events — no patient data.
const sinks: Logger[] = [];
let sink: Logger | null = null;
const MAX_MESSAGE = 2000;

dimse.log.methodFactory =
  (methodName) =>
  (...args: unknown[]) => {
    if (!sink?.isLevelEnabled('debug')) return;
    const message = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
    sink.debug(
      { lib: 'dcmjs-dimse', libLevel: methodName },
      message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message,
    );
  };
dimse.log.setLevel('silent', false);
dimse.log.rebuild();

function applySink(): void {
  sink = sinks[sinks.length - 1] ?? null;
  dimse.log.setLevel(sink?.isLevelEnabled('debug') ? 'info' : 'silent', false);
  dimse.log.rebuild();
}

/**
 * Sends dcmjs-dimse's messages to this logger at debug until the returned function is called. Its logger is one per
 * process: with several listeners (tests), the most recently started one still running gets them.
 */
export function routeDimseLogs(logger: Logger): () => void {
  sinks.push(logger);
  applySink();
  return () => {
    const i = sinks.lastIndexOf(logger);
    if (i >= 0) sinks.splice(i, 1);
    applySink();
  };
}
