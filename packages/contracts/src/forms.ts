// Public forms: contact and beta application. `hp` is the honeypot: people leave it empty, form robots fill it.
// POST /api/v1/contact ZContactRequest -> {success: true}; POST /api/v1/beta-testers ZBetaRequest -> {success: true}.
// Honeypot filled: {success: true} and nothing is stored or sent. Too many from one address: 429 detail tooManyForms.
import { z } from 'zod';
import { zText } from './text';
import { ZEmail } from './api';
import { BETA_LANGUAGES, INDUSTRIES } from './constants';

const ZHoneypot = zText().max(500).optional().default('');
/** Trimmed request text without NUL (zText: PostgreSQL cannot store it). */
const text = (max: number) => zText().trim().max(max);

export const ZContactRequest = z.object({
  name: text(200).pipe(z.string().min(1, 'Name is required')),
  email: ZEmail,
  company: text(200).optional().default(''),
  industry: z.enum(INDUSTRIES).or(z.literal('')).optional().default(''),
  message: text(5000).pipe(z.string().min(1, 'Message is required')),
  hp: ZHoneypot,
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

export const ZBetaRequest = z.object({
  name: text(200).pipe(z.string().min(1, 'Name is required')),
  email: ZEmail,
  company: text(200).optional().default(''),
  programming_language: z.enum(BETA_LANGUAGES, { message: 'Programming language is required' }),
  message: text(5000).pipe(z.string().min(1, 'Message is required')),
  hp: ZHoneypot,
});
export type TBetaRequest = z.infer<typeof ZBetaRequest>;

export const ZSuccessResponse = z.object({ success: z.boolean() });
