import {
  placeholdersOf,
  thai,
  type Message,
  type MessageCode,
  type MessageParams,
  type Placeholders,
} from '../i18n/catalogue';
import { th } from '../i18n/th';
import { statusOf, type ErrorKind, type ErrorStatus } from './error-kinds';

export type { ErrorKind } from './error-kinds';

/** A message shown under one field of a form. */
export interface FieldMessage {
  readonly field: string;
  readonly message: Message;
}

export interface ErrorOptions {
  /** The field the message belongs to: `errors: [{ field, message }]` with the error's own message. */
  readonly field?: string;
  /** Messages per field, when they differ from the error's own. */
  readonly errors?: readonly FieldMessage[];
  /** The envelope's `data` (the fresh row of a lost race, the seconds to wait …). */
  readonly data?: unknown;
}

/**
 * A rule the client broke or a state it cannot act on. It carries a kind (the error handler maps it to the HTTP
 * status) and a message code with its parameters (the handler puts it into the request's language); `message` is the
 * Thai text, for logs, the command line and DIMSE refusals. Modules make them with the factory of their
 * `<name>.errors.ts` (`defineErrors`), never by hand.
 */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly userMessage: Message;
  readonly errors?: readonly FieldMessage[];
  readonly data?: unknown;

  constructor(kind: ErrorKind, userMessage: Message, options: ErrorOptions = {}) {
    super(thai(userMessage));
    this.name = 'DomainError';
    this.userMessage = userMessage;
    this.kind = kind;
    this.code = userMessage.code;
    this.data = options.data;
    this.errors =
      options.errors ?? (options.field === undefined ? undefined : [{ field: options.field, message: userMessage }]);
  }

  /** The HTTP status of the kind (for answers that are not the JSON envelope: the report frame's page, tests). */
  get status(): ErrorStatus {
    return statusOf(this.kind);
  }
}

type KindTable = { readonly [C in MessageCode]?: ErrorKind };

/** The arguments after the code: its parameters by name when its text has placeholders, then the options. */
export type ErrorArgs<C extends MessageCode> = [Placeholders<C>] extends [never]
  ? [options?: ErrorOptions]
  : [params: MessageParams<C>, options?: ErrorOptions];

export interface ErrorFactory<T extends KindTable, E extends DomainError = DomainError> {
  <C extends keyof T & MessageCode>(code: C, ...args: ErrorArgs<C>): E;
  /** Each code's kind, as the table gave it. */
  readonly kinds: T;
}

/** A DomainError subclass a family of codes is thrown as (so a caller can tell them apart with instanceof). */
export type ErrorClass<E extends DomainError> = new (kind: ErrorKind, message: Message, options?: ErrorOptions) => E;

// One owner per code: a second table naming a code would give it a second kind, and the message two meanings.
const OWNED = new Set<string>();

/**
 * A module's error codes, each with its kind: `export const patientError = defineErrors({ PATIENT_NOT_FOUND:
 * 'not-found' })`, then `throw patientError('PATIENT_NOT_FOUND')`, `patientError('PHOTO_TOO_LARGE', { mb: 5 })`,
 * `patientError('HN_TAKEN', { field: 'hn' })`. A code must be in the message catalogue (i18n/th.ts, en.ts), or this
 * fails typecheck; a code another table owns fails at load.
 */
export function defineErrors<const T extends KindTable, E extends DomainError = DomainError>(
  kinds: T & { readonly [K in Exclude<keyof T, MessageCode>]: never },
  errorClass?: ErrorClass<E>,
): ErrorFactory<T, E> {
  for (const code of Object.keys(kinds)) {
    if (OWNED.has(code)) throw new Error(`error code ${code} is declared twice`);
    OWNED.add(code);
  }
  const table = kinds as Record<string, ErrorKind>;
  const make = (errorClass ?? DomainError) as ErrorClass<E>;
  const fail = (code: MessageCode, ...args: unknown[]): E => {
    const takesParams = placeholdersOf(th[code]).length > 0;
    const params = (takesParams ? args[0] : undefined) as Message['params'];
    const options = (takesParams ? args[1] : args[0]) as ErrorOptions | undefined;
    return new make(table[code]!, params ? { code, params } : { code }, options);
  };
  return Object.assign(fail, { kinds });
}

/** Refusals every part of the server answers with, in the same words. */
export const commonError = defineErrors({
  NOT_FOUND: 'not-found',
  FORBIDDEN: 'forbidden',
  UNAUTHORIZED: 'unauthorized',
});

export const notFound = () => commonError('NOT_FOUND');
export const forbidden = () => commonError('FORBIDDEN');
export const unauthorized = () => commonError('UNAUTHORIZED');
