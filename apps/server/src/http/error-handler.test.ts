import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { msg } from '../i18n/catalogue';
import { en } from '../i18n/en';
import { th } from '../i18n/th';
import { TooManyAttempts } from './attempt-limiter';
import { DomainError, type ErrorKind } from './domain-error';
import { STATUS_OF_KIND } from './error-kinds';
import { registerErrorHandler } from './error-handler';
import { unstorableTextError } from './input-guard';

const KINDS = Object.keys(STATUS_OF_KIND) as ErrorKind[];

describe(registerErrorHandler.name, () => {
  let sut: FastifyInstance;

  beforeAll(async () => {
    sut = Fastify();
    sut.setValidatorCompiler(validatorCompiler);
    sut.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(sut);
    sut.get<{ Params: { kind: ErrorKind } }>('/kind/:kind', async (req) => {
      throw new DomainError(req.params.kind, msg('NOT_FOUND'));
    });
    sut.get('/wait', async () => {
      throw new TooManyAttempts(7);
    });
    sut.get('/field', async () => {
      throw unstorableTextError('name');
    });
    sut.get('/crash', async () => {
      throw new Error('secret internals');
    });
    sut
      .withTypeProvider<ZodTypeProvider>()
      .post('/schema', { schema: { body: z.object({ n: z.number() }) } }, async () => ({ success: true }));
    await sut.ready();
  });
  afterAll(async () => {
    await sut.close();
  });

  const get = (url: string, acceptLanguage?: string) =>
    sut.inject({ url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });

  it.each(KINDS)('answers a %s error with the status of its kind', async (kind) => {
    const res = await get(`/kind/${kind}`);
    expect(res.statusCode).toBe(STATUS_OF_KIND[kind]);
    expect(res.json()).toEqual({ success: false, message: th.NOT_FOUND });
  });

  it('speaks Thai by default and for Thai or unknown languages, English when Accept-Language prefers it', async () => {
    for (const header of [undefined, 'th', 'th-TH,th;q=0.9,en;q=0.8', 'fr, de;q=0.5', '*', 'en;q=0.4, th;q=0.5'])
      expect((await get('/kind/not-found', header)).json().message).toBe(th.NOT_FOUND);
    for (const header of ['en', 'en-US,en;q=0.9,th;q=0.8', 'fr, en;q=0.3', 'th;q=0.2, EN-gb'])
      expect((await get('/kind/not-found', header)).json().message).toBe(en.NOT_FOUND);
  });

  it('fills parameters by name in either language, and keeps the data', async () => {
    const thai = await get('/wait');
    expect(thai.statusCode).toBe(429);
    expect(thai.json()).toEqual({
      success: false,
      message: 'ลองหลายครั้งเกินไป กรุณารอ 7 วินาทีแล้วลองใหม่ (Too many attempts: try again in 7 seconds)',
      data: { retryAfterSeconds: 7 },
    });
    expect((await get('/wait', 'en')).json().message).toBe('Too many attempts: try again in 7 seconds');
  });

  it('puts field errors into the language too', async () => {
    const thai = (await get('/field')).json();
    expect(thai.message).toBe('ข้อมูลมีอักขระที่ใช้ไม่ได้ (invalid character): name');
    expect(thai.errors).toEqual([{ field: 'name', message: th.INVALID_CHARACTER_FIELD }]);
    const english = (await get('/field', 'en')).json();
    expect(english.message).toBe(en.INVALID_CHARACTER.replace('{field}', 'name'));
    expect(english.errors).toEqual([{ field: 'name', message: en.INVALID_CHARACTER_FIELD }]);
  });

  it('frames schema messages in the language; never tells a 500 what happened', async () => {
    const bad = (acceptLanguage?: string) =>
      sut.inject({
        method: 'POST',
        url: '/schema',
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        payload: { n: 'x' },
      });
    expect((await bad()).json().message).toMatch(/^ข้อมูลไม่ถูกต้อง \(body\): n /);
    expect((await bad('en')).json().message).toMatch(/^Invalid input \(body\): n /);
    const crash = await get('/crash', 'en');
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ success: false, message: 'Something went wrong!' });
  });

  it('answers an unknown route with the not-found message of the language', async () => {
    expect((await get('/nowhere')).json()).toEqual({ success: false, message: th.NOT_FOUND });
    expect((await get('/nowhere', 'en')).json()).toEqual({ success: false, message: en.NOT_FOUND });
  });
});
