import { menuFor, ROLE_DEFAULTS, visibleMenuItems, type RoleName } from '../../packages/domain/src/index';

/** Every demo user of SEED=demo shares this password. */
export const DEMO_PASSWORD = 'rangsi-demo';

export interface DemoUser {
  username: string;
  role: RoleName;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', role: 'Administrator' },
  { username: 'staff', role: 'Staff' },
  { username: 'doctor1', role: 'Doctor' },
  { username: 'doctor2', role: 'Doctor' },
  { username: 'editor', role: 'Report Editor' },
  { username: 'hospital', role: 'Hospital' },
  { username: 'hospdoc', role: 'HospitalDoctor' },
  { username: 'billing', role: 'Accounting' },
  { username: 'link', role: 'Link' },
];

export function demoUser(username: string): DemoUser {
  const user = DEMO_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`No demo user ${username}`);
  return user;
}

/** The home cards a role's default permissions allow, from the same domain rules the server and web use. */
export function expectedHomeCards(role: RoleName): string[] {
  const menu = menuFor(new Set<string>(ROLE_DEFAULTS[role].permissions)).map((m) => ({ permissionCode: m.code }));
  return visibleMenuItems(menu).map((m) => m.permissionCode);
}
