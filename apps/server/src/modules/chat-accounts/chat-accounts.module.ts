import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import type { JobLog, JobQueue } from '../../jobs/job-queue';
import type { LineLoginSettings } from '../../integrations/line/line-login.client';
import { defineAssignmentNotice } from './assignment-notice';
import { ChatAccountsRepository } from './chat-accounts.repository';
import { chatAccountsRoutes } from './chat-accounts.routes';
import { ChatAccountsService } from './chat-accounts.service';

export interface ChatAccountsModuleDeps {
  db: Database;
  audit: AuditService;
  jobs: JobQueue;
  log: Pick<JobLog, 'info' | 'warn'>;
  now: () => Date;
  /** LINE Login's channel; null: linking is not offered. */
  login: LineLoginSettings | null;
  /** The Messaging API (api.line.me and the channel access token); null: no assignment notices. */
  push: { apiUrl: string; channelToken: string } | null;
  /** PUBLIC_BASE_URL: the worklist link in a notice (none when unset: a job has no request to take it from). */
  publicBaseUrl: string | null;
}

/**
 * Chat accounts (LINE), wired: the routes that link and unlink, and `examAssigned`, the listener the exams module
 * calls inside an assignment (app.ts hands it over), which queues the doctor's LINE notice.
 */
export function chatAccountsModule(deps: ChatAccountsModuleDeps) {
  const repo = new ChatAccountsRepository(deps.db);
  const service = new ChatAccountsService({ repo, audit: deps.audit, login: deps.login, now: deps.now });
  const notice = defineAssignmentNotice({
    queue: deps.jobs,
    repo,
    push: deps.push,
    publicBaseUrl: deps.publicBaseUrl,
    log: deps.log,
  });
  const plugin = async (app: FastifyInstance): Promise<void> => {
    await app.register(chatAccountsRoutes(service));
  };
  /** Where the drawer's LINE link goes when the site configuration names none (decision ln03). */
  const loginDialogPath = deps.login ? '/api/chat-account/line/login' : null;
  return { service, plugin, examAssigned: notice.examAssigned, loginDialogPath };
}
