// One error model: every expected failure is an AppError with a stable code; the HTTP layer maps it to
// { detail } and the status. Messages are written for the person using the product.
import { MESSAGES } from '@duescan/contracts';

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const Errors = {
  notAuthenticated: () => new AppError('not_authenticated', MESSAGES.notAuthenticated, 401),
  invalidCredentials: () => new AppError('invalid_credentials', MESSAGES.invalidCredentials, 401),
  emailTaken: () => new AppError('email_taken', MESSAGES.emailTaken, 409),
  tooManyRequests: () => new AppError('rate_limited', MESSAGES.tooManyRequests, 429),
  notFound: (what = 'Not found') => new AppError('not_found', what, 404),
  badRequest: (message: string) => new AppError('bad_request', message, 400),
} as const;
