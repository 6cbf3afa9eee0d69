// Reads a video's length from its container, so that the price of a video (which depends on its
// length) is decided by the server, never by a number the browser sends.
//   * MP4 / QuickTime (.mov from iPhones): moov → mvhd duration / timescale; for fragmented files
//     (browser recordings) whose mvhd says 0: moov → mvex → mehd, else the end of the last
//     fragment of the video track (tfdt + the sample durations of trun, with tfhd/trex defaults).
//   * WebM / Matroska: Segment → Info → Duration × TimecodeScale; MediaRecorder output often has no
//     Duration, so the last block's timestamp (cluster Timecode + block offset) is used as well.
// Returns null when the length cannot be read; the pricing table then charges the longest tier.

export function videoDurationSeconds(buf: Buffer, mimeType: string): number | null {
  try {
    if (mimeType === 'video/webm') return webmDuration(buf);
    if (mimeType === 'video/mp4' || mimeType === 'video/quicktime') return mp4Duration(buf);
  } catch {
    return null;
  }
  return null;
}

// ---- ISO base media (MP4, MOV) --------------------------------------------------------------

interface Box {
  type: string;
  start: number; // first byte of the payload
  end: number; // one past the last byte of the box
}

function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  let pos = from;
  while (pos + 8 <= to) {
    let size = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > to) return;
      size = Number(buf.readBigUInt64BE(pos + 8));
      header = 16;
    } else if (size === 0) {
      size = to - pos;
    }
    if (size < header || pos + size > to) return;
    yield { type, start: pos + header, end: pos + size };
    pos += size;
  }
}

function child(buf: Buffer, parent: { start: number; end: number }, type: string): Box | undefined {
  for (const b of boxes(buf, parent.start, parent.end)) if (b.type === type) return b;
  return undefined;
}

function mp4Duration(buf: Buffer): number | null {
  const moov = child(buf, { start: 0, end: buf.length }, 'moov');
  if (!moov) return null;
  const mvhd = child(buf, moov, 'mvhd');
  if (!mvhd) return null;
  const version = buf.readUInt8(mvhd.start);
  let timescale: number;
  let duration: number;
  if (version === 1) {
    timescale = buf.readUInt32BE(mvhd.start + 4 + 16);
    duration = Number(buf.readBigUInt64BE(mvhd.start + 4 + 20));
  } else {
    timescale = buf.readUInt32BE(mvhd.start + 4 + 8);
    duration = buf.readUInt32BE(mvhd.start + 4 + 12);
  }
  if (!timescale) return null;
  const unknown = duration === 0 || duration === 0xffffffff || duration >= Number.MAX_SAFE_INTEGER;
  if (!unknown) return duration / timescale;
  const mvex = child(buf, moov, 'mvex');
  const mehd = mvex && child(buf, mvex, 'mehd');
  if (mehd) {
    const v = buf.readUInt8(mehd.start);
    const fragmentDuration = v === 1 ? Number(buf.readBigUInt64BE(mehd.start + 4)) : buf.readUInt32BE(mehd.start + 4);
    if (fragmentDuration > 0) return fragmentDuration / timescale;
  }
  return fragmentedDuration(buf, moov, mvex);
}

/** The video track (or the first track): its id and media timescale. */
function mainTrack(buf: Buffer, moov: Box): { id: number; timescale: number } | null {
  let first: { id: number; timescale: number } | null = null;
  for (const trak of boxes(buf, moov.start, moov.end)) {
    if (trak.type !== 'trak') continue;
    const tkhd = child(buf, trak, 'tkhd');
    const mdia = child(buf, trak, 'mdia');
    const mdhd = mdia && child(buf, mdia, 'mdhd');
    const hdlr = mdia && child(buf, mdia, 'hdlr');
    if (!tkhd || !mdhd) continue;
    const id = buf.readUInt32BE(tkhd.start + (buf.readUInt8(tkhd.start) === 1 ? 4 + 16 : 4 + 8));
    const timescale = buf.readUInt32BE(mdhd.start + (buf.readUInt8(mdhd.start) === 1 ? 4 + 16 : 4 + 8));
    const track = { id, timescale };
    if (hdlr && buf.toString('latin1', hdlr.start + 8, hdlr.start + 12) === 'vide') return track;
    first ??= track;
  }
  return first;
}

function fragmentedDuration(buf: Buffer, moov: Box, mvex: Box | undefined): number | null {
  const track = mainTrack(buf, moov);
  if (!track || !track.timescale) return null;
  let trexDuration = 0;
  if (mvex) {
    for (const trex of boxes(buf, mvex.start, mvex.end)) {
      if (trex.type === 'trex' && buf.readUInt32BE(trex.start + 4) === track.id)
        trexDuration = buf.readUInt32BE(trex.start + 12);
    }
  }
  let end = 0;
  let running = 0;
  for (const moof of boxes(buf, 0, buf.length)) {
    if (moof.type !== 'moof') continue;
    for (const traf of boxes(buf, moof.start, moof.end)) {
      if (traf.type !== 'traf') continue;
      const tfhd = child(buf, traf, 'tfhd');
      if (!tfhd || buf.readUInt32BE(tfhd.start + 4) !== track.id) continue;
      const tfhdFlags = buf.readUInt32BE(tfhd.start) & 0xffffff;
      let pos = tfhd.start + 8;
      if (tfhdFlags & 0x01) pos += 8;
      if (tfhdFlags & 0x02) pos += 4;
      const defaultDuration = tfhdFlags & 0x08 ? buf.readUInt32BE(pos) : trexDuration;
      const tfdt = child(buf, traf, 'tfdt');
      let start = running;
      if (tfdt) {
        start =
          buf.readUInt8(tfdt.start) === 1
            ? Number(buf.readBigUInt64BE(tfdt.start + 4))
            : buf.readUInt32BE(tfdt.start + 4);
      }
      let total = 0;
      for (const trun of boxes(buf, traf.start, traf.end)) {
        if (trun.type !== 'trun') continue;
        const flags = buf.readUInt32BE(trun.start) & 0xffffff;
        const count = buf.readUInt32BE(trun.start + 4);
        let p = trun.start + 8;
        if (flags & 0x01) p += 4;
        if (flags & 0x04) p += 4;
        const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
        for (let i = 0; i < count; i++) {
          total += flags & 0x100 ? buf.readUInt32BE(p) : defaultDuration;
          p += perSample;
        }
      }
      running = start + total;
      end = Math.max(end, running);
    }
  }
  return end > 0 ? end / track.timescale : null;
}

// ---- EBML (WebM, Matroska) ------------------------------------------------------------------

const ID = {
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
} as const;

/** Master elements whose children we read in place (their size may be "unknown" in live recordings). */
const DESCEND = new Set<number>([ID.Segment, ID.Info, ID.Cluster, ID.BlockGroup]);

function readVint(buf: Buffer, pos: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buf.readUInt8(pos);
  let length = 1;
  let mask = 0x80;
  while (length <= 8 && !(first & mask)) {
    mask >>= 1;
    length++;
  }
  if (length > 8) throw new Error('bad vint');
  let value = keepMarker ? first : first & (mask - 1);
  let allOnes = (first & (mask - 1)) === mask - 1;
  for (let i = 1; i < length; i++) {
    const b = buf.readUInt8(pos + i);
    if (b !== 0xff) allOnes = false;
    value = value * 256 + b;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(buf: Buffer, pos: number, size: number): number {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + buf.readUInt8(pos + i);
  return v;
}

function webmDuration(buf: Buffer): number | null {
  let pos = 0;
  let scale = 1_000_000; // nanoseconds per tick (Matroska default)
  let infoDuration: number | null = null;
  let clusterTime = 0;
  let lastBlock = -1;
  while (pos < buf.length) {
    const id = readVint(buf, pos, true);
    const size = readVint(buf, pos + id.length, false);
    const data = pos + id.length + size.length;
    if (DESCEND.has(id.value)) {
      pos = data; // read the children next
      continue;
    }
    if (size.unknown) return null;
    const end = data + size.value;
    if (end > buf.length) break;
    switch (id.value) {
      case ID.TimecodeScale:
        scale = readUint(buf, data, size.value);
        break;
      case ID.Duration:
        infoDuration = size.value === 4 ? buf.readFloatBE(data) : size.value === 8 ? buf.readDoubleBE(data) : null;
        break;
      case ID.Timecode:
        clusterTime = readUint(buf, data, size.value);
        break;
      case ID.SimpleBlock:
      case ID.Block: {
        const track = readVint(buf, data, false);
        const offset = buf.readInt16BE(data + track.length);
        lastBlock = Math.max(lastBlock, clusterTime + offset);
        break;
      }
      default:
        break;
    }
    pos = end;
  }
  const ticks = Math.max(infoDuration ?? 0, lastBlock);
  if (!(ticks > 0) || !scale) return null;
  return (ticks * scale) / 1e9;
}
