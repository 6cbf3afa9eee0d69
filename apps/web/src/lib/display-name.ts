// How every screen names a person (news bylines, the dashboard greeting, the admin users table,
// the header menu): the profile's full name, or — for someone who has not given one — the text that
// screen uses for "no name" (SPEC fixes some of them, e.g. the team name on news cards and
// 'Unknown Author' in News Management). A blank or whitespace-only name counts as no name, so no
// screen shows an empty byline while another shows the fallback.
export interface NamedPerson {
  full_name?: string | null;
}

export function displayName(person: NamedPerson | null | undefined, fallback: string): string {
  const name = person?.full_name?.trim();
  return name ? name : fallback;
}

/** The byline of things the product itself publishes, and of authors without a name (SPEC §2 news). */
export function teamName(appName: string): string {
  return `${appName} Team`;
}
