import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the tests read it (one JSON file per mail). */
export interface StoredMail {
  /** Recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
  /** The attached files (absent in mails stored before attachments were kept). */
  attachments?: StoredAttachment[];
}

/** An attached file of a stored mail, its content in base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  size: number;
  contentBase64: string;
}

export interface SmtpSink {
  url: string;
  stop(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()))
    .filter(Boolean);
}

/**
 * A real SMTP server on 127.0.0.1 that parses what it receives and writes each mail as a
 * JSON file in `mailDir`: the tests run in worker processes and read that folder.
 */
export async function startSmtpSink(mailDir: string): Promise<SmtpSink> {
  await mkdir(mailDir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          const stored: StoredMail = {
            to: [...new Set([...addresses(mail.to), ...envelopeTo])],
            from: addresses(mail.from)[0] ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            receivedAt: new Date().toISOString(),
            attachments: mail.attachments.map((attachment) => ({
              filename: attachment.filename ?? '',
              contentType: attachment.contentType,
              size: attachment.size,
              contentBase64: attachment.content.toString('base64'),
            })),
          };
          sequence += 1;
          const name = `${Date.now()}-${String(sequence).padStart(5, '0')}.json`;
          // Written then renamed: a reader never sees half a file.
          const partial = path.join(mailDir, `.${name}.part`);
          await writeFile(partial, JSON.stringify(stored, null, 2));
          await rename(partial, path.join(mailDir, name));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
