// The business forms' rules, as the database checks them (migrations 20261124000200/0201 and
// 20261125000200), so that a form says what is wrong before anything is sent. Messages are
// catalogue ids: FormField translates them.
import { z } from 'zod';
import { gtinCheckDigitOk } from './gtin';

const SERIAL = /^[A-Za-z0-9._-]{1,64}$/;

export const profileSchema = z.object({
  brand_name: z.string().trim().min(1, /*i18n*/ 'Enter your brand name').max(120, /*i18n*/ 'At most 120 characters'),
  website: z
    .string()
    .trim()
    .max(300, /*i18n*/ 'At most 300 characters')
    .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), /*i18n*/ 'Enter a web address starting with https://'),
  support_contact: z.string().trim().max(300, /*i18n*/ 'At most 300 characters'),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

export const productSchema = z
  .object({
    name: z.string().trim().min(1, /*i18n*/ 'Enter the product name').max(200, /*i18n*/ 'At most 200 characters'),
    gtin: z
      .string()
      .trim()
      .refine((v) => v === '' || /^(\d{8}|\d{12,14})$/.test(v), /*i18n*/ 'A GTIN has 8, 12, 13 or 14 digits')
      .refine((v) => v === '' || !/^(\d{8}|\d{12,14})$/.test(v) || gtinCheckDigitOk(v), {
        message: /*i18n*/ 'This GTIN’s check digit is wrong: check the number on the barcode',
      }),
    sku: z.string().trim().max(64, /*i18n*/ 'At most 64 characters'),
    description: z.string().max(5000, /*i18n*/ 'At most 5000 characters'),
    attributes: z.string().refine(
      (v) =>
        v
          .split('\n')
          .filter((l) => l.trim() !== '')
          .every((l) => /^[^:]{1,60}:.{1,200}$/.test(l.trim())),
      /*i18n*/ 'Write one attribute per line as Name: value',
    ),
  })
  .refine((v) => v.gtin !== '' || v.sku !== '', {
    path: ['gtin'],
    message: /*i18n*/ 'Enter a GTIN or a SKU',
  });
export type ProductInput = z.input<typeof productSchema>;
export type ProductValues = z.output<typeof productSchema>;

/** "Name: value" lines to the attributes object the database stores. */
export function attributesFromText(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

export function attributesToText(attributes: Record<string, string> | null | undefined): string {
  return Object.entries(attributes ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

export const unitSchema = z.object({
  serial: z.string().trim().regex(SERIAL, /*i18n*/ 'Use 1–64 letters, digits, dots, dashes or underscores'),
});
export type UnitValues = z.output<typeof unitSchema>;

/** Largest range the database adds in one go; more is a CSV import. */
export const MAX_RANGE = 10_000;

export const rangeSchema = z
  .object({
    prefix: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{0,40}$/, /*i18n*/ 'Up to 40 letters, digits, dots, dashes or underscores'),
    start: z.coerce
      .number({ error: /*i18n*/ 'Enter a whole number' })
      .int(/*i18n*/ 'Enter a whole number')
      .min(0, /*i18n*/ 'Enter 0 or more'),
    count: z.coerce
      .number({ error: /*i18n*/ 'Enter a whole number' })
      .int(/*i18n*/ 'Enter a whole number')
      .min(1, /*i18n*/ 'Add at least one unit')
      .max(MAX_RANGE, /*i18n*/ 'At most 10,000 units at once: import a CSV for more'),
    width: z.coerce
      .number({ error: /*i18n*/ 'Enter a whole number' })
      .int(/*i18n*/ 'Enter a whole number')
      .min(1, /*i18n*/ 'Between 1 and 10 digits')
      .max(10, /*i18n*/ 'Between 1 and 10 digits'),
  })
  .refine((v) => String(v.start + v.count - 1).length <= v.width, {
    path: ['width'],
    message: /*i18n*/ 'The last number has more digits than this',
  });
export type RangeInput = z.input<typeof rangeSchema>;
export type RangeValues = z.output<typeof rangeSchema>;

/** The serials a range makes, for the form's preview. */
export function rangeEnds(v: RangeValues): { first: string; last: string } {
  const pad = (n: number) => `${v.prefix}${String(n).padStart(v.width, '0')}`;
  return { first: pad(v.start), last: pad(v.start + v.count - 1) };
}
