import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app';
import { createTestApp, type TestContext } from '../test/test-app';
import { redactedError } from './log-redaction';

/** Issue 23 item 7: a database error is logged with its SQL and code, never with the patient values it was sent. */
describe('database errors in the log', () => {
  let sut: TestContext;
  const lines: string[] = [];
  const patient = {
    nameTH: { prefix: 'นาง', first: 'ลำดวนทดสอบ', last: 'ศรีสุขล็อก' },
    nameEN: { prefix: 'Mrs.', first: 'Lamduan', last: 'Srisuklog' },
    gender: 'Female',
    birthDate: '1961-07-23',
    nationalNumber: '1103700000003',
    phoneNumber: '089-765-4321',
    currentAddress: {
      no: '77/3',
      subDistrict: 'บางรัก',
      district: 'บางรัก',
      province: 'กรุงเทพมหานคร',
      postCode: '10500',
    },
    currentAndRecordAddressIsSame: true,
  };
  const sentValues = [
    'ลำดวนทดสอบ',
    'ศรีสุขล็อก',
    'Lamduan',
    'Srisuklog',
    '1961-07-23',
    '1103700000003',
    '089-765-4321',
    '77/3',
  ];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    sut = await createTestApp({ loggerInstance: pino(loggerOptions('info') as pino.LoggerOptions, sink) });
    // Every insert into patients now fails inside PostgreSQL, whose detail quotes the whole row back.
    await sut.database.db.execute(sql`alter table patients add constraint test_refuse_all check (false) not valid`);
  });
  afterAll(async () => {
    await sut.close();
  });

  it('a failing patient save answers a bare 500 and logs the SQL and code but none of the values', async () => {
    const cookie = await sut.login('admin');
    const res = await sut.app.inject({ method: 'POST', url: '/api/patient', headers: { cookie }, payload: patient });
    expect(res.statusCode, res.body).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong!' });
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('insert into \\"patients\\"');
    expect(log).toContain('23514');
    for (const v of sentValues) expect(log, v).not.toContain(v);
  });
});

describe('the error serializer', () => {
  it('keeps the query and code of a Drizzle error and drops its params, its cause detail and quoted values', () => {
    const cause = Object.assign(new Error('invalid input syntax for type date: "2567-02-30"'), {
      code: '22007',
      detail: 'Key (hn)=(HN-998877) already exists.',
    });
    const err = new DrizzleQueryError(
      'select * from "patients" where "hn" = $1 and "first_name_th" = $2',
      ['HN-998877', 'สมหญิง'],
      cause,
    );
    const out = JSON.stringify(redactedError(err));
    expect(out).toContain('select * from \\"patients\\" where \\"hn\\" = $1');
    expect(out).toContain('22007');
    expect(out).toContain('"paramCount":2');
    for (const v of ['HN-998877', 'สมหญิง', '2567-02-30']) expect(out).not.toContain(v);
  });
});
