import { UseCaseLanding } from '../components/use-case-landing';
import { productName } from '../components/product-name';

export default function MywillTaggingPage() {
  const name = productName();
  return (
    <UseCaseLanding
      content={{
        slug: 'mywill-tagging',
        metaTitle: `Will and legacy: record what you leave behind — ${name}`,
        metaDescription: `List your belongings with photos and documents and name your next of kin, so the people you trust know what you own — with ${name}.`,
        eyebrow: 'Will and legacy',
        title: 'Make sure the people you trust know what you own',
        intro: (
          <p>
            Heirlooms, documents, savings books, the key to the safe: record them with photos and notes, and name the next of kin
            who should know. It is the inventory your will refers to, kept in one place.
          </p>
        ),
        benefits: [
          { title: 'A clear inventory', text: 'Every item with photos, documents and where to find it.' },
          { title: 'Next of kin', text: 'Keep names, relationship and contact details of the people who should be informed.' },
          { title: 'Dated records', text: 'Fingerprinted files and timestamps show when each item was recorded.' },
          { title: 'Private', text: 'Nobody but you sees your list unless you choose otherwise.' },
          { title: 'Easy to update', text: 'Add and remove items as life changes.' },
          { title: 'Export for your notary', text: 'Download everything as a file to attach to your papers.' },
        ],
        steps: [
          { title: 'Sign up', text: 'Create your account and confirm your e-mail.' },
          { title: 'Tag what matters', text: 'Photograph each item or upload its documents and describe it.' },
          { title: 'Name your next of kin', text: 'Add the people who should know, with their contact details.' },
        ],
        finePrint: [
          `${name} is not a will and does not replace a notary or lawyer; it keeps the inventory and contacts your will can point to.`,
          `${name} does not contact your next of kin on its own; tell them where to look.`,
          'You can export or delete everything at any time.',
        ],
      }}
    />
  );
}
