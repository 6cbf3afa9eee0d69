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
  const firstCluster = ebml(
    [0x1f, 0x43, 0xb6, 0x75],
    Buffer.concat([ebml([0xe7], Buffer.alloc(4)), ebml([0xa3], Buffer.from([0x81, 0, 0, 0x80]))]),
    true,
  );
  const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN_SIZE, info, firstCluster, cluster]);
  return Buffer.concat([header, segment]);
}

// A valid 1×1 JPEG.
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

function fullBox(type: string, version: number, flags: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff));
  return box(type, Buffer.concat([head, payload]));
}

function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeUInt32BE(v, i * 4));
  return b;
}

/**
 * A fragmented MP4 as browsers record it: mvhd duration 0, no mehd; a video track (timescale
 * 1000) in two fragments: 250 samples × 40 (tfhd default) from 0, then two samples of 1250 with
 * per-sample durations and sizes from 10000 — it ends at 12.5 s.
 */
export function fragmentedMp4(): Buffer {
  const ftyp = box('ftyp', Buffer.from('iso5\0\0\0\0iso5iso6mp41', 'latin1'));
  const mvhd = fullBox('mvhd', 0, 0, Buffer.concat([u32(0, 0, 1000, 0), Buffer.alloc(80)]));
  const tkhd = fullBox('tkhd', 0, 3, Buffer.concat([u32(0, 0, 1, 0, 0), Buffer.alloc(60)]));
  const mdhd = fullBox('mdhd', 0, 0, Buffer.concat([u32(0, 0, 1000, 0), Buffer.alloc(4)]));
  const hdlr = fullBox('hdlr', 0, 0, Buffer.concat([u32(0), Buffer.from('vide', 'latin1'), Buffer.alloc(13)]));
  const trak = box('trak', Buffer.concat([tkhd, box('mdia', Buffer.concat([mdhd, hdlr]))]));
  const trex = fullBox('trex', 0, 0, u32(1, 1, 0, 0, 0));
  const moov = box('moov', Buffer.concat([mvhd, trak, box('mvex', trex)]));
  const frag1 = box(
    'moof',
    box(
      'traf',
      Buffer.concat([
        fullBox('tfhd', 0, 0x08, u32(1, 40)),
        fullBox('tfdt', 1, 0, Buffer.alloc(8)),
        fullBox('trun', 0, 0, u32(250)),
      ]),
    ),
  );
  const base = Buffer.alloc(8);
  base.writeBigUInt64BE(10000n);
  const frag2 = box(
    'moof',
    box(
      'traf',
      Buffer.concat([
        fullBox('tfhd', 0, 0, u32(1)),
        fullBox('tfdt', 1, 0, base),
        fullBox('trun', 0, 0x100 | 0x200, u32(2, 1250, 100, 1250, 100)),
      ]),
    ),
  );
  return Buffer.concat([ftyp, moov, frag1, box('mdat', Buffer.alloc(8)), frag2, box('mdat', Buffer.alloc(8))]);
}
