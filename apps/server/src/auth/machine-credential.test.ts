import { describe, expect, it } from 'vitest';
import { bearerToken, presentedCredential } from './machine-credential';

const keyId = 'rgs_0123456789abcdef';
const secret = 'A'.repeat(20) + '_-' + 'b'.repeat(21);
const basicOf = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe(presentedCredential.name, () => {
  it('reads a Bearer token into its key id and secret, whatever the scheme’s case', () => {
    expect(presentedCredential(`Bearer ${bearerToken(keyId, secret)}`, false)).toEqual({
      scheme: 'bearer',
      keyId,
      secret,
    });
    expect(presentedCredential(`bearer ${bearerToken(keyId, secret)}`, false)).toMatchObject({ keyId, secret });
  });

  it('reads Basic only where the route takes it, with the key id as username', () => {
    expect(presentedCredential(basicOf(keyId, secret), true)).toEqual({ scheme: 'basic', keyId, secret });
    expect(presentedCredential(basicOf(keyId, secret), false)).toBeNull();
  });

  it.each([
    ['a Bearer of another shape', 'Bearer eyJhbGciOi.JIUzI1NiJ9'],
    ['a Bearer with a short secret', `Bearer ${keyId}_abc`],
    ['a Bearer with an upper-case key id', `Bearer RGS_0123456789ABCDEF_${secret}`],
    ['an empty Bearer', 'Bearer'],
    ['Basic with a username that is no key id', basicOf('orthanc', secret)],
    ['Basic without a colon', `Basic ${Buffer.from(keyId).toString('base64')}`],
    ['an oversized Basic', `Basic ${'A'.repeat(300)}`],
  ])('calls %s malformed, so it is refused rather than taken for a session', (_name, header) => {
    expect(presentedCredential(header, true)).toBe('malformed');
  });

  it('leaves headers that are not ours alone', () => {
    expect(presentedCredential(undefined, true)).toBeNull();
    expect(presentedCredential('Digest username="x"', true)).toBeNull();
  });
});
