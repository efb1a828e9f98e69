import { X509Certificate, createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { ConfigError } from './config-error';
import { isProxyEntry } from './http/public-origin';
import { parseMoveDestinations } from './dicom/dimse/qr/move-destinations';
import { parseQueryAeTitles } from './dicom/dimse/qr/query-ae-titles';
import {
  ASSUMABLE_EXPECTED,
  parseAnswerCharacterSets,
  parseAssumedCharacterSets,
} from './dicom/dimse/ae-character-sets';
import { assumableCharacterSet } from './dicom/parse/charset';
import { readCertificateFile, readPrivateKeyFile, type TlsFile } from './dicom/dimse/tls-files';

const Port = z.coerce.number().int().min(0).max(65535);
/** An http(s) origin (no path), normalised without its trailing slash. */
const httpOrigin = z
  .string()
  .url('must be an http:// or https:// origin such as https://api.line.me')
  .refine(
    (v) => /^https?:\/\//i.test(v) && new URL(v).pathname === '/' && !new URL(v).search,
    'must be an origin (no path)',
  )
  .transform((v) => new URL(v).origin);

/** AE titles, each with an optional scope (`AE`, `AE=branch:CODE`, `AE=hospital:CODE`; docs/decisions/in15-querying-ae-title-may-scoped.md). */
const AeScopes = z
  .string()
  .default('')
  .transform((v, ctx) => {
    const parsed = parseQueryAeTitles(v);
    if (parsed.ok) return parsed.scopes;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  });

/** `AE=SET` entries of a per-AE character set setting (docs/decisions/io22-character-set-settings.md). */
const AeCharacterSets = <T extends string>(
  parse: (v: string) => { ok: true; sets: Map<string, T> } | { ok: false; error: string },
) =>
  z
    .string()
    .default('')
    .transform((v, ctx) => {
      const parsed = parse(v);
      if (parsed.ok) return parsed.sets;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    });

/** A PEM file of the DICOM TLS port, read and checked now so that a bad one stops the start naming its setting. */
const PemFile = (read: typeof readCertificateFile | typeof readPrivateKeyFile) =>
  z
    .string()
    .min(1)
    .transform((path, ctx): TlsFile => {
      const r = read(path);
      if (r.ok) return r.file;
      ctx.addIssue({ code: 'custom', message: r.error });
      return z.NEVER;
    })
    .optional();

/** Every setting, read from the environment once at boot; a bad value stops the start with a message naming it. */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * HTTP bind address. Unset: 0.0.0.0, except while demo logins with the published password exist: then 127.0.0.1
   * (SEC80); set it (even to 0.0.0.0) to choose.
   */
  HOST: z.string().min(1).optional(),
  PORT: Port.default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SEED: z.enum(['demo', 'none', 'auto']).default('auto'),
  /** After the demo seed: generated images for recent demo exams, in the background (decisions DI1–DI4, docs/decisions/README.md). */
  DEMO_IMAGES: z.enum(['on', 'off']).default('on'),
  DICOM_PORT: Port.default(11112),
  DICOM_AE_TITLE: z
    .string()
    .regex(/^[ -~]{1,16}$/, 'must be 1-16 printable ASCII characters')
    .default('RANGSI'),
  /** Address the DICOM listener binds; defaults to HOST. */
  DICOM_HOST: z.string().min(1).optional(),
  /**
   * Calling AE titles (modalities) that may associate: store images and query the worklist, comma-separated. Also
   * allowed: the AEs named in DICOM_QUERY_AE_TITLES and DICOM_WORKLIST_AE_SCOPES and the demo's modalities. `*` alone:
   * any AE (the behaviour before issue 23). Empty: no other AE (docs/decisions/sec21-dicom-calling-ae-allow-list.md).
   */
  DICOM_ALLOWED_AE_TITLES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    )
    .refine(
      (list) => list.every((t) => /^[ -[\]-~]{1,16}$/.test(t)),
      'must be a comma-separated list of AE titles (1-16 printable ASCII characters, no backslash)',
    ),
  /**
   * Calling AE titles (workstations) that may query and retrieve (C-FIND, C-GET, C-MOVE), comma-separated, each with
   * an optional scope: `AE` (every study), `AE=branch:CODE`, `AE=hospital:CODE` (docs/decisions/in15-querying-ae-title-may-scoped.md); empty = none.
   */
  DICOM_QUERY_AE_TITLES: AeScopes,
  /** A DICOM connection must send its A-ASSOCIATE-RQ within this many seconds (idle sockets must not hold slots). */
  DICOM_ASSOCIATION_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(5),
  /** Simultaneous DICOM associations; more are rejected as transient (local-limit-exceeded). */
  DICOM_MAX_ASSOCIATIONS: z.coerce.number().int().min(1).max(1000).default(32),
  /** Per remote address: associations, and connections waiting for their association request. */
  DICOM_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(8),
  /**
   * Modality AE titles whose worklist is limited to some branches or client hospitals: `AE=branch:CODE` or
   * `AE=hospital:CODE` (or `AE` alone: every exam), comma-separated; an AE not listed sees every scheduled exam unless
   * DICOM_WORKLIST_UNLISTED is `refuse` (docs/decisions/in15-querying-ae-title-may-scoped.md).
   */
  DICOM_WORKLIST_AE_SCOPES: AeScopes,
  /**
   * What a modality AE not on DICOM_WORKLIST_AE_SCOPES gets: `all` scheduled exams (the default), or `refuse`: no
   * worklist (the presentation context is rejected at association), so that only listed modalities see patients.
   */
  DICOM_WORKLIST_UNLISTED: z.enum(['all', 'refuse']).default('all'),
  /**
   * The character set of instances that declare none (0008,0005), from any sender without one of its own below
   * (C-STORE, STOW-RS, the web import, the reindex): ISO_IR 166 where modalities send TIS-620 undeclared. Unset:
   * UTF-8 where the bytes are valid UTF-8, else Latin-1 (docs/decisions/io20-assumed-character-set.md).
   */
  DICOM_ASSUMED_CHARACTER_SET: z
    .string()
    .transform((v, ctx) => {
      const set = assumableCharacterSet(v);
      if (set) return set;
      ctx.addIssue({ code: 'custom', message: `must be ${ASSUMABLE_EXPECTED}` });
      return z.NEVER;
    })
    .optional(),
  /** Per calling AE: `AE=ISO_IR 166`, comma-separated; the set its instances are read as when they declare none. */
  DICOM_AE_ASSUMED_CHARACTER_SETS: AeCharacterSets(parseAssumedCharacterSets),
  /**
   * Per calling AE: `AE=ISO_IR 166` (TIS-620) or `AE=ISO_IR 192` (UTF-8, every other AE), comma-separated; the set its
   * worklist and C-FIND answers are written in (docs/decisions/io21-answer-character-set.md).
   */
  DICOM_AE_ANSWER_CHARACTER_SETS: AeCharacterSets(parseAnswerCharacterSets),
  /**
   * A second DICOM port speaking TLS (PS3.15 B.9 BCP 195: TLS 1.2 or later), same AE title, allow-lists and limits as
   * DICOM_PORT; unset or 0: none (docs/decisions/io23-dicom-tls-port.md).
   */
  DICOM_TLS_PORT: Port.optional(),
  /** PEM certificate (chain) of the TLS port. */
  DICOM_TLS_CERT_FILE: PemFile(readCertificateFile),
  /** PEM private key (unencrypted) of DICOM_TLS_CERT_FILE. */
  DICOM_TLS_KEY_FILE: PemFile(readPrivateKeyFile),
  /** PEM CA certificate(s): when set, a peer must present a certificate signed by one of them. */
  DICOM_TLS_CA_FILE: PemFile(readCertificateFile),
  /** Where a C-MOVE may send images: `AE@host:port`, comma-separated; empty = C-MOVE not offered (docs/decisions/in13-c-move-sends-only-destinations.md). */
  DICOM_MOVE_DESTINATIONS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const parsed = parseMoveDestinations(v);
      if (parsed.ok) return parsed.destinations;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  COOKIE_SECURE: z.enum(['true', 'false', 'auto']).default('auto'),
  /**
   * The address people reach the app at (https://ris.example.org): film links and the photo QR are built on it, never
   * on the request's Host (decision sec43). Unset: the request's own address.
   */
  PUBLIC_BASE_URL: z
    .string()
    .url('must be an http:// or https:// URL such as https://ris.example.org')
    .refine(
      (v) => /^https?:\/\//i.test(v) && new URL(v).pathname === '/' && !new URL(v).search,
      'must be an http:// or https:// origin such as https://ris.example.org (no path)',
    )
    .transform((v) => new URL(v).origin)
    .optional(),
  /**
   * Reverse proxies whose X-Forwarded-For / -Proto / -Host are believed: addresses or CIDR blocks, comma-separated
   * (or loopback, linklocal, uniquelocal). Empty (the default): none, the peer's own address and Host count.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    )
    .refine(
      (list) => list.every(isProxyEntry),
      'must be a comma-separated list of IP addresses or CIDR blocks (such as 10.0.0.5,192.168.0.0/24)',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: one readable line per entry (pino-pretty) outside production on a terminal, JSON lines otherwise. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  WEB_DIST: z.string().optional(),
  /** Hospital HIS gateway and ID-card reader helper as the browser reaches them (override the site config). */
  GATEWAY_URL: z.string().url().optional(),
  ID_CARD_READER_URL: z.string().url().optional(),
  /** The CD download and RadiAnt helpers as the browser reaches them (override site config `workstationHelpers`). */
  CD_HELPER_URL: z.string().url().optional(),
  RADIANT_HELPER_URL: z.string().url().optional(),
  /** The health-coverage (NHSO) helper the request form calls from the browser (spec §7 Local helper services). */
  NHSO_SERVICE_URL: z.string().url().optional(),
  /** The Chromium that prints every PDF (reports, stickers); Debian's package by default (docs/decisions/r1-every-document-html-printed-one.md). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Pages kept open for printing; each holds ~30 MB. */
  PDF_PAGE_POOL: z.coerce.number().int().min(1).max(8).default(2),
  /**
   * PromptPay bill-payment biller id (15 digits: the payee's tax id + the bank's 2-digit suffix) printed as a Thai QR
   * code on billing statements and invoices (decision acc41). Unset: no QR code is printed.
   */
  PROMPTPAY_BILLER_ID: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine(
      (v) => /^\d{15}$/.test(v),
      'must be the 15-digit PromptPay biller id (13-digit tax id + 2-digit suffix) the bank issued',
    )
    .optional(),
  /**
   * LINE Login (decision ln03): the channel a user links their chat account through. Both set: the drawer offers the
   * link (unless the site configuration names another login dialog); unset: no LINE Login.
   */
  LINE_LOGIN_CHANNEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the LINE Login channel id (digits)')
    .optional(),
  LINE_LOGIN_CHANNEL_SECRET: z.string().min(16, 'must be the LINE Login channel secret').optional(),
  /** LINE's authorization server (the login dialog, and the ID tokens' issuer) and its API (token, profile, push). */
  LINE_LOGIN_URL: httpOrigin.default('https://access.line.me'),
  LINE_API_URL: httpOrigin.default('https://api.line.me'),
  /** The Messaging API channel access token: assignment notices are pushed to linked doctors; unset, none (ln05). */
  LINE_MESSAGING_CHANNEL_TOKEN: z.string().min(16, 'must be a Messaging API channel access token').optional(),
  /** The hospital gateway that receives finished reports (HL7 v2 ORU^R01 over HTTP); unset: ping-gateway reports failure. */
  REPORT_GATEWAY_URL: z.string().url().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /**
   * Cold archive: a study whose images have not changed for this many days is packed into one zip in cold storage
   * (exam zipStatus Archive, unzipped on demand). Unset: never.
   */
  DICOM_ARCHIVE_AFTER_DAYS: z.coerce.number().int('must be a whole number of days').min(1).max(36_500).optional(),
  /** Where the cold zips live (another disk, a mounted share); defaults to DATA_DIR/files under the prefix dicom-cold. */
  DICOM_COLD_DIR: z.string().min(1).optional(),
  /** DICOM delete hides the images at once; their files and index rows are purged this many hours later (0: at once). */
  DICOM_PURGE_AFTER_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** Where stored files live: `local` (DATA_DIR/files) or `s3` (an S3-compatible bucket, for scale-out; docs/decisions/st1-one-filestore-interface-chosen-file.md). */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  /** S3-compatible endpoint (MinIO, Ceph RGW …); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z
    .string()
    .url('must be an http:// or https:// URL')
    .refine((u) => /^https?:\/\//i.test(u), 'must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (endpoint/bucket/key), what MinIO and Ceph expect; false: virtual-host style (bucket.endpoint/key). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], 'must be true or false')
    .default('true')
    .transform((v) => v === 'true'),
  /** Folder inside the bucket every key goes under (several deployments sharing one bucket). */
  S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/,
      'must be a key prefix such as rangsi/ (letters, digits, . _ - and /)',
    )
    .optional(),
  /** Where backup archives go (docs/decisions/sec60-backup-archive.md); defaults to DATA_DIR/backups. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Backup archives kept; older ones are removed after each successful backup. */
  BACKUP_KEEP: z.coerce.number().int('must be a whole number').min(1).max(1000).default(14),
  /** When the nightly backup runs (cron, Asia/Bangkok), or `off`. */
  BACKUP_CRON: z
    .string()
    .regex(/^(off|(\S+\s+){4}\S+)$/, 'must be a cron expression of five fields, or off')
    .default('30 2 * * *'),
});

/** The DICOM TLS port and its files (DICOM_TLS_*), when there is one. */
export interface DicomTlsSettings {
  port: number;
  cert: Buffer;
  key: Buffer;
  /** Client certificates are required and checked against it when set. */
  ca: Buffer | null;
}

export type Config = z.infer<typeof ConfigSchema> & { sessionSecret: string; dicomTls: DicomTlsSettings | null };

export { ConfigError };

/** Parses the environment into the config, or throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 characters)');
  }
  if (Boolean(c.LINE_LOGIN_CHANNEL_ID) !== Boolean(c.LINE_LOGIN_CHANNEL_SECRET)) {
    const missing = c.LINE_LOGIN_CHANNEL_ID ? 'LINE_LOGIN_CHANNEL_SECRET' : 'LINE_LOGIN_CHANNEL_ID';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required with the other LINE_LOGIN_CHANNEL_ setting`);
  }
  if (c.FILE_STORE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !c[name]);
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required when FILE_STORE=s3`).join('\n')}`,
      );
  }
  const dicomTls = dicomTlsOf(c);
  // Outside production a per-data-dir secret is generated by the session module when none is given.
  return { ...c, sessionSecret: c.SESSION_SECRET ?? '', dicomTls };
}

/** DICOM_TLS_*: all or nothing, the key the certificate's, a port of its own. */
function dicomTlsOf(c: z.infer<typeof ConfigSchema>): DicomTlsSettings | null {
  const fail = (lines: string[]) => {
    throw new ConfigError(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);
  };
  const files = { DICOM_TLS_CERT_FILE: c.DICOM_TLS_CERT_FILE, DICOM_TLS_KEY_FILE: c.DICOM_TLS_KEY_FILE };
  if (!c.DICOM_TLS_PORT) {
    const stray = (['DICOM_TLS_CERT_FILE', 'DICOM_TLS_KEY_FILE', 'DICOM_TLS_CA_FILE'] as const).filter((n) => c[n]);
    if (stray.length) fail(stray.map((n) => `${n}: set without DICOM_TLS_PORT (the TLS port is off)`));
    return null;
  }
  const missing = Object.entries(files).filter(([, f]) => !f);
  if (missing.length) fail(missing.map(([n]) => `${n}: required when DICOM_TLS_PORT is set`));
  // The TLS port is a second door of the one listener, which DICOM_PORT=0 turns off.
  if (c.DICOM_PORT === 0) fail(['DICOM_TLS_PORT: needs the DICOM listener (DICOM_PORT is 0)']);
  if (c.DICOM_TLS_PORT === c.DICOM_PORT) fail(['DICOM_TLS_PORT: must differ from DICOM_PORT']);
  const cert = c.DICOM_TLS_CERT_FILE!;
  const key = c.DICOM_TLS_KEY_FILE!;
  if (!new X509Certificate(cert.pem).checkPrivateKey(createPrivateKey(key.pem)))
    fail([`DICOM_TLS_KEY_FILE: ${key.path} is not the key of the certificate in DICOM_TLS_CERT_FILE`]);
  return { port: c.DICOM_TLS_PORT, cert: cert.pem, key: key.pem, ca: c.DICOM_TLS_CA_FILE?.pem ?? null };
}
