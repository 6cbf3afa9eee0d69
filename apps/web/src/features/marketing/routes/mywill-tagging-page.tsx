import { UseCaseLanding } from '../components/use-case-landing';
import { productName } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';

export default function MywillTaggingPage() {
  const name = productName();
  return (
    <UseCaseLanding
      content={{
        slug: 'mywill-tagging',
        metaTitle: i18n._('Will and legacy: record what you leave behind'),
        metaDescription: i18n._(
          'List your belongings with photos and documents and name your next of kin, so the people you trust know what you own — with {name}.',
          { name },
        ),
        eyebrow: i18n._('Will and legacy'),
        title: i18n._('Make sure the people you trust know what you own'),
        intro: (
          <p>
            {i18n._(
              'Heirlooms, documents, savings books, the key to the safe: record them with photos and notes, and name the next of kin who should know. It is the inventory your will refers to, kept in one place.',
            )}
          </p>
        ),
        benefits: [
          {
            title: i18n._('A clear inventory'),
            text: i18n._('Every item with photos, documents and where to find it.'),
          },
          {
            title: i18n._('Next of kin'),
            text: i18n._('Keep names, relationship and contact details of the people who should be informed.'),
          },
          {
            title: i18n._('Dated records'),
            text: i18n._('Fingerprinted files and timestamps show when each item was recorded.'),
          },
          { title: i18n._('Private'), text: i18n._('Nobody but you sees your list unless you choose otherwise.') },
          { title: i18n._('Easy to update'), text: i18n._('Add and remove items as life changes.') },
          {
            title: i18n._('Export for your notary'),
            text: i18n._('Download everything as a file to attach to your papers.'),
          },
        ],
        steps: [
          { title: i18n._('Sign up'), text: i18n._('Create your account and confirm your e-mail.') },
          {
            title: i18n._('Tag what matters'),
            text: i18n._('Photograph each item or upload its documents and describe it.'),
          },
          {
            title: i18n._('Name your next of kin'),
            text: i18n._('Add the people who should know, with their contact details.'),
          },
        ],
        finePrint: [
          `${name} is not a will and does not replace a notary or lawyer; it keeps the inventory and contacts your will can point to.`,
          `${name} does not contact your next of kin on its own; tell them where to look.`,
          i18n._('You can export or delete everything at any time.'),
        ],
      }}
    />
  );
}
