// The name a visitor types is free text from a stranger. It is shown to the owner only inside a
// sentence that says it is unverified, and never in From or Subject. Here it is made harmless in
// that sentence: no control or invisible characters (bidi overrides, zero-width joiners), no
// line breaks, no quotes that could close the «…» around it, and nothing a mail client turns into
// a link (schemes removed, the dot of anything that looks like a domain shown as "[.]").

/** Longest name shown in a relayed mail, in characters (the form accepts up to 100). */
export const SHOWN_NAME_MAX = 60;

export function cleanSenderName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let name = raw
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[«»"“”„‟‹›<>]/g, '')
    .replace(/\b[a-z][a-z0-9+.-]*:\/*/gi, (scheme) =>
      /^(https?|ftp|mailto|www|javascript|data|file):/i.test(scheme) ? '' : scheme,
    )
    .replace(/([\p{L}\p{N}-])\.(?=[\p{L}\p{N}])/gu, '$1[.]')
    .replace(/\s+/g, ' ')
    .trim();
  if (!name) return null;
  const chars = [...name];
  if (chars.length > SHOWN_NAME_MAX)
    name = `${chars
      .slice(0, SHOWN_NAME_MAX - 1)
      .join('')
      .trimEnd()}…`;
  return name;
}
