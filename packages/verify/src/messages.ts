// The verifier's words, in English and French: what was checked against which keys, or why the
// check failed. The CLI and the static page print these; the web app has its own catalogue.
import type { FailureCode, Step, VerifyReport } from './verify.js';

export type Language = 'en' | 'fr';

type Detail = Record<string, string | number>;

/** "1 entry", "2 entries": a number with its noun in the right form (English and French alike). */
const n = (count: string | number | undefined, one: string, other: string) =>
  `${count} ${Number(count) === 1 ? one : other}`;

const failures: Record<Language, Record<FailureCode, (d: Detail) => string>> = {
  en: {
    malformed: (d) => `The proof cannot be read: ${d.reason}.`,
    bad_keys: (d) => `The trusted keys cannot be read: ${d.reason}.`,
    entry_hash_mismatch: (d) =>
      `Entry #${d.seq} was changed: its fields hash to ${d.actual}, not to the recorded ${d.expected}.`,
    not_included: (d) =>
      `Entry #${d.seq} is not in the log: its inclusion proof does not lead to the root of the signed tree of ${n(d.size, 'entry', 'entries')} (a rewritten or dropped entry).`,
    origin_mismatch: (d) => `The checkpoint is for the log "${d.origin}", not for "${d.expected}".`,
    unknown_log_key: (d) => `The checkpoint is not signed by a trusted log key (signed by: ${d.signers}).`,
    bad_log_signature: (d) => `The checkpoint's signature by the log key ${d.key} does not verify.`,
    bad_cosignature: (d) =>
      `Witness ${d.witness} did not cosign this tree of ${n(d.size, 'entry', 'entries')}: its cosignature does not verify (the log may have shown witnesses a different tree, a fork).`,
    witness_quorum: (d) => `Only ${d.found} of the ${d.quorum} required witnesses cosigned this checkpoint.`,
    timestamp_missing: (d) =>
      `The checkpoint of ${n(d.size, 'entry', 'entries')} has no timestamp from a time-stamping authority.`,
    timestamp_malformed: (d) => `The timestamp cannot be read: ${d.reason}.`,
    timestamp_mismatch: (d) => `The timestamp is not for this checkpoint: ${d.reason}.`,
    timestamp_untrusted: (d) => `The timestamp is not from a trusted time-stamping authority: ${d.reason}.`,
    timestamp_invalid: (d) => `The timestamp's signature does not verify: ${d.reason}.`,
    fork: (d) =>
      `Fork: the log shows a tree of ${n(d.size, 'entry', 'entries')} with root ${d.now}, but a tree of the same size with root ${d.seen} was seen before.`,
    rollback: (d) =>
      `Rollback: the log's newest checkpoint has ${n(d.size, 'entry', 'entries')}, but one of ${n(d.seen, 'entry', 'entries')} was seen before.`,
    inconsistent: (d) =>
      d.reason === 'no proof'
        ? `The log did not prove that its tree of ${n(d.size, 'entry', 'entries')} extends the tree of ${d.from} seen before.`
        : `The log's tree of ${n(d.size, 'entry', 'entries')} does not extend the tree of ${d.from} seen before: entries were rewritten or dropped.`,
  },
  fr: {
    malformed: (d) => `La preuve est illisible : ${d.reason}.`,
    bad_keys: (d) => `Les clés de confiance sont illisibles : ${d.reason}.`,
    entry_hash_mismatch: (d) =>
      `L’entrée n° ${d.seq} a été modifiée : ses champs donnent l’empreinte ${d.actual}, et non ${d.expected} enregistrée.`,
    not_included: (d) =>
      `L’entrée n° ${d.seq} n’est pas dans le journal : sa preuve d’inclusion ne mène pas à la racine de l’arbre signé de ${n(d.size, 'entrée', 'entrées')} (entrée réécrite ou supprimée).`,
    origin_mismatch: (d) => `Le point de contrôle concerne le journal « ${d.origin} », et non « ${d.expected} ».`,
    unknown_log_key: (d) =>
      `Le point de contrôle n’est pas signé par une clé de journal de confiance (signé par : ${d.signers}).`,
    bad_log_signature: (d) => `La signature du point de contrôle par la clé de journal ${d.key} n’est pas valide.`,
    bad_cosignature: (d) =>
      `Le témoin ${d.witness} n’a pas cosigné cet arbre de ${n(d.size, 'entrée', 'entrées')} : sa cosignature n’est pas valide (le journal a pu montrer un autre arbre aux témoins, une bifurcation).`,
    witness_quorum: (d) => `Seuls ${d.found} des ${d.quorum} témoins requis ont cosigné ce point de contrôle.`,
    timestamp_missing: (d) =>
      `Le point de contrôle de ${n(d.size, 'entrée', 'entrées')} n’a pas d’horodatage d’une autorité d’horodatage.`,
    timestamp_malformed: (d) => `L’horodatage est illisible : ${d.reason}.`,
    timestamp_mismatch: (d) => `L’horodatage ne porte pas sur ce point de contrôle : ${d.reason}.`,
    timestamp_untrusted: (d) => `L’horodatage ne vient pas d’une autorité de confiance : ${d.reason}.`,
    timestamp_invalid: (d) => `La signature de l’horodatage n’est pas valide : ${d.reason}.`,
    fork: (d) =>
      `Bifurcation : le journal présente un arbre de ${n(d.size, 'entrée', 'entrées')} de racine ${d.now}, alors qu’un arbre de même taille de racine ${d.seen} a déjà été vu.`,
    rollback: (d) =>
      `Retour en arrière : le dernier point de contrôle du journal compte ${n(d.size, 'entrée', 'entrées')}, alors qu’un point de ${n(d.seen, 'entrée', 'entrées')} a déjà été vu.`,
    inconsistent: (d) =>
      d.reason === 'no proof'
        ? `Le journal n’a pas prouvé que son arbre de ${n(d.size, 'entrée', 'entrées')} prolonge l’arbre de ${n(d.from, 'entrée', 'entrées')} déjà vu.`
        : `L’arbre de ${n(d.size, 'entrée', 'entrées')} ne prolonge pas l’arbre de ${n(d.from, 'entrée', 'entrées')} déjà vu : des entrées ont été réécrites ou supprimées.`,
  },
};

export function failureMessage(code: FailureCode, detail: Detail, lang: Language = 'en'): string {
  return failures[lang][code](detail);
}

/** One line per check that passed, saying what was checked against which key. */
export function passedLines(r: VerifyReport, lang: Language = 'en'): string[] {
  const en = lang === 'en';
  const cp = r.checkpoint;
  const lines: Record<Step, () => string> = {
    entry: () =>
      en
        ? `Entry #${r.entry?.seq} (${r.entry?.event}) recomputes to its hash ${r.entry?.entry_hash}.`
        : `L’entrée n° ${r.entry?.seq} (${r.entry?.event}) redonne son empreinte ${r.entry?.entry_hash}.`,
    inclusion: () =>
      en
        ? `It is leaf ${(r.entry?.seq ?? 1) - 1} of the log's tree of ${n(cp?.size, 'entry', 'entries')} (inclusion proof of ${n(r.proofLength, 'hash', 'hashes')}, root ${cp?.root}).`
        : `C’est la feuille ${(r.entry?.seq ?? 1) - 1} de l’arbre de ${n(cp?.size, 'entrée', 'entrées')} (preuve d’inclusion de ${n(r.proofLength, 'empreinte', 'empreintes')}, racine ${cp?.root}).`,
    signature: () =>
      en
        ? `The tree head is signed by the log key ${r.logKey} (log ${cp?.origin}).`
        : `La tête de l’arbre est signée par la clé de journal ${r.logKey} (journal ${cp?.origin}).`,
    cosignatures: () =>
      r.cosigners.length
        ? en
          ? `Cosigned by ${r.cosigners.length === 1 ? '1 witness' : `${r.cosigners.length} witnesses`} of the ${r.quorum} required: ${r.cosigners.map((c) => `${c.name} at ${new Date(c.time * 1000).toISOString()}`).join(', ')}.`
          : `Cosignée par ${r.cosigners.length === 1 ? '1 témoin' : `${r.cosigners.length} témoins`}, ${r.quorum} requis : ${r.cosigners.map((c) => `${c.name} le ${new Date(c.time * 1000).toISOString()}`).join(', ')}.`
        : en
          ? 'No witness cosignature is required by these keys.'
          : 'Ces clés n’exigent aucune cosignature de témoin.',
    timestamp: () =>
      en
        ? `Timestamped by ${r.timestamp?.authority} at ${r.timestamp?.time} (RFC 3161).`
        : `Horodatée par ${r.timestamp?.authority} le ${r.timestamp?.time} (RFC 3161).`,
    history: () => {
      const h = r.history;
      if (en) {
        return h === 'first'
          ? 'No earlier checkpoint of this log was known to compare with.'
          : h === 'extends'
            ? 'It extends the tree seen before (consistency proof checked).'
            : h === 'older'
              ? `It is older than the newest checkpoint seen (${n(r.newestKnown?.size, 'entry', 'entries')}).`
              : h === 'unproven'
                ? `A newer checkpoint (${n(r.newestKnown?.size, 'entry', 'entries')}) was seen before; growth since it is not proven offline.`
                : 'It is the same checkpoint as the newest one seen before.';
      }
      return h === 'first'
        ? 'Aucun point de contrôle antérieur de ce journal n’était connu.'
        : h === 'extends'
          ? 'Il prolonge l’arbre déjà vu (preuve de cohérence vérifiée).'
          : h === 'older'
            ? `Il est plus ancien que le dernier point vu (${n(r.newestKnown?.size, 'entrée', 'entrées')}).`
            : h === 'unproven'
              ? `Un point plus récent (${n(r.newestKnown?.size, 'entrée', 'entrées')}) a déjà été vu ; la croissance depuis n’est pas prouvée hors ligne.`
              : 'C’est le même point de contrôle que le dernier vu.';
    },
  };
  return r.passed.map((step) => lines[step]());
}

/** The whole verdict as text. */
export function describe(r: VerifyReport, lang: Language = 'en'): string {
  const head = r.ok
    ? lang === 'en'
      ? 'VERIFIED'
      : 'VÉRIFIÉ'
    : lang === 'en'
      ? `NOT VERIFIED (${r.failure?.code})`
      : `NON VÉRIFIÉ (${r.failure?.code})`;
  const lines = passedLines(r, lang).map((l) => `  ✓ ${l}`);
  if (r.failure) lines.push(`  ✗ ${failureMessage(r.failure.code, r.failure.detail, lang)}`);
  return [head, ...lines].join('\n');
}
