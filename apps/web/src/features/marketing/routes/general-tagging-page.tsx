import { UseCaseLanding } from '../components/use-case-landing';
import { productName } from '../components/product-name';

export default function GeneralTaggingPage() {
  const name = productName();
  return (
    <UseCaseLanding
      content={{
        slug: 'general-tagging',
        metaTitle: `Register what you own — ${name}`,
        metaDescription: `Photograph your belongings, fingerprint the files and keep a dated, tamper-evident record of ownership with ${name}.`,
        eyebrow: 'Everyday ownership records',
        title: 'A dated record of everything you own, in one place',
        intro: (
          <p>
            Bikes, laptops, jewellery, instruments, tools. Photograph them once with their serial numbers and receipts, and {name}{' '}
            keeps a fingerprinted, timestamped record you can show an insurer, the police or a buyer.
          </p>
        ),
        benefits: [
          { title: 'Proof with a date', text: 'Each file gets a SHA-256 fingerprint and the record a timestamp in a signed, hash-chained ledger.' },
          { title: 'Photos, video or PDF', text: 'Add pictures of the item, a short walk-around video, or the receipt and warranty.' },
          { title: 'Private by default', text: 'Only you see your assets unless you choose to make one public.' },
          { title: 'Ready for a claim', text: 'Find any item in seconds and export everything as a file whenever you need it.' },
          { title: 'Next of kin', text: 'Name the people who should know what you own.' },
          { title: 'No trackers', text: 'No ads, no analytics scripts, nothing loaded from third parties.' },
        ],
        steps: [
          { title: 'Create your account', text: 'Confirm your e-mail and receive your sign-up bonus in TMT credits.' },
          { title: 'Tag an item', text: 'Take or upload photos, add a description and serial number; the TMT cost is shown before you confirm.' },
          { title: 'Keep and share', text: 'Your record stays in My Assets; make it public or keep it to yourself.' },
        ],
        finePrint: [
          'A tag is evidence you create, with a reliable date — not a legal title issued by an authority.',
          'TMT is an in-app credit, not money or a cryptocurrency.',
          'You can export or delete everything at any time from Settings.',
        ],
      }}
    />
  );
}
