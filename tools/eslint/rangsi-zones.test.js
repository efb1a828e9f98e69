import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import rangsiZones from './rangsi-zones.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.afterAll = afterAll;

const base = path.join(process.cwd(), 'apps/web/src');
const file = (rel) => path.join(base, rel);

/** The web's zones as eslint.config.js sets them, with short messages. */
const webZones = {
  base,
  aliases: { '@/': '' },
  zones: { shared: ['api', 'components', 'config', 'i18n', 'lib'], feature: ['features/*'], app: ['app'] },
  aliasAcrossUnits: true,
  relativeWithinUnit: true,
  restrictions: [
    {
      from: 'shared',
      to: ['feature', 'app'],
      message: 'shared imports no feature',
      exceptFrom: String.raw`\.test\.tsx?$`,
    },
    { from: 'feature', to: ['feature'], message: 'features never import each other' },
    { from: 'feature', to: ['app'], message: 'features never import app' },
  ],
};

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});

const rule = rangsiZones.rules.zones;
const options = [webZones];
const restricted = (message, from, to) => ({ messageId: 'restricted', data: { message, from, to } });

tester.run('rangsi/zones (web)', rule, {
  valid: [
    // Inside one feature, relative, at any depth; nested areas of a feature are the same feature.
    { filename: file('features/request/request-form-page.tsx'), code: "import { x } from './lib/x';" },
    { filename: file('features/request/components/a/b/deep.tsx'), code: "import { x } from '../../../hooks/use-x';" },
    { filename: file('features/accounting/billing/components/c.tsx'), code: "import { x } from '../../lib/days';" },
    // The shared layer through the alias, from a feature, app/, another shared folder or the root of src/.
    { filename: file('features/request/request-form-page.tsx'), code: "import { api } from '@/api/client';" },
    { filename: file('features/viewer/components/a/b/c.tsx'), code: "import type { T } from '@/lib/x';" },
    { filename: file('app/router.tsx'), code: "const p = import('@/features/login/login-page');" },
    { filename: file('components/error-alert/dialog.tsx'), code: "import { ApiError } from '@/api/api-error';" },
    { filename: file('components/error-alert/dialog.tsx'), code: "import { Spinner } from '../page-spinner';" },
    { filename: file('main.tsx'), code: "import '@/i18n/i18n'; import { App } from '@/app/app';" },
    // A shared folder's test may borrow a feature's fixture.
    {
      filename: file('lib/x.test.ts'),
      code: "import { examFixture } from '@/features/worklist/testing/exam-fixture';",
    },
    // Packages and other workspaces are other rules' business.
    {
      filename: file('features/request/a.tsx'),
      code: "import { z } from 'zod'; import { Role } from '@rangsi/domain';",
    },
    { filename: file('features/viewer/lib/p.test.ts'), code: "import { s } from '../../../../../simulators/src/s';" },
    // A query suffix does not change where the file is.
    { filename: file('features/viewer/cornerstone/w.ts'), code: "import url from './worker.js?url';" },
    // A file outside the tree is not checked.
    {
      filename: path.join(process.cwd(), 'apps/server/src/app.ts'),
      code: "import { x } from '../../web/src/features/a/b';",
    },
  ].map((t) => ({ ...t, options })),
  invalid: [
    // Features never import each other, however the path is written and from any depth.
    {
      filename: file('features/request/request-form-page.tsx'),
      code: "import { PatientForm } from '@/features/patient/patient-form-page';",
      errors: [restricted('features never import each other', 'features/request', 'features/patient')],
    },
    {
      filename: file('features/request/components/a/b.tsx'),
      code: "import { x } from '../../../patient/lib/x';",
      errors: [restricted('features never import each other', 'features/request', 'features/patient')],
    },
    {
      filename: file('features/request/components/b.tsx'),
      code: "export { x } from '../../../../src/features/worklist/x';",
      errors: [restricted('features never import each other', 'features/request', 'features/worklist')],
    },
    {
      filename: file('features/request/components/b.tsx'),
      code: "const m = import('@/features/viewer/viewer-workspace');",
      errors: [restricted('features never import each other', 'features/request', 'features/viewer')],
    },
    {
      filename: file('features/request/components/b.tsx'),
      code: "type T = import('@/features/patient/api/x').Patient;",
      errors: [restricted('features never import each other', 'features/request', 'features/patient')],
    },
    // A feature never imports app/.
    {
      filename: file('features/home/home-page.tsx'),
      code: "import { theme } from '@/app/theme';",
      errors: [restricted('features never import app', 'features/home', 'app')],
    },
    // The shared layer never imports a feature or app/, outside its tests.
    {
      filename: file('components/accept-gate.tsx'),
      code: "import type { Exam } from '@/features/worklist/lib/exam';",
      errors: [restricted('shared imports no feature', 'components', 'features/worklist')],
    },
    {
      filename: file('lib/dates/x.ts'),
      code: "import { router } from '../../app/router';",
      errors: [restricted('shared imports no feature', 'lib', 'app')],
    },
    // Leaving one's unit goes through the alias, never `../`.
    {
      filename: file('features/request/components/a.tsx'),
      code: "import { api } from '../../../api/client';",
      errors: [
        {
          messageId: 'useAlias',
          data: { spec: '../../../api/client', from: 'features/request', to: 'api', suggestion: '@/api/client' },
        },
      ],
    },
    {
      filename: file('components/error-alert/dialog.tsx'),
      code: "import { ApiError } from '../../api/api-error';",
      errors: [{ messageId: 'useAlias' }],
    },
    {
      filename: file('main.tsx'),
      code: "import { App } from './app/app';",
      errors: [{ messageId: 'useAlias' }],
    },
    // Staying inside one's unit is relative, so a feature can be renamed as a whole.
    {
      filename: file('features/request/components/a.tsx'),
      code: "import { x } from '@/features/request/lib/x';",
      errors: [{ messageId: 'useRelative', data: { spec: '@/features/request/lib/x', unit: 'features/request' } }],
    },
  ].map((t) => ({ ...t, options })),
});

// The same rule with server-like zones: library folders below the modules, a module reaching only another
// module's repository is refused (what eslint.config.js's moduleBlocks say with one block per depth today).
const serverZones = {
  base: path.join(process.cwd(), 'apps/server/src'),
  zones: { library: ['db', 'dicom', 'auth'], module: ['modules/*'], seed: ['seed'] },
  restrictions: [
    {
      from: 'library',
      to: ['module', 'seed'],
      message: 'library imports no module',
      exceptFrom: String.raw`\.test\.ts$`,
    },
    { from: 'module', to: ['module'], targets: String.raw`\.repository(\.ts)?$`, message: 'call its service' },
  ],
};
const serverFile = (rel) => path.join(serverZones.base, rel);

tester.run('rangsi/zones (server-like zones)', rule, {
  valid: [
    {
      filename: serverFile('modules/exams/exams.service.ts'),
      code: "import { X } from '../patients/patients.service';",
    },
    { filename: serverFile('modules/exams/exams.service.ts'), code: "import { X } from './exams.repository';" },
    { filename: serverFile('dicom/archive/a.ts'), code: "import { db } from '../../db/client';" },
    { filename: serverFile('dicom/archive/a.test.ts'), code: "import { seed } from '../../seed/seed';" },
  ].map((t) => ({ ...t, options: [serverZones] })),
  invalid: [
    {
      filename: serverFile('modules/exams/dicom-import/a.ts'),
      code: "import { R } from '../../patients/patients.repository';",
      errors: [restricted('call its service', 'modules/exams', 'modules/patients')],
    },
    {
      filename: serverFile('dicom/archive/a.ts'),
      code: "import { X } from '../../modules/exams/exams.service';",
      errors: [restricted('library imports no module', 'dicom', 'modules/exams')],
    },
  ].map((t) => ({ ...t, options: [serverZones] })),
});
