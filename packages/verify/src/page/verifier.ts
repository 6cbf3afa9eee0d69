// The offline verifier page (one HTML file, dist/tagledger-verify.html): the same checks as the
// CLI, in the browser, with no network at all (its Content-Security-Policy allows no connection).
// Give it the public keys (the JSON from GET <log>/keys, or the repository's docs) and a
// certificate PDF, a proof bundle or a QR code's text; it says what it checked, or what failed.
import { asTrustedKeys, readBundle } from '../bundle.js';
import { describe, type Language } from '../messages.js';
import { verifyBundle, type KnownHead } from '../verify.js';

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    title: 'TagLedger certificate verifier',
    lead: 'Checks a TagLedger certificate on this computer, with no connection to TagLedger or anyone else.',
    keys: 'Public keys (the JSON from <log>/keys)',
    input: 'Certificate (PDF), proof bundle (JSON) or the text of its QR code',
    paste: '…or paste the proof bundle or QR code text here',
    known: 'Checkpoints seen before (optional, JSON list: to detect a fork or a rollback)',
    check: 'Check',
    needKeys: 'Choose or paste the public keys first.',
    needInput: 'Choose a certificate or paste a proof first.',
  },
  fr: {
    title: 'Vérificateur de certificats TagLedger',
    lead: 'Vérifie un certificat TagLedger sur cet ordinateur, sans connexion à TagLedger ni à personne.',
    keys: 'Clés publiques (le JSON de <journal>/keys)',
    input: 'Certificat (PDF), preuve (JSON) ou texte de son QR code',
    paste: '…ou collez ici la preuve ou le texte du QR code',
    known:
      'Points de contrôle déjà vus (facultatif, liste JSON : pour détecter une bifurcation ou un retour en arrière)',
    check: 'Vérifier',
    needKeys: 'Choisissez ou collez d’abord les clés publiques.',
    needInput: 'Choisissez d’abord un certificat ou collez une preuve.',
  },
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let lang: Language = navigator.language.toLowerCase().startsWith('fr') ? 'fr' : 'en';

function render() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll<HTMLElement>('[data-text]'))
    el.textContent = TEXT[lang][el.dataset.text!]!;
  $<HTMLTextAreaElement>('bundle-text').placeholder = TEXT[lang].paste!;
}

async function fileBytes(input: HTMLInputElement): Promise<Uint8Array | null> {
  const file = input.files?.[0];
  return file ? new Uint8Array(await file.arrayBuffer()) : null;
}

async function check() {
  const out = $<HTMLPreElement>('result');
  out.dataset.code = '';
  try {
    const keysText =
      $<HTMLTextAreaElement>('keys-text').value.trim() ||
      new TextDecoder().decode((await fileBytes($<HTMLInputElement>('keys-file'))) ?? new Uint8Array());
    if (!keysText) throw new Error(TEXT[lang].needKeys);
    const keys = asTrustedKeys(JSON.parse(keysText));
    const input =
      (await fileBytes($<HTMLInputElement>('bundle-file'))) ?? $<HTMLTextAreaElement>('bundle-text').value.trim();
    if (!input || (typeof input === 'string' && !input)) throw new Error(TEXT[lang].needInput);
    const knownText = $<HTMLTextAreaElement>('known-text').value.trim();
    const known = knownText ? (JSON.parse(knownText) as KnownHead[]) : [];
    const report = await verifyBundle(readBundle(input), { keys, known });
    out.textContent = describe(report, lang);
    out.dataset.code = report.ok ? 'verified' : report.failure!.code;
    out.className = report.ok ? 'ok' : 'bad';
    if (report.ok && report.newestKnown) {
      $<HTMLTextAreaElement>('known-text').value = JSON.stringify(
        [...known.filter((k) => k.origin !== report.newestKnown!.origin), report.newestKnown],
        null,
        1,
      );
    }
  } catch (err) {
    out.textContent = (err as Error).message;
    out.dataset.code = 'unreadable';
    out.className = 'bad';
  }
}

render();
$<HTMLSelectElement>('lang').value = lang;
$<HTMLSelectElement>('lang').addEventListener('change', (e) => {
  lang = (e.target as HTMLSelectElement).value === 'fr' ? 'fr' : 'en';
  render();
});
$<HTMLButtonElement>('check').addEventListener('click', () => void check());
