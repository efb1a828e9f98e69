import type { FastifyRequest } from 'fastify';
import { render, type Language, type Message } from '../i18n/catalogue';
import { languageOf } from '../i18n/language';

/** The language the answer to this request is in (its Accept-Language; Thai by default). */
export function languageOfRequest(request: FastifyRequest): Language {
  return languageOf(request.headers['accept-language']);
}

/** A message of the catalogue in the words of the request's language: success notices, pages, anything not thrown. */
export function say(request: FastifyRequest, message: Message): string {
  return render(message, languageOfRequest(request));
}
