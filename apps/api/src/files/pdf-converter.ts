import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Makes the PDF of a .docx; null when no converter is installed (the DOCX is then offered alone). */
export type PdfConverter = (docx: Buffer) => Promise<Buffer | null>;

/** A converter that is never installed (tests; servers without LibreOffice). */
export const noPdfConverter: PdfConverter = () => Promise.resolve(null);

/** The executable's path when `command` is on PATH, else null. */
export async function findOnPath(
  command: string,
  pathVariable = process.env.PATH ?? '',
): Promise<string | null> {
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, command);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/** Runs a command in its own process group, killing the whole group on timeout. */
export function runCommand(command: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // Detached: soffice is a script starting soffice.bin; killing the group leaves no orphan.
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new Error(`${command} timed out after ${String(timeoutMs)} ms`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${signal ?? String(code)}): ${stderr.trim()}`));
    });
  });
}

/**
 * LibreOffice (`soffice --headless --convert-to pdf`) when it is on PATH. Each conversion has
 * its own temporary directory and user profile (-env:UserInstallation): two conversions at
 * once would otherwise share ~/.config/libreoffice and the second would fail or wait.
 */
export function libreOfficeConverter(options: { command?: string; timeoutMs?: number } = {}): PdfConverter {
  const command = options.command ?? 'soffice';
  const timeoutMs = options.timeoutMs ?? 60_000;
  return async (docx) => {
    const executable = await findOnPath(command);
    if (!executable) return null;
    const dir = await mkdtemp(path.join(tmpdir(), 'voirie-order-'));
    try {
      const input = path.join(dir, 'arrete.docx');
      await writeFile(input, docx);
      const profile = pathToFileURL(path.join(dir, 'profile')).href;
      await runCommand(
        executable,
        [
          `-env:UserInstallation=${profile}`,
          '--headless',
          '--norestore',
          '--convert-to',
          'pdf',
          '--outdir',
          dir,
          input,
        ],
        timeoutMs,
      );
      const pdf = await readFile(path.join(dir, 'arrete.pdf'));
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new Error('LibreOffice did not produce a PDF');
      return pdf;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
