// Every text the ownership certificate prints, in one object per language, so a translation is
// one more object of the same shape (the layout never holds words of its own). Dates and amounts
// are formatted with `locale` and `months` (certificate-format.ts).
import type { Localized } from '../shared/language.js';

export interface CertificateMessages {
  locale: string;
  months: readonly string[];
  /** How a moment is written: "23 November 2026, 17:39 UTC". */
  dateTime: (p: { day: number; month: string; year: number; time: string; zone: string }) => string;
  date: (p: { day: number; month: string; year: number }) => string;

  documentTitle: (p: { appName: string; assetTitle: string }) => string;
  title: string;
  issued: (p: { when: string }) => string;
  lead: (p: { appName: string }) => string;
  leadVerified: string;
  leadNotVerified: string;

  kinds: Record<string, string>;
  statuses: Record<string, string>;
  fields: {
    kind: string;
    serialNumber: string;
    makeModel: string;
    estimatedValue: string;
    place: string;
    registered: string;
    status: string;
    assetId: string;
    description: string;
  };
  /** Coordinates of the place, with the accuracy radius in metres when known. */
  coordinates: (p: { latitude: string; longitude: string; accuracy: string | null }) => string;
  descriptionContinued: string;
  photoCaption: string;
  noPhoto: string;
  photoNotShown: string;

  ledgerHeading: string;
  ledgerEntryLabel: string;
  ledgerEntry: (p: { seq: number; event: string }) => string;
  ledgerRecorded: string;
  ledgerIntegrity: string;
  integrityVerified: string;
  integrityNotVerified: string;
  ledgerCheckpoint: string;
  checkpointSummary: (p: { seq: number; when: string }) => string;
  noCheckpoint: string;
  events: Record<string, string>;

  verifyHeading: string;
  verifySteps: (p: { appName: string }) => string[];
  verifyAddress: string;

  appendixTitle: string;
  appendixContinued: string;
  appendixLead: (p: { appName: string }) => string;
  fullDescription: string;
  filesHeading: string;
  noFiles: string;
  fileKinds: Record<string, string>;
  fileLine: (p: { index: number; kind: string; mime: string; size: string }) => string;
  entryHeading: string;
  entryFields: {
    position: string;
    event: string;
    recordedAt: string;
    hashedTimestamp: string;
    recordHash: string;
    prevHash: string;
    entryHash: string;
    integrity: string;
  };
  positionValue: (p: { seq: number; registeredSeq: number }) => string;
  checkpointHeading: string;
  checkpointFields: {
    covers: string;
    headHash: string;
    signedAt: string;
    keyId: string;
    signature: string;
  };
  coversValue: (p: { seq: number }) => string;
  independentHeading: string;
  independentSteps: string[];
  notBlockchain: string;

  /** The transparency log (docs/decisions/0144): page 1's row, the appendix section and its QR code. */
  logRow: string;
  logSummary: (p: { leaf: number; size: number; witnesses: number }) => string;
  logHeading: string;
  logLead: (p: { appName: string }) => string;
  logFields: {
    origin: string;
    leaf: string;
    treeHead: string;
    signedBy: string;
    witnesses: string;
    timestamp: string;
    keys: string;
  };
  logLeafValue: (p: { leaf: number; size: number; hashes: number }) => string;
  logHeadValue: (p: { size: number; when: string }) => string;
  logWitness: (p: { name: string; when: string }) => string;
  noWitnesses: string;
  logTimestamp: (p: { authority: string; when: string }) => string;
  notTimestamped: string;
  logQrCaption: string;
  logCheckSteps: (p: { keysUrl: string }) => string[];

  footer: (p: { appName: string; assetId: string; page: number; pages: number }) => string;
  bytes: (p: { value: string; unit: 'B' | 'KB' | 'MB' | 'GB' }) => string;
}

export const certificateMessagesEn: CertificateMessages = {
  locale: 'en-GB',
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  dateTime: ({ day, month, year, time, zone }) => `${day} ${month} ${year}, ${time} ${zone}`,
  date: ({ day, month, year }) => `${day} ${month} ${year}`,

  documentTitle: ({ appName, assetTitle }) => `${appName} certificate of registration: ${assetTitle}`,
  title: 'Certificate of Registration',
  issued: ({ when }) => `Issued ${when}`,
  lead: ({ appName }) => `This certifies that the item described below is recorded in the ${appName} asset ledger.`,
  leadVerified: 'When this certificate was issued, its ledger entry was checked and found intact.',
  leadNotVerified: 'When this certificate was issued, its ledger entry could NOT be verified.',

  kinds: {
    general: 'General ownership',
    digital: 'Digital asset / NFT',
    legacy: 'Will and legacy',
    business: 'Business inventory',
  },
  statuses: { active: 'Active', lost: 'Reported lost', stolen: 'Reported stolen' },
  fields: {
    kind: 'Category',
    serialNumber: 'Serial number',
    makeModel: 'Make and model',
    estimatedValue: 'Estimated value',
    place: 'Kept at',
    registered: 'Registered',
    status: 'Status',
    assetId: 'Asset ID',
    description: 'Description',
  },
  coordinates: ({ latitude, longitude, accuracy }) =>
    accuracy === null ? `${latitude}, ${longitude}` : `${latitude}, ${longitude} (within ${accuracy} m)`,
  descriptionContinued: 'Full description in the appendix.',
  photoCaption: 'Photo on record',
  noPhoto: 'No photo on record',
  photoNotShown: 'Photo on record (not shown)',

  ledgerHeading: 'Ledger record',
  ledgerEntryLabel: 'Ledger entry',
  ledgerEntry: ({ seq, event }) => `Entry #${seq} (${event})`,
  ledgerRecorded: 'Recorded',
  ledgerIntegrity: 'Integrity when issued',
  integrityVerified: 'Verified: the entry recomputes and matches the record',
  integrityNotVerified: 'NOT verified',
  ledgerCheckpoint: 'Signed checkpoint',
  checkpointSummary: ({ seq, when }) => `Covered by checkpoint #${seq}, signed ${when}`,
  noCheckpoint: 'No checkpoint yet',
  events: {
    register: 'registration',
    edit: 'details changed',
    privacy: 'privacy changed',
    lost: 'reported lost',
    stolen: 'reported stolen',
    found: 'found again',
    delete: 'deletion',
  },

  verifyHeading: 'How to verify this certificate',
  verifySteps: ({ appName }) => [
    `Scan the QR code, or open the address below, to see the live record at ${appName}.`,
    'Check that the serial number and the details shown there match this certificate.',
    'The live record shows the current status, for example whether the item has been reported lost or stolen.',
    'For a check that does not rely on the website, follow the technical proof in the appendix.',
  ],
  verifyAddress: 'Address',

  appendixTitle: 'Appendix: technical proof',
  appendixContinued: 'Appendix: technical proof (continued)',
  appendixLead: ({ appName }) =>
    `The material below lets anyone check this certificate independently of ${appName}'s website. ` +
    "The same proof is embedded as JSON in this PDF's Subject field for software.",
  fullDescription: 'Full description',
  filesHeading: 'Files and their SHA-256 fingerprints (computed by the server)',
  noFiles: 'No files are attached to this asset.',
  fileKinds: { photo: 'Photo', video: 'Video', document: 'Document' },
  fileLine: ({ index, kind, mime, size }) => `${index}. ${kind} (${mime}), ${size}`,
  entryHeading: 'Ledger entry',
  entryFields: {
    position: 'Chain position',
    event: 'Event',
    recordedAt: 'Recorded at',
    hashedTimestamp: 'Timestamp as hashed (recorded_at)',
    recordHash: 'Record hash (record_hash)',
    prevHash: 'Previous entry hash (prev_hash)',
    entryHash: 'Entry hash (entry_hash)',
    integrity: 'Integrity when issued',
  },
  positionValue: ({ seq, registeredSeq }) => `#${seq}; the asset was first registered at #${registeredSeq}`,
  checkpointHeading: 'Signed checkpoint',
  checkpointFields: {
    covers: 'Covers the chain up to',
    headHash: 'Head entry hash',
    signedAt: 'Signed at',
    keyId: 'Key ID (ES256)',
    signature: 'Signature (JWT)',
  },
  coversValue: ({ seq }) => `Entry #${seq}`,
  independentHeading: 'How to verify independently',
  independentSteps: [
    'Recompute entry_hash = SHA-256 of "prev_hash|record_hash|position|event|recorded_at" from the values above; it must equal the entry hash.',
    "Fetch the public chain and the signing keys from the ledger-checkpoints function. From this entry to the checkpoint, each entry's prev_hash must equal the entry hash before it, and each entry hash must recompute.",
    'Verify the checkpoint signature (an ES256 JWT) with the published key of the ID above; its entry_hash must equal the hash you reached.',
    'To check a file, compute its SHA-256 and compare it with the fingerprint listed above.',
  ],
  notBlockchain:
    'This is a tamper-evident, hash-chained ledger kept by the operator and signed with its key; it is not a public blockchain.',

  logRow: 'Public log',
  logSummary: ({ leaf, size, witnesses }) =>
    `Leaf ${leaf} of a tree of ${size === 1 ? '1 entry' : `${size} entries`}; ${witnesses === 0 ? 'not yet cosigned by witnesses' : witnesses === 1 ? 'cosigned by 1 witness' : `cosigned by ${witnesses} witnesses`}`,
  logHeading: 'Transparency log: proof that does not need us',
  logLead: ({ appName }) =>
    `Every ledger entry is a leaf of ${appName}'s public Merkle log (RFC 9162). The proof below ties this entry to a tree head signed by the log, cosigned by independent witnesses and timestamped, so it can be checked even if ${appName} no longer exists.`,
  logFields: {
    origin: 'Log',
    leaf: 'This entry',
    treeHead: 'Signed tree head',
    signedBy: 'Log key',
    witnesses: 'Witnesses',
    timestamp: 'Trusted time (RFC 3161)',
    keys: 'Public keys',
  },
  logLeafValue: ({ leaf, size, hashes }) =>
    `Leaf ${leaf} of ${size}; inclusion proof of ${hashes === 1 ? '1 hash' : `${hashes} hashes`}`,
  logHeadValue: ({ size, when }) => `${size === 1 ? '1 entry' : `${size} entries`}, signed ${when}`,
  logWitness: ({ name, when }) => `${name}, cosigned ${when}`,
  noWitnesses: 'Not yet cosigned: witnesses cosign new tree heads within minutes.',
  logTimestamp: ({ authority, when }) => `${authority}, ${when}`,
  notTimestamped: 'Not timestamped (no time-stamping authority configured)',
  logQrCaption:
    'This QR code holds the whole proof bundle (entry, inclusion proof, signed head, cosignatures, timestamp).',
  logCheckSteps: ({ keysUrl }) => [
    `Get the public keys once and keep them: ${keysUrl} (they are also listed in the TagLedger source repository's docs).`,
    'Run "npx @tagledger/verify certificate.pdf --keys keys.json", or open the offline verifier page and drop this PDF or the QR code text on it.',
    'It checks the entry, its inclusion in the signed tree, the log signature, the witness cosignatures and the timestamp, and names the first check that fails.',
  ],

  footer: ({ appName, assetId, page, pages }) =>
    `${appName}  ·  Certificate for asset ${assetId}  ·  Page ${page} of ${pages}`,
  bytes: ({ value, unit }) => `${value} ${unit}`,
};

export const certificateMessagesFr: CertificateMessages = {
  locale: 'fr-FR',
  months: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  dateTime: ({ day, month, year, time, zone }) => `${day} ${month} ${year} à ${time} ${zone}`,
  date: ({ day, month, year }) => `${day} ${month} ${year}`,

  documentTitle: ({ appName, assetTitle }) => `Certificat d’enregistrement ${appName} : ${assetTitle}`,
  title: 'Certificat d’enregistrement',
  issued: ({ when }) => `Délivré le ${when}`,
  lead: ({ appName }) =>
    `Ce document certifie que le bien décrit ci-dessous est inscrit au registre des biens ${appName}.`,
  leadVerified: 'Lors de la délivrance de ce certificat, son entrée au registre a été contrôlée et trouvée intacte.',
  leadNotVerified: 'Lors de la délivrance de ce certificat, son entrée au registre n’a PAS pu être vérifiée.',

  kinds: {
    general: 'Propriété générale',
    digital: 'Bien numérique / NFT',
    legacy: 'Testament et héritage',
    business: 'Inventaire professionnel',
  },
  statuses: { active: 'Actif', lost: 'Signalé perdu', stolen: 'Signalé volé' },
  fields: {
    kind: 'Catégorie',
    serialNumber: 'Numéro de série',
    makeModel: 'Marque et modèle',
    estimatedValue: 'Valeur estimée',
    place: 'Conservé à',
    registered: 'Enregistré le',
    status: 'Statut',
    assetId: 'Identifiant du bien',
    description: 'Description',
  },
  coordinates: ({ latitude, longitude, accuracy }) =>
    accuracy === null ? `${latitude}, ${longitude}` : `${latitude}, ${longitude} (à ${accuracy} m près)`,
  descriptionContinued: 'Description complète en annexe.',
  photoCaption: 'Photo enregistrée',
  noPhoto: 'Aucune photo enregistrée',
  photoNotShown: 'Photo enregistrée (non affichée)',

  ledgerHeading: 'Inscription au registre',
  ledgerEntryLabel: 'Entrée du registre',
  ledgerEntry: ({ seq, event }) => `Entrée n° ${seq} (${event})`,
  ledgerRecorded: 'Inscrite le',
  ledgerIntegrity: 'Intégrité à la délivrance',
  integrityVerified: 'Vérifiée : l’entrée se recalcule et correspond à la fiche',
  integrityNotVerified: 'NON vérifiée',
  ledgerCheckpoint: 'Point de contrôle signé',
  checkpointSummary: ({ seq, when }) => `Couverte par le point de contrôle n° ${seq}, signé le ${when}`,
  noCheckpoint: 'Pas encore de point de contrôle',
  events: {
    register: 'enregistrement',
    edit: 'détails modifiés',
    privacy: 'visibilité modifiée',
    lost: 'signalé perdu',
    stolen: 'signalé volé',
    found: 'retrouvé',
    delete: 'suppression',
  },

  verifyHeading: 'Comment vérifier ce certificat',
  verifySteps: ({ appName }) => [
    `Scannez le QR code, ou ouvrez l’adresse ci-dessous, pour voir la fiche à jour sur ${appName}.`,
    'Vérifiez que le numéro de série et les détails affichés correspondent à ce certificat.',
    'La fiche à jour indique le statut actuel, par exemple si l’objet a été signalé perdu ou volé.',
    'Pour une vérification qui ne dépend pas du site, suivez la preuve technique en annexe.',
  ],
  verifyAddress: 'Adresse',

  appendixTitle: 'Annexe : preuve technique',
  appendixContinued: 'Annexe : preuve technique (suite)',
  appendixLead: ({ appName }) =>
    `Les éléments ci-dessous permettent à chacun de vérifier ce certificat sans passer par le site de ${appName}. ` +
    'La même preuve est intégrée en JSON dans le champ Sujet de ce PDF, pour les logiciels.',
  fullDescription: 'Description complète',
  filesHeading: 'Fichiers et leurs empreintes SHA-256 (calculées par le serveur)',
  noFiles: 'Aucun fichier n’est joint à ce bien.',
  fileKinds: { photo: 'Photo', video: 'Vidéo', document: 'Document' },
  fileLine: ({ index, kind, mime, size }) => `${index}. ${kind} (${mime}), ${size}`,
  entryHeading: 'Entrée du registre',
  entryFields: {
    position: 'Position dans la chaîne',
    event: 'Événement',
    recordedAt: 'Inscrite le',
    hashedTimestamp: 'Horodatage tel que haché (recorded_at)',
    recordHash: 'Empreinte de la fiche (record_hash)',
    prevHash: 'Empreinte de l’entrée précédente (prev_hash)',
    entryHash: 'Empreinte de l’entrée (entry_hash)',
    integrity: 'Intégrité à la délivrance',
  },
  positionValue: ({ seq, registeredSeq }) =>
    `n° ${seq} ; le bien a été enregistré pour la première fois au n° ${registeredSeq}`,
  checkpointHeading: 'Point de contrôle signé',
  checkpointFields: {
    covers: 'Couvre la chaîne jusqu’à',
    headHash: 'Empreinte de l’entrée de tête',
    signedAt: 'Signé le',
    keyId: 'Identifiant de clé (ES256)',
    signature: 'Signature (JWT)',
  },
  coversValue: ({ seq }) => `Entrée n° ${seq}`,
  independentHeading: 'Comment vérifier de façon indépendante',
  independentSteps: [
    'Recalculez entry_hash = SHA-256 de « prev_hash|record_hash|position|event|recorded_at » à partir des valeurs ci-dessus ; le résultat doit être égal à l’empreinte de l’entrée.',
    'Récupérez la chaîne publique et les clés de signature auprès de la fonction ledger-checkpoints. De cette entrée jusqu’au point de contrôle, le prev_hash de chaque entrée doit être égal à l’empreinte de l’entrée précédente, et chaque empreinte doit se recalculer.',
    'Vérifiez la signature du point de contrôle (un JWT ES256) avec la clé publiée sous l’identifiant ci-dessus ; son entry_hash doit être égal à l’empreinte obtenue.',
    'Pour vérifier un fichier, calculez son SHA-256 et comparez-le à l’empreinte indiquée ci-dessus.',
  ],
  notBlockchain:
    'Il s’agit d’un registre infalsifiable, chaîné par empreintes, tenu par l’opérateur et signé avec sa clé ; ce n’est pas une blockchain publique.',

  logRow: 'Journal public',
  logSummary: ({ leaf, size, witnesses }) =>
    `Feuille ${leaf} d’un arbre de ${size === 1 ? '1 entrée' : `${size} entrées`} ; ${witnesses === 0 ? 'pas encore cosignée par des témoins' : witnesses === 1 ? 'cosignée par 1 témoin' : `cosignée par ${witnesses} témoins`}`,
  logHeading: 'Journal de transparence : une preuve qui se passe de nous',
  logLead: ({ appName }) =>
    `Chaque entrée du registre est une feuille du journal de Merkle public de ${appName} (RFC 9162). La preuve ci-dessous relie cette entrée à une tête d’arbre signée par le journal, cosignée par des témoins indépendants et horodatée : elle reste vérifiable même si ${appName} n’existe plus.`,
  logFields: {
    origin: 'Journal',
    leaf: 'Cette entrée',
    treeHead: 'Tête d’arbre signée',
    signedBy: 'Clé du journal',
    witnesses: 'Témoins',
    timestamp: 'Horodatage (RFC 3161)',
    keys: 'Clés publiques',
  },
  logLeafValue: ({ leaf, size, hashes }) =>
    `Feuille ${leaf} sur ${size} ; preuve d’inclusion de ${hashes <= 1 ? `${hashes} empreinte` : `${hashes} empreintes`}`,
  logHeadValue: ({ size, when }) => `${size === 1 ? '1 entrée' : `${size} entrées`}, signée le ${when}`,
  logWitness: ({ name, when }) => `${name}, cosignée le ${when}`,
  noWitnesses: 'Pas encore cosignée : les témoins cosignent les nouvelles têtes en quelques minutes.',
  logTimestamp: ({ authority, when }) => `${authority}, le ${when}`,
  notTimestamped: 'Non horodatée (aucune autorité d’horodatage configurée)',
  logQrCaption:
    'Ce QR code contient toute la preuve (entrée, preuve d’inclusion, tête signée, cosignatures, horodatage).',
  logCheckSteps: ({ keysUrl }) => [
    `Récupérez une fois les clés publiques et conservez-les : ${keysUrl} (elles figurent aussi dans la documentation du dépôt source de TagLedger).`,
    'Lancez « npx @tagledger/verify certificat.pdf --keys keys.json », ou ouvrez la page de vérification hors ligne et déposez-y ce PDF ou le texte du QR code.',
    'Elle vérifie l’entrée, son inclusion dans l’arbre signé, la signature du journal, les cosignatures des témoins et l’horodatage, et nomme la première vérification qui échoue.',
  ],

  footer: ({ appName, assetId, page, pages }) =>
    `${appName}  ·  Certificat du bien ${assetId}  ·  Page ${page} sur ${pages}`,
  bytes: ({ value, unit }) => `${value} ${{ B: 'o', KB: 'Ko', MB: 'Mo', GB: 'Go' }[unit]}`,
};

/** The certificate's texts in each language the product speaks. */
export const certificateMessages: Localized<CertificateMessages> = {
  en: certificateMessagesEn,
  fr: certificateMessagesFr,
};
