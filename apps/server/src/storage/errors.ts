// Storage errors in Supabase Storage's wire shape (SUPABASE-PROTOCOL D.1):
//   {"statusCode":"404","error":"not_found","message":"Object not found","code":"NoSuchKey"}
// Quirk reproduced on purpose: most 4xx answer with HTTP 400 and carry the semantic status only
// in the body's statusCode; 5xx stay 500, range errors 416, rate limiting 429.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPgError } from '@tagledger/db';

export class StorageError extends Error {
  constructor(
    /** Semantic status, sent as a string in the body. */
    readonly statusCode: number,
    /** Short name (the body's "error"). */
    readonly error: string,
    /** Machine code (the body's "code"), e.g. NoSuchKey. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** The HTTP status actually sent (see the quirk above). */
  get httpStatus(): number {
    if (this.statusCode >= 500) return 500;
    if (this.statusCode === 416 || this.statusCode === 429) return this.statusCode;
    return 400;
  }

  toBody() {
    return { statusCode: String(this.statusCode), error: this.error, message: this.message, code: this.code };
  }
}

export const errors = {
  noSuchKey: () => new StorageError(404, 'not_found', 'NoSuchKey', 'Object not found'),
  noSuchBucket: () => new StorageError(404, 'Bucket not found', 'NoSuchBucket', 'Bucket not found'),
  keyExists: () => new StorageError(409, 'Duplicate', 'KeyAlreadyExists', 'The resource already exists'),
  bucketExists: () => new StorageError(409, 'Duplicate', 'BucketAlreadyExists', 'The resource already exists'),
  resourceExists: () => new StorageError(409, 'Duplicate', 'ResourceAlreadyExists', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError(409, 'Bucket not empty', 'InvalidRequest', 'The bucket you tried to delete is not empty'),
  rlsDenied: () => new StorageError(403, 'Unauthorized', 'AccessDenied', 'new row violates row-level security policy'),
  accessDenied: (message: string) => new StorageError(403, 'Unauthorized', 'AccessDenied', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: (message = 'The url does not match the signed token') =>
    new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  entityTooLarge: () =>
    new StorageError(413, 'Payload too large', 'EntityTooLarge', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (type: string) =>
    new StorageError(415, 'invalid_mime_type', 'InvalidMimeType', `mime type ${type} is not supported`),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: (name: string) =>
    new StorageError(400, 'Invalid Input', 'InvalidBucketName', `Bucket name invalid: ${name}`),
  invalidRequest: (message: string) => new StorageError(400, 'Invalid Input', 'InvalidRequest', message),
  invalidRange: () => new StorageError(416, 'Invalid Range', 'InvalidRange', 'The requested range is not satisfiable'),
  internal: () => new StorageError(500, 'Internal', 'InternalError', 'Internal Server Error'),
};

/** Maps database errors to storage errors: RLS → AccessDenied, unique → already exists. */
export function fromDbError(
  err: unknown,
  onUnique: () => StorageError = errors.resourceExists,
): StorageError | undefined {
  if (!isPgError(err)) return undefined;
  if (err.code === '42501') return errors.rlsDenied();
  if (err.code === '23505') return onUnique();
  // Only a bucket deleted while objects still point at it (a race with an upload) gets here.
  if (err.code === '23503') return errors.bucketNotEmpty();
  // Check constraints (name length, negative limits) and invalid text representations.
  if (err.code === '23514' || err.code === '22P02' || err.code === '22001')
    return errors.invalidRequest('Invalid input');
  return undefined;
}

export function sendStorageError(reply: FastifyReply, err: StorageError): FastifyReply {
  return reply.status(err.httpStatus).type('application/json').send(err.toBody());
}

/** Any error under /storage/v1, including the framework's own (body limits, parsers, bad URLs). */
export function sendAnyStorageError(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof StorageError) return sendStorageError(reply, err);
  const fe = err as { code?: string; statusCode?: number; message?: string };
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.code === 'FST_REQ_FILE_TOO_LARGE') {
    return sendStorageError(reply, errors.entityTooLarge());
  }
  if (fe.code === 'FST_ERR_BAD_URL' || fe.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendStorageError(reply, errors.invalidRequest('Invalid request path'));
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return sendStorageError(reply, errors.invalidRequest(fe.message ?? 'Invalid request'));
  }
  req.log.error({ err }, 'storage error');
  return sendStorageError(reply, errors.internal());
}
