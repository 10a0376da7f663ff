import path from 'node:path';
import {
  MAIL_CAP_PER_ACCOUNT_PER_DAY,
  MAX_UPLOAD_BYTES,
  STORAGE_QUOTAS,
  type StorageQuotas,
} from '@voirie/domain';

/** The S3-compatible bucket holding the files (files/s3-storage.ts). */
export interface S3Settings {
  bucket: string;
  /** An S3-compatible service's address (absent: AWS). */
  endpoint?: string | undefined;
  region: string;
  /** Absent: the SDK's usual sources (AWS_ACCESS_KEY_ID…, instance profile). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** bucket in the path rather than the host name (MinIO, most S3-compatible services). */
  forcePathStyle: boolean;
  /** Keys are written under it ('' or e.g. 'voirie/'), so one bucket may hold several portals. */
  prefix: string;
}

/**
 * An ONLYOFFICE Document Server the portal hands its documents to (docs/templates.md « Editing a
 * generated document »): off (null) unless ONLYOFFICE_URL is set.
 */
export interface OnlyofficeSettings {
  /** The Document Server's address, as the browser reaches it (ONLYOFFICE_URL). */
  url: string;
  /** The secret of its JWT (ONLYOFFICE_JWT_SECRET, the server's services.CoAuthoring.secret). */
  jwtSecret: string;
}

/** Everything the server reads from the environment, read once. */
export interface Config {
  port: number;
  host: string;
  /** Root of the embedded mode's files: database, documents, mails. */
  dataDir: string;
  /** PostgreSQL (with PostGIS) connection; absent -> embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Base of the links sent by mail. */
  publicUrl: string;
  /** SMTP server; absent -> mails are written as .eml files under dataDir/mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Demo accounts and demo data: the embedded default, or SEED_DEMO=1 on PostgreSQL. */
  seedDemo: boolean;
  /**
   * Closed for maintenance (MAINTENANCE=1, docs/operations.md "Maintenance"): the API answers 503
   * MAINTENANCE but for its health and public configuration; the web app shows /maintenance.
   */
  maintenance: boolean;
  /** Signing key for session tokens; absent -> generated once and kept in the database. */
  jwtSecret: string | undefined;
  sessionTtlSeconds: number;
  /** The user id whose 'Mon compte' entry is hidden (spec: configuration, not code). */
  hiddenAccountUserId: number | null;
  communityName: string;
  /** Send cookies only over HTTPS (on when PUBLIC_URL is https). */
  secureCookies: boolean;
  logLevel: string;
  /** Built web app served with the API; absent folder -> API only. */
  webDist: string;
  /** Overrides the 48 h / 1 h link lifetimes (LINK_TTL_SECONDS, for expiry tests only). */
  linkTtlSeconds: number | undefined;
  /**
   * Sign-in, reset and password-change throttling (docs/decisions/0002-login-throttling.md):
   * free failures per account + address and per address before growing delays (from
   * firstDelaySeconds, doubling, capped at windowSeconds); sign-ups per address per window.
   */
  rateLimit: { windowSeconds: number; perAccount: number; perAddress: number; firstDelaySeconds: number };
  /** Filings (POST request) one account may make per hour (FILING_MAX_PER_HOUR). */
  filingMaxPerHour: number;
  /** Address search: the local `address` table (offline, default) or the national API (GEOCODER=ban). */
  geocoder: 'local' | 'ban';
  /** Base URL of the national address API (GEOCODER_BAN_URL; tests point it at a local server). */
  geocoderBanUrl: string;
  /** Largest accepted upload, in bytes (UPLOAD_MAX_BYTES; the domain's 20 MB by default). */
  uploadMaxBytes: number;
  /**
   * The storage quotas (the domain's STORAGE_QUOTAS by default): all the documents of one
   * request (UPLOAD_MAX_BYTES_PER_REQUEST), what one account uploads in 24 hours
   * (UPLOAD_MAX_BYTES_PER_ACCOUNT_PER_DAY).
   */
  storageQuotas: StorageQuotas;
  /**
   * How long a sender may take to send a request (http/timeouts.ts): headers and a body without
   * files (REQUEST_TIMEOUT_SECONDS), a form with files (UPLOAD_TIMEOUT_SECONDS).
   */
  timeouts: { requestSeconds: number; uploadSeconds: number };
  /** The departmental mailbox a request may be reoriented to (DEPARTMENT_MAILBOX; empty: none). */
  departmentMailbox: string | null;
  /** Where formal notices sent to the records system are mailed (RECORDS_MAILBOX; empty: traced only). */
  recordsMailbox: string | null;
  /**
   * Age below which the file sweep leaves temporary and unreferenced stored files alone
   * (FILE_SWEEP_GRACE_SECONDS; uploads under way in other instances are younger).
   */
  fileSweepGraceSeconds: number;
  /**
   * Longest a database statement of a request may run, in ms (DB_STATEMENT_TIMEOUT_MS; 0: no
   * limit): past it the statement is stopped and the request answered 503 in French.
   */
  statementTimeoutMs: number;
  /** Mail delivery and abuse limits. */
  mail: MailConfig;
  /** NODE_ENV=production: the server refuses to start while an account has the demo password. */
  production: boolean;
  /** Where the files are: under DATA_DIR (default), or an S3-compatible bucket when S3_BUCKET is set. */
  s3: S3Settings | null;
  /** An ONLYOFFICE Document Server instead of the portal's own editor (ONLYOFFICE_URL); null: off. */
  onlyoffice: OnlyofficeSettings | null;
  /**
   * The key that encrypts the seal's certificate in the database (SEAL_KEY, 32 bytes in base64);
   * absent: a key file generated once in dataDir (docs/decisions/0018-seal-key.md).
   */
  sealKey: Buffer | undefined;
}

interface MailConfig {
  /** Hours a mail keeps being retried before it is shown as failed (MAIL_RETRY_HOURS). */
  retryHours: number;
  /** Overall time limit of one mail, in ms (MAIL_SEND_TIMEOUT_MS). */
  sendTimeoutMs: number;
  /** SMTP connection, greeting and inactivity limits, in ms (SMTP_*_TIMEOUT_MS). */
  smtpTimeouts: { connectionMs: number; greetingMs: number; socketMs: number };
  /** Mails an account may cause per 24 h to addresses neither its own nor staff (MAIL_MAX_PER_ACCOUNT_PER_DAY). */
  maxPerAccountPerDay: number;
}

/**
 * The statement time limit's default: five times the slowest statement the bench measures at
 * 1,000,000 requests, short enough that no request holds the embedded database for long.
 */
const STATEMENT_TIMEOUT_MS = 5000;

// npm scripts run from the repository root: paths are relative to it.
function intOr(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) ? parsed : fallback;
}

function positiveIntOr(value: string | undefined, fallback: number): number {
  const parsed = intOr(value, fallback);
  return parsed > 0 ? parsed : fallback;
}

/** Reads the configuration from an environment (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intOr(env.PORT, 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const hidden = env.HIDDEN_ACCOUNT_USER_ID;
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Portail voirie <ne-pas-repondre@voirie.example.fr>',
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true' : !databaseUrl,
    maintenance: env.MAINTENANCE === '1' || env.MAINTENANCE === 'true',
    jwtSecret: env.JWT_SECRET || undefined,
    sessionTtlSeconds: intOr(env.SESSION_TTL_SECONDS, 2 * 60 * 60),
    hiddenAccountUserId: hidden ? intOr(hidden, -1) : null,
    communityName: env.COMMUNITY_NAME || 'CC Maremne Adour Côte Sud',
    secureCookies: publicUrl.startsWith('https://'),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(env.WEB_DIST || 'apps/web/dist'),
    linkTtlSeconds: env.LINK_TTL_SECONDS ? intOr(env.LINK_TTL_SECONDS, 3600) : undefined,
    rateLimit: {
      windowSeconds: intOr(env.RATE_LIMIT_WINDOW_SECONDS, 15 * 60),
      perAccount: intOr(env.RATE_LIMIT_PER_ACCOUNT, 5),
      perAddress: intOr(env.RATE_LIMIT_PER_ADDRESS, 30),
      firstDelaySeconds: positiveIntOr(env.RATE_LIMIT_FIRST_DELAY_SECONDS, 1),
    },
    filingMaxPerHour: positiveIntOr(env.FILING_MAX_PER_HOUR, 30),
    geocoder: env.GEOCODER === 'ban' ? 'ban' : 'local',
    geocoderBanUrl: (env.GEOCODER_BAN_URL || 'https://api-adresse.data.gouv.fr').replace(/\/$/, ''),
    uploadMaxBytes: positiveIntOr(env.UPLOAD_MAX_BYTES, MAX_UPLOAD_BYTES),
    storageQuotas: {
      requestBytes: positiveIntOr(env.UPLOAD_MAX_BYTES_PER_REQUEST, STORAGE_QUOTAS.requestBytes),
      accountBytesPerDay: positiveIntOr(
        env.UPLOAD_MAX_BYTES_PER_ACCOUNT_PER_DAY,
        STORAGE_QUOTAS.accountBytesPerDay,
      ),
    },
    timeouts: {
      requestSeconds: positiveIntOr(env.REQUEST_TIMEOUT_SECONDS, 30),
      // 20 MB in 10 minutes: a line sending 280 kbit/s, below the slowest ADSL's upload.
      uploadSeconds: positiveIntOr(env.UPLOAD_TIMEOUT_SECONDS, 600),
    },
    departmentMailbox:
      env.DEPARTMENT_MAILBOX === undefined ? 'voirie@landes.fr' : env.DEPARTMENT_MAILBOX.trim() || null,
    recordsMailbox: env.RECORDS_MAILBOX?.trim() || null,
    fileSweepGraceSeconds: Math.max(0, intOr(env.FILE_SWEEP_GRACE_SECONDS, 3600)),
    statementTimeoutMs: Math.max(0, intOr(env.DB_STATEMENT_TIMEOUT_MS, STATEMENT_TIMEOUT_MS)),
    mail: {
      retryHours: positiveIntOr(env.MAIL_RETRY_HOURS, 48),
      sendTimeoutMs: positiveIntOr(env.MAIL_SEND_TIMEOUT_MS, 60_000),
      smtpTimeouts: {
        connectionMs: positiveIntOr(env.SMTP_CONNECTION_TIMEOUT_MS, 10_000),
        greetingMs: positiveIntOr(env.SMTP_GREETING_TIMEOUT_MS, 10_000),
        socketMs: positiveIntOr(env.SMTP_SOCKET_TIMEOUT_MS, 30_000),
      },
      maxPerAccountPerDay: positiveIntOr(env.MAIL_MAX_PER_ACCOUNT_PER_DAY, MAIL_CAP_PER_ACCOUNT_PER_DAY),
    },
    production: env.NODE_ENV === 'production',
    s3: s3Settings(env),
    onlyoffice: onlyofficeSettings(env),
    sealKey: sealKey(env),
  };
}

/** SEAL_KEY: 32 random bytes in base64 (`openssl rand -base64 32`); the portal refuses another length. */
function sealKey(env: NodeJS.ProcessEnv): Buffer | undefined {
  const value = env.SEAL_KEY?.trim();
  if (!value) return undefined;
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32)
    throw new Error('SEAL_KEY doit contenir 32 octets encodés en base64 (openssl rand -base64 32).');
  return key;
}

/**
 * ONLYOFFICE_URL and ONLYOFFICE_JWT_SECRET; null without a URL. A server without a secret would
 * take any document and any callback: the portal refuses to start rather than run it so.
 */
function onlyofficeSettings(env: NodeJS.ProcessEnv): OnlyofficeSettings | null {
  const url = env.ONLYOFFICE_URL?.trim().replace(/\/+$/, '');
  if (!url) return null;
  const jwtSecret = env.ONLYOFFICE_JWT_SECRET?.trim();
  if (!jwtSecret) throw new Error('ONLYOFFICE_JWT_SECRET est requis quand ONLYOFFICE_URL est défini.');
  if (!/^https?:\/\//.test(url)) throw new Error('ONLYOFFICE_URL doit commencer par http:// ou https://.');
  return { url, jwtSecret };
}

/** S3_BUCKET and its companions (README, « Fichiers dans un stockage objet »); null without a bucket. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const prefix = (env.S3_PREFIX?.trim() ?? '').replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // Most S3-compatible services (MinIO, OVHcloud, Scaleway) take the bucket in the path.
    forcePathStyle: env.S3_FORCE_PATH_STYLE
      ? env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1'
      : endpoint !== undefined,
    prefix: prefix ? `${prefix}/` : '',
  };
}
