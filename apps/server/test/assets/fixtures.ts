// Tiny but structurally valid media files for asset tests.

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** An MP4/MOV whose movie header says `seconds` long (version 0 or 1 mvhd). */
export function mp4WithDuration(seconds: number, opts: { version?: 0 | 1; brand?: string } = {}): Buffer {
  const timescale = 600;
  const version = opts.version ?? 0;
  let mvhd: Buffer;
  if (version === 1) {
    mvhd = Buffer.alloc(4 + 28 + 80);
    mvhd.writeUInt8(1, 0);
    mvhd.writeUInt32BE(timescale, 4 + 16);
    mvhd.writeBigUInt64BE(BigInt(seconds * timescale), 4 + 20);
  } else {
    mvhd = Buffer.alloc(4 + 16 + 80);
    mvhd.writeUInt32BE(timescale, 4 + 8);
    mvhd.writeUInt32BE(seconds * timescale, 4 + 12);
  }
  const ftyp = box('ftyp', Buffer.from(`${opts.brand ?? 'isom'}\0\0\0\0isomiso2`, 'latin1'));
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('mdat', Buffer.alloc(16))]);
}

const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/** One EBML element with an 8-byte size (or the "unknown" size live recorders write). */
function ebml(id: number[], payload: Buffer, unknownSize = false): Buffer {
  let size = UNKNOWN_SIZE;
  if (!unknownSize) {
    size = Buffer.alloc(8);
    size[0] = 0x01; // 8-byte vint marker
    size.writeUIntBE(payload.length, 2, 6);
  }
  return Buffer.concat([Buffer.from(id), size, payload]);
}

/** A WebM as MediaRecorder writes it: unknown-size Segment and Cluster, no Duration; last block at `seconds`. */
export function webmLive(seconds: number): Buffer {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm')));
  const scale = Buffer.alloc(3);
  scale.writeUIntBE(1_000_000, 0, 3);
  const info = ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], scale));
  const clusterTc = Buffer.alloc(4);
  clusterTc.writeUInt32BE(Math.max(0, seconds * 1000 - 500));
  const block = Buffer.alloc(4 + 4);
  block.writeUInt8(0x81, 0); // track 1
  block.writeInt16BE(500, 1); // +500 ms
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.concat([ebml([0xe7], clusterTc), ebml([0xa3], block)]), true);
  const firstCluster = ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.concat([ebml([0xe7], Buffer.alloc(4)), ebml([0xa3], Buffer.from([0x81, 0, 0, 0x80]))]), true);
  const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN_SIZE, info, firstCluster, cluster]);
  return Buffer.concat([header, segment]);
}

// A valid 1×1 JPEG.
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
