// GS1 Digital Link URIs read as the standard's URI syntax writes them (packages/functions-api
// gs1.ts, decision 0140), with the standard's own examples: GTINs in any length to 14 digits, the
// check digit first, qualifiers only in the order 22, 10, 21 (or 235 alone), percent-encoding, query
// attributes, and the other primary keys answered as not supported.
import { describe, expect, it } from 'vitest';
import { digitalLinkPath, gtin14, gtinCheckDigitOk, parseDigitalLink } from '@tagledger/functions-api';

const gtinLink = (fields: Partial<{ variant: string; lot: string; serial: string }>, attributes = {}) => ({
  kind: 'gtin',
  gtin: '09520123456788',
  variant: null,
  lot: null,
  serial: null,
  ...fields,
  attributes,
});

describe('GTINs', () => {
  it('normalises GTIN-8, -12, -13 and -14 to 14 digits and checks the check digit', () => {
    expect(gtin14('96385074')).toBe('00000096385074');
    expect(gtin14('036000291452')).toBe('00036000291452');
    expect(gtin14('4006381333931')).toBe('04006381333931');
    expect(gtin14('04006381333931')).toBe('04006381333931');
    for (const bad of ['', '123', '40063813339', '040063813339312', '4006381333a31']) expect(gtin14(bad)).toBeNull();
    for (const good of ['96385074', '036000291452', '4006381333931', '04006381333931', '09520123456788'])
      expect(gtinCheckDigitOk(good), good).toBe(true);
    for (const bad of ['96385075', '036000291453', '4006381333932', '09520123456787'])
      expect(gtinCheckDigitOk(bad), bad).toBe(false);
  });
});

describe('GS1 Digital Link URIs', () => {
  it('reads the standard’s GTIN examples on GS1’s resolver, a brand’s domain and this server’s paths', () => {
    expect(parseDigitalLink('https://id.gs1.org/01/09520123456788')).toEqual(gtinLink({}));
    expect(parseDigitalLink('https://id.gs1.org/01/09520123456788/21/12345')).toEqual(gtinLink({ serial: '12345' }));
    expect(parseDigitalLink('https://id.gs1.org/01/9520123456788/21/12345')).toEqual(gtinLink({ serial: '12345' }));
    expect(parseDigitalLink('https://id.gs1.org/01/09520123456788/10/ABC123/21/12345')).toEqual(
      gtinLink({ lot: 'ABC123', serial: '12345' }),
    );
    expect(parseDigitalLink('https://id.gs1.org/01/09520123456788/22/2A/10/ABC123/21/12345')).toEqual(
      gtinLink({ variant: '2A', lot: 'ABC123', serial: '12345' }),
    );
    expect(parseDigitalLink('https://id.gs1.org/01/09520123456788/10/ABC%2F123?17=261231&3103=000189')).toEqual(
      gtinLink({ lot: 'ABC/123' }, { '17': '261231', '3103': '000189' }),
    );
    expect(
      parseDigitalLink('HTTPS://example.com/products/01/9520123456788/21/12345?linkType=gs1:pip;17=261231'),
    ).toEqual(gtinLink({ serial: '12345' }, { '17': '261231' }));
    expect(parseDigitalLink('/01/09520123456788/21/AB%2DC%21')).toEqual(gtinLink({ serial: 'AB-C!' }));
    expect(parseDigitalLink('/01/09520123456788/21/12345/')).toEqual(gtinLink({ serial: '12345' }));
    expect(parseDigitalLink('/01/96385074/21/S-1#top')).toEqual({
      ...gtinLink({ serial: 'S-1' }),
      gtin: '00000096385074',
    });
  });

  it('says "not a valid barcode number" for a GTIN of the wrong length or check digit, before anything else', () => {
    expect(parseDigitalLink('/01/4006381333932/21/CSV-00001')).toEqual({
      kind: 'invalid_gtin',
      value: '4006381333932',
    });
    expect(parseDigitalLink('/01/09520123456787/21/12345/10/out-of-order')).toEqual({
      kind: 'invalid_gtin',
      value: '09520123456787',
    });
    expect(parseDigitalLink('/01/123456/21/1')).toEqual({ kind: 'invalid_gtin', value: '123456' });
  });

  it('answers the other primary keys and the third-party serial as not supported', () => {
    expect(parseDigitalLink('https://id.gs1.org/414/9520123456788')).toEqual({ kind: 'unsupported', key: '414' });
    expect(parseDigitalLink('https://id.gs1.org/414/9520123456788/254/32a%2Fb')).toEqual({
      kind: 'unsupported',
      key: '414',
    });
    expect(parseDigitalLink('https://id.gs1.org/00/952012345678912345')).toEqual({ kind: 'unsupported', key: '00' });
    expect(parseDigitalLink('/8004/9520614141234567')).toEqual({ kind: 'unsupported', key: '8004' });
    expect(parseDigitalLink('/8006/095201234567880102')).toEqual({ kind: 'unsupported', key: '8006' });
    expect(parseDigitalLink('/01/09520123456788/235/XYZ-1')).toEqual({ kind: 'unsupported', key: '235' });
  });

  it('refuses what breaks the syntax: qualifiers out of order or repeated, unknown ones, bad values', () => {
    for (const link of [
      '/01/09520123456788/21/12345/10/ABC123',
      '/01/09520123456788/10/A/10/B',
      '/01/09520123456788/99/x',
      '/01/09520123456788/21',
      '/01/09520123456788/21/',
      '/01/09520123456788/21/' + 'x'.repeat(65),
      '/01/09520123456788/10/' + 'x'.repeat(21),
      '/01/09520123456788/21/%E2%82%AC',
      '/01/09520123456788/21/%ZZ',
      '/01/09520123456788/235/X/21/1',
      '/01',
      '/verify/12345',
      'ftp://id.gs1.org/01/09520123456788',
      '01/09520123456788',
    ]) {
      expect(parseDigitalLink(link), link).toEqual({ kind: 'invalid' });
    }
  });

  it('writes a label’s path with the 14-digit GTIN and an encoded serial', () => {
    expect(digitalLinkPath('4006381333931', 'CSV-00004')).toBe('/01/04006381333931/21/CSV-00004');
    expect(parseDigitalLink(digitalLinkPath('96385074', 'A/B-C'))).toEqual({
      ...gtinLink({ serial: 'A/B-C' }),
      gtin: '00000096385074',
    });
  });
});
