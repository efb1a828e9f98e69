import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/password';
import type { DatabaseHandle } from '../../db/client';
import { DomainError } from '../../http/domain-error';
import { openTestDatabase } from '../../test/test-app';
import { UsersRepository } from './users.repository';
import { UsersService, type NewUser } from './users.service';

// `npm run user:create` goes through this service: what it refuses, and the account it makes.
describe(UsersService.name, () => {
  let database: DatabaseHandle;
  let sut: UsersService;
  const base: NewUser = {
    username: 'nurse.ploy',
    password: 'a-long-password-1',
    displayName: 'พลอย ใจงาม',
    roleName: 'Staff',
    branchCode: 'RS1',
  };

  const refusal = async (input: NewUser) => {
    const error = await sut.create(input).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    return { status: (error as DomainError).status, code: (error as DomainError).code };
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    sut = new UsersService(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('refuses a bad username, an unknown role, a short password and unknown codes, and saves nothing', async () => {
    expect(await refusal({ ...base, username: 'ab' })).toEqual({ status: 400, code: 'BAD_USERNAME' });
    expect(await refusal({ ...base, username: 'x y z' })).toEqual({ status: 400, code: 'BAD_USERNAME' });
    expect(await refusal({ ...base, roleName: 'Superuser' })).toEqual({ status: 400, code: 'BAD_ROLE' });
    expect(await refusal({ ...base, password: 'short-9ch' })).toEqual({ status: 400, code: 'WEAK_PASSWORD' });
    expect(await refusal({ ...base, branchCode: 'NO-SUCH' })).toEqual({ status: 400, code: 'UNKNOWN_CODE' });
    expect(await refusal({ ...base, branchCode: undefined })).toEqual({ status: 400, code: 'NEEDS_BRANCH' });
    expect(await refusal({ ...base, roleName: 'Hospital', branchCode: undefined })).toEqual({
      status: 400,
      code: 'NEEDS_HOSPITAL',
    });
    expect(await new UsersRepository(database.db).findByUsername(base.username)).toBeUndefined();
  });

  it('creates a Staff account in the branch named by its code, with a password hash that verifies, once', async () => {
    const user = await sut.create(base);
    expect(user).toMatchObject({
      username: 'nurse.ploy',
      roleName: 'Staff',
      displayName: 'พลอย ใจงาม',
      hospitalId: null,
    });
    expect(user.branchId).toEqual(expect.any(Number));
    expect(user.passwordHash).not.toContain(base.password);
    expect(await verifyPassword(user.passwordHash, base.password)).toBe(true);
    expect(await refusal(base)).toEqual({ status: 409, code: 'DUPLICATE' });
  });
});
