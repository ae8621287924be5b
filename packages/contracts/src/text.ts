// Text the API accepts: any string except one holding U+0000. PostgreSQL text columns cannot store the NUL
// character (PGlite and PostgreSQL both fail the query), so it is refused at the edge with a 400 that names the
// field, for every string of every request, instead of reaching the database as a 500.
import { z } from 'zod';

/** Marks the zod issue, so the server answers 400 (a malformed request) rather than 422 (a rule not met). */
export const NUL_ISSUE = 'nul_character';
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

export const hasNul = (value: string): boolean => value.includes('\u0000');

/** `z.string()` for request fields: the NUL refusal comes first, the field's own rules chain after it. */
export const zText = () => z.string().refine((value) => !hasNul(value), { message: `Text ${NUL_MESSAGE}`, params: { reason: NUL_ISSUE } });
