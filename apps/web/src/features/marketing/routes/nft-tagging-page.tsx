import { UseCaseLanding } from '../components/use-case-landing';
import { productName } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';

export default function NftTaggingPage() {
  const name = productName();
  return (
    <UseCaseLanding
      content={{
        slug: 'nft-tagging',
        metaTitle: i18n._('Record your digital art and NFTs'),
        metaDescription: i18n._(
          'Keep a fingerprinted, dated record of your digital artworks and NFTs — file, token details and provenance — with {name}. No minting, no gas fees.',
          { name },
        ),
        eyebrow: i18n._('Digital assets and NFTs'),
        title: i18n._('Keep the provenance of your digital work, off-chain and under your control'),
        intro: (
          <p>
            {i18n._(
              'Upload the original file of a digital artwork, or the details of an NFT you hold (collection, token id, contract address, marketplace link).',
            )}{' '}
            {name} {i18n._('fingerprints the file and records it with a date, so you can show what you had and when.')}
          </p>
        ),
        benefits: [
          {
            title: i18n._('Fingerprint the original'),
            text: i18n._('A SHA-256 hash of the exact file proves later whether a copy is identical.'),
          },
          {
            title: i18n._('Provenance notes'),
            text: i18n._('Record where and when you created or bought the work, and the on-chain identifiers if any.'),
          },
          {
            title: i18n._('No minting, no fees'),
            text: i18n._(
              '{name} writes nothing to a public blockchain and charges no gas; a tag costs a few TMT credits.',
              { name },
            ),
          },
          {
            title: i18n._('Private or public'),
            text: i18n._('Show a work in the public gallery, or keep it private.'),
          },
          { title: i18n._('Legacy'), text: i18n._('Name next of kin so your collection is not lost with your keys.') },
          { title: i18n._('Yours to take away'), text: i18n._('Export your records as JSON whenever you want.') },
        ],
        steps: [
          { title: i18n._('Sign up'), text: i18n._('Confirm your e-mail; your wallet starts with a sign-up bonus.') },
          {
            title: i18n._('Tag the work'),
            text: i18n._('Upload the file or a screenshot and add the token details in the description.'),
          },
          {
            title: i18n._('Point to it'),
            text: i18n._('Link to the asset page from your portfolio or marketplace listing if you make it public.'),
          },
        ],
        finePrint: [
          `${name} does not mint, hold or transfer NFTs and never asks for your wallet keys or seed phrase.`,
          i18n._(
            'The ledger is tamper-evident (hash-chained and signed) but stored by the operator, not on a public network.',
          ),
          'TMT is an in-app credit, not a cryptocurrency.',
        ],
      }}
    />
  );
}
