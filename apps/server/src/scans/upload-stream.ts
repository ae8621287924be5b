// Streams the multipart upload to a temporary file (never whole in memory) and collects the text fields.
// The file part is size-limited by @fastify/multipart; a truncated file answers the spec's "too large" message.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@duescan/contracts';
import { AppError, Errors } from '../errors';
import { archiveKindOf } from '../fetch/extract-archive';

export interface ReceivedUpload {
  tempFile: string;
  filename: string;
  fields: Record<string, string>;
}

const tooLarge = () => new AppError('file_too_large', MESSAGES.fileTooLarge, 413);

export async function receiveUpload(request: FastifyRequest, uploadsDir: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw Errors.badRequest(MESSAGES.fileRequired);
  const tmpDir = path.join(uploadsDir, 'tmp');
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const fields: Record<string, string> = {};
  let received: { tempFile: string; filename: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      const filename = path.basename(part.filename ?? '').slice(0, 255);
      if (!filename) {
        part.file.resume();
        throw Errors.badRequest(MESSAGES.fileRequired);
      }
      if (!archiveKindOf(filename)) {
        part.file.resume();
        throw new AppError('unsupported_file_type', MESSAGES.unsupportedFileType, 400);
      }
      const tempFile = path.join(tmpDir, randomUUID());
      received = { tempFile, filename };
      await pipeline(part.file, createWriteStream(tempFile, { mode: 0o600, flags: 'wx' }));
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    if (received) await rm(received.tempFile, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (!received) throw Errors.badRequest(MESSAGES.fileRequired);
  return { ...received, fields };
}
