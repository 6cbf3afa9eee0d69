// The name a file or folder takes from an asset's title, written alike by the server (the
// folders of a legacy archive, the archive's name) and the web app (the name it saves an archive
// under), so that what the heir saves and what the archive holds read the same.

/** ASCII letters and digits, dashes between words, at most 40 characters; '' when nothing is left. */
export function titleSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}
