// Every text the ownership certificate prints, in one object per language, so a translation is
// one more object of the same shape (the layout never holds words of its own). Dates and amounts
// are formatted with `locale` and `months` (certificate-format.ts).

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
    registered: string;
    status: string;
    assetId: string;
    description: string;
  };
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

  footer: (p: { appName: string; assetId: string; page: number; pages: number }) => string;
  bytes: (p: { value: string; unit: 'B' | 'KB' | 'MB' | 'GB' }) => string;
}

export const certificateMessagesEn: CertificateMessages = {
  locale: 'en-GB',
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
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
    registered: 'Registered',
    status: 'Status',
    assetId: 'Asset ID',
    description: 'Description',
  },
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
    'Fetch the public chain and the signing keys from the ledger-checkpoints function. From this entry to the checkpoint, each entry\'s prev_hash must equal the entry hash before it, and each entry hash must recompute.',
    'Verify the checkpoint signature (an ES256 JWT) with the published key of the ID above; its entry_hash must equal the hash you reached.',
    'To check a file, compute its SHA-256 and compare it with the fingerprint listed above.',
  ],
  notBlockchain:
    'This is a tamper-evident, hash-chained ledger kept by the operator and signed with its key; it is not a public blockchain.',

  footer: ({ appName, assetId, page, pages }) => `${appName}  ·  Certificate for asset ${assetId}  ·  Page ${page} of ${pages}`,
  bytes: ({ value, unit }) => `${value} ${unit}`,
};
