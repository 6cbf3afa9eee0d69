// The QR code of a TOTP enrolment, as GoTrue sends it: bare SVG markup in `totp.qr_code`.
// supabase-js turns it into an image URL by prefixing `data:image/svg+xml;utf-8,` without
// percent-encoding, so the markup must not contain characters that end or corrupt a URL: a `#`
// would start the fragment and cut the image off (the `qrcode` package writes hex colours such as
// `#ffffff`), and `%` would start an escape. GoTrue's SVG uses colour names; we do the same.
import QRCode from 'qrcode';

const COLOUR_NAMES: Record<string, string> = { '#ffffff': 'white', '#000000': 'black' };

export async function totpQrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
    color: { dark: '#000000', light: '#ffffff' },
  });
  const named = svg.replace(/#(?:ffffff|000000)\b/gi, (hex) => COLOUR_NAMES[hex.toLowerCase()]!);
  // The otpauth URI (with its secret) is only encoded as modules, never as text in the markup;
  // this guards the invariant the data URL depends on rather than trusting the library's output.
  if (/[#%]/.test(named)) throw new Error('QR code SVG contains characters unsafe in a data URL');
  return named;
}
