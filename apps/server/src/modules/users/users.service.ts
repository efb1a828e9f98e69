import { isRoleName, type RoleName } from '@rangsi/domain';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/client';
import { DomainError } from '../../http/domain-error';
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
    if (!/^[a-z0-9._-]{3,50}$/i.test(input.username))
      throw new DomainError(400, 'username: 3-50 letters, digits, . _ -', 'BAD_USERNAME');
    if (!isRoleName(input.roleName)) throw new DomainError(400, `role must be one of the role names`, 'BAD_ROLE');
    if (input.password.length < 10) throw new DomainError(400, 'password: at least 10 characters', 'WEAK_PASSWORD');
    if (await this.repo.findByUsername(input.username))
      throw new DomainError(409, 'username already exists', 'DUPLICATE');
    const role: RoleName = input.roleName;
    const branchId = input.branchCode ? await this.idOf('branch', input.branchCode) : null;
    const hospitalId = input.hospitalCode ? await this.idOf('hospital', input.hospitalCode) : null;
    if ((role === 'Hospital' || role === 'HospitalDoctor' || role === 'Link') && !hospitalId) {
      throw new DomainError(400, `${role} users need --hospital`, 'NEEDS_HOSPITAL');
    }
    if ((role === 'Staff' || role === 'Report Editor' || role === 'Accounting') && !branchId) {
      throw new DomainError(400, `${role} users need --branch`, 'NEEDS_BRANCH');
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
    if (!row) throw new DomainError(400, `unknown ${kind} code ${code}`, 'UNKNOWN_CODE');
    return row.id;
  }
}
