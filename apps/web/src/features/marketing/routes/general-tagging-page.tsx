import { UseCaseLanding } from '../components/use-case-landing';
import { productName } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';

export default function GeneralTaggingPage() {
  const name = productName();
  return (
    <UseCaseLanding
      content={{
        slug: 'general-tagging',
        metaTitle: i18n._('Register what you own'),
        metaDescription: i18n._(
          'Photograph your belongings, fingerprint the files and keep a dated, tamper-evident record of ownership with {name}.',
          { name },
        ),
        eyebrow: i18n._('Everyday ownership records'),
        title: i18n._('A dated record of everything you own, in one place'),
        intro: (
          <p>
            {i18n._(
              'Bikes, laptops, jewellery, instruments, tools. Photograph them once with their serial numbers and receipts, and',
            )}{' '}
            {name} {i18n._('keeps a fingerprinted, timestamped record you can show an insurer, the police or a buyer.')}
          </p>
        ),
        benefits: [
          {
            title: i18n._('Proof with a date'),
            text: i18n._(
              'Each file gets a SHA-256 fingerprint and the record a timestamp in a signed, hash-chained ledger.',
            ),
          },
          {
            title: i18n._('Photos, video or PDF'),
            text: i18n._('Add pictures of the item, a short walk-around video, or the receipt and warranty.'),
          },
          {
            title: i18n._('Private by default'),
            text: i18n._('Only you see your assets unless you choose to make one public.'),
          },
          {
            title: i18n._('Ready for a claim'),
            text: i18n._('Find any item in seconds and export everything as a file whenever you need it.'),
          },
          { title: i18n._('Next of kin'), text: i18n._('Name the people who should know what you own.') },
          {
            title: i18n._('No trackers'),
            text: i18n._('No ads, no analytics scripts, nothing loaded from third parties.'),
          },
        ],
        steps: [
          {
            title: i18n._('Create your account'),
            text: i18n._('Confirm your e-mail and receive your sign-up bonus in TMT credits.'),
          },
          {
            title: i18n._('Tag an item'),
            text: i18n._(
              'Take or upload photos, add a description and serial number; the TMT cost is shown before you confirm.',
            ),
          },
          {
            title: i18n._('Keep and share'),
            text: i18n._('Your record stays in My Assets; make it public or keep it to yourself.'),
          },
        ],
        finePrint: [
          'A tag is evidence you create, with a reliable date — not a legal title issued by an authority.',
          'TMT is an in-app credit, not money or a cryptocurrency.',
          i18n._('You can export or delete everything at any time from Settings.'),
        ],
      }}
    />
  );
}
