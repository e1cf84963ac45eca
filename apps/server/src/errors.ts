// The one error type services throw; the error handler turns it into the response envelope.
import { ResultCode } from '@labstat/contracts';

export class AppError extends Error {
  constructor(
    /** Envelope code (200 never appears here). */
    readonly code: number,
    /** A Chinese sentence the user can act on. */
    message: string,
    /** HTTP status to send with the envelope. */
    readonly status: number = httpStatusFor(code),
  ) {
    super(message);
    this.name = 'AppError';
  }
}

function httpStatusFor(code: number): number {
  if (code === ResultCode.tokenInvalid || code === ResultCode.tokenExpired || code === ResultCode.tokenRevoked) {
    return 401;
  }
  return code >= 400 && code < 600 ? code : 400;
}

export const badRequest = (msg: string) => new AppError(ResultCode.badRequest, msg);
export const notFound = (msg: string) => new AppError(ResultCode.notFound, msg);
export const tooMany = (msg: string) => new AppError(ResultCode.tooManyRequests, msg);
export const unauthorized = (msg: string) => new AppError(ResultCode.unauthorized, msg);
