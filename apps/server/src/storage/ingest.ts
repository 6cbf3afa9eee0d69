// The upload pipeline's inspection step: counts bytes (refusing the upload the moment it passes
// the size limit), hashes them (sha256 for the metadata contract, md5 for the S3-style ETag) and
// checks the first bytes against the declared type — all while the bytes stream to the backend,
// so a 100 MiB upload is never held in memory.
import crypto from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { errors } from './errors.js';
import { matchesSignature, SNIFF_BYTES } from './mime.js';

export interface Inspection {
  size: number;
  sha256: string;
  md5: string;
}

export class Inspector extends Transform {
  private size = 0;
  private readonly sha = crypto.createHash('sha256');
  private readonly md5 = crypto.createHash('md5');
  private head: Buffer[] = [];
  private headLength = 0;
  private sniffed = false;
  private result: Inspection | undefined;

  constructor(
    private readonly maxBytes: number,
    private readonly contentType: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return cb(errors.entityTooLarge());
    this.sha.update(chunk);
    this.md5.update(chunk);
    if (!this.sniffed) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength >= SNIFF_BYTES && !this.sniff()) return cb(errors.invalidMimeType(this.contentType));
    }
    cb(null, chunk);
  }

  override _flush(cb: TransformCallback): void {
    if (!this.sniffed && !this.sniff()) return cb(errors.invalidMimeType(this.contentType));
    this.result = { size: this.size, sha256: this.sha.digest('hex'), md5: this.md5.digest('hex') };
    cb();
  }

  private sniff(): boolean {
    this.sniffed = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    return matchesSignature(this.contentType, head);
  }

  /** Available once the stream has finished. */
  get inspection(): Inspection {
    if (!this.result) throw new Error('inspection read before the stream finished');
    return this.result;
  }
}
