import { en } from './en';
import { th } from './th';

export type Language = 'th' | 'en';

/** Every message the server says, one code each; the Thai catalogue is the list. */
export type MessageCode = keyof typeof th;

type PlaceholdersIn<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersIn<Rest>
  : never;

/** The {names} a message's Thai text fills in; its English names the same ones (checked below). */
export type Placeholders<C extends MessageCode> = PlaceholdersIn<(typeof th)[C]>;

/** A value filled into a placeholder: text and numbers as they are, messages in the answer's language. */
export type MessageParam = string | number | Message | MessageList;

/** Several messages said as one, between separators. */
export interface MessageList {
  readonly items: readonly Message[];
  readonly separator: string;
}

/** A message not yet put into words: the error handler renders it in the language of the request. */
export interface Message {
  readonly code: MessageCode;
  readonly params?: { readonly [name: string]: MessageParam };
}

export type MessageParams<C extends MessageCode> = { readonly [P in Placeholders<C>]: MessageParam };

/** Nothing for a message without placeholders, else every one of them by name. */
export type MessageArgs<C extends MessageCode> = [Placeholders<C>] extends [never] ? [] : [params: MessageParams<C>];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type PlaceholderMismatch = {
  [C in MessageCode]: Same<PlaceholdersIn<(typeof th)[C]>, PlaceholdersIn<(typeof en)[C]>> extends true ? never : C;
}[MessageCode];

/** Fails typecheck, naming the codes, when a message's English fills in other placeholders than its Thai. */
export const PLACEHOLDERS_AGREE: [PlaceholderMismatch] extends [never] ? true : { mismatched: PlaceholderMismatch } =
  true;

const CATALOGUES: Record<Language, Record<MessageCode, string>> = { th, en };
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholder names of a text, in order of appearance. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

export function msg<C extends MessageCode>(code: C, ...[params]: MessageArgs<C>): Message {
  return params === undefined ? { code } : { code, params };
}

/** Messages filled into one placeholder, each in the answer's language, joined by `separator`. */
export function list(items: readonly Message[], separator = ', '): MessageList {
  return { items, separator };
}

/** Text that comes in words already (a schema's message, Fastify's own, a legacy module's Thai). */
export function verbatim(text: string): Message {
  return { code: 'VERBATIM', params: { text } };
}

export function render(message: Message, language: Language): string {
  return CATALOGUES[language][message.code].replace(PLACEHOLDER, (whole, name: string) => {
    const value = message.params?.[name];
    return value === undefined ? whole : paramText(value, language);
  });
}

function paramText(value: MessageParam, language: Language): string {
  if (typeof value === 'string') return value;
  // Plain digits, as the Thai answers have them; a caller wanting 1,234 passes the formatted text.
  if (typeof value === 'number') return String(value);
  if ('items' in value) return value.items.map((m) => render(m, language)).join(value.separator);
  return render(value, language);
}

/** The Thai text of a message: what a log, the command line or a DIMSE refusal says, whoever asked. */
export function thai(message: Message): string {
  return render(message, 'th');
}
