// Streams the multipart upload to a temporary file (never whole in memory) and collects the text fields.
// The file part is size-limited by @fastify/multipart; a truncated file answers the spec's "too large" message.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { hasNul, MESSAGES, NUL_MESSAGE } from '@duescan/contracts';
import { AppError, Errors } from '../errors';
import { archiveKindOf } from '../fetch/extract-archive';

export interface ReceivedUpload {
  tempFile: string;
  filename: string;
  fields: Record<string, string>;
}

const tooLarge = () => new AppError('file_too_large', MESSAGES.fileTooLarge, 413);
const malformed = () =>
  Errors.badRequest(
    'The upload is not a complete multipart/form-data body: it is truncated or its boundary does not match the Content-Type header',
  );

/** @fastify/multipart's limit errors, in words for the person uploading (its own say "reach files limit"). */
const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: 'Upload one file at a time: the form has more than one file',
  FST_PARTS_LIMIT: 'The form has too many parts: send package_type, webhook_url and one file',
  FST_FIELDS_LIMIT: 'The form has too many fields: send package_type, webhook_url and one file',
};

/**
 * Maps what went wrong while reading the body. Errors without an errno code come from the multipart parser
 * (busboy: "Unexpected end of form", "Malformed part header"...): the client sent a broken body. System errors
 * (ENOSPC while writing the temporary file, say) stay server errors.
 */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (typeof code === 'string' && LIMIT_MESSAGES[code]) return Errors.badRequest(LIMIT_MESSAGES[code]);
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error;
  return error instanceof Error ? malformed() : error;
}

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
      if (hasNul(part.filename ?? '')) {
        part.file.resume();
        throw Errors.badRequest(`The file name ${NUL_MESSAGE}`);
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
    throw uploadError(error);
  }
  if (!received) throw Errors.badRequest(MESSAGES.fileRequired);
  return { ...received, fields };
}
