/**
 * Text made safe inside HTML or XML, in element content and in quoted attribute values. `&#39;` for the
 * apostrophe is understood by both (XML's `&apos;` is not HTML 4's).
 */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
