/**
 * The report engine: a registry of report definitions rendered to PDF (issue 8; spec §2 Report screens, §3 Report,
 * §7 Reports; docs/decisions/README.md "Report engine", R1–R12).
 *
 * A report is a `ReportDefinition` (see `defineReport`): its name (`{prefix}…{.rpt}`; the prefix is the kind the
 * screens ask reportlist for: pacs, accounting, branch_report_daily|monthly, billing_, doctor, center_report,
 * sticker), who may run it (a permission, checked here, and the data scope its loader reads), its parameters (a zod
 * schema over url-encoded form strings, see form-params.ts), a loader (SQL in a repository, checking the scope of
 * what it is asked for) and a template (React, rendered to static HTML with `lang="th"` and Sarabun by
 * templates/report-document.tsx, printed by the one pooled Chromium of pdf/pdf-renderer.ts).
 *
 * For the radiology report (modules/reports) and anything else that prints:
 *
 *   // app.ts registers the engine (report-engine.plugin.ts), which decorates the app:
 *   app.reports.register(defineReport({ name: 'pacs_report.rpt', permission: 'EXAM_REPORT', scope: 'exam', … }));
 *   const { pdf, fileName } = await app.reports.render('pacs_report.rpt', { examId }, user);   // pdf: Buffer
 *
 *   // outside HTTP (the demo seed, a job), the same engine on its own:
 *   const engine = createReportEngine({ db, pdf: pdfRenderer });   // report-engine.ts
 *   await engine.render(name, params, user, { checkAccess: false });  // the caller has checked who asks
 *
 * `render` throws DomainErrors: 404 for an unknown name, 403 when the user may not run it (or asks for data outside
 * their scope), 400 with `errors: [{ field, message }]` for bad parameters; the error handler maps them.
 * Registered definitions show in `GET /api/reports/reportlist?prefix=` for users who may run them, in the order they
 * were registered (the first of a prefix is the first tab).
 * TSX files of templates start with the pragma `/* @jsxRuntime automatic *\/`: `tsx apps/server/src/main.ts` runs
 * from the repository root, where no tsconfig sets "jsx".
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { z } from 'zod';
import type { FinishedReportEntry, Report, ReportField, ReportFieldKind, ReportListQuery } from '@rangsi/contract';
import type { PermissionCode } from '@rangsi/domain';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { RouteAccess } from '../../auth/route-access';
import type { PdfPage, PdfRenderer } from '../../pdf/pdf-renderer';
import { verbatim } from '../../i18n/catalogue';
import { reportEngineError, reportParamError } from './report-engine.errors';

/** Who runs a report, when, and from which page. */
export interface ReportContext {
  user: CurrentUser;
  now: Date;
  /** The branch of the page that lists the reports (reportlist's examBranchId), when it gave one. */
  examBranchId?: number;
}

/** A parameter as the form shows it; branch and doctor choices are filled by the engine for the user. */
export interface ReportFieldSpec {
  name: string;
  kind: ReportFieldKind;
  required: boolean;
  /** The choices of a select field. */
  options?: { value: string; label: string }[];
}

export interface ReportDefinition<P = unknown, D = unknown> {
  /** Unique, `{prefix}…` with an optional extension the tabs hide (`branch_report_daily.rpt`). */
  name: string;
  title: string;
  titleEn: string;
  /** The flag the user must hold (any of `anyOf` also does). */
  permission: PermissionCode;
  anyOf?: readonly PermissionCode[];
  /** The data scope the loader reads (documentation, as routes declare it; the loader applies it). */
  scope: RouteAccess['scope'];
  /** Parameters from the url-encoded form (strings), coerced and checked. */
  params: z.ZodType<P>;
  fields: readonly ReportFieldSpec[];
  /** Values the form starts with (Report.reportParameters). */
  defaults?: (ctx: ReportContext) => Record<string, string> | Promise<Record<string, string>>;
  /** Listed for this page? (e.g. only for some branches). All pages when absent. */
  availableFor?: (ctx: ReportContext) => boolean | Promise<boolean>;
  /** Stored versions to list (Report.finishedReports); none when absent. */
  finishedReports?: (ctx: ReportContext) => Promise<FinishedReportEntry[]>;
  paper: NonNullable<PdfPage['paper']>;
  /** Reads the data (scope checked: 403/404 DomainErrors for what the user may not see). */
  load: (ctx: ReportContext, params: P) => Promise<D>;
  template: (data: D, params: P, ctx: ReportContext) => ReactElement;
  /** The PDF's file name (Content-Disposition); the name with .pdf when absent. */
  fileName?: (params: P, data: D) => string;
  /** The patient a document is about, for the audit log. */
  patientOf?: (data: D) => string | null | undefined;
}

/** Types a definition (its parameters and data flow from the schema and the loader). */
export function defineReport<P, D>(def: ReportDefinition<P, D>): ReportDefinition<P, D> {
  return def;
}

type AnyReport = ReportDefinition<unknown, unknown>;

export interface ReportHtml {
  html: string;
  paper: NonNullable<PdfPage['paper']>;
  title: string;
  fileName: string;
}

export interface RenderedReport {
  pdf: Buffer;
  title: string;
  fileName: string;
}

export interface RenderOptions {
  /** false for callers acting for a person already checked (a job, the demo seed); true by default. */
  checkAccess?: boolean;
}

/** Where the engine finds the choices of branch and doctor fields for a user. */
export interface ReportChoices {
  branchOptions(user: CurrentUser): Promise<{ id: number; name: string }[]>;
  doctorOptions(user: CurrentUser): Promise<{ id: string; name: string }[]>;
}

export interface ReportEngineDeps {
  pdf: PdfRenderer;
  choices: ReportChoices;
  now?: () => Date;
  audit?: AuditService;
}

const NAME = /^[a-z0-9_]{1,80}(\.[a-z0-9]{1,10})?$/i;

/** The registry and the one way to render a report: look up, authorize, parse, load, template, print. */
export class ReportEngine {
  private readonly defs = new Map<string, AnyReport>();
  private readonly now: () => Date;

  constructor(private readonly deps: ReportEngineDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Adds a definition; a name registered twice is a programming error. */
  register<P, D>(def: ReportDefinition<P, D>): this {
    const key = def.name.toLowerCase();
    if (!NAME.test(def.name)) throw new Error(`report name ${def.name} is not {prefix}…[.ext]`);
    if (this.defs.has(key)) throw new Error(`report ${def.name} is registered twice`);
    this.defs.set(key, def as unknown as AnyReport);
    return this;
  }

  definition(name: string): AnyReport | undefined {
    return NAME.test(name) ? this.defs.get(name.toLowerCase()) : undefined;
  }

  /** Every registered name, in registration order. */
  names(): string[] {
    return [...this.defs.values()].map((d) => d.name);
  }

  mayRun(user: CurrentUser, def: Pick<AnyReport, 'permission' | 'anyOf'>): boolean {
    return [def.permission, ...(def.anyOf ?? [])].some((p) => user.permissions.has(p));
  }

  /**
   * GET /api/reports/reportlist: the reports of a prefix the user may run, each with the form's fields (branch and
   * doctor choices limited to what the user may ask for) and its starting values.
   */
  async list(user: CurrentUser, q: ReportListQuery): Promise<Report[]> {
    const prefix = (q.prefix ?? '').toLowerCase();
    const ctx: ReportContext = { user, now: this.now(), ...(q.examBranchId ? { examBranchId: q.examBranchId } : {}) };
    let branches: Promise<{ id: number; name: string }[]> | undefined;
    let doctors: Promise<{ id: string; name: string }[]> | undefined;
    const out: Report[] = [];
    for (const def of this.defs.values()) {
      if (!def.name.toLowerCase().startsWith(prefix) || !this.mayRun(user, def)) continue;
      if (def.availableFor && !(await def.availableFor(ctx))) continue;
      const values = { ...(await def.defaults?.(ctx)) };
      const fields: ReportField[] = [];
      for (const f of def.fields) {
        if (f.kind === 'branch') {
          const options = await (branches ??= this.deps.choices.branchOptions(user));
          fields.push({ ...f, options: options.map((o) => ({ value: String(o.id), label: o.name })) });
          values[f.name] ??= String(
            pickBranch(
              options.map((o) => o.id),
              ctx.examBranchId,
              user.branchId,
            ) ?? '',
          );
        } else if (f.kind === 'doctor') {
          const options = await (doctors ??= this.deps.choices.doctorOptions(user));
          fields.push({ ...f, options: options.map((o) => ({ value: o.id, label: o.name })) });
          if (user.scope === 'assigned') values[f.name] ??= user.userId;
        } else {
          fields.push({ ...f });
        }
      }
      out.push({
        reportName: def.name,
        title: def.title,
        titleEn: def.titleEn,
        reportParameters: Object.entries(values).map(([parameterName, value]) => ({ parameterName, value })),
        fields,
        finishedReports: (await def.finishedReports?.(ctx)) ?? [],
      });
    }
    return out;
  }

  /** The document as HTML (what Chromium prints); the same checks as render. */
  async renderHtml(name: string, raw: unknown, user: CurrentUser, opts: RenderOptions = {}): Promise<ReportHtml> {
    const def = this.definition(name);
    if (!def) throw reportEngineError('REPORT_UNKNOWN', { name });
    if (opts.checkAccess !== false && !this.mayRun(user, def)) throw reportEngineError('REPORT_ENGINE_FORBIDDEN');
    const parsed = def.params.safeParse(raw ?? {});
    if (!parsed.success) {
      throw reportParamError(
        parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: verbatim(i.message) })),
      );
    }
    const ctx: ReportContext = { user, now: this.now() };
    const data = await def.load(ctx, parsed.data);
    const html = `<!doctype html>${renderToStaticMarkup(def.template(data, parsed.data, ctx))}`;
    if (this.deps.audit) {
      await this.deps.audit.record(
        null,
        {
          action: 'report.print',
          entityType: 'report',
          entityId: def.name,
          patientId: def.patientOf?.(data) ?? null,
          detail: { parameters: Object.keys(parsed.data ?? {}) },
        },
        { userId: user.userId, username: user.username },
      );
    }
    return {
      html,
      paper: def.paper,
      title: def.title,
      fileName: def.fileName?.(parsed.data, data) ?? `${def.name.replace(/\.[^.]*$/, '')}.pdf`,
    };
  }

  /** The document as a PDF. */
  async render(name: string, raw: unknown, user: CurrentUser, opts: RenderOptions = {}): Promise<RenderedReport> {
    const doc = await this.renderHtml(name, raw, user, opts);
    const pdf = await this.deps.pdf.render({ html: doc.html, paper: doc.paper });
    return { pdf, title: doc.title, fileName: doc.fileName };
  }
}

/** The branch a form starts with: the page's, else the user's, else the first they may choose. */
function pickBranch(options: number[], examBranchId: number | undefined, own: number | null): number | undefined {
  if (examBranchId !== undefined && options.includes(examBranchId)) return examBranchId;
  if (own !== null && options.includes(own)) return own;
  return options[0];
}
