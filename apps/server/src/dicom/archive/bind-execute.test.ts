import { protocol } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { encodeBindExecuteSync } from './bind-execute';

describe(encodeBindExecuteSync.name, () => {
  const reference = (statement: string, sets: (string | null)[][]) =>
    Buffer.concat(
      [
        ...sets.flatMap((values) => [protocol.serialize.bind({ statement, values }), protocol.serialize.execute({})]),
        protocol.serialize.sync(),
      ].map((b) => Buffer.from(b)),
    );

  it('encodes the same bytes as pg-protocol: nulls, empty strings, Thai and emoji (multi-byte UTF-8), several executions', () => {
    const sets = [
      ['1.2.840.10008.5.1.4.1.1.2', null, '', '{"00100010":{"vr":"PN","Value":[{"Alphabetic":"สมชาย ใจดี"}]}}'],
      ['x', '🩻 ภาพ', null, '42'],
    ];
    expect(Buffer.from(encodeBindExecuteSync('rangsi_test_statement', sets))).toEqual(
      reference('rangsi_test_statement', sets),
    );
  });

  it('encodes a single execution with no parameters, and none at all (Sync alone)', () => {
    expect(Buffer.from(encodeBindExecuteSync('s', [[]]))).toEqual(reference('s', [[]]));
    expect(Buffer.from(encodeBindExecuteSync('s', []))).toEqual(reference('s', []));
  });
});
