import { isRoleName, type RoleName } from '@rangsi/domain';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/client';
import { userError } from './users.errors';
import { UsersRepository } from './users.repository';

export interface NewUser {
  username: string;
  password: string;
  displayName: string;
  roleName: string;
  email?: string;
  branchCode?: string;
  hospitalCode?: string;
}

/** Creating accounts (the CLI today; the admin screen later). */
export class UsersService {
  private readonly repo: UsersRepository;
  constructor(db: Database) {
    this.repo = new UsersRepository(db);
  }

  /** Creates a user after checking the role, a unique username, a password of 10+ characters and the branch/hospital codes. */
  async create(input: NewUser) {
    if (!/^[a-z0-9._-]{3,50}$/i.test(input.username)) throw userError('BAD_USERNAME');
    if (!isRoleName(input.roleName)) throw userError('BAD_ROLE');
    if (input.password.length < 10) throw userError('WEAK_PASSWORD');
    if (await this.repo.findByUsername(input.username)) throw userError('DUPLICATE');
    const role: RoleName = input.roleName;
    const branchId = input.branchCode ? await this.idOf('branch', input.branchCode) : null;
    const hospitalId = input.hospitalCode ? await this.idOf('hospital', input.hospitalCode) : null;
    if ((role === 'Hospital' || role === 'HospitalDoctor' || role === 'Link') && !hospitalId) {
      throw userError('NEEDS_HOSPITAL', { role });
    }
    if ((role === 'Staff' || role === 'Report Editor' || role === 'Accounting') && !branchId) {
      throw userError('NEEDS_BRANCH', { role });
    }
    return this.repo.insert({
      username: input.username,
      passwordHash: await hashPassword(input.password),
      displayName: input.displayName,
      email: input.email ?? '',
      roleName: role,
      branchId,
      hospitalId,
    });
  }

  private async idOf(kind: 'branch' | 'hospital', code: string): Promise<number> {
    const row = await this.repo.idByCode(kind, code);
    if (!row) throw userError('UNKNOWN_CODE', { kind, code });
    return row.id;
  }
}
